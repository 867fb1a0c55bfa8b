"""`touti coverage SPEC [--cases DIR]`: every rule id and the cases that check it."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

from ..cases.coverage import coverage, render_text
from ..conformance.cases import load_cases, system_case_dir
from ..errors import Diagnostic, ToutiError
from ..loader import find_spec, load_spec
from ..search_path import COMMAND_LINE
from ._options import add_format_option

NAME = "coverage"
HELP = "show that every rule id of a spec has its positive and negative cases (exit 1 if one is missing)"


def add_arguments(parser) -> None:
    parser.add_argument("spec", metavar="SPEC", help="spec file or bundled system id")
    parser.add_argument("--cases", help="folder of case files (default: generated/<system>)")
    add_format_option(parser, ("text", "json"))


def run(args) -> int:
    spec = load_spec(find_spec(args.spec))
    folder = Path(args.cases) if args.cases else system_case_dir(spec.system)
    if not folder.is_dir():
        raise ToutiError(Diagnostic("E800", f"no case folder {folder}: run `touti generate {args.spec}` first", COMMAND_LINE))
    report = coverage(spec, _own_cases(spec.system, load_cases(folder), folder))
    if args.format == "json":
        print(json.dumps([asdict(row) for row in report], indent=1))
    else:
        print(render_text(spec, report))
    return 1 if any(row.status == "MISSING" for row in report) else 0


def _own_cases(system: str, cases: list[dict], folder: Path) -> list[dict]:
    """The cases of the spec's system: a folder of another system's suite would count its rules of the same ids."""
    own = [case for case in cases if case["system"] == system]
    if cases and not own:
        others = ", ".join(sorted({case["system"] for case in cases}))
        raise ToutiError(Diagnostic("E904", f"the cases under {folder} are of {others}, not of {system}", COMMAND_LINE,
                                    "run `touti generate` on the spec, then pass its folder with --cases"))
    return own
