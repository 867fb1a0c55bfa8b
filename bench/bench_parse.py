"""Front-end speed: parse + flatten + validate per spec, warm and in process; and a cold `touti check`.

Warm: the median of many in-process runs per spec (the Lark parser already built).
Cold: the wall time of a fresh `python -m touti_dsl check SPEC` subprocess, median of 5,
plus the import time of the modules it needs.  Targets: < 20 ms warm per spec, < 300 ms cold.
Usage: python bench/bench_parse.py [--runs 100] [--cold-runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from touti_dsl.checks import check_spec
from touti_dsl.formatter import format_text
from touti_dsl.variants import load_flat

ROOT = Path(__file__).resolve().parent.parent
SPECS = sorted((ROOT / "spec").glob("*.touti")) + sorted((ROOT / "spec" / "examples").glob("*.touti"))
WARM_TARGET_MS, COLD_TARGET_MS = 20.0, 300.0


def median_ms(action, runs: int, clock=time.perf_counter) -> float:
    """Median time of `action()` over `runs` runs, in milliseconds (wall clock unless told otherwise)."""
    times = []
    for _ in range(runs):
        start = clock()
        action()
        times.append((clock() - start) * 1000)
    return statistics.median(times)


def warm(runs: int) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cpus")
    print(f"warm, in process, median of {runs}:   parse+flatten+check (wall, cpu)    fmt (wall)")
    for path in SPECS:
        load_flat(path)  # build the Lark parser once
        text = path.read_text(encoding="utf-8")
        validate = median_ms(lambda: check_spec(load_flat(path)), runs)
        cpu = median_ms(lambda: check_spec(load_flat(path)), runs, time.process_time)
        fmt = median_ms(lambda: format_text(text, str(path)), runs)
        flag = "" if validate < WARM_TARGET_MS else "   ABOVE TARGET"
        print(f"  {path.relative_to(ROOT)!s:<44} {validate:7.2f} ms {cpu:7.2f} ms   {fmt:9.2f} ms{flag}")


def cold(runs: int) -> None:
    """Fresh processes, as installed (bytecode cached, in a private prefix) and with no bytecode at all."""
    spec = str(ROOT / "spec" / "atlas-carta.touti")
    command = [sys.executable, "-m", "touti_dsl", "check", spec]
    bare = median_ms(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), runs)
    with tempfile.TemporaryDirectory() as prefix:
        cached = {**os.environ, "PYTHONPYCACHEPREFIX": prefix}
        cached.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(command, check=True, capture_output=True, env=cached)  # writes the bytecode once
        installed = median_ms(lambda: subprocess.run(command, check=True, capture_output=True, env=cached), runs)
        print(f"cold `touti check atlas-carta`, median of {runs}: {installed:.0f} ms with bytecode cached"
              f"{'' if installed < COLD_TARGET_MS else '   ABOVE TARGET'}", end="")
        no_bytecode = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        compiled = median_ms(lambda: subprocess.run(command, check=True, capture_output=True, env=no_bytecode), runs)
        print(f", {compiled:.0f} ms compiling every module (bare python: {bare:.0f} ms)")
        print("slowest imports, bytecode cached (python -X importtime, cumulative µs):")
        for line in slowest_imports(command, cached):
            print("  " + line)


def slowest_imports(command: list[str], env: dict, count: int = 8) -> list[str]:
    found = subprocess.run([command[0], "-X", "importtime", *command[1:]], capture_output=True, text=True, env=env).stderr
    rows = []
    for line in found.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    return [f"{us:>9} {name}" for us, name in sorted(rows, reverse=True)[:count]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--cold-runs", type=int, default=5)
    args = parser.parse_args()
    warm(args.runs)
    cold(args.cold_runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
