"""Model nodes in words: conditions, duties and rule values as translated Markdown text.

Both visitors dispatch on the node type (`visit_<Class>`) and fail loudly on a node
type they do not know: a new node type must be given words here, never skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import model as m
from .. import schema
from ..vocabulary import CONTRACT_SIDES, DECLARATION_KINDS, RESULT_SIDES, SEAT_SIDES
from .catalog import Catalog

COMPARE_KEYS = {">=": "at_least", ">": "more_than", "<=": "at_most", "<": "less_than", "==": "equal", "!=": "not_equal"}
ARITH_KEYS = {"+": "plus", "-": "minus", "*": "times"}
SIDES = SEAT_SIDES + CONTRACT_SIDES + RESULT_SIDES

# Rules whose numbers are ranks, shown by their labels ("rey (12)").
RANK_RULES = frozenset({"ghna.pair", "ghna.tute", "trump.swap"})
# Tables keyed by rank: the key column shows rank labels.
RANK_KEYED_TABLES = frozenset({"deck.points"})


class Visitor:
    """Dispatch on the node's class name; an unhandled node type is an error, not a fall-through."""

    def visit(self, node):
        method = getattr(self, f"visit_{type(node).__name__}", None)
        if method is None:
            raise TypeError(f"{type(self).__name__} has no rendering for a {type(node).__name__} node")
        return method(node)


RTL_LETTER = re.compile(r"[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]")


def isolate(text: str) -> str:
    """Spec text set apart from the page's direction: left to right unless it is written in an RTL script."""
    return f"<bdi>{text}</bdi>" if RTL_LETTER.search(text) else f'<bdi dir="ltr">{text}</bdi>'


def code(text) -> str:
    """Inline code that survives table cells: pipes are escaped as HTML entities."""
    return f"<code>{str(text).replace('&', '&amp;').replace('<', '&lt;').replace('|', '&#124;')}</code>"


class ExprWords(Visitor):
    """A condition as a sentence: `not made(signal)` → "this player has not yet made the call `signal`…"."""

    def __init__(self, words: Catalog):
        self.words = words

    def visit_Pred(self, node: m.Pred) -> str:
        if self.words.has(f"pred_args.{node.name}"):
            return self.words.text(f"pred_args.{node.name}", **self._arg_fields(node.args))
        sentence = self.words.text(f"pred.{node.name}")
        return self._about_call(sentence, node.arg)

    def _arg_fields(self, args: tuple) -> dict:
        """A term's arguments in words: `side` (who) and `what` (a kind, a suit, a rank, trumps or the led suit)."""
        side, what = self.words.text("arg.any_side"), self.words.text("arg.any_kind")
        for arg in args:
            if arg in SIDES:
                side = self.words.text(f"arg.side.{arg}")
            elif arg in DECLARATION_KINDS or arg == "led":
                what = self.words.text(f"arg.kind.{arg}")
            else:
                what = code(arg)
        return {"side": side, "what": what}

    def visit_Num(self, node: m.Num) -> str:
        return str(node.value)

    def visit_Compare(self, node: m.Compare) -> str:
        return self.words.text(f"expr.compare.{COMPARE_KEYS[node.op]}", left=self.visit(node.left),
                               right=self.visit(node.right))

    def visit_Arith(self, node: m.Arith) -> str:
        return self.words.text(f"expr.arith.{ARITH_KEYS[node.op]}", left=self.visit(node.left),
                               right=self.visit(node.right))

    def visit_Neg(self, node: m.Neg) -> str:
        return self.words.text("expr.neg", item=self.visit(node.operand))

    def visit_IfElse(self, node: m.IfElse) -> str:
        return self.words.text("expr.if_else", then=self.visit(node.then), condition=self.visit(node.condition),
                               otherwise=self.visit(node.otherwise))

    def visit_Not(self, node: m.Not) -> str:
        if isinstance(node.operand, (m.All, m.Any_)) and len(node.operand.operands) == 1:
            return self.visit(m.Not(node.operand.operands[0]))
        if isinstance(node.operand, m.Pred) and not self.words.has(f"pred_args.{node.operand.name}"):
            sentence = self.words.text(f"pred_not.{node.operand.name}")
            return self._about_call(sentence, node.operand.arg)
        return self.words.text("expr.not", item=self.visit(node.operand))

    def visit_All(self, node: m.All) -> str:
        return self._combined("expr.all_of", node.operands)

    def visit_Any_(self, node: m.Any_) -> str:
        return self._combined("expr.any_of", node.operands)

    def _combined(self, key: str, operands) -> str:
        if len(operands) == 1:  # the parser may wrap a lone condition
            return self.visit(operands[0])
        return self.words.text(key, items=self._joined(operands))

    def _joined(self, operands) -> str:
        return self.words.text("expr.separator").join(self.visit(operand) for operand in operands)

    def _about_call(self, sentence: str, call: str | None) -> str:
        return sentence if call is None else self.words.text("expr.about_call", sentence=sentence, call=code(call))


