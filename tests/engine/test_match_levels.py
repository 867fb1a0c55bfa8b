"""A match in games and cotos, wins at once (a tute, a capote) and the tie-breaks of a hand on points."""

from __future__ import annotations

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import greedy_play

TUTE_DEAL = [  # seat 1 holds the four kings; bastos are trumps (the dealer's last card)
    "4c 7c 4e 7e 1o 3o 11o 10o 7o 6o",
    "12o 12c 12e 12b 1c 1e 3c 3e 11c 11e",
    "5c 10c 5e 10e 5o 4o 2o 1b 3b 11b",
    "2c 6c 2e 6e 10b 7b 6b 5b 4b 2b",
]


def _variant(tmp_path, body: str, base: str = "tute"):
    path = tmp_path / "inline.touti"
    path.write_text(f'touti 1\n\nsystem "inline" extends "{base}" {{\n  title: "Inline"\n}}\n\n{body}\n', encoding="utf-8")
    return load_spec(path)


def _tute_sung(game: Game, **setup):
    state = game.new_round(hands=[h.split() for h in TUTE_DEAL], dealer=3, **setup)
    for seat, action in ((0, "play 4c"), (1, "play 1c"), (2, "play 5c"), (3, "play 2c"), (1, "tute 12")):
        state.apply(seat, action)
    return state


def test_a_game_won_short_of_the_match_counts_one_game_and_the_next_starts_from_zero(tmp_path):
    game = Game.from_spec(_variant(tmp_path, "match {\n  games: 2 (2, 3)\n}"))
    state = _tute_sung(game, scores=[2, 2])  # three hands win a game: the tute's hand wins it for team 1
    result = state.match_result()
    assert result == {"scores": [2, 3], "over": False, "winner": None, "games": [0, 1], "game_winner": 1}
    following = state.next_round(seed=5)
    assert following.scores == [0, 0] and following.games == [0, 1]
    assert following.match_result() == {"scores": [0, 0], "over": False, "winner": None, "games": [0, 1],
                                        "game_winner": None}


def test_the_last_game_wins_the_match(tmp_path):
    game = Game.from_spec(_variant(tmp_path, "match {\n  games: 2 (2, 3)\n}"))
    result = _tute_sung(game, scores=[2, 2], games=[1, 1]).match_result()
    assert result == {"scores": [2, 3], "over": True, "winner": 1, "games": [1, 2], "game_winner": 1}
    with pytest.raises(ValueError, match="match is over"):
        _tute_sung(game, scores=[2, 2], games=[1, 1]).next_round(seed=1)


def test_a_hand_that_ends_no_game_carries_the_scores_and_the_games(tmp_path):
    game = Game.from_spec(_variant(tmp_path, "match {\n  games: 3 (2, 3)\n}"))
    state = _tute_sung(game, scores=[0, 0], games=[2, 1])
    assert state.match_result()["game_winner"] is None
    following = state.next_round(seed=2)
    assert (following.scores, following.games) == ([0, 1], [2, 1])


def test_games_are_a_table_setting_and_travel_in_the_json_state(tmp_path):
    spec = _variant(tmp_path, "match {\n  games: 2 (2, 3)\n}")
    game = Game.from_spec(spec, games=3)
    assert game.ruleset.match_games == 3
    state = game.new_round(seed=4, games=[2, 0])
    data = state.to_json()
    assert data["games"] == [2, 0]
    assert type(state).from_json(game, data).games == [2, 0]
    assert "games" not in Game.from_spec("tute").new_round(seed=4).to_json()  # unchanged without match.games


@pytest.mark.parametrize("games, words", [
    ([0], "list of 2 ints"), ([0, 2], "from 0 to 1"), ("0 0", "list of 2 ints"), ([0, True], "list of 2 ints"),
])
def test_bad_games_are_refused_clearly(tmp_path, games, words):
    game = Game.from_spec(_variant(tmp_path, "match {\n  games: 2 (2, 3)\n}"))
    with pytest.raises(ValueError, match=words):
        game.new_round(seed=1, games=games)
    with pytest.raises(ValueError, match="only for a match played in games"):
        Game.from_spec("tute").new_round(seed=1, games=[0, 0])


def test_a_tute_wins_the_game_at_once_whatever_the_scores(tmp_path):
    game = Game.from_spec(_variant(tmp_path, "match {\n  games: 2 (2, 3)\n}\n\nadd match {\n  at_once: tute\n}"))
    result = _tute_sung(game, scores=[2, 0]).match_result()
    assert result["game_winner"] == 1 and result["games"] == [0, 1] and not result["over"]


CAPOTE_DEAL = [
    "7o 6o 5o 4o 2o 7c 6c 5c 4c 2c",
    "1o 3o 12o 11o 10o 1c 3c 12c 11c 10c",
    "7e 6e 5e 4e 2e 7b 6b 5b 4b 2b",
    "1e 3e 12e 11e 10e 1b 3b 12b 11b 10b",
]


def test_a_capote_wins_the_match_at_once(tmp_path):
    spec = _variant(tmp_path, "add match {\n  at_once: capote\n}\n\nghna {\n  window: after_team_trick\n}")
    for system, over in (("tute", False), (spec, True)):
        state = Game.from_spec(system).new_round(hands=[h.split() for h in CAPOTE_DEAL], dealer=0)
        greedy_play(state, {1, 3})
        assert {trick[2] % 2 for trick in state.tricks} == {1}  # every trick to team 1
        assert state.match_result()["over"] is over
        assert state.match_result()["winner"] == (1 if over else None)


@pytest.mark.parametrize("tie, favoured", [("last_trick", "last"), ("first_speaker", "first"), ("none", None)])
def test_a_tie_on_points_goes_to_the_side_the_rule_names(tmp_path, tie, favoured):
    body = f"scoring {{\n  tie: {tie}\n}}"
    game = Game.from_spec(_variant(tmp_path, body))
    for seed in range(3000):  # the first tied hand of random play
        state = game.new_round(seed=seed)
        rng = __import__("random").Random(seed)
        while not state.is_terminal():
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        totals = state.round_result()["totals"]
        if totals[0] == totals[1] and state.round_result()["tute"] is None:
            break
    else:
        pytest.skip("no tie in 3000 random hands")
    winner = state.round_result()["winner"]
    expected = {"last": state.last_trick_team, "first": state.seating.team_of[state.first_speaker], None: None}[favoured]
    assert winner == expected


@pytest.mark.parametrize("body, words", [
    ("match {\n  end: losses\n  remove hands\n  losses: 3 (3)\n}\n\nadd match {\n  games: 2 (2)\n}", "match.games counts games won"),
    ("ghna {\n  remove tute\n}\n\nadd match {\n  at_once: tute\n}", "match.at_once tute needs a tute"),
    ("scoring {\n  tie: bidders\n}", "scoring.tie bidders needs a bidding side"),
])
def test_combinations_the_engine_cannot_run_are_located_errors(tmp_path, body, words):
    spec_path = tmp_path / "bad.touti"
    spec_path.write_text(f'touti 1\n\nsystem "bad" extends "tute" {{\n  title: "Bad"\n}}\n\n{body}\n', encoding="utf-8")
    with pytest.raises(ToutiError) as error:
        load_spec(spec_path)
    text = str(error.value)
    assert "E310" in text and words in text and "bad.touti:" in text
