"""`touti check FILE...`: parse, flatten and validate specs.

Exit 0 when every spec is valid (one `ok` line per file on stdout); 1 otherwise, with
every diagnostic of every file on stderr.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import Diagnostic, ToutiError, render
from ..loader import load_spec
from ._paths import spec_paths

NAME = "check"
HELP = "validate specs: exit 0 when all are valid, 1 with every diagnostic on stderr otherwise"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="spec files, folders of specs, or bundled system ids")


def run(args: argparse.Namespace) -> int:
    problems: list[Diagnostic] = []
    failed = 0
    paths = spec_paths(args.files)
    for path in paths:
        try:
            spec = load_spec(path)
        except ToutiError as error:
            problems += error.diagnostics
            failed += 1
            continue
        base = f", extends {spec.base}" if spec.base else ""
        print(f"{path}: ok ({spec.system}{base}, {len(spec.rules)} rules)")
    if not problems:
        return 0
    print(render(problems), file=sys.stderr)
    print(f"{len(problems)} error(s) in {failed} of {len(paths)} file(s)", file=sys.stderr)
    return 1
