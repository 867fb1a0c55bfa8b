"""`touti fmt [--check] FILE...`: rewrite specs in the canonical layout.

Without --check, files are rewritten in place and each rewritten file is named.  With
--check nothing is written: exit 1 lists the files that would change, each with the
start of its diff.  A file that does not parse gets its diagnostics and exit 1.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from ..errors import Diagnostic, ToutiError, render
from ..formatter import format_text
from ..parser import read_source
from ._paths import spec_paths

NAME = "fmt"
HELP = "format specs canonically (in place), or with --check list those that would change"
DIFF_LINES = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="spec files or folders of specs")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if any file would change")


def run(args: argparse.Namespace) -> int:
    problems: list[Diagnostic] = []
    changed: list[Path] = []
    paths = spec_paths(args.files)
    for path in paths:
        try:
            text = read_source(path)
            formatted = format_text(text, str(path))
        except ToutiError as error:
            problems += error.diagnostics
            continue
        if formatted != text:
            changed.append(path)
            _report_change(path, text, formatted, args.check)
    return _summary(paths, changed, problems, args.check)


def _report_change(path: Path, text: str, formatted: str, check_only: bool) -> None:
    if not check_only:
        path.write_text(formatted, encoding="utf-8")
        print(f"reformatted {path}")
        return
    print(f"would reformat {path}")
    print(diff_snippet(text, formatted, str(path)), end="")


def diff_snippet(before: str, after: str, name: str, limit: int = DIFF_LINES) -> str:
    """The first `limit` lines of a unified diff, then how many more there are."""
    lines = list(difflib.unified_diff(before.splitlines(True), after.splitlines(True), name, f"{name} (formatted)"))
    shown = "".join(line if line.endswith("\n") else line + "\n" for line in lines[:limit])
    if len(lines) > limit:
        shown += f"... ({len(lines) - limit} more diff lines)\n"
    return shown


def _summary(paths: list[Path], changed: list[Path], problems: list[Diagnostic], check_only: bool) -> int:
    verb = "would be reformatted" if check_only else "reformatted"
    unchanged = len(paths) - len(changed) - len({d.loc.file for d in problems})
    print(f"{len(changed)} file(s) {verb}, {unchanged} unchanged")
    if problems:
        print(render(problems), file=sys.stderr)
        return 1
    return 1 if check_only and changed else 0
