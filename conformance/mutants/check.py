"""Run every mutant of mutants.json through the conformance runner: is each one caught?

    python conformance/mutants/check.py [NAME ...] [--jobs N]

A mutant is caught when `touti conform --system ID --format json` fails (exit 1) and one
of its target rule ids is among the rule ids with a failing case.  The reference adapter
of each system involved must pass the same cases.  A mutant the generated cases miss is a
known gap when mutants.json says why (`escapes`) and its witness case (witnesses/, see
witnesses.py) catches it.  One line per mutant, then a verdict; exit 0 when every mutant
is caught or is such a known gap, and the references pass.

The test (tests/conformance/test_mutants.py) and `make demo` both use this module.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MANIFEST = HERE / "mutants.json"
WITNESSES = HERE / "witnesses"
TIMEOUT = 20.0

if str(ROOT) not in sys.path:  # run as a script from a fresh checkout
    sys.path.insert(0, str(ROOT))

from touti_dsl.conformance.cases import load_cases, system_case_dir  # noqa: E402
from touti_dsl.conformance.report import render_json, summarize  # noqa: E402
from touti_dsl.conformance.runner import ImplUnusable, RunSettings, run_cases  # noqa: E402
from touti_dsl.errors import ToutiError  # noqa: E402


@dataclass(frozen=True)
class Mutant:
    """One deliberately wrong implementation, as listed in mutants.json."""

    name: str
    system: str
    kind: str
    rules: tuple[str, ...]
    command: str
    description: str
    escapes: str = ""  # a known gap in the generated cases: why it is not caught
    neutral: tuple[str, ...] = ()  # rules a house spec rewrites without changing behaviour (see its comment)

    @property
    def file(self) -> Path:
        """The mutant's own file: the .touti or .py named in its command."""
        return ROOT / next(word for word in shlex.split(self.command) if word.endswith((".touti", ".py")))


@dataclass(frozen=True)
class Verdict:
    """What `touti conform` said about one implementation (a mutant or a reference)."""

    name: str
    system: str
    exit_code: int
    failing_rules: tuple[str, ...]
    targets: tuple[str, ...] = ()
    error: str = ""

    @property
    def caught(self) -> bool:
        return self.exit_code == 1 and any(rule in self.failing_rules for rule in self.targets)

    @property
    def rules_hit(self) -> tuple[str, ...]:
        return tuple(rule for rule in self.targets if rule in self.failing_rules)


def load_manifest(path: Path = MANIFEST) -> list[Mutant]:
    """The mutants listed in the manifest, in file order."""
    entries = json.loads(path.read_text(encoding="utf-8"))["mutants"]
    return [Mutant(**{**entry, "rules": tuple(entry["rules"]), "neutral": tuple(entry.get("neutral", ()))}) for entry in entries]


def command_argv(command: str) -> list[str]:
    """A manifest command as argv: `touti` and `python` are this interpreter, paths are repo-relative."""
    words = shlex.split(command)
    head = {"touti": [sys.executable, "-m", "touti_dsl"], "python": [sys.executable]}[words[0]]
    return head + [str(ROOT / word) if word.endswith((".touti", ".py")) else word for word in words[1:]]


def reference_command(system: str) -> str:
    return f"touti adapter {system}"


def conform(command: str, system: str, folder: Path | None = None, made_for: tuple[str, ...] = ()) -> dict:
    """`touti conform --impl COMMAND --system SYSTEM --format json`, in process: the JSON report (cases of `folder` if given;
    only the cases made for a rule of `made_for` if given)."""
    cases = [case for case in load_cases(folder or system_case_dir(system, ROOT)) if case["system"] == system]
    cases = [case for case in cases if not made_for or set(case["rules"]) & set(made_for)]
    result = run_cases(cases, RunSettings(command_argv(command), jobs=1, timeout=TIMEOUT))
    return json.loads(render_json(summarize(result)))


def judge(name: str, system: str, command: str, targets: tuple[str, ...] = (), folder: Path | None = None,
          made_for: tuple[str, ...] = ()) -> Verdict:
    """Run one implementation and keep what matters: exit code and the rule ids that failed (on the cases `conform` picks)."""
    try:
        report = conform(command, system, folder, made_for)
    except ImplUnusable as error:
        return Verdict(name, system, 2, (), targets, f"not usable: {error}")
    except ToutiError as error:  # no generated cases for the system, or a broken case file
        return Verdict(name, system, 2, (), targets, "; ".join(d.message for d in error.diagnostics))
    failing = tuple(rule for rule, counts in report["rules"].items() if counts["failed"] or counts["errored"])
    return Verdict(name, system, report["exit_code"], failing, targets)


