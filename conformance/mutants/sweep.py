"""Mutation sweep: every single-rule mutant of a system's spec, and does `touti conform` catch it on that rule?

    python conformance/mutants/sweep.py [SYSTEM ...] [--jobs 1] [--sample N] [--rules GLOB] [--fuzz-seconds S]
                                        [--cases DIR] [--keep DIR] [--json FILE]
    make sweep                                  # the four seed systems, every mutant (a few minutes a system)

The hand-written mutants of mutants.json are chosen by people; this script enumerates them
from the typed model instead.  For each rule of the flattened spec (descriptive rules and the
foundation of deck and table aside, see `cases/coverage.py`), every alternative the language
allows for its value: the other words of its vocabulary, a number one and ten up or down, a
rank replaced by its neighbours in the order, two neighbouring ranks of the order swapped, a
card taken out (`deck.removed`) replaced by its rank in the next suit, a
table entry changed, dropped or flagged, a list item dropped or added, a condition negated or
one of its terms dropped, a comparison's operator changed, a duty's word changed or its
`when` / `unless` dropped or negated, an optional rule removed, two neighbouring duties
applied in the other order (`play.order`).  Each is written as a house spec that `extends`
the system and changes that one rule.  Mutants `touti check` refuses are dropped (counted);
the others are served by `touti adapter MUTANT --as SYSTEM` and run on the committed suite
`generated/SYSTEM` (or `--cases DIR`'s), then sorted:

- caught       a failing case is blamed on the mutated rule (the measure of mutants.json);
- wrong blame  cases fail, but none is blamed on the mutated rule;
- escaped      every case passes.  `touti fuzz` then plays the mutant for --fuzz-seconds:
  a divergence makes it a real gap (escaped-real, with the rule fuzz blames), none an
  equivalent mutant as far as random play can tell (equivalent).

Exit 0 when nothing escaped for real and nothing was blamed wrongly, 1 otherwise.  Not part
of the default test suite (tests/conformance/test_sweep.py runs a small fixed sample).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SEEDS = ("atlas-carta", "tutti-ma", "touti-app", "tute")
TIMEOUT = 20.0

if str(ROOT) not in sys.path:  # run as a script from a fresh checkout
    sys.path.insert(0, str(ROOT))

from touti_dsl import model as m  # noqa: E402
from touti_dsl import schema  # noqa: E402
from touti_dsl.cases.coverage import DESCRIPTIVE, FOUNDATION  # noqa: E402
from touti_dsl.conformance.cases import load_cases, system_case_dir  # noqa: E402
from touti_dsl.conformance.report import summarize  # noqa: E402
from touti_dsl.conformance.runner import FAILING, ImplUnusable, RunSettings, run_cases  # noqa: E402
from touti_dsl.deck_cards import card_parts  # noqa: E402
from touti_dsl.errors import ToutiError, render  # noqa: E402
from touti_dsl.formatter import format_spec_file, render_expr, render_items  # noqa: E402
from touti_dsl.loader import load_named, load_spec  # noqa: E402
from touti_dsl.vocabulary import DUTIES  # noqa: E402

COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
ARITHMETIC = ("+", "-", "*")
FLAGS = {"ghna.caps": ("plain_only",)}  # the entry flags a table rule may carry


# ---------------------------------------------------------------- mutations


@dataclass(frozen=True)
class Mutation:
    """One single-rule change of a system: the rule it breaks, in words, and the override or removal that writes it."""

    system: str
    rule: str
    change: str
    override: m.Rule | None = None
    removal: m.Removal | None = None
    also: tuple[str, ...] = ()  # other rule ids a catch may rightly be blamed on (the second duty of a reordering)

    @property
    def targets(self) -> tuple[str, ...]:
        return (self.rule, *self.also)

    def text(self, name: str) -> str:
        """The mutant as a house spec: `system NAME extends SYSTEM`, then the one change."""
        title = m.Rule("system", "title", m.Text(f"Sweep mutant: {self.rule}: {self.change}"))
        spec_file = m.SpecFile(system=name, extends=self.system, version=1,
                               rules=(title, *([self.override] if self.override else [])),
                               removals=(self.removal,) if self.removal else ())
        return format_spec_file(spec_file)


def mutations(spec: m.Spec) -> list[Mutation]:
    """Every single-rule mutant of a flattened spec, in rule order (see the module docstring)."""
    found: list[Mutation] = []
    for rule in spec.rules:
        if rule.id in DESCRIPTIVE or rule.id in FOUNDATION or _is_label(rule):
            continue
        for change, value in _alternatives(spec, rule):
            found.append(Mutation(spec.system, rule.id, change, override=replace(rule, value=value, comments=(), trailing=None)))
        if _removable(rule):
            found.append(Mutation(spec.system, rule.id, "removed", removal=m.Removal(rule.section, rule.key, rule.kind)))
    return found + _reorderings(spec)


def _is_label(rule: m.Rule) -> bool:
    return rule.kind == "call" and rule.key == "title"


def _removable(rule: m.Rule) -> bool:
    found = schema.spec_for(rule)
    return found is not None and not found.required


def _alternatives(spec: m.Spec, rule: m.Rule) -> Iterator[tuple[str, m.Value]]:
    """(what changed, the new value) for each alternative of a rule's value."""
    value = rule.value
    shown = ", ".join(render_items(value)) if not isinstance(value, (m.Requirement, m.Obligation)) else ""
    if isinstance(value, m.Word):
        for word in _vocabulary(spec, rule):
            if word != value.value:
                yield f"{value.value} -> {word}", m.Word(word)
        if value.value == "none" and m.Numbers in _shapes(rule) and spec.has("ghna.pair"):
            yield f"none -> {_items(spec.value('ghna.pair'))}", spec.value("ghna.pair")
    elif isinstance(value, m.WordList):
        yield from _word_list_alternatives(spec, rule, value)
    elif isinstance(value, m.Number):
        for number in _near(value.value):
            yield f"{value.value} -> {number}", m.Number(number)
    elif isinstance(value, m.Numbers):
        yield from _rank_list_alternatives(spec, value)
    elif isinstance(value, m.Cards):
        yield from _card_alternatives(spec, value)
    elif isinstance(value, m.Order):
        for i in range(len(value.ranks) - 1):
            ranks = list(value.ranks)
            ranks[i], ranks[i + 1] = ranks[i + 1], ranks[i]
            yield f"{ranks[i + 1]} and {ranks[i]} swapped", m.Order(tuple(ranks))
    elif isinstance(value, m.Table):
        yield from _table_alternatives(rule, value)
    elif isinstance(value, m.Setting):
        for number in (*_near(value.default), *(c for c in value.choices if c != value.default)):
            choices = tuple(sorted({number, *(c for c in value.choices if c != value.default)}))
            yield f"{shown} -> {number} ({', '.join(map(str, choices))})", m.Setting(number, choices)
    elif isinstance(value, m.Decls) and rule.kind == "call" and len(value.items) > 1:
        for item in value.items:
            yield f"value {item.key} dropped", m.Decls(tuple(d for d in value.items if d is not item))
    elif isinstance(value, m.Requirement):
        for change, expr in _condition_variants(value.condition):
            yield change, replace(value, condition=expr)
    elif isinstance(value, m.Obligation):
        yield from _obligation_alternatives(value)
    elif isinstance(value, m.Formula):
        for change, expr in _expr_variants(value.expr, truth=schema.EXPRESSION_RULES.get(rule.id, ("", "truth"))[1] == "truth"):
            yield change, m.Formula(expr)


