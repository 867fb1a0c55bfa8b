"""The typed, immutable model of a `.touti` spec.

A spec is a header (system id, optional base) and an ordered list of `Rule`s.  Every rule
has a stable id `section.key` (`deck.order`, `bidding.step`, `signal.bid_made`) and a
value node whose *type* says its shape (a number, a word, an order of ranks, a table...).
The parser builds these nodes from syntax shapes only; `schema.py` says which shape each
rule id takes and `checks.py` reports mismatches.  Back-ends dispatch on the node types.

Locations never take part in equality: two specs that differ only in layout are equal,
which is what the formatter round trip relies on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True, slots=True)
class Loc:
    """A position in a source file (1-based line and column)."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        """`file:line:col`, or only the file when there is no line (a missing file, the command line)."""
        return f"{self.file}:{self.line}:{self.column}" if self.line > 0 else self.file


NOWHERE = Loc("<model>", 0, 0)


def _loc() -> Loc:
    return field(default=NOWHERE, compare=False, repr=False)


def _item_locs():
    """Where each item of a list value was written (outside equality, like every location)."""
    return field(default=(), compare=False, repr=False)


class Node:
    """Abstract base of every model node; only its subclasses are instantiated."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls in _ABSTRACT:
            raise TypeError(f"{cls.__name__} is abstract")
        return super().__new__(cls)


# ---------------------------------------------------------------- condition expressions


class Expr(Node):
    """A boolean condition over the fixed vocabulary of state predicates (predicates.py)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Pred(Expr):
    """A named state predicate or quantity, with its arguments: `bid_made`, `made(signal)`,
    `declarations(team, plain)`, `tricks_won(team)`.  What each name means, where it may be
    used, what arguments it takes and whether it is a truth or a number is vocabulary.py's."""

    name: str
    args: tuple = ()
    loc: Loc = _loc()

    def __post_init__(self):
        if self.args is None:
            object.__setattr__(self, "args", ())
        elif not isinstance(self.args, tuple):
            object.__setattr__(self, "args", (self.args,))

    @property
    def arg(self):
        """The first argument, or None (most predicates take at most one)."""
        return self.args[0] if self.args else None


@dataclass(frozen=True, slots=True)
class Num(Expr):
    """A whole number inside a condition or a formula: `contract >= 100`, `2 * contract`."""

    value: int
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Compare(Expr):
    """A comparison of two numbers: `tricks_won(team) == 1`; `op` is one of >= > <= < == !=."""

    op: str
    left: Expr
    right: Expr
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Arith(Expr):
    """Arithmetic on numbers: `2 * contract`, `points(bidders) - contract`; `op` is + - or *."""

    op: str
    left: Expr
    right: Expr
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Neg(Expr):
    """A negated number: `-contract`."""

    operand: Expr
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class IfElse(Expr):
    """A choice between two numbers: `2 if capote(bidders) else 1`."""

    condition: Expr
    then: Expr
    otherwise: Expr
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Not(Expr):
    """Negation: `not made_at_level(signal)`."""

    operand: Expr
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class All(Expr):
    """Conjunction: `a and b and c`."""

    operands: tuple[Expr, ...]
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Any_(Expr):
    """Disjunction: `a or b`."""

    operands: tuple[Expr, ...]
    loc: Loc = _loc()


# ---------------------------------------------------------------- rule values (shapes)


class Value(Node):
    """The value of a rule; its subclass is the syntactic shape it was written in."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Number(Value):
    """An integer: `minimum: 70`."""

    value: int
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Word(Value):
    """A keyword from the rule's vocabulary: `pass: final`, `dealer: yes`."""

    value: str
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class WordList(Value):
    """Two or more keywords: `partner_exemption: overtake, overtrump`."""

    words: tuple[str, ...]
    loc: Loc = _loc()
    item_locs: tuple[Loc, ...] = _item_locs()


@dataclass(frozen=True, slots=True)
class Numbers(Value):
    """Two or more integers: `pair: 12, 11`."""

    values: tuple[int, ...]
    loc: Loc = _loc()
    item_locs: tuple[Loc, ...] = _item_locs()


@dataclass(frozen=True, slots=True)
class Cards(Value):
    """One card or more, each its rank then its suit's code, as the actions write it: `removed: 2c, 2o`."""

    cards: tuple[str, ...]
    loc: Loc = _loc()
    item_locs: tuple[Loc, ...] = _item_locs()


@dataclass(frozen=True, slots=True)
class Text(Value):
    """A quoted string, English first, then optional translations: `title: "Tute" fr "Tute" ar "التوتي"`."""

    value: str
    translations: tuple[tuple[str, str], ...] = ()
    loc: Loc = _loc()

    def text(self, lang: str = "en") -> str:
        """The text in `lang`, or the English text when the spec gives no translation."""
        return dict(self.translations).get(lang, self.value)

    def has(self, lang: str) -> bool:
        return lang == "en" or lang in dict(self.translations)


