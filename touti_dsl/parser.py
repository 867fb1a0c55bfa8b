"""Parse `.touti` text into a `SpecFile`: syntax shapes become typed nodes, nothing more.

The parser never validates: whether `deck.order` really is a permutation of the ranks,
or whether `minimun` is a rule at all, is for `checks.py`.  It reports only what stops
it from building the model: syntax errors, and input too large or too deeply nested to
be read safely.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from dataclasses import fields
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import lalr_run
from . import model as m
from .errors import Diagnostic, ToutiError
from .lines import OTHER_LINE_BREAKS, break_name, normalize_line_ends, split_lines, unusual_hint, unusual_name
from .source import MAX_SOURCE_BYTES, read_source, too_large

__all__ = ["MAX_SOURCE_BYTES", "parse_file", "parse_text", "read_source"]

MAX_NESTING = 32
MAX_NUMBER_DIGITS = 18  # any count, score or bid fits; longer runs of digits are a mistake (and slow to convert)

_TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "CARD": "a card (`2c`)",
    "STRING": "a quoted string",
    "LANG": "a language code",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


_LARK_OPTIONS = dict(parser="lalr", propagate_positions=False, maybe_placeholders=False)  # positions: see _Reductions


@lru_cache(maxsize=1)
def _lark() -> Lark:
    """The parser, built once per process; its grammar analysis is cached on disk (10x faster to load)."""
    grammar = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    cache = _cache_file(grammar)
    if cache:
        try:
            return Lark(grammar, cache=cache, **_LARK_OPTIONS)
        except Exception:  # an unusable cache must never stop parsing: build without it
            pass
    return Lark(grammar, **_LARK_OPTIONS)


@lru_cache(maxsize=1)
def _tables() -> lalr_run.Tables | None:
    return lalr_run.available(_lark())


def _cache_file(grammar: str) -> str | None:
    """The grammar cache in the user's own cache folder (never a shared temp dir), or None when unavailable.

    The file is named by a hash of the grammar, the options and Lark's version, so that
    checkouts of different versions on one machine never overwrite each other's cache (each
    would rebuild it on every run); Lark also checks that hash inside the file and rebuilds
    when it differs, so a changed grammar never loads a stale cache.
    """
    if os.environ.get("TOUTI_NO_CACHE"):
        return None
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(root) / "touti-dsl"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    key = hashlib.sha256(f"{grammar}\n{sorted(_LARK_OPTIONS.items())}\n{lark_version}".encode()).hexdigest()[:16]
    return str(folder / f"grammar-py{sys.version_info[0]}{sys.version_info[1]}-{key}.lark-cache")


# ---------------------------------------------------------------- shapes to nodes


def _loc_of(file: str, meta_or_token) -> m.Loc:
    line = getattr(meta_or_token, "line", 0) or 0
    column = getattr(meta_or_token, "column", 0) or 0
    return m.Loc(file, line, column)


def _unquote(token: str) -> str:
    return re.sub(r"\\(.)", r"\1", token[1:-1])


def _scalar(token: Token) -> int | str | None:
    if token.type == "INT":
        return int(token)
    return None if str(token) == "none" else str(token)


def _with_meta(method):
    """Mark a node-building method that needs its rule's position (`meta.line`, `meta.column`, `meta.end_line`)."""
    method.with_meta = True
    return method


def _lone_operand_stands_for_itself(method):
    """Mark an operator method that returns its one item unchanged: a one-symbol rule of it is never called.

    Every operand of a condition is reduced through each precedence level (any_, all_,
    compare, arith twice) although it has no operator at any: skipping those calls
    halves the callbacks of a typical spec.
    """
    method.lone_operand_stands_for_itself = True
    return method