def check_mutants(mutants: list[Mutant], workers: int = 4, folder: Path | None = None) -> list[Verdict]:
    """Every mutant judged in parallel (each runner job is one adapter process), on the generated cases or `folder`'s."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda m: judge(m.name, m.system, m.command, m.rules, folder), mutants))


def judge_caught(mutant: Mutant, folder: Path | None = None) -> Verdict:
    """Whether the suite catches `mutant`, running its own rules' cases first: the whole suite only when they miss it.

    Same answer as `judge` on the whole suite, in a fraction of the time (a mutant's rules have a few percent of the
    cases): a case fails and is blamed alike whatever else runs (each case starts from its own setup, a crashed process
    is replaced, and the rules blamed come from the case and the system's spec), so a target blamed on the first run is
    blamed on the whole suite, which exits 1 too; a failure to start is the same on both.
    """
    first = judge(mutant.name, mutant.system, mutant.command, mutant.rules, folder, made_for=mutant.rules)
    if first.caught or first.exit_code == 2:
        return first
    return judge(mutant.name, mutant.system, mutant.command, mutant.rules, folder)


def check_caught(mutants: list[Mutant], workers: int = 4, folder: Path | None = None) -> list[Verdict]:
    """`judge_caught` for every mutant, in parallel."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda m: judge_caught(m, folder), mutants))


def check_references(systems: list[str], workers: int = 4, folder: Path | None = None) -> list[Verdict]:
    """The reference adapter on each system: it must pass (the generated cases, or those of `folder`)."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda s: judge(f"reference {s}", s, reference_command(s), folder=folder), systems))


def mutant_line(mutant: Mutant, verdict: Verdict) -> str:
    """One line for people: caught on which rule ids, or NOT caught and why."""
    if verdict.caught:
        return f"caught      {mutant.name:<28} {mutant.system:<12} on {', '.join(verdict.rules_hit)}"
    why = verdict.error or f"exit {verdict.exit_code}, failing rules: {', '.join(verdict.failing_rules) or 'none'}"
    return f"NOT caught  {mutant.name:<28} {mutant.system:<12} target {', '.join(mutant.rules)} ({why})"


def escape_line(mutant: Mutant, witnessed: Verdict) -> str:
    """Under an escaped mutant: the gap in the generated cases, and whether its witness case catches it."""
    verdict = f"caught by its witness case on {', '.join(witnessed.rules_hit)}" if witnessed.caught else "NOT caught by its witness case either"
    return f"            known gap: {mutant.escapes}; {verdict}"


def reference_line(verdict: Verdict) -> str:
    status = "passes" if verdict.exit_code == 0 else f"FAILS (exit {verdict.exit_code}: {', '.join(verdict.failing_rules)}{verdict.error})"
    return f"reference   {verdict.system:<41} {status}"


def report(mutants: list[Mutant], verdicts: list[Verdict], witnessed: dict[str, Verdict]) -> tuple[list[str], list[str]]:
    """One line per mutant (and one per known gap), then the count; and the names of the mutants missed."""
    lines = []
    for mutant, verdict in zip(mutants, verdicts):
        lines.append(mutant_line(mutant, verdict))
        if mutant.name in witnessed:
            lines.append(escape_line(mutant, witnessed[mutant.name]))
    missed = [m.name for m, v in zip(mutants, verdicts) if not v.caught and not (m.name in witnessed and witnessed[m.name].caught)]
    gaps = sum(v.caught for v in witnessed.values())
    tally = f"{sum(v.caught for v in verdicts)} of {len(mutants)} mutants caught by the generated cases"
    tally += f"; {gaps} known gaps caught by their witness cases" if gaps else ""
    return lines + [tally + (f"; NOT caught: {', '.join(missed)}" if missed else "")], missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check that touti conform catches every mutant of mutants.json.")
    parser.add_argument("names", nargs="*", help="only these mutants (default: all)")
    parser.add_argument("--jobs", type=int, default=4, help="mutants run in parallel (default 4)")
    args = parser.parse_args(argv)
    known = load_manifest()
    unknown = sorted(set(args.names) - {m.name for m in known})
    if unknown:
        parser.error(f"no such mutant: {', '.join(unknown)} (see {MANIFEST.relative_to(ROOT)})")
    mutants = [m for m in known if not args.names or m.name in args.names]
    references = check_references(sorted({m.system for m in mutants}), args.jobs)
    verdicts = check_mutants(mutants, args.jobs)
    escaped = [m for m, v in zip(mutants, verdicts) if not v.caught and m.escapes]
    witnessed = dict(zip([m.name for m in escaped], check_mutants(escaped, args.jobs, WITNESSES)))
    lines, missed = report(mutants, verdicts, witnessed)
    print("\n".join([reference_line(v) for v in references] + lines))
    return 0 if not missed and all(v.exit_code == 0 for v in references) else 1


if __name__ == "__main__":
    sys.exit(main())
