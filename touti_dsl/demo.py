"""`make demo`: the main job on the bundled specs, one stage after another.

Check and format-check every spec, show a house-rule variant flattened onto its base,
play a seeded round with the reference engine, show that every rule of every system has
its conformance cases, run those cases against the reference adapter, prove that each
deliberately wrong implementation is caught on the rule it breaks, and check that the
published rules pages are up to date.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

from .cli import main as touti

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = ["atlas-carta", "tutti-ma", "touti-app", "tute"]
SPECS = [f"spec/{system}.touti" for system in SYSTEMS]
EXAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "spec" / "examples").glob("*.touti"))


def _python() -> str:
    """This interpreter, relative to the repository when it lives there (.venv/bin/python)."""
    try:
        return str(Path(sys.executable).relative_to(ROOT))
    except ValueError:
        return sys.executable


TOUTI = [_python(), "-m", "touti_dsl"]


def command_line(argv: list[str]) -> str:
    """The step's command as it can be pasted into a shell at the repository root."""
    return shlex.join(TOUTI + argv)


def adapter(spec: str) -> str:
    return shlex.join(TOUTI + ["adapter", spec])


def step(title: str, argv: list[str]) -> bool:
    print(f"\n== {title}:\n$ {command_line(argv)}", flush=True)
    return touti(argv) == 0


def quiet_step(title: str, argv: list[str], expect: int = 0, whole: bool = False) -> bool:
    """A step whose long report is summed up by its last line (`whole`: all of stdout; `expect`: its exit code)."""
    print(f"\n== {title}:\n$ {command_line(argv)}", flush=True)
    command = [sys.executable, "-m", "touti_dsl", *argv]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    lines = (done.stdout.strip() or done.stderr.strip()).splitlines()
    print("\n".join(lines if whole else lines[-1:]) if lines else f"(no output, exit {done.returncode})")
    if done.returncode != expect:
        print(done.stderr[-2000:], file=sys.stderr)
    return done.returncode == expect


def mutants_step() -> bool:
    """Every mutant of conformance/mutants/ through touti conform: one line each, caught or NOT caught."""
    checker = ROOT / "conformance" / "mutants" / "check.py"
    print(f"\n== wrong implementations must be caught:\n$ {shlex.join([_python(), str(checker.relative_to(ROOT))])}", flush=True)
    return subprocess.run([sys.executable, str(checker)], cwd=ROOT).returncode == 0


def main() -> int:
    results = [
        step("check every bundled spec and house-rule example", ["check", *SPECS, *EXAMPLES]),
        step("format-check them", ["fmt", "--check", *SPECS, *EXAMPLES]),
        step("a house rule, flattened onto its base", ["show", "spec/examples/atlas-partner-exemption.touti"]),
        step("play a seeded round with the reference engine", ["play", "atlas-carta", "--seed", "4"]),
        step("another table: Tute habanero, two players drawing from a stock",
             ["play", "spec/examples/tute-habanero.touti", "--seed", "3"]),
    ]
    for system in SYSTEMS:
        results.append(quiet_step(f"coverage of {system}", ["coverage", system]))
    for system in SYSTEMS:
        results.append(quiet_step(f"the reference passes {system}", ["conform", "--impl", adapter(system), "--system", system]))
    results.append(quiet_step("fuzz: the reference plays 100 seeded random rounds without a divergence",
                              ["fuzz", "--impl", adapter("atlas-carta"), "--system", "atlas-carta", "--rounds", "100", "--seed", "1"]))
    mutant = ["conformance/mutants/no-overtake.touti", "--as", "atlas-carta"]
    results.append(quiet_step("fuzz: a wrong implementation's divergence, shrunk to a case file (exit 1)",
                              ["fuzz", "--impl", shlex.join(TOUTI + ["adapter", *mutant]), "--system", "atlas-carta",
                               "--rounds", "100", "--seed", "2", "--out", "/tmp/touti-demo-fuzz"], expect=1, whole=True))
    results.append(mutants_step())
    results.append(step("the rules pages are up to date", ["docs", "--site", "--check", *SPECS, *EXAMPLES]))
    failed = results.count(False)
    print(f"\n{len(results) - failed} of {len(results)} demo steps passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