class _ToNodes:
    """Turns parse shapes into model nodes, one method per grammar rule (or alias); it only converts, it never checks.

    `_Reductions` calls a method with the rule's kept children (`items`), and with the rule's
    position (`meta`: line, column, end_line) when it is marked `@_with_meta`.
    """

    def __init__(self, file: str):
        self.file = file
        # comparison chains read and not taken as an order of ranks: while there are none, no expression can hold
        # one, and the walk of every expression for them (a tenth of a parse) is skipped
        self.open_chains = 0

    def _refuse_chains(self, expr) -> None:
        if self.open_chains:
            _refuse_chains(expr)

    def _at(self, meta) -> m.Loc:
        return _loc_of(self.file, meta)

    def _each(self, tokens) -> tuple[m.Loc, ...]:
        return tuple(_loc_of(self.file, token) for token in tokens)

    # values
    @_with_meta
    def number(self, meta, items):
        return m.Number(int(items[0]), loc=self._at(meta))

    @_with_meta
    def word(self, meta, items):
        return m.Word(str(items[0]), loc=self._at(meta))

    @_with_meta
    def word_list(self, meta, items):
        return m.WordList(tuple(str(t) for t in items), loc=self._at(meta), item_locs=self._each(items))

    @_with_meta
    def numbers(self, meta, items):
        return m.Numbers(tuple(int(t) for t in items), loc=self._at(meta), item_locs=self._each(items))

    @_with_meta
    def cards(self, meta, items):
        return m.Cards(tuple(str(t) for t in items), loc=self._at(meta), item_locs=self._each(items))

    @_with_meta
    def text(self, meta, items):
        translations = tuple((_lang(items[i]), _unquote(items[i + 1])) for i in range(1, len(items), 2))
        return m.Text(_unquote(items[0]), translations, loc=self._at(meta))


    def group(self, items):
        return tuple(int(t) for t in items)

    @_with_meta
    def groups(self, meta, items):
        return m.Groups(tuple(items), loc=self._at(meta))

    @_with_meta
    def setting(self, meta, items):
        return m.Setting(int(items[0]), tuple(int(t) for t in items[1:]), loc=self._at(meta))

    @_with_meta
    def entry(self, meta, items):
        flags = tuple(str(t) for t in items[2:])
        return m.Entry(_scalar(items[0]), _scalar(items[1]), flags, loc=self._at(meta))

    @_with_meta
    def table(self, meta, items):
        return m.Table(tuple(items), loc=self._at(meta))

    def code(self, items):
        return ("code", str(items[0]))

    @_with_meta
    def label(self, meta, items):
        texts = [("en", _unquote(items[0]))]
        texts += [(_lang(items[i]), _unquote(items[i + 1])) for i in range(1, len(items), 2)]
        return m.Label(tuple(texts), loc=self._at(meta))

    def aliases(self, items):
        return ("aliases", tuple(str(t) for t in items))

    @_with_meta
    def decl(self, meta, items):
        key = _scalar(items[0])
        code = None
        label = None
        aliases: tuple[str, ...] = ()
        for item in items[1:]:
            if isinstance(item, m.Label):
                label = item
            elif item[0] == "code":
                code = item[1]
            else:
                aliases = item[1]
        return m.Decl(key, code, label, aliases, loc=self._at(meta))

    @_with_meta
    def decls(self, meta, items):
        return m.Decls(tuple(items), loc=self._at(meta))

    def when(self, items):
        self._refuse_chains(items[0])
        return ("when", items[0])

    def unless(self, items):
        self._refuse_chains(items[0])
        return ("unless", items[0])

    @_with_meta
    def obligation(self, meta, items):
        parts = dict(items[1:])
        return m.Obligation(str(items[0]), parts.get("when"), parts.get("unless"), loc=self._at(meta),
                            duty_loc=_loc_of(self.file, items[0]))

    # conditions and formulas
    @_with_meta
    def pred(self, meta, items):
        return m.Pred(str(items[0]), (), loc=self._at(meta))

    @_with_meta
    def pred_args(self, meta, items):
        return m.Pred(str(items[0]), tuple(_scalar(t) for t in items[1:]), loc=self._at(meta))

    @_with_meta
    def num(self, meta, items):
        return m.Num(int(items[0]), loc=self._at(meta))

    @_with_meta
    def not_(self, meta, items):
        return m.Not(items[0], loc=self._at(meta))

    @_with_meta
    def neg(self, meta, items):
        return m.Neg(items[0], loc=self._at(meta))

    @_with_meta
    @_lone_operand_stands_for_itself
    def arith(self, meta, items):
        node = items[0]
        for index in range(1, len(items), 2):
            node = m.Arith(str(items[index]), node, items[index + 1], loc=self._at(meta))
        return node

    @_with_meta
    @_lone_operand_stands_for_itself
    def compare(self, meta, items):
        if len(items) == 1:
            return items[0]
        if len(items) == 3:
            return m.Compare(str(items[1]), items[0], items[2], loc=self._at(meta))
        self.open_chains += 1
        return _Chain(tuple(items), self._at(meta))

    @_with_meta
    def if_else(self, meta, items):
        return m.IfElse(items[1], items[0], items[2], loc=self._at(meta))

    @_with_meta
    def expression(self, meta, items):
        if isinstance(items[0], _Chain) and items[0].order() is not None:
            self.open_chains -= 1  # a rule's whole value: an order of ranks, not a chain
        return _value_of(items[0], self._at(meta), self._refuse_chains)

    # Lark keeps the aliased and/or rules even with one operand: a lone operand stands for itself.
    @_with_meta
    @_lone_operand_stands_for_itself
    def all_(self, meta, items):
        return items[0] if len(items) == 1 else m.All(tuple(items), loc=self._at(meta))

    @_with_meta
    @_lone_operand_stands_for_itself
    def any_(self, meta, items):
        return items[0] if len(items) == 1 else m.Any_(tuple(items), loc=self._at(meta))

    # statements and blocks: plain tuples, assembled by _assemble
    @_with_meta
    def statement(self, meta, items):
        return ("rule", str(items[0]), items[1], meta)

    @_with_meta
    def requirement(self, meta, items):
        parts = dict(items[2:])
        self._refuse_chains(items[1])
        value = m.Requirement(items[1], loc=_loc_of(self.file, meta), when=parts.get("when"), unless=parts.get("unless"))
        return ("rule", str(items[0]), value, meta)

    @_with_meta
    def member_removal(self, meta, items):
        return ("remove", str(items[0]), items[1] if len(items) > 1 else None, meta)

    @_with_meta
    def member_addition(self, meta, items):
        return ("extend", str(items[0]), items[1], meta)

    @_with_meta
    def version(self, meta, items):
        return ("version", int(items[0]), meta)

    def extends(self, items):
        return ("extends", (_unquote(items[0]), _loc_of(self.file, items[0])))

    @_with_meta
    def system(self, meta, items):
        extends = next((v for t, v in (i for i in items if isinstance(i, tuple) and i[0] == "extends")), None)
        members = [i for i in items if isinstance(i, tuple) and i[0] in ("rule", "remove", "extend")]
        system_id = (_unquote(items[0]), _loc_of(self.file, items[0]))
        return ("block", "system", "section", system_id, extends, members, meta)

    @_with_meta
    def section(self, meta, items):
        return ("block", str(items[0]), "section", None, None, list(items[1:]), meta)

    @_with_meta
    def call(self, meta, items):
        return ("block", str(items[0]), "call", None, None, list(items[1:]), meta)

    @_with_meta
    def add_section(self, meta, items):
        return ("add", str(items[0]), "section", None, None, list(items[1:]), meta)

    @_with_meta
    def add_call(self, meta, items):
        return ("add", str(items[0]), "call", None, None, list(items[1:]), meta)

    @_with_meta
    def remove_section(self, meta, items):
        return ("drop", str(items[0]), "section", meta)

    @_with_meta
    def remove_call(self, meta, items):
        return ("drop", str(items[0]), "call", meta)

    @_with_meta
    def remove_seat_rules(self, meta, items):
        return ("drop", str(int(items[0])), "players", meta)

    @_with_meta
    def seat_section(self, meta, items):
        return ("section", str(items[0]), list(items[1:]), meta)

    @_with_meta
    def seat_rules(self, meta, items):
        return ("players", int(items[0]), list(items[1:]), meta)