@dataclass(frozen=True)
class Rendered:
    """A rule value in words: an inline sentence and, for tables, the rows under two headings."""

    inline: str
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()


class ValueWords(Visitor):
    """A rule value in words, for one rule of one spec (rank labels come from the spec's deck)."""

    def __init__(self, words: Catalog, spec: m.Spec, rule: m.Rule, vocabulary_id: str):
        self.words = words
        self.spec = spec
        self.rule = rule
        self.vocabulary_id = vocabulary_id
        self.conditions = ExprWords(words)

    # -- helpers
    def rank(self, rank) -> str:
        label = rank_labels(self.spec, self.words.lang).get(rank, str(rank))
        return str(rank) if label == str(rank) else self.words.text("value.rank", label=label, rank=rank)

    def word(self, word: str) -> str:
        if self.vocabulary_id == "play.partner_exemption" and self.spec.has(f"play.{word}"):
            return f"[{code(word)}](#play-{word})"  # names a duty of this spec, not a vocabulary word
        return self.words.first(f"word.{self.vocabulary_id}.{word}", f"word.{word}")

    def number(self, number: int) -> str:
        return self.rank(number) if self.rule.id in RANK_RULES else str(number)

    def listed(self, items) -> str:
        return self.words.text("value.list_separator").join(items)

    # -- value shapes
    def visit_Number(self, node: m.Number) -> Rendered:
        if self.rule.id in schema.EXPRESSION_RULES:
            return self.visit_Formula(m.Formula(m.as_expr(node)))
        return Rendered(self.number(node.value))

    def visit_Word(self, node: m.Word) -> Rendered:
        if self.rule.id in schema.EXPRESSION_RULES:
            return self.visit_Formula(m.Formula(m.as_expr(node)))
        return Rendered(self.word(node.value))

    def visit_Formula(self, node: m.Formula) -> Rendered:
        return Rendered(self.conditions.visit(node.expr))

    def visit_WordList(self, node: m.WordList) -> Rendered:
        return Rendered(self.words.text("value.word_separator").join(self.word(w) for w in node.words))

    def visit_Numbers(self, node: m.Numbers) -> Rendered:
        return Rendered(self.listed(self.number(n) for n in node.values))

    def visit_Text(self, node: m.Text) -> Rendered:
        return Rendered(isolate(node.value))

    def visit_Order(self, node: m.Order) -> Rendered:
        return Rendered(self.words.text("value.order_separator").join(self.rank(r) for r in node.ranks))

    def visit_Groups(self, node: m.Groups) -> Rendered:
        teams = (self.words.text("value.team", seats=self.listed(str(s) for s in group)) for group in node.groups)
        return Rendered(self.words.text("value.teams_separator").join(teams))

    def visit_Setting(self, node: m.Setting) -> Rendered:
        if node.choices in ((), (node.default,)):
            return Rendered(str(node.default))
        choices = self.listed(str(c) for c in node.choices)
        return Rendered(self.words.text("value.setting", default=node.default, choices=choices))

    def visit_Table(self, node: m.Table) -> Rendered:
        if self.rule.id == "ghna.minimums":
            return self.minimums_by_level(node)
        headers = (self.words.text(f"table.{self.vocabulary_id}.key"), self.words.text(f"table.{self.vocabulary_id}.value"))
        rows = tuple((self.entry_key(e.key), self.entry_value(e)) for e in node.entries)
        return Rendered(self.words.text("value.see_table"), headers, rows)

    def minimums_by_level(self, node: m.Table) -> Rendered:
        """Lowest contracts per kind of ghna, turned into a table by contract level: what each level allows."""
        lowest = self.spec.value("bidding.minimum")
        minimums = {e.key: e.value for e in node.entries if isinstance(e.value, int)}
        levels = sorted({*minimums.values(), *([lowest.value] if isinstance(lowest, m.Number) else [])})
        rows = []
        for level in levels:
            allowed = [self.kind_with_points(kind) for kind, minimum in minimums.items() if minimum <= level]
            rows.append((str(level), self.listed(allowed) if allowed else self.words.text("value.nothing")))
        headers = (self.words.text("table.ghna.caps.key"), self.words.text("table.ghna.minimums.value"))
        sentence = self.listed(self.words.text("value.kind_from", kind=self.kind_with_points(k), level=v)
                               for k, v in minimums.items())
        return Rendered(sentence, headers, tuple(rows))

    def kind_with_points(self, kind: str) -> str:
        """A kind of ghna with its value from ghna.values: "20 in a plain suit"."""
        values = self.spec.value("ghna.values")
        points = {e.key: e.value for e in values.entries} if isinstance(values, m.Table) else {}
        return self.words.text("value.kind_points", points=points.get(kind, "?"), kind=self.word(kind))

    def visit_Decls(self, node: m.Decls) -> Rendered:
        columns = {
            "key": [code(d.key) for d in node.items],
            "code": [code(d.code) if d.code else "" for d in node.items],
            "label": [isolate(d.label.text(self.words.lang)) for d in node.items],
            "aliases": [", ".join(d.aliases) for d in node.items],
        }
        shown = [name for name, cells in columns.items() if name in ("key", "label") or any(cells)]
        headers = tuple(self.words.text(f"decls.{name}") for name in shown)
        rows = tuple(zip(*(columns[name] for name in shown)))
        return Rendered(self.words.text("value.see_table"), headers, rows)

    def visit_Requirement(self, node: m.Requirement) -> Rendered:
        text = self.conditions.visit(node.condition)
        if node.when is not None:
            text += self.words.text("duty.when", condition=self.conditions.visit(node.when))
        if node.unless is not None:
            text += self.words.text("duty.unless", condition=self.conditions.visit(node.unless))
        return Rendered(text)

    def visit_Obligation(self, node: m.Obligation) -> Rendered:
        text = self.words.text("duty.must", duty=self.words.text(f"duty.{node.duty}"))
        if node.when is not None:
            text += self.words.text("duty.when", condition=self.conditions.visit(node.when))
        if node.unless is not None:
            text += self.words.text("duty.unless", condition=self.conditions.visit(node.unless))
        return Rendered(text)

    # -- table cells
    def entry_key(self, key) -> str:
        if isinstance(key, int):
            return self.rank(key) if self.rule.id in RANK_KEYED_TABLES else str(key)
        return self.word(key)

    def entry_value(self, entry: m.Entry) -> str:
        value = self.word("none") if entry.value is None else str(entry.value)
        flags = [self.word(flag) for flag in entry.flags]
        return self.words.text("value.list_separator").join([value, *flags])


def rank_labels(spec: m.Spec, lang: str) -> dict:
    """Rank number → label in `lang`, from the spec's deck.ranks."""
    ranks = spec.value("deck.ranks")
    if not isinstance(ranks, m.Decls):
        return {}
    return {decl.key: decl.label.text(lang) for decl in ranks.items}