def _shapes(rule: m.Rule) -> tuple[type, ...]:
    found = schema.spec_for(rule)
    return found.shapes if found else ()


def _vocabulary(spec: m.Spec, rule: m.Rule) -> tuple[str, ...]:
    """The words a rule may take: its schema words, or the play duties' rule keys for the rules that name duties."""
    if rule.id in ("play.partner_exemption", "play.order"):
        return _duty_keys(spec)
    found = schema.spec_for(rule)
    return found.words if found else ()


def _duty_keys(spec: m.Spec) -> tuple[str, ...]:
    return tuple(rule.key for rule in spec.section("play") if isinstance(rule.value, m.Obligation))


def _items(value: m.Value) -> str:
    return ", ".join(render_items(value))


def _near(number: int) -> list[int]:
    """A number one up and down, and ten up and down for a multiple of ten; never negative."""
    steps = (1, 10) if number % 10 == 0 and number >= 10 else (1,)
    return sorted({n for step in steps for n in (number - step, number + step) if n >= 0})


def _word_list_alternatives(spec: m.Spec, rule: m.Rule, value: m.WordList) -> Iterator[tuple[str, m.Value]]:
    for word in value.words:
        rest = tuple(w for w in value.words if w != word)
        yield f"{word} dropped", (m.WordList(rest) if len(rest) > 1 else m.Word(rest[0]))
    for word in _vocabulary(spec, rule):
        if word not in value.words and word != "none":
            yield f"{word} added", m.WordList((*value.words, word))


