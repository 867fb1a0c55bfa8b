"""Parse `.touti` text into a `SpecFile`: syntax shapes become typed nodes, nothing more.

The parser never validates: whether `deck.order` really is a permutation of the ranks,
or whether `minimun` is a rule at all, is for `checks.py`.  It reports only what stops
it from building the model: syntax errors, and input too large or too deeply nested to
be read safely.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import model as m
from .errors import Diagnostic, ToutiError

MAX_SOURCE_BYTES = 1_000_000
MAX_NESTING = 32

_TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": "a quoted string",
    "LANG": "a language code",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark.open("grammar.lark", rel_to=__file__, parser="lalr", propagate_positions=True, maybe_placeholders=False)


# ---------------------------------------------------------------- token-to-node transformer


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


class _ToNodes(Transformer):
    """Turns parse-tree shapes into model nodes; it only converts, it never checks."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _at(self, meta) -> m.Loc:
        return _loc_of(self.file, meta)

    # values
    @v_args(meta=True)
    def number(self, meta, items):
        return m.Number(int(items[0]), loc=self._at(meta))

    @v_args(meta=True)
    def word(self, meta, items):
        return m.Word(str(items[0]), loc=self._at(meta))

    @v_args(meta=True)
    def word_list(self, meta, items):
        return m.WordList(tuple(str(t) for t in items), loc=self._at(meta))

    @v_args(meta=True)
    def numbers(self, meta, items):
        return m.Numbers(tuple(int(t) for t in items), loc=self._at(meta))

    @v_args(meta=True)
    def text(self, meta, items):
        return m.Text(_unquote(items[0]), loc=self._at(meta))

    @v_args(meta=True)
    def order(self, meta, items):
        return m.Order(tuple(int(t) for t in items), loc=self._at(meta))

    def group(self, items):
        return tuple(int(t) for t in items)

    @v_args(meta=True)
    def groups(self, meta, items):
        return m.Groups(tuple(items), loc=self._at(meta))

    @v_args(meta=True)
    def setting(self, meta, items):
        return m.Setting(int(items[0]), tuple(int(t) for t in items[1:]), loc=self._at(meta))

    @v_args(meta=True)
    def entry(self, meta, items):
        flags = tuple(str(t) for t in items[2:])
        return m.Entry(_scalar(items[0]), _scalar(items[1]), flags, loc=self._at(meta))

    @v_args(meta=True)
    def table(self, meta, items):
        return m.Table(tuple(items), loc=self._at(meta))

    def code(self, items):
        return ("code", str(items[0]))

    @v_args(meta=True)
    def label(self, meta, items):
        texts = [("en", _unquote(items[0]))]
        texts += [(str(items[i]), _unquote(items[i + 1])) for i in range(1, len(items), 2)]
        return m.Label(tuple(texts), loc=self._at(meta))

    def aliases(self, items):
        return ("aliases", tuple(str(t) for t in items))

    @v_args(meta=True)
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

    @v_args(meta=True)
    def decls(self, meta, items):
        return m.Decls(tuple(items), loc=self._at(meta))

    def when(self, items):
        return ("when", items[0])

    def unless(self, items):
        return ("unless", items[0])

    @v_args(meta=True)
    def obligation(self, meta, items):
        parts = dict(items[1:])
        return m.Obligation(str(items[0]), parts.get("when"), parts.get("unless"), loc=self._at(meta))

    # conditions
    @v_args(meta=True)
    def pred(self, meta, items):
        return m.Pred(str(items[0]), None, loc=self._at(meta))

    @v_args(meta=True)
    def pred_arg(self, meta, items):
        return m.Pred(str(items[0]), str(items[1]), loc=self._at(meta))

    @v_args(meta=True)
    def not_(self, meta, items):
        return m.Not(items[0], loc=self._at(meta))

    @v_args(meta=True)
    def all_(self, meta, items):
        return m.All(tuple(items), loc=self._at(meta))

    @v_args(meta=True)
    def any_(self, meta, items):
        return m.Any_(tuple(items), loc=self._at(meta))

    # statements and blocks: plain tuples, assembled by _assemble
    @v_args(meta=True)
    def statement(self, meta, items):
        return ("rule", str(items[0]), items[1], meta)

    @v_args(meta=True)
    def requirement(self, meta, items):
        return ("rule", str(items[0]), m.Requirement(items[1], loc=_loc_of(self.file, meta)), meta)

    @v_args(meta=True)
    def member_removal(self, meta, items):
        return ("remove", str(items[0]), None, meta)

    def version(self, items):
        return ("version", int(items[0]))

    def extends(self, items):
        return ("extends", _unquote(items[0]))

    @v_args(meta=True)
    def system(self, meta, items):
        extends = next((v for t, v in (i for i in items if isinstance(i, tuple) and i[0] == "extends")), None)
        members = [i for i in items if isinstance(i, tuple) and i[0] in ("rule", "remove")]
        return ("block", "system", "section", _unquote(items[0]), extends, members, meta)

    @v_args(meta=True)
    def section(self, meta, items):
        return ("block", str(items[0]), "section", None, None, list(items[1:]), meta)

    @v_args(meta=True)
    def call(self, meta, items):
        return ("block", str(items[0]), "call", None, None, list(items[1:]), meta)

    @v_args(meta=True)
    def add_section(self, meta, items):
        return ("add", str(items[0]), "section", None, None, list(items[1:]), meta)

    @v_args(meta=True)
    def add_call(self, meta, items):
        return ("add", str(items[0]), "call", None, None, list(items[1:]), meta)

    @v_args(meta=True)
    def remove_section(self, meta, items):
        return ("drop", str(items[0]), "section", meta)

    @v_args(meta=True)
    def remove_call(self, meta, items):
        return ("drop", str(items[0]), "call", meta)


