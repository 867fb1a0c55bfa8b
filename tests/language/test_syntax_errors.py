"""Syntax errors, unreadable files and hostile input: located errors, never a crash or a hang."""

from __future__ import annotations

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec
from touti_dsl.parser import MAX_SOURCE_BYTES, parse_file, parse_text

from .snippets import MINI, diagnostics, edit, only, where

SYNTAX_CASES = [
    ("stray-character", "  step: 10", "  step: 10$", "E001", "10@$"),
    ("capital-letter", "  step: 10", "  Step: 10", "E001", "  @Step"),
    ("single-quotes", '  title: "Mini"', "  title: 'Mini'", "E001", "title: @'"),
    ("unterminated-string", '  title: "Mini"', '  title: "Mini', "E001", 'title: @"'),
    ("missing-colon", "  step: 10", "  step 10", "E002", "step @10"),
    ("value-missing", "  step: 10", "  step: = 10", "E002", "step: @="),
    ("two-numbers", "  step: 10", "  step: 10 20", "E002", "10 20@"),
    ("unquoted-system-id", 'system "mini"', "system mini", "E002", "system @mini"),
    ("unclosed-bracket", "not made_at_level(signal)", "not made_at_level(signal", "E002", "(signal@"),
    ("version-number-missing", "touti 1", "touti", "E002", "touti@"),
    ("missing-close-brace", "}\n\ntable {", "\ntable {", "E002", "table @{"),
    ("open-brace-missing", "match {", "match", "E002", "match@"),
    ("file-ends-in-block", "  target: 600 (400, 600, 1000)\n}\n", "  target: 600 (400, 600, 1000)\n", "E003", "1000)@"),
]


@pytest.mark.parametrize("old, new, code, pointed", [c[1:] for c in SYNTAX_CASES], ids=[c[0] for c in SYNTAX_CASES])
def test_syntax_error_is_located(old, new, code, pointed):
    text = edit(old, new)
    problem = only(text)
    assert problem.code == code, problem.message
    assert (problem.loc.line, problem.loc.column) == where(text, pointed), problem.message


def test_missing_close_brace_hints_at_the_open_block():
    assert "`}`" in only(edit("}\n\ntable {", "\ntable {")).hint


@pytest.mark.parametrize("nesting", ["not " * 5000 + "bid_made", "(" * 5000 + "bid_made" + ")" * 5000,
                                     "not (" * 40 + "bid_made" + ")" * 40])
def test_deeply_nested_condition_is_a_clean_error(nesting):
    text = edit("partner_to_bid and partner_bidding", nesting)
    problem = only(text)
    assert problem.code == "E005" and problem.loc.line == where(text, nesting[:8])[0]


def test_nesting_within_the_limit_parses():
    condition = "not (" * 15 + "bid_made" + ")" * 15
    assert diagnostics(edit("partner_to_bid and partner_bidding", condition)) == []


def test_brackets_inside_strings_and_comments_do_not_count_as_nesting():
    text = edit('  title: "Mini"', '  title: "' + "(" * 60 + '"  # ' + "(" * 60)
    assert diagnostics(text) == []


def test_oversized_input_is_refused_at_once():
    text = MINI + "#" * MAX_SOURCE_BYTES
    assert [(d.code, d.loc.line, d.loc.column) for d in diagnostics(text)] == [("E004", 1, 1)]


def test_very_large_input_reports_everything_without_hanging():
    rules = "".join(f"  rule_{i}: {i}\n" for i in range(3000))
    problems = diagnostics(edit("  last_trick: 10\n", "  last_trick: 10\n" + rules))
    assert len(problems) == 3000 and {d.code for d in problems} == {"E100"}


def test_very_long_list_is_fine():
    values = ", ".join(f'v{i} "value {i}"' for i in range(2000))
    problems = diagnostics(edit('values: las "I have an ace", kont "I have a ghna"', "values: " + values))
    assert problems == []


def test_missing_file_is_a_located_error(tmp_path):
    with pytest.raises(ToutiError) as caught:
        parse_file(tmp_path / "nowhere.touti")
    (problem,) = caught.value.diagnostics
    assert problem.code == "E010" and "nowhere.touti" in problem.message


