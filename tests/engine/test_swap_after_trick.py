"""`trump.swap_window after_team_trick` with the turned card in the dealer's hand (spec/examples/tute-swap-after-trick):
the seven of trumps takes the turned card after a trick won by its holder's side, while the dealer still holds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine import claim
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.loader import load_spec

SPEC = Path(__file__).resolve().parents[2] / "spec"
EXAMPLE = SPEC / "examples" / "tute-swap-after-trick.touti"

# Trumps bastos: the dealer (seat 3) is dealt the 10 of bastos last and keeps it; seat 0 holds the 7 of bastos.
HANDS = [["6e", "10o", "11o", "11e", "2o", "7b", "5b", "6o", "4o", "7o"],
         ["5o", "5e", "3c", "1e", "10c", "12e", "10e", "7e", "11b", "3o"],
         ["4c", "2c", "12b", "12o", "5c", "1b", "1o", "12c", "2b", "7c"],
         ["3b", "1c", "6c", "3e", "11c", "6b", "4e", "4b", "2e", "10b"]]


def _round(hands=HANDS, dealer: int = 3):
    return Game.from_spec(load_spec(EXAMPLE)).new_round(hands=[list(h) for h in hands], dealer=dealer)


def _play(state, *cards: str) -> None:
    for card in cards:
        state.apply(state.to_play, f"play {card}")


def _card(state, text: str) -> int:
    return state.rules.vocabulary.cards[text]


def test_no_swap_before_a_trick_is_won():
    state = _round()
    assert state.turned == _card(state, "10b") and "swap" not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap")
    assert refused.value.rule_id == "trump.swap_window"


def test_after_a_trick_won_by_the_holders_side_the_seven_takes_the_dealers_turned_card():
    state = _round()
    _play(state, "11e", "1e", "1b", "2e")  # seat 2 trumps: seats 0 and 2 win the trick
    assert state.last_trick_winner() == 2
    assert "swap" in state.legal_actions(0) and 0 in state.actors()
    assert claim.swap_to_come(state)  # nobody may claim while the swap may still change a hand
    state.apply(0, "swap")
    assert _card(state, "10b") in state.hands[0] and _card(state, "7b") not in state.hands[0]
    assert _card(state, "7b") in state.hands[3] and _card(state, "10b") not in state.hands[3]
    assert sorted([c for hand in state.hands for c in hand] + [c for t in state.tricks for c in t[1]]) == list(
        range(40))  # every card once: the swap moved two cards between two hands
    assert "swap" not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as again:
        state.apply(0, "swap")
    assert again.value.rule_id == "trump.swap"  # once a round
    assert not claim.swap_to_come(state)


def test_after_a_trick_won_by_the_other_side_the_swap_is_refused():
    state = _round()
    _play(state, "10o", "3o", "1o", "4b")  # the dealer, void in oros, trumps: seats 1 and 3 win
    assert state.last_trick_winner() == 3
    assert "swap" not in state.legal_actions(0)
    assert forbidding_rules(state, 0, "swap") == ["trump.swap_window"]
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap")
    assert "won by your side" in refused.value.message


def test_once_the_dealer_has_played_the_turned_card_the_swap_is_gone():
    # bastos led: the dealer (seat 3) must follow with a bastos and plays the turned 10; seat 2 wins with the ace
    state = _round()
    _play(state, "5b", "11b", "1b", "10b")
    assert state.last_trick_winner() == 2 and state.window_team == 0
    assert "swap" not in state.legal_actions(0)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap")
    assert refused.value.rule_id == "trump.swap_window"
    assert refused.value.message == "the turned card has been played: it can no longer be taken"
    assert state.to_json() == before
    assert not claim.swap_to_come(state)  # nothing is left to take: a claim is no longer held back by the swap
    assert all("swap" not in state.legal_actions(seat) for seat in range(4))


def test_the_dealer_holding_the_seven_never_swaps():
    hands = [list(h) for h in HANDS]
    hands[0][5], hands[3][0] = hands[3][0], hands[0][5]  # the dealer holds the 7 of bastos and the turned 10
    state = _round(hands)
    _play(state, "11e", "1e", "1b", "2e")  # seat 2 wins: seats 0 and 2; then the dealer's side wins one
    assert "swap" not in state.legal_actions(3)
    _play(state, "1o", "4b", "2o", "5o")  # the dealer, void in oros, trumps: seats 1 and 3 win
    assert state.last_trick_winner() == 3 and state.window_team == 1
    with pytest.raises(IllegalAction) as refused:
        state.apply(3, "swap")
    assert refused.value.rule_id == "trump.swap"
    assert "dealer cannot swap" in refused.value.message


def test_tute_keeps_its_swap_before_the_first_lead():
    state = Game.from_spec(load_spec(SPEC / "tute.touti")).new_round(hands=[list(h) for h in HANDS], dealer=3)
    assert "swap" in state.legal_actions(0)
    _play(state, "11e", "1e", "1b", "2e")
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap")
    assert refused.value.rule_id == "trump.swap"
