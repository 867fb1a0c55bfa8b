"""The failing cases of a mutant served by the reference adapter, and the rules blame names for each."""

from __future__ import annotations

from pathlib import Path

from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.cases import load_cases
from touti_dsl.conformance.blame import SystemRules, blamed_rules
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request


def failures(mutant: Path, system: str, cases: list[dict], chosen=lambda case: True) -> list[tuple[dict, str, list[str]]]:
    """(case, the op of its first mismatch, the rules it is blamed on) for each chosen case that `mutant`, a spec
    served as `system`, fails."""
    adapter, rules = ReferenceAdapter(str(mutant), system), SystemRules(system, cases)
    found = []
    for case in filter(chosen, cases):
        outputs = adapter.run_case(case_request(case))["outputs"]
        mismatch = first_mismatch(case, outputs, complete=False)
        if mismatch is not None:
            found.append((case, mismatch.op, blamed_rules(case, mismatch, outputs[mismatch.step], rules)))
    return found


def house_blames(tmp_path: Path, system: str, change: str, cases: list[dict], op: str | None = None) -> list[list[str]]:
    """The rules each failing case is blamed on (at steps of `op` only, when given) for `system` with `change`, a
    house variant's body (`house_variant`), served as `system`."""
    from tests.house import house_variant

    return [blamed for _, at, blamed in failures(house_variant(tmp_path, system, change), system, cases)
            if op is None or at == op]


EXAMPLES = Path(__file__).resolve().parents[1] / "spec" / "examples"


def example_cases(current_suite, system: str, section: str) -> list[dict]:
    """The cases of an example's current suite made for a rule of `section` (`current_suite`: the conftest fixture)."""
    return [case for case in load_cases(current_suite(EXAMPLES / f"{system}.touti"))
            if any(rule.startswith(section + ".") for rule in case["rules"])]
