"""`touti fmt [--check] FILE...`: rewrite specs in the canonical layout.

Without --check, files are rewritten in place and each rewritten file is named; `-`
formats standard input to standard output.  With
--check nothing is written: exit 1 lists the files that would change, each with its
diff (cut after its first 500 lines, see `text_diff.py`).  A file that does not parse is left as it is, named as "not formatted" with
the reason, and its diagnostics follow; exit 1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from ..errors import Diagnostic, ToutiError, render
from ..model import Loc
from ..formatter import format_text
from ..lines import split_lines, visible
from ..source import MAX_SOURCE_BYTES, decode_source, read_source
from ..text_diff import bounded_diff
from ._paths import spec_paths

NAME = "fmt"
HELP = "format specs canonically (in place), or with --check list those that would change"
SYNTAX_CODES = {"E001", "E002", "E003", "E005"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="spec files or folders of specs; - formats stdin to stdout")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if any file would change")


def run(args: argparse.Namespace) -> int:
    if args.files == ["-"]:
        return _filter_stdin(args.check)
    unknown: dict[str, list[Diagnostic]] = {}
    paths = spec_paths(args.files, unknown)
    problems = [d for diagnostics in unknown.values() for d in diagnostics]
    changed: list[Path] = []
    refused: list[Path] = []
    for path in paths:
        try:
            text = read_source(path)
            formatted = format_text(text, str(path))
        except ToutiError as error:
            problems += error.diagnostics
            refused.append(path)
            print(f"{path}: not formatted: {_why(error)}", file=sys.stderr)
            continue
        if formatted == text:
            continue
        try:
            _report_change(path, text, formatted, args.check)
        except OSError as error:
            problems.append(Diagnostic("E012", f"cannot write the formatted spec: {error}", Loc(str(path), 0, 0)))
            refused.append(path)
            continue
        changed.append(path)
    return _summary(len(paths), changed, refused, problems, args.check)


def _why(error: ToutiError) -> str:
    """Why a file was left as it is, in words: a syntax error is the usual reason."""
    codes = {d.code for d in error.diagnostics}
    if codes & SYNTAX_CODES:
        return "it has a syntax error (fix it, then format again)"
    return "it cannot be read" if codes & {"E010", "E011", "E004"} else "formatting would change its meaning"


def _filter_stdin(check_only: bool) -> int:
    """`touti fmt -`: for editors, the formatted text of stdin on stdout (nothing with --check)."""
    try:
        text = decode_source(sys.stdin.buffer.read(MAX_SOURCE_BYTES + 1), "<stdin>")  # bounded: stdin may be endless
        formatted = format_text(text, "<stdin>")
    except ToutiError as error:
        print(f"<stdin>: not formatted: {_why(error)}", file=sys.stderr)
        raise
    if check_only:
        return 1 if formatted != text else 0
    sys.stdout.write(formatted)
    return 0


def _report_change(path: Path, text: str, formatted: str, check_only: bool) -> None:
    if not check_only:
        _replace(path, formatted)
        print(f"reformatted {path}")
        return
    print(f"would reformat {path}")
    print(format_diff(text, formatted, str(path)), end="")


def _replace(path: Path, text: str) -> None:
    """Write through a temporary file beside the spec, so an interruption never leaves half a file."""
    temporary = path.with_name(f".{path.name}.fmt-tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        shutil.copymode(path, temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def format_diff(before: str, after: str, name: str) -> str:
    """The unified diff of a file and its formatted text (lines as a spec counts them, control characters visible), bounded."""
    lines = bounded_diff(split_lines(before), split_lines(after), name, f"{name} (formatted)")
    return "".join(visible(line) + "\n" for line in lines)


def _summary(files: int, changed: list[Path], refused: list[Path], problems: list[Diagnostic], check_only: bool) -> int:
    verb = "would be reformatted" if check_only else "reformatted"
    unchanged = files - len(changed) - len(refused)
    not_formatted = f", {len(refused)} not formatted" if refused else ""
    print(f"{len(changed)} file(s) {verb}, {unchanged} unchanged{not_formatted}")
    if problems:
        print(render(problems), file=sys.stderr)
        return 1
    return 1 if check_only and changed else 0
