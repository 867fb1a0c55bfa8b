"""Docs speed: generating every page from the bundled specs (in process) and building the site.

Generation: median of several in-process runs of `generated_pages` over the specs of
`make docs` (36 pages: 9 specs × 3 languages, index, comparison, references).
Build: wall time of one `mkdocs build --strict` into a temporary folder (3 languages).
Usage: python bench/bench_docs.py [--runs 5]
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

from touti_dsl.docs.render import generated_pages

ROOT = Path(__file__).resolve().parent.parent
SPECS = [ROOT / "spec" / f"{name}.touti" for name in ("atlas-carta", "tutti-ma", "touti-app", "tute")]
SPECS += sorted((ROOT / "spec" / "examples").glob("*.touti"))


def generation_ms(runs: int) -> tuple[float, int]:
    """Median milliseconds to render every page, and the number of pages."""
    times, count = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        count = len(generated_pages(SPECS, root=ROOT))
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), count


def build_seconds() -> float:
    """Wall seconds of one strict mkdocs build of the committed docs."""
    mkdocs = Path(sys.executable).with_name("mkdocs")
    with tempfile.TemporaryDirectory() as site:
        start = time.perf_counter()
        subprocess.run([str(mkdocs), "build", "--strict", "--quiet", "--site-dir", site], cwd=ROOT, check=True,
                       capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
        return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    median, pages = generation_ms(args.runs)
    print(f"generate: {pages} pages from {len(SPECS)} specs in {median:.0f} ms (median of {args.runs})")
    print(f"mkdocs build --strict (en, fr, ar): {build_seconds():.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
