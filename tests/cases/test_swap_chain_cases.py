"""The cases of a chain of swap cards (`trump.swap: 7, 2`): each link is shown offered to the holder of its card after
the swap before it, and refused before it and to another seat.  The suite is the one the current code generates (the
`current_suite` fixture: generated here when the committed one is stale)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .swap_steps import swap_steps as _swap_steps

CHAIN = Path(__file__).resolve().parents[2] / "spec" / "examples" / "guinote-two-takes-seven.touti"


@pytest.fixture(scope="module")
def swap_steps(current_suite) -> list[tuple[str, int, object]]:
    """(op, seat, a copy of the state before the step) for every `swap` step of the suite's cases."""
    return [(step["op"], step["seat"], state) for step, state in _swap_steps(CHAIN, current_suite(CHAIN))]


def _holds(state, seat: int, rank: int) -> bool:
    return state.rules.rank_cards[rank][state.trump_suit] in state.hands[seat]


def _last_swapper(state) -> int | None:
    return next((seat for seat, action in reversed(state.history) if action == "swap"), None)


def test_the_two_is_shown_taking_the_seven_from_another_seat(swap_steps):
    assert any(op == "apply" and before.swapped == 1 and _holds(before, seat, 2) and _last_swapper(before) != seat
               for op, seat, before in swap_steps)


def test_the_two_is_refused_before_the_seven_and_another_seat_after_it(swap_steps):
    refused = [(state, seat) for op, seat, state in swap_steps if op == "refuse"]
    assert any(state.swapped == 0 and _holds(state, seat, 2) and not _holds(state, seat, 7) for state, seat in refused)
    assert any(state.swapped == 1 and not _holds(state, seat, 2) for state, seat in refused)
    assert any(state.swapped == 2 for state, _ in refused)
