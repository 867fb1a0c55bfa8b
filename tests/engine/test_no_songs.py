"""A spec without a ghna section (`remove ghna`: Brisca has no songs): nobody may ever declare."""

from __future__ import annotations

import random
from pathlib import Path

from touti_dsl.engine import Game

from .helpers import refused

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
DECLARING = ("ghna ", "tute ", "lend")


def _offers(game: Game, seeds: range) -> int:
    """How many times random rounds offer a declaration."""
    offers = 0
    for seed in seeds:
        state, rng = game.new_round(seed=seed), random.Random(seed)
        while not state.is_terminal():
            seat = rng.choice(state.actors())
            actions = state.legal_actions(seat)
            offers += sum(a.startswith(DECLARING) for a in actions)
            songs = [a for a in actions if a.startswith(DECLARING)]
            state.apply(seat, rng.choice(songs or actions))
    return offers


def test_brisca_pairs_never_offers_a_song_where_guinote_does():
    brisca = Game.from_spec(EXAMPLES / "brisca-pairs.touti")
    assert _offers(brisca, range(40)) == 0
    assert _offers(Game.from_spec("guinote"), range(40)) > 0


def test_a_song_is_no_action_of_a_spec_without_ghna():
    state = Game.from_spec(EXAMPLES / "brisca-pairs.touti").new_round(seed=3)
    assert "no ghna" in refused(state, state.to_play, "ghna oros", "action.syntax").message
