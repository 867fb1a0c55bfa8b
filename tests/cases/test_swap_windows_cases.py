"""The cases of a swap with both windows (`swap_window: before_first_lead, after_team_trick`,
tests/engine/specs/tute-swap-both-windows): the swap is shown made before the first lead and after a trick won by the
holder's side, and refused to a holder who could otherwise make it after a trick won by the other side and once the
dealer has played the turned card.  The suite is the one the current code generates (the `current_suite` fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .swap_steps import swap_steps as _swap_steps
from .test_swap_after_trick_cases import _could_swap, _side_won_last

FIXTURE = Path(__file__).resolve().parents[1] / "engine" / "specs" / "tute-swap-both-windows.touti"


@pytest.fixture(scope="module")
def swap_steps(current_suite) -> list[tuple[dict, object]]:
    return _swap_steps(FIXTURE, current_suite(FIXTURE))


def test_the_swap_is_shown_in_each_window(swap_steps):
    accepted = [state for step, state in swap_steps if step["op"] == "apply"]
    assert any(not state.tricks_played and not state.trick_cards for state in accepted)
    assert any(state.tricks_played and state.turned in state.hands[state.dealer] for state in accepted)


def test_the_late_window_is_refused_after_the_other_sides_trick_and_once_the_turned_card_is_played(swap_steps):
    late = [(step, state) for step, state in swap_steps if step["op"] == "refuse" and step["rule"] == "trump.swap_window"
            and state.tricks_played and _could_swap(state, step["seat"])]
    assert any(not _side_won_last(state, step["seat"]) and state.turned in state.hands[state.dealer]
               for step, state in late)
    assert any(_side_won_last(state, step["seat"]) and state.turned not in state.hands[state.dealer]
               for step, state in late)
