"""The parser builds nodes as the LALR parser reduces (parser._Reductions): positions and failures as a tree walk gave them.

Each node starts at the first symbol of its rule, tokens the tree leaves out included (`not`,
`(`), where a bracketed operand counts from its bracket; a rule ends at its last symbol (so
the comments on every line of a rule written over several lines stay with it); a problem a
node finds (E008) is reported only when the whole file parses, and the first one in source
order wins.  The parser's own loop (lalr_run.py) builds exactly what Lark's driver builds.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from touti_dsl import model as m
from touti_dsl import parser
from touti_dsl.parser import parse_text

from .snippets import MINI, edit, only, where

ROOT = Path(__file__).resolve().parents[2]
CALL = "  require new_level: not made_at_level(signal)"


def _requirement(condition: str) -> tuple[str, m.Expr]:
    text = edit(CALL, f"  require new_level: {condition}")
    rule = next(r for r in parse_text(text, "mini.touti").rules if r.id == "signal.new_level")
    return text, rule.value.condition


def _at(node: m.Node) -> tuple[int, int]:
    return node.loc.line, node.loc.column


def test_a_node_starts_at_its_first_token_even_one_the_tree_leaves_out():
    text, condition = _requirement("not (partner_bidding or my_turn)")
    assert isinstance(condition, m.Not) and isinstance(condition.operand, m.Any_)
    assert _at(condition) == where(text, "@not (partner")
    assert _at(condition.operand) == where(text, "@partner_bidding or")  # inside the brackets: its own first token


def test_a_bracketed_first_operand_makes_its_parent_start_at_the_bracket():
    text, condition = _requirement("(my_turn) and partner_bidding")
    assert isinstance(condition, m.All)
    assert _at(condition) == where(text, "@(my_turn)")
    assert _at(condition.operands[0]) == where(text, "(@my_turn)")


def test_an_arithmetic_chain_and_a_comparison_start_at_their_first_operand():
    text, condition = _requirement("(bid + 10) * 2 >= 100")
    assert isinstance(condition, m.Compare) and isinstance(condition.left, m.Arith)
    assert _at(condition) == _at(condition.left) == where(text, "@(bid + 10)")
    assert _at(condition.left.left) == where(text, "(@bid + 10)")


def test_a_rule_over_several_lines_keeps_the_comment_of_its_last_line():
    text = edit("  award: remaining_cards, last_trick, held_ghna",
                "  award: remaining_cards,\n    last_trick,\n    held_ghna  # the ghnas held count")
    rule = next(r for r in parse_text(text, "mini.touti").rules if r.id == "concession.award")
    assert rule.value.words == ("remaining_cards", "last_trick", "held_ghna")
    assert rule.trailing == "the ghnas held count"


def test_a_syntax_error_further_down_is_reported_before_a_chained_comparison():
    text = edit(CALL, "  require new_level: 1 < 2 < 3").replace("  last_trick: 10", "  last_trick 10")
    assert only(text).code == "E002"


def test_the_first_chained_comparison_in_the_file_is_the_one_reported():
    text = edit(CALL, "  require new_level: 1 < 2 < 3").replace("  step: 10", "  step: 10 > 20 < 30")
    problem = only(text)
    assert problem.code == "E008"
    assert (problem.loc.line, problem.loc.column) == where(text, "@10 > 20 < 30")


def test_the_parser_is_the_same_on_a_second_file():
    first, second = parse_text(MINI, "a.touti"), parse_text(MINI, "b.touti")
    assert first == second and first.rules[0].loc.file == "a.touti" and second.rules[0].loc.file == "b.touti"


def _with_locations(value):
    """A value with every field, locations included (they are outside the model's equality)."""
    if dataclasses.is_dataclass(value):
        return (type(value).__name__, *((f.name, _with_locations(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list)):
        return tuple(_with_locations(item) for item in value)
    return value


BUNDLED = sorted((ROOT / "spec").glob("*.touti")) + sorted((ROOT / "spec" / "examples").glob("*.touti"))


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_the_fast_run_builds_what_larks_own_run_builds(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    fast = _with_locations(parse_text(text, str(path)))
    monkeypatch.setattr(parser, "_tables", lambda: None)  # as with a Lark whose internals lalr_run does not know
    assert _with_locations(parse_text(text, str(path))) == fast


def test_a_syntax_error_is_lark_s_own_whichever_run_meets_it(monkeypatch):
    text = edit("  step: 10", "  step 10")
    fast = only(text)
    monkeypatch.setattr(parser, "_tables", lambda: None)
    assert only(text) == fast and fast.code == "E002"
