"""`touti check FILE...`: parse, flatten and validate specs.

Exit 0 when every spec is valid (one `ok` line per file on stdout); 1 otherwise, with
every diagnostic of every file on stderr.  With --format json, stdout carries one JSON
object per file instead (`file`, `ok`, `diagnostics`), for editors and CI annotations.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import Diagnostic, ToutiError, render
from ..loader import load_spec
from ._options import add_format_option
from ._paths import spec_paths

NAME = "check"
HELP = "validate specs: exit 0 when all are valid, 1 with every diagnostic on stderr otherwise"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="spec files, folders of specs, or bundled system ids")
    add_format_option(parser, ("text", "json"), legacy_json=True)


def run(args: argparse.Namespace) -> int:
    unknown: dict[str, list[Diagnostic]] = {}
    paths = spec_paths(args.files, unknown)
    problems: list[Diagnostic] = []
    for argument, diagnostics in unknown.items():
        problems += diagnostics
        _report(args, argument, None, diagnostics)
    failed, files = len(unknown), len(unknown) + len(paths)
    for path in paths:
        try:
            spec = load_spec(path)
        except ToutiError as error:
            problems += error.diagnostics
            failed += 1
            _report(args, str(path), None, error.diagnostics)
            continue
        base = f", extends {spec.base}" if spec.base else ""
        _report(args, str(path), f"ok ({spec.system}{base}, {len(spec.rules)} rules)", [])
    if not problems:
        return 0
    if args.format == "text":
        print(render(problems), file=sys.stderr)
        print(f"{len(problems)} error(s) in {failed} of {files} file(s)", file=sys.stderr)
    return 1


def _report(args: argparse.Namespace, file: str, ok: str | None, problems: list[Diagnostic]) -> None:
    if args.format == "text":
        if ok is not None:
            print(f"{file}: {ok}")
        return
    print(json.dumps({"file": file, "ok": ok is not None, "diagnostics": [diagnostic_data(d) for d in problems]},
                     ensure_ascii=False))


def diagnostic_data(diagnostic: Diagnostic) -> dict:
    """A diagnostic as plain data: code, message, hint and where (line and column null when there is no line)."""
    loc = diagnostic.loc
    return {"code": diagnostic.code, "severity": diagnostic.severity, "message": diagnostic.message,
            "hint": diagnostic.hint, "file": loc.file, "line": loc.line or None, "column": loc.column if loc.line else None}
