"""Proof that the conformance suite catches wrong implementations (issue 4).

Every mutant of conformance/mutants/mutants.json breaks one rule; `touti conform` must
fail it with that rule id among the failing rules, and pass the reference adapter on the
same system.  A mutant listed with `escapes` is a known gap in the generated cases: it is
an expected failure (strict), so the test says so the day the generator covers it.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.engine import RESERVED_RULE_IDS
from touti_dsl.loader import load_named

from .scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
MUTANTS_DIR = ROOT / "conformance" / "mutants"
HELPERS = {"_serve.py", "check.py", "witnesses.py", "sweep.py", "engine_sweep.py"}  # the tools, not mutants
KINDS = {"play obligations", "trick winner", "bidding", "signals", "ghna caps", "ghna timing", "concession",
         "scoring", "rotation", "match end"}


check = load_script(MUTANTS_DIR / "check.py", "mutants_check")
MUTANTS = check.load_manifest()
SYSTEMS = sorted({m.system for m in MUTANTS})


def _needs_cases(system: str) -> None:
    if not (ROOT / "generated" / system).is_dir():
        pytest.skip(f"generated/{system}/ is missing: run `make generate`")


@pytest.fixture(scope="module")
def verdicts() -> dict:
    """Every mutant through the runner once, in parallel: its own rules' cases first, the whole suite when they miss it
    (check.judge_caught: the same verdict as the whole suite's)."""
    for system in SYSTEMS:
        _needs_cases(system)
    return {m.name: v for m, v in zip(MUTANTS, check.check_caught(MUTANTS, workers=4))}


# ---------------------------------------------------------------------- the manifest


def test_manifest_lists_every_mutant_file_and_nothing_else():
    on_disk = {p.name for p in MUTANTS_DIR.iterdir() if p.suffix in (".touti", ".py") and p.name not in HELPERS}
    listed = {m.file.name for m in MUTANTS}
    assert on_disk == listed
    assert all(m.file.stem == m.name for m in MUTANTS)
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)


def test_at_least_fifteen_atlas_carta_mutants_across_every_kind():
    atlas = [m for m in MUTANTS if m.system == "atlas-carta"]
    assert len(atlas) >= 15
    assert {m.kind for m in atlas} >= KINDS


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_targets_are_rules_of_the_system(mutant):
    spec = load_named(mutant.system)
    assert mutant.rules and all(spec.rule(rule) is not None or rule in RESERVED_RULE_IDS for rule in mutant.rules)
    assert mutant.description and mutant.command.split()[0] in ("touti", "python")


@pytest.mark.parametrize("mutant", [m for m in MUTANTS if m.file.suffix == ".touti"], ids=lambda m: m.name)
def test_house_spec_mutant_changes_only_its_target_rule(mutant):
    spec = load_named(mutant.file)
    changed = {c.rule_id for c in spec.changes if not c.rule_id.startswith("system.")}
    assert spec.base == mutant.system
    assert changed - set(mutant.neutral) == set(mutant.rules)
    assert f"--as {mutant.system}" in mutant.command


@pytest.mark.parametrize("mutant", [m for m in MUTANTS if m.file.suffix == ".py"], ids=lambda m: m.name)
def test_python_mutant_serves_its_system_under_its_name(mutant):
    text = mutant.file.read_text(encoding="utf-8")
    assert f'serve_reference("{mutant.system}", "{mutant.name}")' in text


# ---------------------------------------------------------------------- adapter --as


def test_adapter_as_announces_and_accepts_the_claimed_system():
    adapter = ReferenceAdapter("atlas-no-signals", "atlas-carta")
    assert adapter.hello()["systems"] == ["atlas-carta"]
    request = {"type": "case", "id": "c-1", "system": "atlas-carta",
               "setup": {"hands": _seeded_hands(), "dealer": 0}, "steps": [{"op": "legal", "seat": 1}]}
    reply = adapter.run_case(request)
    assert reply["type"] == "result"
    assert not any(action.startswith(("signal", "preannounce")) for action in reply["outputs"][0]["actions"])
    assert adapter.run_case({**request, "system": "atlas-no-signals"})["type"] == "skipped"


def test_adapter_without_as_keeps_the_spec_own_system():
    assert ReferenceAdapter("atlas-no-signals").hello()["systems"] == ["atlas-no-signals"]


