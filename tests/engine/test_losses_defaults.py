"""A match counting hands lost (`match.end: losses` / `elimination`) where `scoring.winner` / `scoring.loser` are
unwritten: a hand lost counts one, a hand won none, as the pages say ("The match is played in hands lost", "A player
who has lost 4 hands ends the match").  The engine used the defaults of a match counting points (a hand won 1, a hand
lost 0): without `loser: 1` nobody ever lost a hand and the match never ended; under `most_points` the winner of each
hand counted it as a hand lost.  Found by scripts/stress_house_rules.py."""

from __future__ import annotations

import random

from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from ..house import house_variant


def _play(state, rng):
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _match(path, seed=1, cap=60):
    game = Game.from_spec(load_spec(path))
    rng = random.Random(seed)
    state = _play(game.new_round(seed=seed), rng)
    rounds = [state.round_result()]
    while not state.match_result()["over"] and len(rounds) < cap:
        state = _play(state.next_round(seed=rng.randrange(1 << 30)), rng)
        rounds.append(state.round_result())
    return state, rounds


def test_a_hand_lost_counts_one_where_the_loser_formula_is_unwritten(tmp_path):
    path = house_variant(tmp_path, "tute-cabrero-last-loses", "scoring {\n  remove loser\n}\n")
    state, rounds = _match(path)
    first = rounds[0]
    assert first["losers"] and [first["score_changes"][s] for s in first["losers"]] == [1] * len(first["losers"])
    assert state.match_result()["over"]
    assert max(state.match_result()["scores"]) == 4  # match.losses: 4


def test_elimination_by_place_with_a_bidding_ends(tmp_path):
    body = ("match {\n  end: elimination\n  losses: 2 (2)\n  remaining: 1\n  remove target\n}\n\n"
            "scoring {\n  round: place_loses\n  losing_place: last\n  place_tie: first_speaker\n}\n")
    state, _ = _match(house_variant(tmp_path, "tutti-ma-two", body))
    result = state.match_result()
    assert result["over"] and result["out"] and len(result["winners"]) == 1


def test_the_winner_of_a_hand_does_not_count_it_as_lost(tmp_path):
    body = "match {\n  end: losses\n  losses: 3 (3)\n  remove hands\n}\n"
    state, rounds = _match(house_variant(tmp_path, "tute-arrastrado", body))
    for result in rounds:
        if result["winner"] is not None:
            changes = result["score_changes"]
            assert changes[result["winner"]] == 0
            assert all(change == 1 for side, change in enumerate(changes) if side != result["winner"])
    assert state.match_result()["over"] and state.match_result()["winners"]


def test_a_written_formula_still_decides(tmp_path):
    body = "match {\n  end: losses\n  losses: 3 (3)\n  remove hands\n}\n\nscoring {\n  loser: 2\n}\n"
    _, rounds = _match(house_variant(tmp_path, "tute-arrastrado", body))
    decided = next(r for r in rounds if r["winner"] is not None)
    assert sorted(decided["score_changes"]) == [0, 2, 2]