@dataclass(frozen=True, slots=True)
class Order(Value):
    """Ranks from strongest to weakest: `order: 1 > 3 > 12 > ...`."""

    ranks: tuple[int, ...]
    loc: Loc = _loc()
    item_locs: tuple[Loc, ...] = _item_locs()


@dataclass(frozen=True, slots=True)
class Groups(Value):
    """Seat groups: `teams: 0 2 | 1 3`."""

    groups: tuple[tuple[int, ...], ...]
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Setting(Value):
    """A per-table setting, its default and the allowed values: `target: 600 (400, 600, 1000)`."""

    default: int
    choices: tuple[int, ...]
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Entry(Node):
    """One row of a `Table`: `key = value flag...`; value None is written `none`."""

    key: int | str
    value: int | str | None
    flags: tuple[str, ...] = ()
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Table(Value):
    """Rows `key = value`: points per rank, ghna values, caps by contract level."""

    entries: tuple[Entry, ...]
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Label(Node):
    """A display label: English first, then optional translations `fr "..." ar "..."`."""

    texts: tuple[tuple[str, str], ...]
    loc: Loc = _loc()

    def text(self, lang: str = "en") -> str:
        for code, value in self.texts:
            if code == lang:
                return value
        return self.texts[0][1]

    def all(self, lang: str) -> tuple[str, ...]:
        """Every text given for `lang`, in order: the first is the label, the others its aliases."""
        return tuple(value for code, value in self.texts if code == lang)


@dataclass(frozen=True, slots=True)
class Decl(Node):
    """A declared name: `oros/o "Oros" aka dheb coins`, `12 "Rey" aka ray`, `las "I have an ace"`."""

    key: int | str
    code: str | None
    label: Label
    aliases: tuple[str, ...] = ()
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Decls(Value):
    """A list of declarations: the suits, the ranks, the values of a call."""

    items: tuple[Decl, ...]
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Formula(Value):
    """An expression written as a rule value: `made: 2 * contract`, `hand_value: 2 if points(winner) >= 101 else 1`.

    A lone number or word is parsed as `Number` / `Word`; `as_expr` reads either as a formula."""

    expr: Expr
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Requirement(Value):
    """A precondition: `require NAME: condition [when scope] [unless exception]`; all must hold.

    In a call it says when the call may be made; in the bidding, ghna, trump and concession
    sections it says when a bid, a declaration, the swap or a concession may be made.  With
    `when`, the condition is required only where the scope holds; with `unless`, not where
    the exception holds."""

    condition: Expr
    loc: Loc = _loc()
    when: Expr | None = None
    unless: Expr | None = None


@dataclass(frozen=True, slots=True)
class Obligation(Value):
    """A play duty: `must DUTY [when COND] [unless COND]`, applied in order, each 'if able'."""

    duty: str
    when: Expr | None = None
    unless: Expr | None = None
    loc: Loc = _loc()
    duty_loc: Loc = _loc()


# ---------------------------------------------------------------- rules and specs


@dataclass(frozen=True, slots=True)
class Rule(Node):
    """One rule: `section.key` with its value, its comments and where it was written.

    `kind` is "section" for the fixed sections (deck, bidding, ...) and "call" for a
    `call NAME { ... }` block, whose rules are named `NAME.key`.
    """

    section: str
    key: str
    value: Value
    kind: str = "section"
    comments: tuple[str, ...] = ()
    trailing: str | None = None
    loc: Loc = _loc()
    adds: bool = False  # in a variant, `add KEY: items`: items put into the base rule's list (flattening merges them)

    @property
    def id(self) -> str:
        return f"{self.section}.{self.key}"

    @property
    def decisions(self) -> tuple[str, ...]:
        """The Decision notes attached to this rule (comments starting `Decision:`)."""
        return decision_notes((*self.comments, self.trailing or ""))

    @property
    def notes(self) -> tuple[Note, ...]:
        """The Decision and house-rule notes attached to this rule, with their translations."""
        return spec_notes((*self.comments, self.trailing or ""))


