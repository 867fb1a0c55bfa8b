"""Case generation speed: seconds per spec for `touti generate` (in process), and the counts it yields.

Usage: python bench/bench_generate.py
"""

from __future__ import annotations

import time
from pathlib import Path

from touti_dsl.cases.build import generate
from touti_dsl.loader import load_spec

ROOT = Path(__file__).resolve().parent.parent
SPECS = sorted((ROOT / "spec").glob("*.touti")) + sorted((ROOT / "spec" / "examples").glob("*.touti"))


def main() -> None:
    print(f"{'spec':<26} {'cases':>6} {'steps':>7} {'wall s':>7} {'cpu s':>6}")
    for path in SPECS:
        spec = load_spec(path)
        wall, cpu = time.perf_counter(), time.process_time()
        groups = generate(spec)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        cases = [c for group in groups.values() for c in group]
        steps = sum(len(c["steps"]) for c in cases)
        print(f"{spec.system:<26} {len(cases):>6} {steps:>7} {wall:>7.2f} {cpu:>6.2f}")


if __name__ == "__main__":
    main()
