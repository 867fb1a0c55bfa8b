"""The play obligations cross-checked against RULES.md's "play priorities", written directly.

RULES.md: follow suit if able; when following, beat the highest card of the led suit if able,
unless the trick is already trumped (led suit not trump); void in the led suit: trump if able,
overtrumping a trump already in the trick if able, else any trump; free discard only when void
in the led suit and in trumps.  Here those sentences are one small function, independent of
the engine's obligation chain, compared with `legal_actions` on states from random play.
"""

from __future__ import annotations

import random

import pytest

from ..conftest import SYSTEMS
from .helpers import game


def priorities(rules, hand: list[int], trick: list[int], trump: int) -> list[int]:
    """The legal cards by RULES.md's priorities (no partner exemption in the four systems)."""
    if not trick:
        return sorted(hand)
    suit, strength = rules.card_suit, rules.card_strength
    led = suit[trick[0]]
    trumped = led != trump and any(suit[c] == trump for c in trick)
    following = [c for c in hand if suit[c] == led]
    if following:
        best = max(strength[c] for c in trick if suit[c] == led)
        higher = [c for c in following if strength[c] > best]
        return sorted(higher if higher and not trumped else following)
    trumps = [c for c in hand if suit[c] == trump]
    if not trumps:
        return sorted(hand)
    best_trump = max((strength[c] for c in trick if suit[c] == trump), default=-1)
    over = [c for c in trumps if strength[c] > best_trump]
    return sorted(over or trumps)


@pytest.mark.parametrize("system", SYSTEMS)
def test_legal_cards_follow_the_play_priorities(system):
    g = game(system)
    rules = g.ruleset
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        state = g.new_round(seed=seed)
        while not state.is_terminal():
            if state.phase == "play" and state.concede_pending is None:
                seat = state.to_play
                engine = sorted(rules.vocabulary.cards[a[5:]] for a in state.legal_actions(seat) if a.startswith("play "))
                assert engine == priorities(rules, state.hands[seat], state.trick_cards, state.trump_suit)
                checked += 1
            seat = rng.choice(state.actors())
            actions = [a for a in state.legal_actions(seat) if a != "concede"] or state.legal_actions(seat)
            state.apply(seat, rng.choice(actions))
    assert checked > 1000