class _Chain:
    """`a > b > c` before it is known to be an order of ranks (the only chain the language has)."""

    __slots__ = ("items", "loc")

    def __init__(self, items: tuple, loc: m.Loc):
        self.items, self.loc = items, loc

    def order(self) -> m.Order | None:
        operands, ops = self.items[0::2], self.items[1::2]
        if all(str(op) == ">" for op in ops) and all(isinstance(x, m.Num) for x in operands):
            return m.Order(tuple(x.value for x in operands), loc=self.loc, item_locs=tuple(x.loc for x in operands))
        return None


def _value_of(expr, loc: m.Loc, refuse_chains) -> m.Value:
    """A rule value written as an expression: a lone number or word, an order of ranks, or a formula."""
    if isinstance(expr, m.Num):
        return m.Number(expr.value, loc=expr.loc)
    if isinstance(expr, m.Pred) and not expr.args:
        return m.Word(expr.name, loc=expr.loc)
    if isinstance(expr, m.Compare) and expr.op == ">" and isinstance(expr.left, m.Num) and isinstance(expr.right, m.Num):
        return m.Order((expr.left.value, expr.right.value), loc=loc, item_locs=(expr.left.loc, expr.right.loc))
    if isinstance(expr, _Chain) and expr.order() is not None:
        return expr.order()
    refuse_chains(expr)
    return m.Formula(expr, loc=loc)


def _refuse_chains(expr) -> None:
    """A comparison chain anywhere but as a rank order is a syntax error: `a < b < c` means nothing here."""
    if isinstance(expr, _Chain):
        raise ToutiError(Diagnostic("E008", "comparisons do not chain: compare two numbers at a time, joined by `and`",
                                    expr.loc))
    for child in (getattr(expr, f.name) for f in fields(expr)) if isinstance(expr, m.Expr) else ():
        if isinstance(child, tuple):
            for item in child:
                _refuse_chains(item)
        else:
            _refuse_chains(child)


