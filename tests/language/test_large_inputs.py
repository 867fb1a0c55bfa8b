"""Large and hostile inputs: what the commands print stays bounded and readable (issue 12, item 4).

How fast they are is measured by bench/bench_hostile_inputs.py, never asserted here.
"""

from __future__ import annotations

import difflib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from touti_dsl.cli import main
from touti_dsl.errors import EXCERPT_WIDTH, MAX_RENDERED
from touti_dsl.formatter import format_text
from touti_dsl.text_diff import MAX_DIFF_LINES, WINDOW_LINES, bounded_diff

from .snippets import MINI, edit, only, where

HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def patched(before: list[str], diff: list[str]) -> list[str]:
    """`before` with a unified diff applied (each context and removed line must match)."""
    result, position = [], 0
    for line in diff[2:]:
        header = HUNK.match(line)
        if header:
            start = int(header.group(1)) - (1 if int(header.group(2) or 1) else 0)
            result += before[position:start]
            position = start
        elif line[0] in " -":
            assert before[position] == line[1:]
            result += [line[1:]] if line[0] == " " else []
            position += 1
        else:
            result.append(line[1:])
    return result + before[position:]


# ---------------------------------------------------------------- many diagnostics


def test_check_shows_the_first_diagnostics_then_how_many_more(tmp_path, capsys):
    unknown = "".join(f"  unknown_{i}: {i}\n" for i in range(MAX_RENDERED + 7))
    path = tmp_path / "many.touti"
    path.write_text(edit("  last_trick: 10\n", "  last_trick: 10\n" + unknown))
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert err.count("error[E100]") == MAX_RENDERED
    assert "unknown_0" in err and f"unknown_{MAX_RENDERED - 1}" in err and f"unknown_{MAX_RENDERED}:" not in err
    assert err.rstrip().endswith(f"... and 7 more\n{MAX_RENDERED + 7} error(s) in 1 of 1 file(s)")


def test_check_json_still_lists_every_diagnostic(tmp_path, capsys):
    unknown = "".join(f"  unknown_{i}: {i}\n" for i in range(MAX_RENDERED + 7))
    path = tmp_path / "many.touti"
    path.write_text(edit("  last_trick: 10\n", "  last_trick: 10\n" + unknown))
    code, out, _ = run(capsys, "check", "--format", "json", str(path))
    assert code == 1 and out.count('"code": "E100"') == MAX_RENDERED + 7


# ---------------------------------------------------------------- long lines quoted


def test_a_diagnostic_on_a_long_line_quotes_the_part_around_the_caret():
    from touti_dsl.errors import render

    values = ", ".join(f'v{i} "value {i}"' for i in range(300)) + ", v300 'value', " + ", ".join(f'w{i} "w"' for i in range(300))
    text = edit('values: las "I have an ace", kont "I have a ghna"', "values: " + values)
    problem = only(text)
    excerpt, caret = render([problem], {"mini.touti": text}).splitlines()[1:3]
    quoted = excerpt.split(" | ", 1)[1]
    assert len(quoted) <= EXCERPT_WIDTH + 2 and quoted.startswith("…") and quoted.endswith("…")
    pointed = caret.index("^") - caret.index("| ") - 2
    assert quoted[pointed:].startswith("'value'")
    assert (problem.loc.line, problem.loc.column) == where(text, "@'value'")


def test_a_short_line_is_quoted_whole():
    from touti_dsl.errors import excerpt

    assert excerpt("  step: 10 20", 11) == ("  step: 10 20", 11)
    line = "x" * 500
    shown, caret = excerpt(line, 0)
    assert shown == "x" * EXCERPT_WIDTH + "…" and caret == 0
    shown, caret = excerpt(line, 499)
    assert shown == "…" + "x" * EXCERPT_WIDTH and shown[caret] == "x" and caret == EXCERPT_WIDTH


# ---------------------------------------------------------------- a bounded diff


def test_fmt_check_cuts_a_long_diff_and_says_so(tmp_path, capsys):
    messy = "".join(f"call c{i}   {{\n effect:leave\n  require t:my_turn\n}}\n" for i in range(200))
    path = tmp_path / "messy.touti"
    path.write_text(format_text(MINI) + messy)
    code, out, _ = run(capsys, "fmt", "--check", str(path))
    diff = out.split(f"would reformat {path}\n", 1)[1].splitlines()
    assert code == 1
    assert diff[-2] == f"... the diff is cut after {MAX_DIFF_LINES} lines: more changes follow"
    assert len(diff) == MAX_DIFF_LINES + 4  # ---, +++, the lines, the note, the summary
    assert diff[:3] == [f"--- {path}", f"+++ {path} (formatted)", diff[2]] and HUNK.match(diff[2])


def test_a_change_longer_than_the_window_is_cut_with_line_numbers_of_the_whole_file():
    before = [f"line {i}" for i in range(WINDOW_LINES * 2)]
    after = before[:10] + [f"changed {i}" for i in range(10, WINDOW_LINES * 2)]
    diff = bounded_diff(before, after, "a", "b")
    assert diff[2].startswith("@@ -8,") and diff[3:6] == [" line 7", " line 8", " line 9"]
    assert diff[6] == "-line 10" and diff[-1].startswith("... the diff is cut")


def test_a_short_diff_is_the_one_difflib_writes():
    before = MINI.splitlines()
    after = [line.replace(": ", ":  ") if "step" in line or "target" in line else line for line in before]
    assert bounded_diff(before, after, "a", "b") == list(difflib.unified_diff(before, after, "a", "b", lineterm=""))


@given(st.lists(st.sampled_from("abcde"), max_size=40), st.lists(st.tuples(st.integers(0, 40), st.sampled_from("abcdef|")),
                                                                  max_size=8))
def test_a_diff_that_is_not_cut_turns_one_text_into_the_other(before, edits):
    after = list(before)
    for index, char in edits:
        if char == "|" and after:
            del after[index % len(after)]
        else:
            after.insert(index % (len(after) + 1), char)
    diff = bounded_diff(before, after, "a", "b")
    assert (diff == []) == (before == after)
    assert patched(before, diff) == after


# ---------------------------------------------------------------- formulas nested too deeply


@pytest.mark.parametrize("formula", ["1 + " * 5000 + "1", "- " * 5000 + "1", "1 if first_trick else " * 2000 + "1",
                                     "contract * " * 40 + "2", "(" * 20 + "- " * 20 + "1" + ")" * 20])
def test_a_formula_nested_too_deeply_is_a_clean_error(formula):
    text = edit("  round: contract", f"  round: contract\n  made: {formula}")
    problem = only(text)
    assert problem.code == "E005" and problem.loc.line == where(text, "made: ")[0]


def test_and_or_do_not_reset_the_if_else_chain():
    chain = "1 if first_trick and last_trick else " * 40 + "1"
    assert only(edit("  round: contract", f"  round: contract\n  made: {chain}")).code == "E005"


def test_a_formula_at_the_nesting_limit_is_checked_formatted_and_documented(tmp_path, capsys):
    formula = "(contract + " * 16 + "1" + ")" * 16  # 16 brackets and 16 additions: 32 levels
    path = tmp_path / "deep.touti"
    path.write_text(format_text(edit("  round: contract", f"  round: contract\n  made: {formula}")))
    assert run(capsys, "check", str(path))[0] == 0
    assert run(capsys, "fmt", "--check", str(path))[0] == 0
    assert run(capsys, "docs", str(path), "--out", str(tmp_path / "docs"))[0] == 0
