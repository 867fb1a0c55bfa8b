"""One definition of a line: only `\\n` (or `\\r\\n`) ends one, in the lexer, comments, excerpts, fmt and docs.

docs/language.md: "A line ends at a line feed; form feed, vertical tab, NEL, U+2028,
U+2029 and a lone carriage return are ordinary characters inside a comment and refused
anywhere else."
"""

from __future__ import annotations

import pytest

from touti_dsl.errors import Diagnostic, render_one
from touti_dsl.formatter import format_text
from touti_dsl.lines import split_lines
from touti_dsl.model import Loc
from touti_dsl.parser import parse_text

from ..conftest import SPEC_DIR
from .snippets import MINI, diagnostics, edit, only, where

ATLAS = (SPEC_DIR / "atlas-carta.touti").read_text(encoding="utf-8")
HEADER = "# Touti as played on Atlas Carta."
SEPARATORS = ["\x0c", "\x0b", "\x85", "\u2028", "\u2029", "\r", "\x1c"]


def _comments(spec_file) -> list[tuple[str, tuple, str | None]]:
    return [(rule.id, rule.comments, rule.trailing) for rule in spec_file.rules]


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_a_separator_in_a_comment_moves_no_comment(separator):
    """Issue 12: one \\x0c in atlas-carta's header comment attached 16 of 61 Decision notes to the wrong rules."""
    text = ATLAS.replace(HEADER, HEADER.replace("played on", f"played{separator}on"))
    original, changed = parse_text(ATLAS, "atlas.touti"), parse_text(text, "atlas.touti")
    assert _comments(changed) == _comments(original)
    assert [rule.loc for rule in changed.rules] == [rule.loc for rule in original.rules]
    assert changed.header_comments[0] == f"Touti as played{separator}on Atlas Carta."


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_fmt_keeps_a_separator_inside_a_comment(separator):
    text = ATLAS.replace(HEADER, HEADER.replace("played on", f"played{separator}on"))
    formatted = format_text(text, "atlas.touti")
    assert f"played{separator}on" in formatted
    assert format_text(formatted, "atlas.touti") == formatted


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_a_separator_outside_a_comment_is_a_located_error(separator):
    for old, new, pointed in (('  title: "Mini"', f'  title: "Mi{separator}ni"', 'title: "Mi@'),
                              ("  step: 10", f"  step:{separator}10", "step:@")):
        text = edit(old, new)
        problem = only(text)
        assert problem.code == "E001" and "line feed" in problem.hint
        assert (problem.loc.line, problem.loc.column) == where(text, pointed)


def test_crlf_line_ends_are_line_ends():
    assert diagnostics(MINI.replace("\n", "\r\n")) == []


def test_the_excerpt_is_the_line_of_the_error_and_shows_control_characters():
    text = "# a\x0cb\u2028c\n" + edit("  step: 10", "  step: ten")
    problem = only(text)
    excerpt = render_one(problem, {problem.loc.file: text}).splitlines()[1]
    assert excerpt.endswith("step: ten")
    assert render_one(Diagnostic("E100", "x", Loc("f", 1, 3)), {"f": "a\x0cb\n"}).splitlines()[1].endswith("a\u240cb")


def test_split_lines_is_the_lexers_definition():
    assert split_lines("a\x0cb\r\nc\rd\n\ne\n") == ["a\x0cb", "c\rd", "", "e"]
    rendered = render_one(Diagnostic("E100", "x", Loc("f", 2, 1)), {"f": "a\x0cb\nsecond\n"})
    assert "2 | second" in rendered
