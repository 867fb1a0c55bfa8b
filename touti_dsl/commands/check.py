"""`touti check FILE...`: parse, flatten and validate specs.

Exit 0 when every spec is valid (one `ok` line per file on stdout; a valid spec's warnings, a rule that never
decides at its table, on stderr); 1 otherwise, with every diagnostic of every file on stderr.  With --format json, stdout carries one JSON
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
HELP = "validate specs: exit 0 when all are valid (warnings on stderr), 1 with every diagnostic on stderr otherwise"


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
        warnings: list[Diagnostic] = []
        try:
            spec = load_spec(path, warnings)
        except ToutiError as error:
            problems += error.diagnostics
            failed += 1
            _report(args, str(path), None, error.diagnostics)
            continue
        problems += warnings
        base = f", extends {spec.base}" if spec.base else ""
        _report(args, str(path), f"ok ({spec.system}{base}, {len(spec.rules)} rules)", warnings)
    if problems and args.format == "text":
        print(render(problems), file=sys.stderr)
        print(_summary(problems, failed, files), file=sys.stderr)
    return 1 if failed else 0


def _summary(problems: list[Diagnostic], failed: int, files: int) -> str:
    """`2 error(s) in 1 of 3 file(s)`, with the warnings counted apart (they fail no file)."""
    errors = sum(1 for problem in problems if problem.severity == "error")
    warned = len(problems) - errors
    counted = [f"{errors} error(s) in {failed} of {files} file(s)"] if errors else []
    return ", ".join(counted + ([f"{warned} warning(s)"] if warned else []))


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
