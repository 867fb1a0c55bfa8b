"""Hypothesis strategies: random, valid-ish spec text built from the schema, in random layouts.

The text is syntactically valid (it must parse) but not necessarily semantically valid:
values are drawn from each rule's shape with random numbers and words.  Layout varies
(spacing, blank lines, lists broken after commas, comments everywhere the parser keeps
them), so the formatter has real work to do.
"""

from __future__ import annotations

from hypothesis import strategies as st

from touti_dsl import model as m
from touti_dsl import schema
from touti_dsl.vocabulary import DUTIES, PREDICATES

KEYWORDS = {"touti", "system", "extends", "call", "add", "remove", "require", "must", "when", "unless", "not", "and",
            "or", "aka", "fr", "ar", "es", "en"}

names = st.from_regex(r"[a-z_][a-z0-9_]{0,7}", fullmatch=True).filter(lambda n: n not in KEYWORDS)
ints = st.integers(min_value=-5, max_value=400)
texts = st.text(alphabet=st.sampled_from('abc XYZ é ع"\\#(){}:=,>|-_1'), max_size=12)
comments = st.text(alphabet=st.sampled_from("abc Decision: #\"'{}é ع"), max_size=20).map(str.strip)
spaces = st.sampled_from([" ", "  ", "\t", " \t "])


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@st.composite
def joined(draw, items: list[str]) -> str:
    """Items joined by commas, each comma followed by a space or a line break with any indent."""
    out = items[0]
    for item in items[1:]:
        out += "," + draw(st.sampled_from([" ", "  ", "\n    ", "\n", "\n\t\t"])) + item
    return out


def word_of(entry: schema.RuleSpec):
    return st.sampled_from(entry.words) if entry.words else names


@st.composite
def decl(draw) -> str:
    key = draw(st.one_of(names, st.integers(1, 15).map(str)))
    code = draw(st.one_of(st.just(""), names.map(lambda c: "/" + c)))
    langs = draw(st.lists(st.sampled_from(["fr", "ar", "es"]), max_size=2))
    label = quote(draw(texts)) + "".join(f" {lang} {quote(draw(texts))}" for lang in langs)
    aliases = draw(st.lists(names, max_size=2))
    return f"{key}{code} {label}" + (" aka " + " ".join(aliases) if aliases else "")


@st.composite
def entry(draw) -> str:
    key = draw(st.one_of(ints.map(str), st.sampled_from(["trump", "plain", "others", "none"])))
    value = draw(st.one_of(ints.map(str), st.just("none")))
    flags = draw(st.lists(st.sampled_from(["plain_only", "other_flag"]), max_size=1))
    return f"{key} = {value}" + "".join(" " + f for f in flags)


@st.composite
def value_text(draw, entry_spec: schema.RuleSpec) -> str:
    """A value in one of the rule's shapes."""
    shape = draw(st.sampled_from(entry_spec.shapes))
    if shape is m.Number:
        return str(draw(ints))
    if shape is m.Word:
        return draw(word_of(entry_spec))
    if shape is m.WordList:
        return draw(joined(draw(st.lists(word_of(entry_spec), min_size=2, max_size=4))))
    if shape is m.Numbers:
        return draw(joined(draw(st.lists(ints.map(str), min_size=2, max_size=4))))
    if shape is m.Text:
        return quote(draw(texts))
    if shape is m.Order:
        return " > ".join(draw(st.lists(ints.map(str), min_size=2, max_size=10)))
    if shape is m.Groups:
        groups = draw(st.lists(st.lists(st.integers(0, 5).map(str), min_size=1, max_size=3), min_size=2, max_size=3))
        return " | ".join(" ".join(g) for g in groups)
    if shape is m.Setting:
        return f"{draw(ints)} ({', '.join(draw(st.lists(ints.map(str), min_size=1, max_size=4)))})"
    if shape is m.Table:
        return draw(joined(draw(st.lists(entry(), min_size=1, max_size=6))))
    return draw(joined(draw(st.lists(decl(), min_size=1, max_size=4))))


