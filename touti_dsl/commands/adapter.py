"""`touti adapter SPEC`: serve the reference engine through the adapter protocol on stdin/stdout.

SPEC is a bundled system id (`atlas-carta`) or a path to a `.touti` file, house variants
included.  Run it under `touti conform --impl "touti adapter SPEC"`.
"""

from __future__ import annotations

import argparse
import sys

from ..conformance.adapter import ReferenceAdapter, serve

NAME = "adapter"
HELP = "serve the reference engine for a spec through the conformance adapter protocol (JSON lines on stdin/stdout)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", metavar="SPEC", help="a bundled system id or a .touti file")
    parser.add_argument("--as", dest="system", metavar="ID", help="announce and accept system ID instead of the spec's own (to pose a house spec as another system)")
    parser.add_argument("--without", action="append", default=[], metavar="FEATURE",
                        help="declare in the hello (protocol 2) an optional feature this implementation does not have (repeatable)")


def run(args) -> int:
    adapter = ReferenceAdapter(args.spec, args.system, without=args.without)
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    return serve(adapter, sys.stdin, sys.stdout)
