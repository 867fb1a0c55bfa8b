"""Options and argument types that several sub-commands share, so each is spelled and behaves the same everywhere.

`--format` is the one output option of every command that prints a result: `text` for
people (the default), `json` for programs, and `junit` / `md` where they apply.  Commands
that had a `--json` flag keep it as a deprecated alias of `--format json`.
"""

from __future__ import annotations

import argparse
import sys

FORMATS_HELP = {
    "text": "readable text (default)",
    "json": "JSON for programs",
    "junit": "JUnit XML for CI",
    "md": "a Markdown table",
}


class _DeprecatedJson(argparse.Action):
    """`--json`: the old spelling of `--format json`; still works, with a note on stderr."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="deprecated: use --format json")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog}: note: --json is deprecated, use --format json", file=sys.stderr)
        setattr(namespace, self.dest, "json")


def add_format_option(parser: argparse.ArgumentParser, formats=("text", "json"), legacy_json: bool = False) -> None:
    """`--format {text,json,...}` (default text) into `args.format`; with `legacy_json`, `--json` as an alias."""
    described = "; ".join(f"{name}: {FORMATS_HELP.get(name, name)}" for name in formats)
    parser.add_argument("--format", choices=formats, default="text", help=f"output format ({described})")
    if legacy_json:
        parser.add_argument("--json", dest="format", action=_DeprecatedJson)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, got {text!r}")
    return value
