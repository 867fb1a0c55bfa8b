"""Shared helpers for the engine tests: games, explicit deals, scripted moves, refusals."""

from __future__ import annotations

from functools import lru_cache

import pytest

from touti_dsl.engine import Game, IllegalAction, RoundState


@lru_cache(maxsize=None)
def game(system: str, **settings) -> Game:
    return Game.from_spec(system, **settings)


def hands_of(*rows: str) -> list[list[str]]:
    """Four hands written as space-separated card texts."""
    return [row.split() for row in rows]


def run(state: RoundState, *moves: str) -> RoundState:
    """Apply moves written `seat: action` (e.g. `0: bid 80`) in order."""
    for move in moves:
        seat, action = move.split(": ", 1)
        state.apply(int(seat), action)
    return state


def refused(state: RoundState, seat: int, action: str, rule_id: str) -> IllegalAction:
    """Assert that `action` is refused with `rule_id` and leaves the state exactly unchanged."""
    before = state.to_json()
    legal = [state.legal_actions(s) for s in range(4)]
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert caught.value.rule_id == rule_id, caught.value.message
    assert caught.value.message
    assert state.to_json() == before
    assert [state.legal_actions(s) for s in range(4)] == legal
    return caught.value


def play_first_cards(state: RoundState) -> RoundState:
    """Finish the play with every player playing its first legal card (no declarations)."""
    while not state.is_terminal():
        seat = state.to_play
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("play ")))
    return state


def greedy_play(state, strong: set[int]) -> None:
    """Finish the play: the strong side plays its strongest legal card, the others their weakest; nobody declares."""
    rules = state.rules
    while not state.is_terminal():
        seat = state.to_play
        cards = [a for a in state.legal_actions(seat) if a.startswith("play ")]
        strength = lambda a: rules.card_strength[rules.vocabulary.cards[a.split()[1]]]
        state.apply(seat, max(cards, key=strength) if seat in strong else min(cards, key=strength))


def first_legal(state, stop=lambda st: False):
    """Play the first legal action of the first actor until the round ends (or `stop` holds)."""
    while not state.is_terminal() and not stop(state):
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def random_play(state, rng):
    """Play a random legal action of the first actor until the round ends."""
    while not state.is_terminal():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state
