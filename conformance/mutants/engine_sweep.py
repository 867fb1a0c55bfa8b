"""Engine mutation sweep: single-operator faults in the reference engine's code, and do the generated cases catch them?

    python conformance/mutants/engine_sweep.py [SYSTEM ...] [--sample N] [--seed S] [--files GLOB]
                                               [--only NAME] [--fuzz-seconds S] [--json FILE] [--list]

`sweep.py` mutates a system's *spec*: faults an implementation makes by reading a rule
otherwise.  Real implementations also get their *code* wrong in ways no rule names: a `<`
for a `<=` in a tie, an `and` for an `or` in a duty's condition, an off-by-one in a rotation.
This script makes those faults in the engine itself.  Each mutant changes one operator in
one module of `touti_dsl/engine/` (a comparison `<` `<=` `>` `>=` `==` `!=` `in` `not in`
to its neighbour or its negation, `and` to `or` and back, `+` to `-` and back); it is
written to a private copy of the package and served by that copy's `touti adapter SYSTEM`
(the spec read from this checkout).  Each system's committed suite is run on it in turn:

- caught       a case fails (the rules it is blamed on are listed; there is no one "right"
               rule for a fault of code, so a reader judges the blame from the listing);
- crashed      the copy cannot serve at all (an import or a first request fails): not a
               finding about the cases;
- escaped      every case of every system passes.  `touti fuzz` then plays each system for
               --fuzz-seconds: a divergence makes it a real gap (escaped-real), none an
               equivalent mutant as far as random play can tell (equivalent).

The engine files of this checkout are never modified.  Exit 0 when nothing escaped for
real, 1 otherwise.  Not part of the test suite: a sample of 100 takes about 20 minutes.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
ENGINE = ROOT / "touti_dsl" / "engine"
SEEDS = ("atlas-carta", "tutti-ma", "touti-app", "tute")
TIMEOUT = 20.0

if str(ROOT) not in sys.path:  # run as a script from a fresh checkout
    sys.path.insert(0, str(ROOT))

from touti_dsl.conformance.cases import load_cases, system_case_dir  # noqa: E402
from touti_dsl.conformance.report import summarize  # noqa: E402
from touti_dsl.conformance.runner import FAILING, ImplUnusable, RunSettings, run_cases  # noqa: E402
from touti_dsl.errors import ToutiError  # noqa: E402
from touti_dsl.loader import find_spec  # noqa: E402

# Each operator and what a slip of the pen makes of it
COMPARE_SLIPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
                 ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In}
BOOL_SLIPS = {ast.And: ast.Or, ast.Or: ast.And}
ARITHMETIC_SLIPS = {ast.Add: ast.Sub, ast.Sub: ast.Add}
SYMBOLS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
           ast.NotIn: "not in", ast.And: "and", ast.Or: "or", ast.Add: "+", ast.Sub: "-"}


@dataclass(frozen=True)
class Mutation:
    """One operator of one engine module changed: the `index`-th mutable node of the module, in `ast.walk` order."""

    module: str
    index: int
    line: int
    change: str

    @property
    def name(self) -> str:
        return f"{self.module.removesuffix('.py')}-{self.index:04d}"

    def source(self) -> str:
        tree = ast.parse((ENGINE / self.module).read_text(encoding="utf-8"))
        node = _mutable_nodes(tree)[self.index]
        _slip(node)
        return ast.unparse(tree)


@dataclass
class Outcome:
    mutation: Mutation
    status: str
    failing: dict[str, tuple[str, ...]] = field(default_factory=dict)
    detail: str = ""


def _mutable_nodes(tree: ast.AST) -> list[ast.AST]:
    """The nodes a slip can change: comparisons of one operator, `and` / `or`, `+` / `-` (docstrings and type
    annotations hold none of these)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in COMPARE_SLIPS:
            found.append(node)
        elif isinstance(node, ast.BoolOp) or (isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC_SLIPS):
            found.append(node)
    return found


def _operator(node: ast.AST) -> type:
    return type(node.ops[0]) if isinstance(node, ast.Compare) else type(node.op)


def _slip(node: ast.AST) -> None:
    if isinstance(node, ast.Compare):
        node.ops = [COMPARE_SLIPS[type(node.ops[0])]()]
    elif isinstance(node, ast.BoolOp):
        node.op = BOOL_SLIPS[type(node.op)]()
    else:
        node.op = ARITHMETIC_SLIPS[type(node.op)]()


def mutations(files: list[str]) -> list[Mutation]:
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        if files and not any(fnmatch.fnmatchcase(path.name, glob) for glob in files):
            continue
        for index, node in enumerate(_mutable_nodes(ast.parse(path.read_text(encoding="utf-8")))):
            before = _operator(node)
            after = {**COMPARE_SLIPS, **BOOL_SLIPS, **ARITHMETIC_SLIPS}[before]
            found.append(Mutation(path.name, index, node.lineno, f"{SYMBOLS[before]} -> {SYMBOLS[after]}"))
    return found


