"""`match.carry`: a second count each side keeps across the hands of a game, besides its match score
(spec/examples/briscola-two-hands-or-120.touti: "whoever first wins two hands, or reaches 120 points in one or two
hands"): the card points each side took in the hands before, carried into the next hand and read as `carried(side)`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game, RoundState
from touti_dsl.loader import load_spec

from .helpers import random_play

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
TWO_OR_120 = EXAMPLES / "briscola-two-hands-or-120.touti"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_spec(load_spec(TWO_OR_120))


def test_each_side_carries_its_card_points_into_the_next_hand(game):
    rng = random.Random(4)
    state = random_play(game.new_round(seed=1, dealer=0, carried=[3, 5]), rng)
    result = state.match_result()
    assert not result["over"], "the seed must leave the match open after one hand"
    points = state.round_result()["card_points"]
    assert result["carried"] == [3 + points[0], 5 + points[1]]
    following = state.next_round(seed=2)
    assert following.carried == result["carried"] and following.to_json()["carried"] == result["carried"]
    assert following.observation(0)["carried"] == result["carried"]
    assert RoundState.from_json(game, following.to_json()).carried == result["carried"]


def test_the_match_is_won_at_once_on_reaching_120_over_two_hands(game):
    rng = random.Random(4)
    state = random_play(game.new_round(seed=1, dealer=0, carried=[119, 0]), rng)  # one card point more ends it
    result = state.match_result()
    assert result["over"] and result["winner"] == 0 and state.round_result()["at_once"] == 0
    assert state.round_result()["card_points"][0] >= 1 and state.tricks_played < 20


def test_a_carried_count_needs_the_rule_and_one_count_per_side(game):
    with pytest.raises(ValueError, match="match.carry"):
        Game.from_spec("brisca-two").new_round(seed=1, carried=[0, 0])
    with pytest.raises(ValueError, match="carried must be a list of 2"):
        game.new_round(seed=1, carried=[0, 0, 0])
    assert game.new_round(seed=1).carried == [0, 0]
    assert "carried" not in Game.from_spec("brisca-two").new_round(seed=1).to_json()


def test_a_game_won_starts_the_count_again(tmp_path):
    path = tmp_path / "games.touti"
    path.write_text('touti 1\n\nsystem "games" extends "briscola-two-hands-or-120" {\n  title: "Games"\n}\n\n'
                    "match {\n  games: 2 (2)\n}\n", encoding="utf-8")
    game = Game.from_spec(load_spec(path))
    rng = random.Random(3)
    state = random_play(game.new_round(seed=5, dealer=0, carried=[1, 1]), rng)
    while state.match_result().get("game_winner") is None:
        state = random_play(state.next_round(seed=rng.randrange(1000)), rng)
    assert state.match_result()["carried"] != [0, 0] and state.next_round(seed=1).carried == [0, 0]