def _rank_list_alternatives(spec: m.Spec, value: m.Numbers) -> Iterator[tuple[str, m.Value]]:
    """Each rank replaced by its neighbours in the deck's order; each rank dropped from a list of several."""
    order = spec.value("deck.order")
    ranks = order.ranks if isinstance(order, m.Order) else ()
    for i, rank in enumerate(value.values):
        if rank in ranks:
            at = ranks.index(rank)
            for other in (ranks[j] for j in (at - 1, at + 1) if 0 <= j < len(ranks)):
                changed = (*value.values[:i], other, *value.values[i + 1:])
                yield f"{rank} -> {other}", (m.Numbers(changed) if len(changed) > 1 else m.Number(other))
        if len(value.values) > 1:
            rest = tuple(r for r in value.values if r != rank)
            yield f"{rank} dropped", (m.Numbers(rest) if len(rest) > 1 else m.Number(rest[0]))


def _card_alternatives(spec: m.Spec, value: m.Cards) -> Iterator[tuple[str, m.Value]]:
    """`deck.removed`: each card taken out replaced by the card of its rank in the next suit (the wrong card out)."""
    suits = spec.value("deck.suits")
    codes = [d.code for d in suits.items] if isinstance(suits, m.Decls) else []
    for i, card in enumerate(value.cards):
        rank, code = card_parts(card)
        other = f"{rank}{codes[(codes.index(code) + 1) % len(codes)]}" if code in codes else None
        if other is not None and other not in value.cards:
            yield f"{card} -> {other}", m.Cards((*value.cards[:i], other, *value.cards[i + 1:]))


def _table_alternatives(rule: m.Rule, value: m.Table) -> Iterator[tuple[str, m.Value]]:
    """Each entry's number one (and ten) up and down, a `none` made its neighbour's number, an entry dropped, a flag toggled."""
    entries = value.entries
    for i, entry in enumerate(entries):
        def with_entry(new: m.Entry | None) -> m.Table:
            return m.Table(tuple(e for e in (*entries[:i], new, *entries[i + 1:]) if e is not None))
        if isinstance(entry.value, int):
            for number in _near(entry.value):
                yield f"{entry.key} = {entry.value} -> {number}", with_entry(replace(entry, value=number))
        elif entry.value is None and i > 0 and isinstance(entries[i - 1].value, int):
            yield f"{entry.key} = none -> {entries[i - 1].value}", with_entry(replace(entry, value=entries[i - 1].value))
        if len(entries) > 1:
            yield f"{entry.key} = ... dropped", with_entry(None)
        for flag in FLAGS.get(rule.id, ()):
            flags = tuple(f for f in entry.flags if f != flag) if flag in entry.flags else (*entry.flags, flag)
            yield f"{entry.key}: {flag} {'dropped' if flag in entry.flags else 'added'}", with_entry(replace(entry, flags=flags))