def predicate():
    plain = st.sampled_from([p.name for p in PREDICATES.values() if not p.takes_call])
    with_call = st.tuples(st.sampled_from(["made", "made_at_level"]), names).map(lambda t: f"{t[0]}({t[1]})")
    return st.one_of(plain, with_call, names)


def condition(depth: int = 3):
    """A random condition text: predicates under not / and / or, bracketed at random."""
    if depth == 0:
        return predicate()
    inner = condition(depth - 1)
    return st.one_of(
        predicate(),
        inner.map(lambda c: f"not {c}"),
        inner.map(lambda c: f"({c})"),
        st.lists(inner, min_size=2, max_size=3).map(" and ".join),
        st.lists(inner, min_size=2, max_size=3).map(" or ".join),
    )


@st.composite
def statement(draw, line: str) -> list[str]:
    """One statement with random leading and trailing comments."""
    lead = [f"  # {c}" for c in draw(st.lists(comments, max_size=2))]
    trailing = draw(st.one_of(st.just(""), comments.map(lambda c: f"  # {c}")))
    return lead + [f"  {line}{trailing}"]


@st.composite
def section_block(draw, section: str) -> list[str]:
    known = [r for r in schema.RULES if r.section == section]
    chosen = draw(st.lists(st.sampled_from(known), max_size=len(known), unique_by=lambda r: r.id)) if known else []
    lines = []
    for rule in chosen:
        lines += draw(statement(f"{rule.key}:{draw(spaces)}{draw(value_text(rule))}"))
    if section == "play":
        for _ in range(draw(st.integers(0, 3))):
            duty = draw(st.one_of(st.sampled_from(list(DUTIES)), names))
            when = draw(st.one_of(st.just(""), condition(2).map(lambda c: f" when {c}")))
            unless = draw(st.one_of(st.just(""), condition(2).map(lambda c: f" unless {c}")))
            lines += draw(statement(f"{draw(names)}: must {duty}{when}{unless}"))
    if draw(st.booleans()):
        lines += draw(statement(f"remove {draw(names)}"))
    head = draw(st.sampled_from(["", "add "])) + f"{section} {{"
    return [head] + lines + ["}"]


@st.composite
def call_block(draw) -> list[str]:
    lines = []
    for rule in draw(st.lists(st.sampled_from(schema.CALL_RULES), max_size=3, unique_by=lambda r: r.key)):
        lines += draw(statement(f"{rule.key}: {draw(value_text(rule))}"))
    for _ in range(draw(st.integers(0, 3))):
        lines += draw(statement(f"require {draw(names)}: {draw(condition())}"))
    return [f"call {draw(names)} {{"] + lines + ["}"]


@st.composite
def spec_texts(draw) -> str:
    """A whole spec text: header comments, version, system block, sections, calls, removals, footer."""
    lines = [f"# {c}" for c in draw(st.lists(comments, max_size=2))] + ["touti 1", ""]
    base = draw(st.one_of(st.just(""), names.map(lambda n: f' extends "{n}"')))
    system = [f'system {quote(draw(texts))}{base} {{']
    for rule in (r for r in schema.RULES if r.section == "system"):
        system += draw(statement(f"{rule.key}: {quote(draw(texts))}"))
    blocks = [system + ["}"]]
    sections = draw(st.lists(st.sampled_from(schema.SECTIONS[1:]), max_size=6))
    for section in sections:
        blocks.append(draw(section_block(section)))
    for _ in range(draw(st.integers(0, 2))):
        blocks.append(draw(call_block()))
    if draw(st.booleans()):
        blocks.append([draw(st.sampled_from(["remove ", "remove call "])) + draw(names)])
    order = draw(st.permutations(blocks[1:]))
    for block in [blocks[0], *order]:
        lines += [f"# {c}" for c in draw(st.lists(comments, max_size=1))]
        lines += block + [draw(st.sampled_from(["", "", "\n"]))]
    lines += [f"# {c}" for c in draw(st.lists(comments, max_size=2))]
    return "\n".join(lines) + "\n"