# ---------------------------------------------------------------- reductions straight into nodes


class _Meta:
    """Where the text of one reduction lies: its first line and column, and its last line."""

    __slots__ = ("line", "column", "end_line")

    def __init__(self, line: int, column: int, end_line: int):
        self.line, self.column, self.end_line = line, column, end_line


class _Reduced:
    """A value on the parser's stack and the extent of the text it was reduced from (None when it has none)."""

    __slots__ = ("value", "line", "column", "end_line")

    def __init__(self, value, line, column, end_line):
        self.value, self.line, self.column, self.end_line = value, line, column, end_line


def _the_child(children: list):
    return children[0]


class _Reductions:
    """One callback per grammar rule that builds model nodes as the LALR parser reduces: no parse tree, no tree walk.

    Lark's own tree builder (a Tree per reduction, positions propagated by a generic
    wrapper, then a Transformer walk) cost two thirds of the parse; this does the same
    work in one step and keeps its meaning exactly:

    * kept children: the rule's symbols minus filtered tokens (anonymous strings, `_NAME`
      terminals), with the items of inlined rules (`_name`, Lark's `__name_star_N`)
      spliced in;
    * a `?rule` without an alias and with one kept child stands for that child, and so
      does a rule of one symbol whose method returns a lone operand as it is;
    * a rule's position runs from its first to its last symbol, filtered tokens included,
      where a reduced child counts for the whole text it was reduced from (so a node that
      starts with a bracketed operand starts at the bracket), as Lark's
      `propagate_positions` does.

    A node method that raises is reported once the whole input has parsed, as the tree
    walk did: a syntax error further down wins, and the first failure in source order
    (children before parents, left to right: the order of reductions) is the one raised.
    """

    def __init__(self, nodes: _ToNodes):
        self.nodes = nodes
        self.failure: Exception | None = None

    def callbacks(self, rules) -> dict:
        return {rule: self._callback(rule) for rule in rules}

    def _callback(self, rule):
        name = rule.alias or rule.options.template_source or rule.origin.name
        keep_all = rule.options.keep_all_tokens
        kept = [(index, not symbol.is_term and symbol.name.startswith("_"))
                for index, symbol in enumerate(rule.expansion) if keep_all or not (symbol.is_term and symbol.filter_out)]
        stands_for_child = rule.options.expand1 and not rule.alias
        method = getattr(self.nodes, name, None)
        one_child = stands_for_child and len(kept) == 1 and not kept[0][1]
        if method is None and not (name.startswith("_") or name == "start" or one_child):
            raise AssertionError(f"grammar rule {name!r} has no node method")  # a grammar change that parser.py missed
        with_meta = getattr(method, "with_meta", False)
        if len(rule.expansion) == 1 and len(kept) == 1 and not kept[0][1] and (
                one_child or getattr(method, "lone_operand_stands_for_itself", False)):
            return _the_child  # one symbol, kept: the same value, and the same extent of text


        def reduce(children: list):
            items: list = []
            for index, inlined in kept:
                child = children[index]
                if inlined:
                    if items:
                        items.extend(child.value)
                    else:  # reuse the list of a left-recursive repetition: linear, not quadratic, in its length
                        items = child.value
                else:
                    items.append(child.value if type(child) is _Reduced else child)
            line = column = end_line = None
            for child in children:
                if child.line is not None:
                    line, column = child.line, child.column
                    break
            for child in reversed(children):
                if child.end_line is not None:
                    end_line = child.end_line
                    break
            if stands_for_child and len(items) == 1:
                if isinstance(items[0], Token):
                    return items[0]
                return _Reduced(items[0], line, column, end_line)
            if method is None or self.failure is not None:
                return _Reduced(items, line, column, end_line)
            try:
                value = method(_Meta(line, column, end_line), items) if with_meta else method(items)
            except Exception as error:  # reported after the parse: see the class docstring
                self.failure = error
                value = None
            return _Reduced(value, line, column, end_line)

        return reduce


# ---------------------------------------------------------------- comments


def _lang(token: Token) -> str:
    """The language code of a LANG token (a translation may start on the next line)."""
    return str(token).strip()


def _comment_on_line(line: str) -> tuple[str, bool] | None:
    """The comment of a source line (text after '#', outside strings) and whether the line is only a comment."""
    index = _comment_start(line)
    if index is None:
        return None
    return line[index + 1 :].strip(), not line[:index].strip()