def _obligation_alternatives(value: m.Obligation) -> Iterator[tuple[str, m.Value]]:
    for duty in DUTIES:
        if duty != value.duty:
            yield f"must {value.duty} -> must {duty}", replace(value, duty=duty)
    for scope in ("when", "unless"):
        condition = getattr(value, scope)
        if condition is not None:
            yield f"{scope} {render_expr(condition)} dropped", replace(value, **{scope: None})
            for change, expr in _condition_variants(condition):
                yield f"{scope}: {change}", replace(value, **{scope: expr})


def _condition_variants(expr: m.Expr) -> Iterator[tuple[str, m.Expr]]:
    """A condition negated as a whole, then the changes inside it."""
    if isinstance(expr, m.Not):
        yield f"not dropped from {render_expr(expr)}", expr.operand
    else:
        yield f"{render_expr(expr)} negated", m.Not(expr)
    yield from _expr_variants(expr, truth=True, top=True)


def _expr_variants(expr: m.Expr, truth: bool, top: bool = False) -> Iterator[tuple[str, m.Expr]]:
    """Changes inside an expression: a term of `and`/`or` dropped or negated, and/or swapped, an operator or number changed."""
    if isinstance(expr, (m.All, m.Any_)):
        other, word = (m.Any_, "and -> or") if isinstance(expr, m.All) else (m.All, "or -> and")
        yield f"{render_expr(expr)}: {word}", other(expr.operands)
        for i, operand in enumerate(expr.operands):
            rest = (*expr.operands[:i], *expr.operands[i + 1:])
            yield f"{render_expr(operand)} dropped", (rest[0] if len(rest) == 1 else type(expr)(rest))
            for change, new in _expr_variants(operand, truth=True) if not isinstance(operand, m.Not) else ():
                yield change, type(expr)((*expr.operands[:i], new, *expr.operands[i + 1:]))
            negated = operand.operand if isinstance(operand, m.Not) else m.Not(operand)
            yield f"{render_expr(operand)} negated", type(expr)((*expr.operands[:i], negated, *expr.operands[i + 1:]))
    elif isinstance(expr, m.Not) and not top:
        for change, new in _expr_variants(expr.operand, truth=True):
            yield change, m.Not(new)
    elif isinstance(expr, m.Compare):
        for op in COMPARISONS:
            if op != expr.op:
                yield f"{render_expr(expr)}: {expr.op} -> {op}", replace(expr, op=op)
        yield from _sides(expr)
    elif isinstance(expr, m.Arith):
        for op in ARITHMETIC:
            if op != expr.op:
                yield f"{render_expr(expr)}: {expr.op} -> {op}", replace(expr, op=op)
        yield from _sides(expr)
    elif isinstance(expr, m.Num) and not truth:
        for number in _near(expr.value):
            yield f"{expr.value} -> {number}", m.Num(number)
    elif isinstance(expr, m.IfElse):
        for change, new in _expr_variants(expr.condition, truth=True):
            yield change, replace(expr, condition=new)
        yield f"{render_expr(expr.condition)} negated", replace(expr, condition=m.Not(expr.condition))


def _sides(expr: m.Compare | m.Arith) -> Iterator[tuple[str, m.Expr]]:
    for side in ("left", "right"):
        for change, new in _expr_variants(getattr(expr, side), truth=False):
            yield change, replace(expr, **{side: new})


def _reorderings(spec: m.Spec) -> list[Mutation]:
    """Two neighbouring play duties applied in the other order (`play.order`), each pair once."""
    order = spec.value("play.order")
    keys = list(order.words if isinstance(order, m.WordList) else _duty_keys(spec))
    found = []
    for i in range(len(keys) - 1):
        swapped = [*keys[:i], keys[i + 1], keys[i], *keys[i + 2:]]
        rule = m.Rule("play", "order", m.WordList(tuple(swapped)))
        found.append(Mutation(spec.system, f"play.{keys[i]}", f"applied after play.{keys[i + 1]}", override=rule,
                              also=(f"play.{keys[i + 1]}", "play.order")))
    return found


# ---------------------------------------------------------------- running them


