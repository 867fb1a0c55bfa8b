"""`make bench`: every benchmark in turn, each printing its own table of figures.

Figures are reported in the issues' closing notes; no test asserts them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHES = ["bench_parse.py", "bench_hostile_inputs.py", "bench_engine.py", "bench_generate.py", "bench_conform.py", "bench_fuzz.py", "bench_docs.py", "bench_claim.py"]


def main() -> int:
    failed = 0
    for name in BENCHES:
        print(f"\n== {name}", flush=True)
        failed += subprocess.run([sys.executable, str(HERE / name)]).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