# ---------------------------------------------------------------- comments


def _comment_on_line(line: str) -> tuple[str, bool] | None:
    """The comment of a source line (text after '#', outside strings) and whether the line is only a comment."""
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
            return line[index + 1 :].strip(), not line[:index].strip()
    return None


class _Comments:
    """Source comments by line; each is handed out once, to the item it belongs to."""

    def __init__(self, text: str):
        self.full: dict[int, str] = {}
        self.inline: dict[int, str] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            found = _comment_on_line(line)
            if found is not None:
                (self.full if found[1] else self.inline)[number] = found[0]

    def leading(self, line: int) -> tuple[str, ...]:
        """Every not-yet-taken full-line comment above `line`."""
        taken = sorted(n for n in self.full if n < line)
        return tuple(self.full.pop(n) for n in taken)

    def within(self, start: int, end: int) -> str | None:
        """Inline comments on the lines of a statement, joined."""
        found = [self.inline.pop(n) for n in range(start, end + 1) if n in self.inline]
        found += [self.full.pop(n) for n in range(start + 1, end + 1) if n in self.full]
        return " ".join(found) if found else None

    def rest(self) -> tuple[str, ...]:
        return self.leading(10**12)


# ---------------------------------------------------------------- assembly


def _assemble(file: str, text: str, items: list) -> m.SpecFile:
    comments = _Comments(text)
    version = next(v for t, v, *_ in items if t == "version")
    blocks = [i for i in items if i[0] != "version"]
    system_block = next((b for b in blocks if b[0] == "block" and b[1] == "system"), None)
    header = comments.leading(system_block[6].line if system_block else 10**12)
    rules: list[m.Rule] = []
    removals: list[m.Removal] = []
    added: list[str] = []
    section_comments: list[tuple[str, tuple[str, ...]]] = []
    system_id, extends = "", None
    for block in blocks:
        if block[0] == "drop":
            _, name, kind, meta = block
            removals.append(m.Removal(name, None, kind, comments.leading(meta.line), loc=_loc_of(file, meta)))
            continue
        tag, name, kind, sys_id, base, members, meta = block
        if name == "system" and tag == "block":
            system_id, extends = sys_id, base
        elif tag == "add":
            added.append(name)
        own = comments.leading(meta.line)
        if own and name != "system":
            section_comments.append((name, own))
        elif own:
            header = header + own
        for member in members:
            mtag, key, value, mmeta = member
            lead = comments.leading(mmeta.line)
            loc = _loc_of(file, mmeta)
            if mtag == "remove":
                removals.append(m.Removal(name, key, kind, lead, loc=loc))
                continue
            trailing = comments.within(mmeta.line, mmeta.end_line)
            rules.append(m.Rule(name, key, value, kind, lead, trailing, loc=loc))
    footer = comments.rest()
    return m.SpecFile(
        system=system_id,
        extends=extends,
        version=version,
        rules=tuple(rules),
        removals=tuple(removals),
        added=tuple(added),
        header_comments=header,
        section_comments=tuple(section_comments),
        footer_comments=footer,
        path=file,
        loc=m.Loc(file, 1, 1),
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


def _syntax_diagnostic(file: str, error: UnexpectedInput) -> Diagnostic:
    loc = m.Loc(file, error.line if error.line and error.line > 0 else 1, error.column if error.column and error.column > 0 else 1)
    if isinstance(error, UnexpectedCharacters):
        char = error.char if error.char not in ("\n", "\r") else "end of line"
        return Diagnostic("E001", f"unexpected character {char!r}", loc, "names are lower_case, strings use double quotes")
    if isinstance(error, UnexpectedEOF):
        return Diagnostic("E003", "unexpected end of file: a block is still open (missing `}`?)", loc)
    assert isinstance(error, UnexpectedToken)
    token = error.token
    if token.type == "$END":
        return Diagnostic("E003", "unexpected end of file: a block is still open (missing `}`?)", loc)
    shown = "end of line" if token.type == "_NL" else repr(str(token))
    return Diagnostic("E002", f"unexpected {shown}; expected {_expected_words(error.expected)}", loc)


def _guard(file: str, text: str) -> None:
    """Refuse input too large or too deeply nested to parse safely (no RecursionError, no hang)."""
    if len(text.encode("utf-8", "replace")) > MAX_SOURCE_BYTES:
        raise ToutiError(Diagnostic("E004", f"spec is larger than {MAX_SOURCE_BYTES} bytes", m.Loc(file, 1, 1)))
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("#", 1)[0] if '"' not in line else line
        nots = re.search(r"(?:\bnot\b\s*){%d,}" % MAX_NESTING, code)
        for column, char in enumerate(code, start=1):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth > MAX_NESTING:
                break
        if depth > MAX_NESTING or nots:
            column = nots.start() + 1 if nots else column
            raise ToutiError(
                Diagnostic("E005", f"condition nested more than {MAX_NESTING} levels deep", m.Loc(file, number, column))
            )


# ---------------------------------------------------------------- entry points


def parse_text(text: str, file: str = "<string>") -> m.SpecFile:
    """Parse spec text; raise ToutiError with located diagnostics on a syntax error."""
    _guard(file, text)
    source = text if text.endswith("\n") else text + "\n"
    try:
        tree = _lark().parse(source)
    except UnexpectedInput as error:
        raise ToutiError(_syntax_diagnostic(file, error)) from None
    try:
        items = _ToNodes(file).transform(tree).children
    except VisitError as error:  # pragma: no cover - the transformer only converts tokens
        raise ToutiError(Diagnostic("E006", f"cannot build the model: {error.orig_exc}", m.Loc(file, 1, 1))) from None
    return _assemble(file, source, items)


def parse_file(path: str | Path) -> m.SpecFile:
    """Read and parse a spec file; a missing or unreadable file is a located error too."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ToutiError(Diagnostic("E010", f"no such spec file: {path}", m.Loc(str(path), 0, 0))) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ToutiError(Diagnostic("E011", f"cannot read spec file: {error}", m.Loc(str(path), 0, 0))) from None
    return parse_text(text, str(path))
