"""`touti check` and `touti fmt --check` on inputs near the size limit: every report in under 2 s.

Two specs of about 1 MB are written to a temporary folder: atlas-carta with tens of
thousands of unknown rules (one E100 each: the report shows the first ones, then
"... and K more"), and atlas-carta with 13,000 valid calls.  Each command runs in a fresh
process (`python -m touti_dsl`), median of a few runs, wall clock and CPU time.  Target:
< 2 s of CPU each.
Usage: python bench/bench_check_large.py [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = (ROOT / "spec" / "atlas-carta.touti").read_text(encoding="utf-8")
LIMIT = 1_000_000
TARGET_S = 2.0


def many_errors() -> str:
    """atlas-carta, then unknown rules in its deck section until the file is just under the limit."""
    lines, size, index = [], len(BASE.encode()), 0
    while True:
        line = f"  unknown_rule_{index}: {index}\n"
        if size + len(line) >= LIMIT:
            break
        lines.append(line)
        size += len(line)
        index += 1
    return BASE.replace("deck {\n", "deck {\n" + "".join(lines), 1)


def many_calls(count: int = 13_000) -> str:
    """atlas-carta with `count` more valid calls (each leaves the bidding, on one's own turn, once)."""
    block = "call c{i} {{\n  effect: leave\n  require t: my_turn and not made(c{i})\n}}\n"
    return BASE + "\n" + "".join(block.format(i=i) for i in range(count))


def seconds(argv: list[str], runs: int) -> tuple[float, float, int, int]:
    """Median wall and CPU time of a command, its exit code and the size of what it printed.

    CPU time (user + system of the child) is what the command costs; wall time also
    counts waiting for a core on a busy machine.
    """
    walls, cpus, done = [], [], None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus), done.returncode, len(done.stdout) + len(done.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cpus; median of {args.runs} fresh processes")
    with tempfile.TemporaryDirectory() as folder:
        specs = {"many-errors": many_errors(), "13000-calls": many_calls()}
        for name, text in specs.items():
            path = Path(folder) / f"{name}.touti"
            path.write_text(text, encoding="utf-8")
            for command in (["check"], ["fmt", "--check"]):
                took, cpu, code, printed = seconds([sys.executable, "-m", "touti_dsl", *command, str(path)], args.runs)
                flag = "" if cpu < TARGET_S else "   ABOVE TARGET"
                print(f"  {' '.join(command):<12} {name:<12} {len(text.encode()):>9,} bytes  wall {took:6.2f} s  "
                      f"cpu {cpu:6.2f} s  exit {code}  {printed:>8,} bytes printed{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