@dataclass(frozen=True, slots=True)
class Removal(Node):
    """In a variant: `remove KEY` inside a section, or `remove SECTION` / `remove call NAME`.

    `remove KEY: items` takes only those items out of the base rule's list (`items` is their value).  In a `with N
    players` block, `remove SECTION` is written with `key` None and flattened into one removal per rule of the
    section, each `whole` (table_sizes.expand_whole_removals)."""

    section: str
    key: str | None
    kind: str = "section"
    comments: tuple[str, ...] = ()
    loc: Loc = _loc()
    items: Value | None = None
    whole: bool = False

    @property
    def as_written(self) -> str:
        """The removal as its line says it: `remove who`, or `remove concession` / `remove call signal` for a whole one."""
        if self.key is not None and not self.whole:
            return f"remove {self.key}"
        return f"remove call {self.section}" if self.kind == "call" else f"remove {self.section}"

    @property
    def notes(self) -> tuple[Note, ...]:
        """The Decision and house-rule notes attached to this removal, with their translations."""
        return spec_notes(self.comments)

    @property
    def target(self) -> str:
        if self.kind == "players":  # `remove with N players`: a whole block of the rules of N players
            return f"with {self.section} players"
        return self.section if self.key is None else f"{self.section}.{self.key}"


@dataclass(frozen=True, slots=True)
class Change(Node):
    """What a variant did to its base, kept after flattening for docs and diffs."""

    rule_id: str
    action: str  # "override" | "add" | "remove"
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class SeatRules(Node):
    """`with N players { SECTION { ... } ... }`: the rules that differ at a table of N players.

    Each rule replaces the spec's rule of its id, or adds it, when the table seats N; each
    of `removed` (`remove KEY`) takes the spec's rule of its id away at that table
    (`table_sizes.for_players` flattens them before any later stage)."""

    players: int
    rules: tuple[Rule, ...]
    loc: Loc = _loc()
    removed: tuple[Removal, ...] = ()


@dataclass(frozen=True, slots=True)
class Block(Node):
    """Where a block was written, for the formatter's layout only (never part of equality).

    `tag` is "block", "add", "drop" (a top-level `remove`) or "players" (a `with N players`
    block, whose one member is ("players", index into SpecFile.seat_rules)); `members` lists
    the block's rules and removals in written order as ("rule", index into SpecFile.rules) or
    ("remove", index into SpecFile.removals); `commented` says whether comments precede it.
    """

    name: str
    kind: str
    tag: str
    members: tuple[tuple[str, int], ...] = ()
    commented: bool = False
    loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class SpecFile(Node):
    """A parsed file, before its `extends` is resolved.

    `added` lists the sections a variant introduces with `add SECTION { ... }`;
    `seat_rules` the `with N players { ... }` blocks, in written order.
    `layout`, `extends_loc` and `system_loc` record how the file was written (formatter, error
    locations); they take no part in equality.
    """

    system: str
    extends: str | None
    version: int
    rules: tuple[Rule, ...]
    removals: tuple[Removal, ...] = ()
    added: tuple[str, ...] = ()
    seat_rules: tuple[SeatRules, ...] = ()
    header_comments: tuple[str, ...] = ()
    section_comments: tuple[tuple[str, tuple[str, ...]], ...] = ()
    footer_comments: tuple[str, ...] = ()
    path: str = field(default="<string>", compare=False)
    loc: Loc = _loc()
    layout: tuple[Block, ...] = field(default=(), compare=False, repr=False)
    extends_loc: Loc = _loc()
    system_loc: Loc = _loc()


@dataclass(frozen=True, slots=True)
class Spec(Node):
    """A complete, flattened spec: no later stage ever sees inheritance.

    `base` and `changes` remember the variant's relation to its base for docs and diffs.
    `seat_rules` are the rules that differ by the number of players (`with N players`),
    kept for the docs and the case generator; `table_size` is set on the spec of one
    number of players that `table_sizes.for_players` made of them: the checks and the
    engine then look at that number of players only.
    """

    system: str
    version: int
    rules: tuple[Rule, ...]
    base: str | None = None
    changes: tuple[Change, ...] = ()
    seat_rules: tuple[SeatRules, ...] = ()
    header_comments: tuple[str, ...] = ()
    section_comments: tuple[tuple[str, tuple[str, ...]], ...] = ()
    footer_comments: tuple[str, ...] = ()
    path: str = field(default="<string>", compare=False)
    loc: Loc = _loc()
    system_loc: Loc = _loc()
    table_size: int | None = field(default=None, compare=False)
    # rules by id and by section, built on the first look-up: every stage asks for rules by id or section,
    # and a scan of all the rules each time makes a large spec quadratic
    _index: _RuleIndex | None = field(default=None, init=False, compare=False, repr=False)

    def _rules_index(self) -> _RuleIndex:
        if self._index is None:
            object.__setattr__(self, "_index", _RuleIndex(self.rules))
        return self._index

    def rule(self, rule_id: str) -> Rule | None:
        return self._rules_index().by_id.get(rule_id)

    def value(self, rule_id: str) -> Value | None:
        rule = self.rule(rule_id)
        return None if rule is None else rule.value

    def has(self, rule_id: str) -> bool:
        return self.rule(rule_id) is not None

    def section(self, name: str) -> tuple[Rule, ...]:
        return self._rules_index().by_section.get(name, ())

    @property
    def calls(self) -> tuple[str, ...]:
        """Names of the call blocks, in spec order."""
        return self._rules_index().calls

    def is_call(self, name: str) -> bool:
        """Whether `name` is a call block: asked once per section, of specs that may hold thousands of calls."""
        return name in self._rules_index().call_set

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.rules)