def test_directory_and_non_utf8_files_are_located_errors(tmp_path):
    bad = tmp_path / "latin1.touti"
    bad.write_bytes(MINI.replace("Mini", "Min\xe9").encode("latin-1"))
    for path in (tmp_path, bad):
        with pytest.raises(ToutiError) as caught:
            load_spec(path)
        assert [d.code for d in caught.value.diagnostics] == ["E011"]


@pytest.mark.parametrize("text", ["", "\n\n", "   \n  \n", "# only a comment\n"])
def test_an_empty_file_says_it_is_empty_at_its_start(text):
    """Bughunt s17: an empty file was told 'a block is still open (missing `}`?)', at the last blank line."""
    with pytest.raises(ToutiError) as caught:
        parse_text(text)
    (problem,) = caught.value.diagnostics
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E003", 1, 1)
    assert "empty" in problem.message and "touti 1" in problem.hint


def test_a_file_ending_inside_a_block_names_the_block_and_its_line():
    text = MINI[: MINI.index("  step: 10")]
    problem = only(text)
    assert problem.code == "E003"
    assert "`bidding {` opened at line %d" % where(text, "@bidding {")[0] in problem.message


def test_remove_section_with_a_block_says_how_rules_are_removed():
    """An editor's `remove ghna { require while_stock }` was told 'is the `}` of the block above missing?'."""
    text = MINI + "\nremove trump {\n  choice\n}\n"
    problem = only(text)
    assert problem.code == "E002" and (problem.loc.line, problem.loc.column) == where(text, "remove trump @{")
    assert "`trump { remove KEY }`" in problem.hint


@pytest.mark.parametrize("control", ["\x00", "\x07", "\x1b", "\x7f", "\x9b"])
def test_a_control_character_in_a_text_is_a_located_error(control):
    """A NUL or an escape sequence inside a title reached `touti show`'s terminal and the pages as it was."""
    text = edit('  title: "Mini"', f'  title: "Mi{control}ni"')
    problem = only(text)
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E001", *where(text, 'title: "Mi@'))
    assert f"U+{ord(control):04X}" in problem.message


def test_a_control_character_in_a_comment_is_kept():
    assert diagnostics(edit('  title: "Mini"', '  title: "Mini"  # a \x07 bell')) == []


def test_spec_without_system_block_is_reported():
    text = MINI.replace('system "mini" {\n  title: "Mini"\n}\n', "")
    assert ("E106", 1, 1) in [(d.code, d.loc.line, d.loc.column) for d in diagnostics(text)]


def test_many_call_blocks_and_a_long_order_are_checked_in_one_pass():
    calls = "".join(f"call c{i} {{\n  effect: stay\n  require r: made(c{i}) and not made(c{i + 1})\n}}\n" for i in range(700))
    problems = diagnostics(MINI + calls)
    assert [(d.code, d.message) for d in problems] == [("E402", "made(c700): 'c700' is not a call of this spec")]
    order = "order: " + " > ".join(["1"] * 15000)
    (problem,) = diagnostics(edit("order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2", order))
    assert problem.code == "E204" and len(problem.message) < 400


@pytest.mark.parametrize("old, new, pointed, hint", [
    ("  step: 10", "  step: 10,  # note", "@maximum", "one comma too many"),
    ("  step: 10", "  step: 10 20", "10 20@", "list items are separated by commas"),
    ("  step: 10", "  step 10", "step @10", "`key: value`"),
    ("partner_to_bid and", "partner_to_bid && ", "partner_to_bid @&&", "`and`, `or`, `not`"),
])
def test_common_syntax_mistakes_get_a_hint(old, new, pointed, hint):
    text = edit(old, new)
    problem = only(text)
    assert (problem.loc.line, problem.loc.column) == where(text, pointed)
    assert hint in problem.hint


@pytest.mark.parametrize("new, named, hinted", [
    ('  title:\u00a0"Mini"', "a no-break space (U+00A0)", "plain space"),
    ('  title: \u201cMini\u201d', "a left double quotation mark (U+201C)", "straight double quotes"),
    ('  stép: 10', "a latin small letter e with acute (U+00E9)", "ASCII"),
], ids=["no-break-space", "curly-quotes", "accented-letter"])
def test_a_character_outside_ascii_is_named_with_its_code_point(new, named, hinted):
    """Pasted from a word processor or a web page, such a character is often invisible: the error names it."""
    old = '  title: "Mini"' if "title" in new else "  step: 10"
    problem = only(edit(old, new))
    assert problem.code == "E001" and named in problem.message and hinted in problem.hint, problem
