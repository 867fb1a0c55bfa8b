"""`touti generate SPEC... --out DIR`: write the conformance cases of each spec."""

from __future__ import annotations

import sys
from pathlib import Path

from ..cases.build import generate, write_groups
from ..loader import find_spec, load_spec

NAME = "generate"
HELP = "generate the conformance cases of specs into DIR/<system>/<group>.json"


def add_arguments(parser) -> None:
    parser.add_argument("specs", nargs="+", metavar="SPEC", help="spec files or bundled system ids")
    parser.add_argument("--out", default="generated", help="output folder (default: generated)")
    parser.add_argument("--seed", type=int, default=20261130, help="exploration seed (default: 20261130)")
    parser.add_argument("--rounds", type=int, default=160, help="explored rounds per spec (default: 160)")


def run(args) -> int:
    out = Path(args.out)
    for name in args.specs:
        spec = load_spec(find_spec(name))
        groups = generate(spec, seed=args.seed, rounds=args.rounds)
        written = write_groups(spec, groups, out)
        count = sum(len(cases) for cases in groups.values())
        print(f"{spec.system}: {count} cases in {len(written)} files under {out / spec.system}", file=sys.stdout)
    return 0