@dataclass
class Outcome:
    """What became of one mutant."""

    mutation: Mutation
    name: str
    status: str  # refused | unchanged | caught | wrong-blame | escaped-real | equivalent | unusable
    failing: tuple[str, ...] = ()  # the rules failing cases were blamed on
    detail: str = ""
    extra: dict = field(default_factory=dict)

    def data(self) -> dict:
        mutation = self.mutation
        return {"name": self.name, "system": mutation.system, "rule": mutation.rule, "change": mutation.change,
                "targets": list(mutation.targets), "status": self.status, "failing": list(self.failing),
                "detail": self.detail, **self.extra}


class Sweep:
    """The mutants of one system, written under `folder`, judged on the cases of `cases`."""

    def __init__(self, system: str, folder: Path, cases: Path | None, fuzz_seconds: float):
        self.system, self.folder, self.fuzz_seconds = system, folder, fuzz_seconds
        self.base = load_named(system)
        self.cases = [c for c in load_cases(cases / system if cases else system_case_dir(system, ROOT)) if c["system"] == system]

    def judge(self, index: int, mutation: Mutation) -> Outcome:
        name = f"sweep-{self.system}-{index:03d}"
        path = self.folder / f"{name}.touti"
        path.write_text(mutation.text(name), encoding="utf-8")
        try:
            spec = load_spec(path)
        except ToutiError as error:
            return Outcome(mutation, name, "refused", detail=error.diagnostics[0].code)
        if _values(spec) == _values(self.base):
            return Outcome(mutation, name, "unchanged")
        try:
            failing = self._failing(path)
        except ImplUnusable as error:
            return Outcome(mutation, name, "unusable", detail=str(error).splitlines()[0])
        if any(rule in failing for rule in mutation.targets):
            return Outcome(mutation, name, "caught", failing)
        if failing:
            return Outcome(mutation, name, "wrong-blame", failing)
        return self._fuzzed(mutation, name, path)

    def _failing(self, path: Path) -> tuple[str, ...]:
        argv = [sys.executable, "-m", "touti_dsl", "adapter", str(path), "--as", self.system]
        summary = summarize(run_cases(self.cases, RunSettings(argv, jobs=1, timeout=TIMEOUT)))
        return tuple(rule for rule, counts in summary.by_rule.items() if any(counts[s] for s in FAILING))

    def _fuzzed(self, mutation: Mutation, name: str, path: Path) -> Outcome:
        """An escaped mutant played by `touti fuzz`: a divergence is a real gap, none an equivalent mutant."""
        if not self.fuzz_seconds:
            return Outcome(mutation, name, "escaped", detail="not fuzzed")
        impl = f"{sys.executable} -m touti_dsl adapter {path} --as {self.system}"
        argv = [sys.executable, "-m", "touti_dsl", "fuzz", "--impl", impl, "--system", self.system, "--seed", "1",
                "--seconds", str(self.fuzz_seconds), "--format", "json", "--shrink-runs", "100",
                "--out", str(self.folder / f"{name}-fuzz")]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=self.fuzz_seconds + 300)
        except subprocess.TimeoutExpired:  # shrinking a divergence took too long: still an escape, undecided
            return Outcome(mutation, name, "escaped", detail="touti fuzz did not finish")
        try:
            report = json.loads(done.stdout)
        except json.JSONDecodeError:
            return Outcome(mutation, name, "escaped", detail=f"fuzz exit {done.returncode}: {done.stderr.strip()[-200:]}")
        divergence = report.get("divergence")
        if not divergence:
            return Outcome(mutation, name, "equivalent", detail=f"no divergence in {report.get('rounds')} fuzz rounds")
        return Outcome(mutation, name, "escaped-real", (divergence.get("rule", ""),),
                       detail=f"fuzz diverges on {divergence.get('rule')}", extra={"fuzz": divergence})


def _values(spec: m.Spec) -> dict[str, m.Value]:
    return {rule.id: rule.value for rule in spec.rules}