def _comment_start(line: str) -> int | None:
    """The index of the '#' that starts a comment on this line (outside strings), if any."""
    in_string = escaped = False
    for index, char in enumerate(line):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "#":
            return index
    return None


class _Comments:
    """Source comments by line; each is handed out once, to the item it belongs to.

    A comment at the end of a line that holds no statement (`deck {  # ...`, `}  # ...`)
    is handed out with the full-line comments that follow it, so no comment is lost.
    """

    def __init__(self, text: str):
        self.full: dict[int, str] = {}
        self.inline: dict[int, str] = {}
        for number, line in enumerate(split_lines(text), start=1):
            found = _comment_on_line(line)
            if found is not None:
                (self.full if found[1] else self.inline)[number] = found[0]
        self.lines = sorted([*self.full, *self.inline])
        self.cursor = 0  # items are visited in source order: everything above the cursor is handed out

    def leading(self, line: int) -> tuple[str, ...]:
        """Every not-yet-taken comment above `line`, in source order."""
        taken = []
        while self.cursor < len(self.lines) and self.lines[self.cursor] < line:
            number = self.lines[self.cursor]
            self.cursor += 1
            for store in (self.full, self.inline):
                if number in store:
                    taken.append(store.pop(number))
        return tuple(taken)

    def within(self, start: int, end: int) -> str | None:
        """Inline comments on the lines of a statement, joined."""
        found = [self.inline.pop(n) for n in range(start, end + 1) if n in self.inline]
        found += [self.full.pop(n) for n in range(start + 1, end + 1) if n in self.full]
        return " ".join(found) if found else None

    def rest(self) -> tuple[str, ...]:
        return self.leading(10**12)


# ---------------------------------------------------------------- assembly


class _Assembly:
    """Collects rules, removals and the block layout while walking the blocks in order."""

    def __init__(self, file: str, comments: _Comments):
        self.file = file
        self.comments = comments
        self.rules: list[m.Rule] = []
        self.removals: list[m.Removal] = []
        self.added: list[str] = []
        self.seat_rules: list[m.SeatRules] = []
        self.section_comments: list[tuple[str, tuple[str, ...]]] = []
        self.layout: list[m.Block] = []

    def removal(self, section: str, key: str | None, kind: str, meta, items: m.Value | None = None) -> tuple[str, int]:
        self.removals.append(m.Removal(section, key, kind, self._removal_notes(meta), loc=_loc_of(self.file, meta), items=items))
        return ("remove", len(self.removals) - 1)

    def _removal_notes(self, meta) -> tuple[str, ...]:
        """A removal's comments: those on the lines before it, then the one on its own line."""
        own_line = self.comments.within(meta.line, meta.end_line)
        return self.comments.leading(meta.line) + ((own_line,) if own_line else ())

    def rule(self, section: str, key: str, value: m.Value, kind: str, meta, adds: bool = False) -> tuple[str, int]:
        lead = self.comments.leading(meta.line)
        trailing = self.comments.within(meta.line, meta.end_line)
        self.rules.append(m.Rule(section, key, value, kind, lead, trailing, loc=_loc_of(self.file, meta), adds=adds))
        return ("rule", len(self.rules) - 1)

    def block(self, tag: str, name: str, kind: str, members: list, meta, header: list[str]) -> None:
        own = self.comments.leading(meta.line)
        if name == "system" and tag == "block":
            header.extend(own)
        elif own:
            self.section_comments.append((name, own))
        if tag == "add":
            self.added.append(name)
        placed = []
        for mtag, key, value, mmeta in members:
            if mtag == "remove":
                placed.append(self.removal(name, key, kind, mmeta, value))
            else:
                placed.append(self.rule(name, key, value, kind, mmeta, adds=mtag == "extend"))
        commented = bool(own) and name != "system"
        self.layout.append(m.Block(name, kind, tag, tuple(placed), commented, loc=_loc_of(self.file, meta)))

    def players(self, count: int, sections: list, meta) -> None:
        """A `with N players` block: its rules are kept apart from the spec's own (SpecFile.seat_rules)."""
        own = self.comments.leading(meta.line)
        if own:
            self.section_comments.append((f"with {count} players", own))
        first, removed, whole = len(self.rules), [], []
        for block_tag, name, members, smeta in sections:
            if block_tag == "drop":  # `remove SECTION` / `remove call NAME`: every rule of it (variants.flatten expands it)
                whole.append(m.Removal(name, None, members, self._removal_notes(smeta), loc=_loc_of(self.file, smeta)))
                continue
            for tag, key, value, mmeta in members:
                if tag == "remove":  # (a removal of list items is kept as written: the checks refuse it, E218)
                    notes = self.comments.leading(mmeta.line)
                    removed.append(m.Removal(name, key, "section", notes, loc=_loc_of(self.file, mmeta), items=value))
                else:
                    self.rule(name, key, value, "section", mmeta)
        rules, self.rules[first:] = tuple(self.rules[first:]), []
        # the whole sections' removals after the single rules', as the formatter writes them
        self.seat_rules.append(m.SeatRules(count, rules, loc=_loc_of(self.file, meta), removed=(*removed, *whole)))
        self.layout.append(m.Block(f"with {count} players", "players", "players",
                                   (("players", len(self.seat_rules) - 1),), bool(own), loc=_loc_of(self.file, meta)))

    def drop(self, name: str, kind: str, meta) -> None:
        placed = self.removal(name, None, kind, meta)
        self.layout.append(m.Block(name, kind, "drop", (placed,), loc=_loc_of(self.file, meta)))


