"""`touti diff A B [--format text|md]`: the rule-by-rule differences of two specs."""

from __future__ import annotations

from ..docs.diff import diff_specs, format_md, format_text
from ..loader import find_spec, load_spec

NAME = "diff"
HELP = "show the rules added, removed or changed from spec A to spec B (exit 0 either way)"


def add_arguments(parser) -> None:
    parser.add_argument("old", metavar="A", help="the first spec: a .touti file or a bundled system id")
    parser.add_argument("new", metavar="B", help="the second spec: a .touti file or a bundled system id")
    parser.add_argument("--format", choices=("text", "md"), default="text", help="plain text (default) or a Markdown table")


def run(args) -> int:
    old = load_spec(find_spec(args.old))
    new = load_spec(find_spec(args.new))
    found = diff_specs(old, new)
    print(format_md(found) if args.format == "md" else format_text(found), end="")
    return 0
