"""`leading` is "this player leads the trick": judged for a seat that is not the one to play (a swap before the first
lead by another seat), it is false, not true of every seat while the trick is empty (tests/engine/specs/
tute-swap-to-lead)."""

from __future__ import annotations

from pathlib import Path

from touti_dsl.engine import Game
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.loader import load_spec

from .test_swap_after_trick import HANDS, _card

TO_LEAD = Path(__file__).resolve().parent / "specs" / "tute-swap-to-lead.touti"


def _round(holder: int):
    hands = [list(h) for h in HANDS]
    seven = hands[0].index("7b")
    hands[0][seven], hands[holder][0] = hands[holder][0], hands[0][seven]  # the 7 of trumps (bastos) to `holder`
    return Game.from_spec(load_spec(TO_LEAD)).new_round(hands=hands, dealer=3)


def test_the_player_to_lead_may_swap_before_the_first_lead():
    state = _round(holder=0)
    assert state.to_play == 0 and "swap" in state.legal_actions(0)
    state.apply(0, "swap")
    assert _card(state, "10b") in state.hands[0]


def test_another_player_is_not_leading_while_the_trick_is_empty():
    state = _round(holder=1)
    assert state.to_play == 0 and not state.trick_cards
    assert "swap" not in state.legal_actions(1)
    assert forbidding_rules(state, 1, "swap") == ["trump.to_lead"]