def _assemble(file: str, text: str, items: list) -> m.SpecFile:
    comments = _Comments(text)
    version, version_meta = next((v, meta) for t, v, meta, *_ in items if t == "version")
    blocks = [i for i in items if i[0] != "version"]
    system_block = next((b for b in blocks if b[0] == "block" and b[1] == "system"), None)
    header = list(comments.leading(system_block[6].line if system_block else 10**12))
    work = _Assembly(file, comments)
    system_id, extends, extends_loc, system_loc = "", None, m.NOWHERE, m.NOWHERE
    for block in blocks:
        if block[0] == "players":
            work.players(block[1], block[2], block[3])
            continue
        if block[0] == "drop":
            work.drop(block[1], block[2], block[3])
            continue
        tag, name, kind, sys_id, base, members, meta = block
        if name == "system" and tag == "block":
            (system_id, system_loc), (extends, extends_loc) = sys_id, base or (None, m.NOWHERE)
        work.block(tag, name, kind, members, meta, header)
    return m.SpecFile(
        system=system_id,
        extends=extends,
        version=version,
        rules=tuple(work.rules),
        removals=tuple(work.removals),
        added=tuple(work.added),
        seat_rules=tuple(work.seat_rules),
        header_comments=tuple(header),
        section_comments=tuple(work.section_comments),
        footer_comments=comments.rest(),
        path=file,
        loc=_loc_of(file, version_meta),
        layout=tuple(work.layout),
        extends_loc=extends_loc,
        system_loc=system_loc,
    )


# ---------------------------------------------------------------- errors


def _expected_words(expected) -> str:
    names = sorted({_TERMINAL_WORDS.get(name, _literal(name)) for name in expected})
    if len(names) > 6:
        names = names[:6] + ["..."]
    return ", ".join(names)


def _literal(terminal: str) -> str:
    try:
        pattern = _lark().get_terminal(terminal).pattern
    except KeyError:
        return terminal
    return f"`{pattern.value}`" if pattern.type == "str" else terminal.lower()


def _syntax_diagnostic(file: str, error: UnexpectedInput, source: str) -> Diagnostic:
    loc = m.Loc(file, error.line if error.line and error.line > 0 else 1, error.column if error.column and error.column > 0 else 1)
    if isinstance(error, UnexpectedCharacters):
        if error.char == '"':
            return Diagnostic("E001", "unterminated string: a string closes with \" on the same line", loc)
        char = error.char if error.char not in ("\n", "\r") else "end of line"
        if len(char) == 1 and not char.isascii():  # pasted from a word processor or a web page, and often invisible
            return Diagnostic("E001", f"unexpected character: {unusual_name(char)}", loc, unusual_hint(char))
        hint = ("conditions are written with `and`, `or`, `not`" if char in "&|!"
                else "names are lower_case, strings use double quotes")
        return Diagnostic("E001", f"unexpected character {char!r}", loc, hint)
    if isinstance(error, UnexpectedEOF) or error.token.type == "$END":
        return _end_of_file_diagnostic(file, source, loc)
    assert isinstance(error, UnexpectedToken)
    token = error.token
    shown = "end of line" if token.type == "_NL" else repr(str(token))
    return Diagnostic("E002", f"unexpected {shown}; expected {_expected_words(error.expected)}", loc,
                      _syntax_hint(token, set(error.expected), source))


