"""`touti docs SPEC... [--site] --out DIR`: write the rules pages of the specs in en/fr/ar.

Only the given specs' pages are written, so rendering one variant never rewrites the
pages that belong to the whole site; `--site` also writes those (rules index and
comparison built from exactly the given specs, CLI reference, error codes): `make docs`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..docs.render import generated_pages, write_pages

NAME = "docs"
HELP = "write the rules pages (English, French, Arabic), the comparison page and the CLI reference"


def add_arguments(parser) -> None:
    parser.add_argument("specs", nargs="+", metavar="SPEC",
                        help="spec files (.touti) or bundled system ids; variants get a 'differences' section")
    parser.add_argument("--site", action="store_true",
                        help="also write the pages shared by the whole site (rules index and comparison of exactly "
                             "these specs, CLI reference, error codes)")
    parser.add_argument("--out", default="docs", metavar="DIR", help="the docs folder to write into (default: docs)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a generated page is missing or stale")


def run(args) -> int:
    out = Path(args.out)
    pages = generated_pages(args.specs, root=Path.cwd(), shared=args.site)
    if args.check:
        return _report_stale(pages, out)
    written = write_pages(pages, out)
    print(f"{len(pages)} pages generated in {out}, {len(written)} changed")
    return 0


def stale_pages(pages: dict[str, str], out: Path) -> list[str]:
    """The generated pages whose file under `out` is missing or differs."""
    return [name for name, text in sorted(pages.items())
            if not (out / name).is_file() or (out / name).read_text(encoding="utf-8") != text]


def _report_stale(pages: dict[str, str], out: Path) -> int:
    stale = stale_pages(pages, out)
    for name in stale:
        print(f"stale: {out / name}", file=sys.stderr)
    if stale:
        print("run `make docs` (or `touti docs ... --out docs`) to regenerate", file=sys.stderr)
    return 1 if stale else 0