def test_touti_adapter_as_on_the_command_line():
    spec = MUTANTS_DIR / "step-5.touti"
    lines = '{"type":"hello","protocol":1}\n{"type":"stop"}\n'
    done = subprocess.run([sys.executable, "-m", "touti_dsl", "adapter", str(spec), "--as", "atlas-carta"],
                          input=lines, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["systems"] == ["atlas-carta"]


def _seeded_hands() -> list[list[str]]:
    from touti_dsl.engine import Game

    state = Game.from_spec("atlas-carta").new_round(seed=7)
    return [[state.rules.card_text[c] for c in hand] for hand in state.hands]


# ---------------------------------------------------------------------- caught or not


@pytest.mark.parametrize("system", SYSTEMS)
def test_reference_adapter_passes(system):
    _needs_cases(system)
    verdict = check.judge(f"reference {system}", system, check.reference_command(system))
    assert verdict.exit_code == 0, check.reference_line(verdict)


def test_touti_conform_command_line_fails_a_mutant_on_its_rule():
    """The in-process check agrees with the real command: exit 1, the target rule failed in the JSON report."""
    _needs_cases("atlas-carta")
    impl = shlex.join(check.command_argv("touti adapter conformance/mutants/step-5.touti --as atlas-carta"))
    done = subprocess.run([sys.executable, "-m", "touti_dsl", "conform", "--impl", impl, "--system", "atlas-carta", "--format", "json"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout)["rules"]["bidding.step"]["failed"] > 0


def test_judging_a_mutant_on_its_own_rules_first_agrees_with_the_whole_suite():
    """check.judge_caught against check.judge on the whole suite, for a mutant its rules' cases catch (mutants they
    miss, such as order-five-four, go on to the whole suite: test_conform_catches_the_mutant_on_its_rule runs them)."""
    _needs_cases("tute")
    mutant = next(m for m in MUTANTS if m.name == "tute-late-swap")
    whole, first = check.judge(mutant.name, "tute", mutant.command, mutant.rules), check.judge_caught(mutant)
    assert whole.caught and first.caught and whole.exit_code == first.exit_code == 1
    assert set(first.rules_hit) <= set(whole.rules_hit)


def _caught_params() -> list:
    """One param per mutant; a known escape is a strict expected failure."""
    return [pytest.param(m, id=m.name, marks=[pytest.mark.xfail(reason=f"known escape: {m.escapes}", strict=True)] if m.escapes else [])
            for m in MUTANTS]


@pytest.mark.parametrize("mutant", _caught_params())
def test_conform_catches_the_mutant_on_its_rule(mutant, verdicts):
    verdict = verdicts[mutant.name]
    assert verdict.exit_code == 1, check.mutant_line(mutant, verdict)
    assert verdict.caught, check.mutant_line(mutant, verdict)


# ---------------------------------------------------------------------- witnesses of the escapes


witnesses = load_script(MUTANTS_DIR / "witnesses.py", "mutants_witnesses")
ESCAPED = [m for m in MUTANTS if m.escapes]
WITNESSED = [m for m in MUTANTS if m.name in {w.mutant for w in witnesses.WITNESSES}]


def test_witness_files_are_fresh_and_valid():
    import jsonschema

    schema = json.loads((ROOT / "conformance" / "schema" / "case.schema.json").read_text(encoding="utf-8"))
    for path, text in witnesses.build_files().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run python conformance/mutants/witnesses.py"
        jsonschema.validate(json.loads(text), schema)


def test_every_known_escape_has_a_witness_case():
    # a witness may outlive its escape: once the generator catches the mutant, only `escapes` goes
    assert {w.mutant for w in witnesses.WITNESSES} >= {m.name for m in ESCAPED}
    by_name = {m.name: m for m in MUTANTS}
    assert all(set(w.rules) == set(by_name[w.mutant].rules) and w.system == by_name[w.mutant].system for w in witnesses.WITNESSES)


@pytest.mark.parametrize("system", sorted({m.system for m in WITNESSED}))
def test_reference_adapter_passes_the_witnesses(system):
    verdict = check.judge(f"reference {system}", system, check.reference_command(system), folder=check.WITNESSES)
    assert verdict.exit_code == 0, check.reference_line(verdict)


@pytest.mark.parametrize("mutant", WITNESSED, ids=lambda m: m.name)
def test_mutant_fails_its_witness_on_its_rule(mutant):
    verdict = check.judge(mutant.name, mutant.system, mutant.command, mutant.rules, check.WITNESSES)
    assert verdict.caught, check.mutant_line(mutant, verdict)
