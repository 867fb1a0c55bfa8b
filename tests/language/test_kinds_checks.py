"""`ghna.kinds` (declaration_kinds.py): every bad row is one located diagnostic at the row."""

from __future__ import annotations

import pytest

from .snippets import diagnostics, edit, only, where

# MINI's concession without held declarations (a concession credits held kinds too: the last test).
BASE = edit("remaining_cards, last_trick, held_ghna", "remaining_cards, last_trick")


def with_kinds(row: str, text: str = BASE) -> str:
    return edit("  pair: 12, 11", f"  pair: 12, 11\n  kinds: {row}", text)


def test_good_kinds_check_clean():
    assert diagnostics(with_kinds("guinotes = 20 1 3 trump 40, ases = 40 1 1 1 1, sotas = 10 10 10")) == []


@pytest.mark.parametrize("row, code, pointed", [
    ("guinotes = 20 1 9 trump 40", "E210", "guinotes = 20"),
    ("guinotes = 20 1", "E508", "guinotes = 20"),
    ("guinotes = 20 1 3 trump", "E508", "guinotes"),
    ("guinotes = 20 1 trump 40 3", "E508", "guinotes"),
    ("guinotes = 20 1 1 3", "E508", "guinotes"),
    ("cinco = 40 1 1 1 1 1", "E508", "cinco"),
    ("ases = 40 1 1 1 1 trump 80", "E508", "ases"),
    ("guinotes = 20 uno tres", "E508", "guinotes"),
    ("7 = 20 1 3", "E508", "7 = 20"),
    ("plain = 20 1 3", "E508", "plain = 20"),
    ("guinotes = none 1 3", "E508", "guinotes"),
    ("a = 20 1 3, a = 30 10 12", "E509", "a = 30"),
    ("oros = 20 1 3", "E509", "oros = 20"),
    ("a = 20 1 3, b = 30 3 1", "E510", "b = 30"),
    ("a = 20 11 12", "E510", "a = 20"),
    ("bazzica = 40 11e 10", "E508", "bazzica = 40"),  # a kind of named cards: every word a card of the deck, once
    ("bazzica = 40 11e 10x", "E508", "bazzica = 40"),
    ("bazzica = 40 11e 11e", "E508", "bazzica = 40"),
    ("bazzica = 40 11e", "E508", "bazzica = 40"),
    ("bazzica = 40 11e 10o trump 60", "E508", "bazzica = 40"),
    ("bazzica = 40 9e 10o", "E210", "bazzica = 40"),
    ("bazzica = 40 11e 10o, other = 20 10o 11e", "E510", "other = 20"),
])
def test_a_bad_kind_is_located_at_its_row(row, code, pointed):
    text = with_kinds(row)
    problem = only(text)
    assert problem.code == code, problem.message
    assert (problem.loc.line, problem.loc.column) == where(text, pointed), problem.message


def test_a_kind_of_the_cards_of_a_tute_is_refused():
    text = with_kinds("reyes = 40 12 12 12 12", edit("  tute: none", "  tute: 12", BASE))
    assert [d.code for d in diagnostics(text)].count("E510") == 1


def test_a_condition_may_name_a_kind_and_only_a_kind_of_the_spec():
    text = with_kinds("guinotes = 20 1 3", edit("  tute: none", "  tute: none\n  require late: not declaring(guinotes)", BASE))
    assert diagnostics(text) == []
    problem = only(edit("declaring(guinotes)", "declaring(guinote)", text))
    assert problem.code == "E401"


def test_kinds_with_a_concession_crediting_held_declarations_check_clean():
    """A concession credits held kinds as it credits held pairs (engine/ghna.best_held): no E310 any more."""
    assert diagnostics(with_kinds("guinotes = 20 1 3", edit("  pair: 12, 11", "  pair: 12, 11"))) == []


# MINI scores a contract: a kind that wins the hand means a game won at once there, so match.at_once names it.
AT_ONCE = edit("match {", "match {\n  at_once: capote, ases", BASE)


def test_a_kind_that_wins_the_hand_named_by_at_once_checks_clean():
    assert diagnostics(with_kinds("ases = 0 1 1 1 1 wins_hand", AT_ONCE)) == []


@pytest.mark.parametrize("row, text, pointed", [
    ("ases = 0 1 1 1 1", AT_ONCE, "ases\n"),  # named by match.at_once without winning the hand: at the word
    ("ases = 0 1 1 1 1 wins_hand", BASE, "ases = 0"),  # wins the hand under a contract, not named: at the row
    ("ases = 0 1 1 1 1 wins_hand, sotas = 10 10 10 wins_hand", AT_ONCE, "sotas = 10"),
])
def test_a_misused_winning_kind_is_e511_located(row, text, pointed):
    text = with_kinds(row, text)
    problem = only(text)
    assert problem.code == "E511", problem.message
    assert (problem.loc.line, problem.loc.column) == where(text, pointed), problem.message


def test_wins_hand_comes_last_and_at_once_takes_only_kind_names():
    assert only(with_kinds("ases = 0 1 1 wins_hand 1 1")).code == "E508"
    assert only(edit("at_once: capote, ases", "at_once: capote, reyes", AT_ONCE)).code == "E102"


def test_a_kind_of_named_cards_checks_clean():
    """The bazzica (Piccola enciclopedia di giuochi, p. 94): the queen of spades and the jack of diamonds, here the
    caballo of espadas and the sota of oros."""
    assert diagnostics(with_kinds("bazzica = 40 11e 10o")) == []
    assert "'10x' names no suit of the deck (the codes are o, c, e, b)" in only(with_kinds("bazzica = 40 11e 10x")).message


def test_a_card_a_kind_names_stays_in_the_deck():
    text = edit("  pair: 12, 11", "  pair: 12, 11\n  kinds: bazzica = 40 11e 10o", edit("  ranks:", "  removed: 10o\n  ranks:", BASE))
    found = [d for d in diagnostics(text) if d.code == "E219"]  # (the deal of 39 cards is E207's)
    assert [d.message for d in found] == ["deck.removed takes 10o out, but ghna.kinds needs it"]
    kept = edit("  pair: 12, 11", "  pair: 12, 11\n  kinds: bazzica = 40 11e 10o", edit("  ranks:", "  removed: 10c\n  ranks:", BASE))
    assert not [d for d in diagnostics(kept) if d.code == "E219"]
