"""`led_trump`: a trump has been led to the trick.  Tute habanero as cccj.es publishes it: "while the stock lasts, the
only duty is to follow trumps"; spec/examples/tute-habanero-follow-trumps.touti:
`follow_suit: must follow when stock_empty or led_trump`."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game
from touti_dsl.engine.errors import IllegalAction
from touti_dsl.loader import load_spec

from tests.house import house_codes

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
EXAMPLE = EXAMPLES / "tute-habanero-follow-trumps.touti"
# trumps are oros (the stock's last card, 5o); seat 1 holds oros and copas
HANDS = [["5e", "12b", "6o", "12o", "4b", "7o", "5b", "1e"], ["2o", "12e", "2c", "3o", "7c", "4o", "6b", "10c"]]
STOCK = ["2e", "1b", "11b", "6e", "10o", "4e", "3b", "12c", "10b", "6c", "3e", "5c", "7e", "7b", "10e", "2b", "11e",
         "3c", "1o", "11c", "1c", "4c", "11o", "5o"]


def _after_lead(path: Path, lead: str):
    state = Game.from_spec(load_spec(path)).new_round(hands=HANDS, stock=STOCK, dealer=1)
    state.apply(0, f"play {lead}")
    return state


def test_a_trump_lead_must_be_followed_while_cards_are_left_to_draw():
    state = _after_lead(EXAMPLE, "7o")
    assert sorted(a for a in state.legal_actions(1) if a.startswith("play ")) == ["play 2o", "play 3o", "play 4o"]
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, "play 2c")
    assert refused.value.rule_id == "play.follow_suit"


def test_a_plain_lead_need_not_be_followed_while_cards_are_left_to_draw():
    state = _after_lead(EXAMPLE, "12b")  # bastos led: seat 1 holds the 6 of bastos but may play anything
    assert len([a for a in state.legal_actions(1) if a.startswith("play ")]) == 8


def test_the_base_needs_no_following_at_all_before_the_stock_is_empty():
    state = _after_lead(EXAMPLES / "tute-habanero.touti", "7o")
    assert len([a for a in state.legal_actions(1) if a.startswith("play ")]) == 8


def test_a_table_without_trumps_has_no_trump_lead(tmp_path):
    assert ("E420", 8) in house_codes(tmp_path, "briscolone", "add play {\n  follow_suit: must follow when led_trump\n}\n")


def test_the_pages_say_it_in_every_language():
    from tests.docs.helpers import spec_pages

    pages = spec_pages(EXAMPLE)
    assert "when either no card is left to draw or a trump has been led to this trick." in pages["en"]
    assert "soit ce pli a été entamé par un atout." in pages["fr"]
    assert "أو اللون المطلوب في هذه اللمّة هو" in pages["ar"]