class EngineSweep:
    """A private copy of the package, one engine module rewritten per mutant and restored after."""

    def __init__(self, systems: list[str], folder: Path, fuzz_seconds: float):
        self.systems, self.folder, self.fuzz_seconds = systems, folder, fuzz_seconds
        shutil.copytree(ROOT / "touti_dsl", folder / "touti_dsl", ignore=shutil.ignore_patterns("__pycache__"))
        (folder / "spec").symlink_to(ROOT / "spec")  # the bundled systems an example extends
        self.specs = {system: find_spec(system).resolve() for system in systems}
        self.cases = {system: [c for c in load_cases(system_case_dir(system, ROOT)) if c["system"] == system]
                      for system in systems}

    def impl(self, system: str) -> str:
        """The mutated copy's adapter for `system`, run from the copy so that it imports the copy."""
        serve = (f"cd {shlex.quote(str(self.folder))} && exec {shlex.quote(sys.executable)} -m touti_dsl adapter "
                 f"{shlex.quote(str(self.specs[system]))} --as {system}")
        return f"sh -c {shlex.quote(serve)}"

    def judge(self, mutation: Mutation) -> Outcome:
        target = self.folder / "touti_dsl" / "engine" / mutation.module
        original = target.read_text(encoding="utf-8")
        target.write_text(mutation.source(), encoding="utf-8")
        try:
            return self._judged(mutation)
        finally:
            target.write_text(original, encoding="utf-8")

    def _judged(self, mutation: Mutation) -> Outcome:
        for system in self.systems:
            try:
                summary = summarize(run_cases(self.cases[system], RunSettings(shlex.split(self.impl(system)), jobs=1,
                                                                              timeout=TIMEOUT)))
            except ImplUnusable as error:
                return Outcome(mutation, "crashed", detail=f"{system}: {str(error).splitlines()[0][:160]}")
            failing = tuple(rule for rule, counts in summary.by_rule.items() if any(counts[s] for s in FAILING))
            if failing:
                return Outcome(mutation, "caught", {system: failing})
        return self._fuzzed(mutation)

    def _fuzzed(self, mutation: Mutation) -> Outcome:
        if not self.fuzz_seconds:
            return Outcome(mutation, "escaped", detail="not fuzzed")
        for system in self.systems:
            out = self.folder / "fuzz" / f"{mutation.name}-{system}"
            argv = [sys.executable, "-m", "touti_dsl", "fuzz", "--impl", self.impl(system), "--system", system,
                    "--seed", "1", "--seconds", str(self.fuzz_seconds), "--format", "json", "--shrink-runs", "100",
                    "--out", str(out)]
            try:
                done = subprocess.run(argv, capture_output=True, text=True, timeout=self.fuzz_seconds + 300, cwd=ROOT)
                report = json.loads(done.stdout)
            except (subprocess.TimeoutExpired, json.JSONDecodeError) as error:
                return Outcome(mutation, "escaped", detail=f"{system}: touti fuzz gave no report ({type(error).__name__})")
            divergence = report.get("divergence")
            if divergence:
                return Outcome(mutation, "escaped-real", {system: (divergence.get("rule", ""),)},
                               detail=f"{system}: fuzz diverges on {divergence.get('rule')}")
        return Outcome(mutation, "equivalent", detail="no divergence in fuzz rounds")


STATUSES = ("caught", "escaped-real", "escaped", "equivalent", "crashed")


def line(outcome: Outcome) -> str:
    mutation = outcome.mutation
    failing = "; ".join(f"{system}: {', '.join(rules)}" for system, rules in outcome.failing.items())
    where = f"engine/{mutation.module}:{mutation.line}"
    return f"{outcome.status:<12} {where:<28} {mutation.change:<12} {failing}{'  (' + outcome.detail + ')' if outcome.detail else ''}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Single-operator faults in the reference engine: do the generated "
                                                 "cases catch them?")
    parser.add_argument("systems", nargs="*", help=f"systems whose suites judge each mutant (default: {', '.join(SEEDS)})")
    parser.add_argument("--sample", type=int, default=0, metavar="N", help="only N mutants, drawn by --seed")
    parser.add_argument("--seed", default="0", help="the seed of --sample (default 0)")
    parser.add_argument("--files", action="append", default=[], metavar="GLOB", help="only engine modules matching")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="only the mutants so named, as --list names them (a glob: bidding-0009, 'play-00*')")
    parser.add_argument("--fuzz-seconds", type=float, default=5.0, metavar="S",
                        help="seconds of `touti fuzz` a system for each escaped mutant, 0 for none (default 5)")
    parser.add_argument("--json", metavar="FILE", help="write every outcome as JSON")
    parser.add_argument("--list", action="store_true", help="only list the mutants, run nothing")
    args = parser.parse_args(argv)
    chosen = [mutation for mutation in mutations(args.files)
              if not args.only or any(fnmatch.fnmatchcase(mutation.name, name) for name in args.only)]
    if args.sample and args.sample < len(chosen):
        chosen = sorted(random.Random(args.seed).sample(chosen, args.sample), key=lambda mu: (mu.module, mu.index))
    if args.list:
        for mutation in chosen:
            print(f"{mutation.name:<20} engine/{mutation.module}:{mutation.line}  {mutation.change}")
        return 0
    started, outcomes = time.monotonic(), []
    try:
        with tempfile.TemporaryDirectory(prefix="touti-engine-sweep-") as temporary:
            runner = EngineSweep(args.systems or list(SEEDS), Path(temporary), args.fuzz_seconds)
            for mutation in chosen:
                outcome = runner.judge(mutation)
                outcomes.append(outcome)
                print(line(outcome), flush=True)
    except ToutiError as error:  # an unknown system, a missing suite
        print(error, file=sys.stderr)
        return 2
    print(" ".join(f"{status} {sum(o.status == status for o in outcomes)}" for status in STATUSES),
          f"of {len(outcomes)} mutants in {time.monotonic() - started:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps([{"module": o.mutation.module, "line": o.mutation.line,
                                                "change": o.mutation.change, "status": o.status,
                                                "failing": o.failing, "detail": o.detail} for o in outcomes],
                                               indent=2) + "\n", encoding="utf-8")
    return 1 if any(o.status == "escaped-real" for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