def sweep(systems: list[str], args, folder: Path) -> list[Outcome]:
    outcomes: list[Outcome] = []
    for system in systems:
        runner = Sweep(system, folder, Path(args.cases) if args.cases else None, args.fuzz_seconds)
        chosen = list(enumerate(mutations(runner.base)))
        if args.rules:
            chosen = [(i, mu) for i, mu in chosen if any(fnmatch.fnmatchcase(mu.rule, g) for g in args.rules)]
        if args.sample and args.sample < len(chosen):
            chosen = sorted(random.Random(f"{args.seed}/{system}").sample(chosen, args.sample), key=lambda p: p[0])
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for outcome in pool.map(lambda pair: runner.judge(*pair), chosen):
                outcomes.append(outcome)
                if args.verbose or outcome.status not in ("caught", "refused", "unchanged"):
                    print(line(outcome), flush=True)
    return outcomes


# ---------------------------------------------------------------- report

STATUSES = ("caught", "wrong-blame", "escaped-real", "equivalent", "escaped", "refused", "unchanged", "unusable")


def line(outcome: Outcome) -> str:
    mutation = outcome.mutation
    blamed = f"  blamed: {', '.join(outcome.failing)}" if outcome.failing and outcome.status != "caught" else ""
    detail = f"  ({outcome.detail})" if outcome.detail else ""
    return f"{outcome.status:<12} {outcome.name:<24} {mutation.rule}: {mutation.change}{blamed}{detail}"


def table(outcomes: list[Outcome]) -> str:
    """Mutants per system by status, then the totals."""
    systems = list(dict.fromkeys(o.mutation.system for o in outcomes))
    shown = [s for s in STATUSES if any(o.status == s for o in outcomes)]
    rows = [["system", "mutants", *shown]]
    for system in [*systems, "total"]:
        mine = [o for o in outcomes if system in ("total", o.mutation.system)]
        rows.append([system, str(len(mine)), *(str(sum(o.status == s for o in mine)) for s in shown)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Enumerate the single-rule mutants of each system and check that "
                                                 "touti conform catches each on its rule.")
    parser.add_argument("systems", nargs="*", help=f"systems to sweep (default: {', '.join(SEEDS)})")
    parser.add_argument("--jobs", type=int, default=1, help="mutants judged in parallel (default 1)")
    parser.add_argument("--sample", type=int, default=0, metavar="N", help="only N mutants a system, drawn by --seed")
    parser.add_argument("--seed", default="0", help="the seed of --sample (default 0)")
    parser.add_argument("--rules", action="append", default=[], metavar="GLOB", help="only mutants of matching rule ids")
    parser.add_argument("--cases", metavar="DIR", help="run the suites DIR/SYSTEM instead of generated/SYSTEM")
    parser.add_argument("--fuzz-seconds", type=float, default=10.0, metavar="S",
                        help="seconds of `touti fuzz` for each escaped mutant, 0 for none (default 10)")
    parser.add_argument("--keep", metavar="DIR", help="write the mutants (and fuzz cases) here and keep them")
    parser.add_argument("--json", metavar="FILE", help="write every outcome as JSON")
    parser.add_argument("--list", action="store_true", help="only list the mutants, run nothing")
    parser.add_argument("--verbose", action="store_true", help="a line for every mutant, caught or not")
    args = parser.parse_args(argv)
    systems = args.systems or list(SEEDS)
    try:
        if args.list:
            for system in systems:
                for i, mutation in enumerate(mutations(load_named(system))):
                    print(f"sweep-{system}-{i:03d}  {mutation.rule}: {mutation.change}")
            return 0
        started = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="touti-sweep-") as temporary:
            folder = Path(args.keep or temporary)
            folder.mkdir(parents=True, exist_ok=True)
            outcomes = sweep(systems, args, folder)
    except ToutiError as error:  # an unknown system, a missing or broken suite
        print(render(error.diagnostics), file=sys.stderr)
        return 2
    print(table(outcomes))
    print(f"{len(outcomes)} mutants in {time.monotonic() - started:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps([o.data() for o in outcomes], indent=2) + "\n", encoding="utf-8")
    return 1 if any(o.status in ("wrong-blame", "escaped-real", "escaped") for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