def _end_of_file_diagnostic(file: str, source: str, loc: m.Loc) -> Diagnostic:
    """The file ended too soon: it is empty, or it names the block still open, as the line that opened it."""
    lines = split_lines(source)
    if not any(line[: _comment_start(line)].strip() for line in lines):
        return Diagnostic("E003", "the spec is empty: nothing but blank lines and comments", m.Loc(file, 1, 1),
                          'a spec starts with `touti 1`, then `system "id" { title: "..." }` and its sections')
    opened = _open_block(lines)
    if opened is None:
        return Diagnostic("E003", "unexpected end of file: the spec stops in the middle of a rule", loc)
    number, line = opened
    return Diagnostic("E003", f"unexpected end of file: the block `{line.strip()}` opened at line {number} is still open",
                      loc, "close it with `}` on a line of its own")


def _open_block(lines: list[str]) -> tuple[int, str] | None:
    """The line number and text of the innermost `{` never closed, counted outside strings and comments."""
    opened: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        code = _STRINGS_AND_COMMENTS.sub("", line)
        for char in code:
            if char == "{":
                opened.append((number, line))
            elif char == "}" and opened:
                opened.pop()
    return opened[-1] if opened else None


def _syntax_hint(token: Token, expected: set[str], source: str) -> str | None:
    """A plain-words guess at the usual mistake behind an unexpected token."""
    if token.type == "LBRACE":
        removed = _REMOVE_SECTION.match(_before_token(source, token))
        if removed:
            return (f"`remove {removed.group(1)}` removes the whole section and takes no block; to remove some of its "
                    f"rules, write `remove KEY` inside the section: `{removed.group(1)} {{ remove KEY }}`")
        return "is the `}` of the block above missing?"
    if expected == {"VBAR"}:
        return "numbers side by side are seat groups (`0 2 | 1 3`); list items are separated by commas"
    if expected == {"COLON"}:
        return "a rule is written `key: value`"
    if str(token) == "(" and _in_table_row(source, token):
        return ("a setting `default (choice, ...)` is written for the whole rule (`hand_size: 8 (7, 8)`): a setting "
                "inside a row of a table is not supported; each row takes a number")
    if "_NL" in expected and _after_trailing_comma(source, token):
        return "a line ending with a comma continues on the next line: is there one comma too many?"
    return None


_REMOVE_SECTION = re.compile(r"^\s*remove\s+([a-z_]+)\s*$")


def _before_token(source: str, token: Token) -> str:
    """The text of the token's line before it."""
    lines = split_lines(source)
    line = token.line or 0
    return lines[line - 1][: (token.column or 1) - 1] if 1 <= line <= len(lines) else ""


def _in_table_row(source: str, token: Token) -> bool:
    """Whether the token follows a row `KEY = VALUE` of a table on its line."""
    lines = split_lines(source)
    line = token.line or 0
    return 1 <= line <= len(lines) and _ROW_EQUALS.search(lines[line - 1][: (token.column or 1) - 1]) is not None


_ROW_EQUALS = re.compile(r"(?<![=<>!])=(?!=)")  # a row's `=`, not a comparison


def _after_trailing_comma(source: str, token: Token) -> bool:
    """Whether the token starts its line and the line above it ends with a comma."""
    lines = split_lines(source)
    line = token.line or 0
    if not 2 <= line <= len(lines) or lines[line - 1][: (token.column or 1) - 1].strip():
        return False
    above = lines[line - 2]
    return above[: _comment_start(above)].rstrip().endswith(",")


_NESTING_TOKENS = re.compile(r"\(|\)|-(?![0-9])|\+|\*|\b(?:not|and|or|if)\b")
_STRINGS_AND_COMMENTS = re.compile(r'"(?:[^"\\\n]|\\.)*"|#.*')
# what may nest a level on a line, counted without parsing it (a word inside a name is an over-count, never missed)
_NESTING_MARKS = ("(", "not", "-", "+", "*", "if")


def _too_deep(code: str) -> int | None:
    """The column where a condition or formula on this line nests deeper than MAX_NESTING, else None.

    Each open bracket is a level, and so is each `not` still applying at that point
    (`not not x`), each arithmetic operator (`1 + 1 + 1` nests its additions) and each
    `if` of the bracket (`a if c else b if d else e` nests its else branches); `and` / `or`
    end the `not`s and the operators of their level, not its `if`s.  Any model built from
    a line that passes is at most a few times MAX_NESTING deep, which every stage (all of
    them walk expressions recursively) handles.
    """
    levels = [[0, 0]]  # per open bracket: [nots and operators since the last and/or, ifs]
    depth = 0
    for match in _NESTING_TOKENS.finditer(code):
        token = match.group()
        if token == "(":
            levels.append([0, 0])
            depth += 1
        elif token == ")":
            if len(levels) > 1:
                depth -= 1 + sum(levels.pop())
        elif token in ("and", "or"):
            depth -= levels[-1][0]
            levels[-1][0] = 0
        else:
            levels[-1][token == "if"] += 1
            depth += 1
        if depth > MAX_NESTING:
            return match.start() + 1
    return None


