"""`touti diff A B [--format text|md|json] [--exit-code]`: the rule-by-rule differences of two specs.

Exit 0 whether or not the specs differ, like `git diff`; with --exit-code, exit 1 when
they differ (for scripts and CI).
"""

from __future__ import annotations

import json
from dataclasses import asdict

from ..docs.diff import diff_specs, format_md, format_text
from ..loader import find_spec, load_spec
from ._options import add_format_option

NAME = "diff"
HELP = "show the rules added, removed or changed from spec A to spec B (exit 0 either way, unless --exit-code)"


def add_arguments(parser) -> None:
    parser.add_argument("old", metavar="A", help="the first spec: a .touti file or a system id")
    parser.add_argument("new", metavar="B", help="the second spec: a .touti file or a system id")
    add_format_option(parser, ("text", "md", "json"))
    parser.add_argument("--exit-code", action="store_true", help="exit 1 when the specs differ, 0 when they have the same rules")


def run(args) -> int:
    old = load_spec(find_spec(args.old))
    new = load_spec(find_spec(args.new))
    found = diff_specs(old, new)
    if args.format == "json":
        print(json.dumps(asdict(found), ensure_ascii=False, indent=1))
    else:
        print(format_md(found) if args.format == "md" else format_text(found), end="")
    return 1 if args.exit_code and found.changes else 0
