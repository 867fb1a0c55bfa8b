"""`make demo`: the main job on the bundled specs, one stage after another."""

from __future__ import annotations

import sys

from .cli import main as touti

SPECS = ["spec/atlas-carta.touti", "spec/tutti-ma.touti", "spec/touti-app.touti", "spec/tute.touti"]


def step(title: str, argv: list[str]) -> int:
    print(f"\n== {title}: touti {' '.join(argv)}", flush=True)
    return touti(argv)


def main() -> int:
    failures = 0
    failures += step("check every bundled spec", ["check", *SPECS]) != 0
    failures += step("format-check the specs and house-rule examples", ["fmt", "--check", *SPECS, "spec/examples"]) != 0
    for spec in [*SPECS, "spec/examples/atlas-partner-exemption.touti"]:
        failures += step("summarise", ["show", spec]) != 0
    failures += step("play a seeded round with the reference engine", ["play", "atlas-carta", "--seed", "4"]) != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