_LONG_NUMBER = re.compile(r"[0-9]{%d,}" % (MAX_NUMBER_DIGITS + 1))


def _guard(file: str, text: str, limit_size: bool = True) -> None:
    """Refuse what cannot be parsed safely and correctly: too large, a stray line separator, too deep, too long a number."""
    if limit_size:
        size = len(text.encode("utf-8", "replace"))
        if size > MAX_SOURCE_BYTES:
            raise ToutiError(too_large(file, size))
    any_stray = OTHER_LINE_BREAKS.search(text) is not None or CONTROL_CHARACTERS.search(text) is not None
    for number, line in enumerate(split_lines(text), start=1):
        problem = _line_problem(file, number, line, any_stray)
        if problem is not None:
            raise ToutiError(problem)


# Control characters that end no line (those are OTHER_LINE_BREAKS): a text holding one would reach the terminal of
# `touti show` and the pages as it is (an escape sequence, a NUL), so outside a comment each is refused where it stands.
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")


def _line_problem(file: str, number: int, line: str, any_stray: bool) -> Diagnostic | None:
    """What stops one line from being parsed: a line separator or a control character outside a comment, too deep a
    condition, a huge number."""
    code_part = line[: _comment_start(line)] if any_stray else ""
    stray = OTHER_LINE_BREAKS.search(code_part)
    if stray is not None:
        return Diagnostic("E001", f"unexpected character: {break_name(stray.group())}", m.Loc(file, number, stray.start() + 1),
                          "a line ends only at a line feed (\\n or \\r\\n); other line separators may stand only in a comment")
    control = CONTROL_CHARACTERS.search(code_part)
    if control is not None:
        return Diagnostic("E001", f"unexpected control character U+{ord(control.group()):04X}",
                          m.Loc(file, number, control.start() + 1),
                          "names and texts are printable characters: delete it (often pasted along with the text)")
    if sum(map(line.count, _NESTING_MARKS)) <= MAX_NESTING and not _LONG_NUMBER.search(line):
        return None  # the common line: nothing below can be wrong with it (a fast path for large inputs)
    code = _STRINGS_AND_COMMENTS.sub(lambda found: " " * len(found.group()), line)
    column = _too_deep(code)
    if column is not None:
        return Diagnostic("E005", f"condition or formula nested more than {MAX_NESTING} levels deep", m.Loc(file, number, column),
                          "each bracket, `not`, `if` and arithmetic operator is a level; split the rule")
    long_number = _LONG_NUMBER.search(code)
    if long_number is not None:
        return Diagnostic("E007", f"number with {len(long_number.group())} digits: at most {MAX_NUMBER_DIGITS} are allowed",
                          m.Loc(file, number, long_number.start() + 1))
    return None


# ---------------------------------------------------------------- entry points


def parse_text(text: str, file: str = "<string>", limit_size: bool = True) -> m.SpecFile:
    """Parse spec text; raise ToutiError with located diagnostics on a syntax error.

    `limit_size=False` is for text this program made itself (the formatter re-reading its
    output), which may be a little longer than the input that was within the limit.
    """
    text = normalize_line_ends(text)
    _guard(file, text, limit_size)
    source = text if text.endswith("\n") else text + "\n"
    lark = _lark()
    reductions = _Reductions(_ToNodes(file))
    tables = _tables()
    items = lalr_run.run(tables, source, reductions.callbacks(lark.rules)) if tables is not None else None
    if items is None:  # a syntax error (or a Lark without the tables lalr_run reads): Lark's own run reports it
        reductions = _Reductions(_ToNodes(file))
        try:
            # Lark's interactive parser lets its LALR run use our callbacks instead of its tree builder.
            run = lark.parse_interactive(source)
            run.parser_state.parse_conf.callbacks = reductions.callbacks(lark.rules)
            items = run.resume_parse()
        except UnexpectedInput as error:
            raise ToutiError(_syntax_diagnostic(file, error, source)) from None
    items = items.value
    if isinstance(reductions.failure, ToutiError):
        raise reductions.failure
    if reductions.failure is not None:
        raise ToutiError(Diagnostic("E006", f"cannot build the model: {reductions.failure}", m.Loc(file, 1, 1))) from None
    return _assemble(file, source, items)


def parse_file(path: str | Path) -> m.SpecFile:
    """Read and parse a spec file; a missing or unreadable file is a located error too."""
    return parse_text(read_source(path), str(path))