class _RuleIndex:
    """A spec's rules by id (the first of an id, as a scan finds it), by section, and its call names in order."""

    __slots__ = ("by_id", "by_section", "calls", "call_set")

    def __init__(self, rules: tuple[Rule, ...]):
        self.by_id: dict[str, Rule] = {}
        sections: dict[str, list[Rule]] = {}
        calls: dict[str, None] = {}
        for rule in rules:
            self.by_id.setdefault(rule.id, rule)
            sections.setdefault(rule.section, []).append(rule)
            if rule.kind == "call":
                calls.setdefault(rule.section, None)
        self.by_section = {name: tuple(members) for name, members in sections.items()}
        self.calls = tuple(calls)
        self.call_set = frozenset(calls)


def seat_counts(spec: Spec) -> tuple[int, ...]:
    """The numbers of players the table may seat: the number, or every choice of the setting; only its own on the
    spec of one number of players (`Spec.table_size`)."""
    if spec.table_size is not None:
        return (spec.table_size,)
    value = spec.value("table.seats")
    if isinstance(value, Number):
        return (value.value,)
    if isinstance(value, Setting):
        return tuple(dict.fromkeys(value.choices))
    return ()


SIDES_PER_ROUND = ("bidder_against_rest", "bidder_and_called")


def sides_per_round(spec: Spec) -> bool:
    """Whether the sides are set anew each round by the contract (`table.teams` bidder_against_rest or
    bidder_and_called): the match is then kept per player."""
    value = spec.value("table.teams")
    return isinstance(value, Word) and value.value in SIDES_PER_ROUND


def as_expr(value: Value) -> Expr | None:
    """A rule value read as an expression: a formula, a lone number, or a lone word (a quantity's name)."""
    if isinstance(value, Formula):
        return value.expr
    if isinstance(value, Number):
        return Num(value.value, loc=value.loc)
    if isinstance(value, Word):
        return Pred(value.value, loc=value.loc)
    return None


def expr_nodes(expr: Expr):
    """Every node of an expression, outermost first."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (Not, Neg)):
            stack.append(node.operand)
        elif isinstance(node, (All, Any_)):
            stack.extend(reversed(node.operands))
        elif isinstance(node, (Compare, Arith)):
            stack.extend((node.right, node.left))
        elif isinstance(node, IfElse):
            stack.extend((node.otherwise, node.then, node.condition))


# A note comment starts `Decision:` or `House rule:`; `Decision[fr]:` / `House rule[ar]:` translate the note before it.
NOTE_KINDS = {"Decision": "decision", "House rule": "house"}
_NOTE_START = re.compile(r"^(Decision|House rule)(?:\[(fr|ar|es)\])?:\s*")


@dataclass(frozen=True, slots=True)
class Note:
    """A note of the spec shown on the rules page: a Decision or a house rule, with its translations."""

    kind: str  # "decision" | "house"
    texts: tuple[tuple[str, str], ...]  # ("en", ...) first, then ("fr", ...), ("ar", ...)

    def text(self, lang: str = "en") -> str:
        return dict(self.texts).get(lang, self.texts[0][1])

    def has(self, lang: str) -> bool:
        return lang in dict(self.texts)


def spec_notes(comments: tuple[str, ...]) -> tuple[Note, ...]:
    """Group comment lines into notes: a `Decision:` or `House rule:` line, its translations, the lines after each."""
    notes: list[tuple[str, list[tuple[str, list[str]]]]] = []
    for line in comments:
        start = _NOTE_START.match(line)
        if start and start.group(2) and notes and notes[-1][0] == NOTE_KINDS[start.group(1)]:
            notes[-1][1].append((start.group(2), [line[start.end():]]))
        elif start and not start.group(2):
            notes.append((NOTE_KINDS[start.group(1)], [("en", [line[start.end():]])]))
        elif notes and line:
            notes[-1][1][-1][1].append(line)
    return tuple(Note(kind, tuple((lang, " ".join(lines).strip()) for lang, lines in parts)) for kind, parts in notes)


def decision_notes(comments: tuple[str, ...]) -> tuple[str, ...]:
    """The English Decision notes of these comment lines, each starting `Decision:` (translations left out)."""
    return tuple(f"Decision: {note.text()}" for note in spec_notes(comments) if note.kind == "decision")


_ABSTRACT = {Node, Expr, Value}

ScalarKey = Union[int, str]
