"""The cases of a swap after a won trick with the turned card in the dealer's hand (`tute-swap-after-trick`): the swap
is shown offered after a trick won by the holder's side while the dealer holds the turned card, and refused to a holder
who could otherwise make it once the dealer has played the card and after a trick won by the other side.  The suite is
the one the current code generates (the `current_suite` fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .swap_steps import swap_steps as _swap_steps

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "tute-swap-after-trick.touti"


@pytest.fixture(scope="module")
def swap_steps(current_suite) -> list[tuple[dict, object]]:
    """(the step, a copy of the state before it) for every `swap` step of the suite's cases."""
    return _swap_steps(EXAMPLE, current_suite(EXAMPLE))


def _could_swap(state, seat: int) -> bool:
    """The seat holds the seven of trumps, is not the dealer, and the turned card is not that seven."""
    seven = state.rules.rank_cards[7][state.trump_suit]
    return seven in state.hands[seat] and seat != state.dealer and state.turned != seven and not state.trick_cards


def _side_won_last(state, seat: int) -> bool:
    return state.seating.team_of[state.last_trick_winner()] == state.seating.team_of[seat]


def test_the_swap_is_shown_after_a_trick_won_by_the_holders_side(swap_steps):
    accepted = [state for step, state in swap_steps if step["op"] == "apply"]
    assert accepted and all(state.tricks_played and state.turned in state.hands[state.dealer] for state in accepted)


def test_the_swap_is_refused_once_the_dealer_has_played_the_turned_card(swap_steps):
    assert any(step["op"] == "refuse" and step["rule"] == "trump.swap_window" and state.tricks_played
               and _could_swap(state, step["seat"]) and _side_won_last(state, step["seat"])
               and state.turned not in state.hands[state.dealer] for step, state in swap_steps)


def test_the_swap_is_refused_after_a_trick_won_by_the_other_side(swap_steps):
    assert any(step["op"] == "refuse" and step["rule"] == "trump.swap_window" and state.tricks_played
               and _could_swap(state, step["seat"]) and not _side_won_last(state, step["seat"])
               and state.turned in state.hands[state.dealer] for step, state in swap_steps)
