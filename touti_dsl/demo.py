"""`make demo`: the main job on the bundled specs, one stage after another."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .cli import main as touti

SPECS = ["spec/atlas-carta.touti", "spec/tutti-ma.touti", "spec/touti-app.touti", "spec/tute.touti"]


def step(title: str, argv: list[str]) -> int:
    print(f"\n== {title}: touti {' '.join(argv)}", flush=True)
    return touti(argv)


def mutants_step() -> int:
    """Every mutant of conformance/mutants/ through touti conform: one line each, caught or NOT caught."""
    checker = Path(__file__).resolve().parent.parent / "conformance" / "mutants" / "check.py"
    print(f"\n== wrong implementations must be caught: python {checker.relative_to(checker.parents[2])}", flush=True)
    return subprocess.run([sys.executable, str(checker)]).returncode


def main() -> int:
    failures = 0
    failures += step("check every bundled spec", ["check", *SPECS]) != 0
    failures += step("format-check the specs and house-rule examples", ["fmt", "--check", *SPECS, "spec/examples"]) != 0
    for spec in [*SPECS, "spec/examples/atlas-partner-exemption.touti"]:
        failures += step("summarise", ["show", spec]) != 0
    failures += step("play a seeded round with the reference engine", ["play", "atlas-carta", "--seed", "4"]) != 0
    failures += mutants_step() != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
