"""Match levels: `match.cotos` — the games won make a coto, the cotos won make the match.

Guiñote as penyapork.com gives it: "by custom two cotos of three partidas each; the first
to make two cotos wins".  A game won counts one game; a side's games reaching `games` win
it a coto (the next round starts with every side's games and the scores at zero); its
cotos reaching `cotos` win the match.  Without `match.cotos` nothing changes.
"""

from __future__ import annotations

import random

import pytest

from touti_dsl.cases import outcomes
from touti_dsl.cases.explore import RoundRecord
from touti_dsl.engine import Game
from touti_dsl.engine.game import deal, next_pivot, split_deck
from touti_dsl.engine.levels import carried, level_result
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import greedy_play

COTOS = "add match {\n  games: 3 (2, 3)\n  cotos: 2 (1, 2, 3)\n}\n"


def _variant(tmp_path, body: str = COTOS, base: str = "guinote-cotos"):
    path = tmp_path / "inline.touti"
    path.write_text(f'touti 1\n\nsystem "inline" extends "{base}" {{\n  title: "Inline"\n}}\n\n{body}', encoding="utf-8")
    return load_spec(path)


def test_a_win_climbs_while_it_completes_its_level(tmp_path):
    rules = Game.from_spec(_variant(tmp_path)).ruleset
    assert rules.match_levels == (3, 2)
    assert level_result(rules, [[1, 2], [0, 1]], 0) == {
        "over": False, "winner": None, "games": [2, 2], "game_winner": 0, "cotos": [0, 1], "coto_winner": None}
    assert level_result(rules, [[1, 2], [0, 1]], 1) == {
        "over": True, "winner": 1, "games": [1, 3], "game_winner": 1, "cotos": [0, 2], "coto_winner": 1}
    assert level_result(rules, [[2, 0], [0, 1]], None)["over"] is False  # no game won: nothing moves


def test_a_unit_won_resets_the_levels_below_it(tmp_path):
    rules = Game.from_spec(_variant(tmp_path)).ruleset
    coto = {"scores": [101, 40], "games": [3, 1], "game_winner": 0, "cotos": [1, 0], "coto_winner": 0}
    assert carried(rules, coto) == {"cotos": [1, 0], "games": [0, 0], "scores": [0, 0]}
    game = dict(coto, games=[2, 1], cotos=[0, 0], coto_winner=None)
    assert carried(rules, game) == {"cotos": [0, 0], "games": [2, 1], "scores": [0, 0]}
    hand = dict(game, game_winner=None)
    assert carried(rules, hand) == {"cotos": [0, 0], "games": [2, 1], "scores": [101, 40]}


def test_cotos_are_a_table_setting_and_travel_in_the_json_state(tmp_path):
    spec = _variant(tmp_path)
    game = Game.from_spec(spec, games=2, cotos=3)
    assert game.ruleset.match_levels == (2, 3)
    state = game.new_round(seed=4, games=[1, 0], cotos=[2, 1])
    data = state.to_json()
    assert (data["games"], data["cotos"]) == ([1, 0], [2, 1])
    assert type(state).from_json(game, data).cotos == [2, 1]
    assert state.observation(1)["cotos"] == [2, 1]
    with pytest.raises(ToutiError, match="match.cotos = 4 is not allowed"):
        Game.from_spec(spec, cotos=4)


def test_one_level_keeps_its_fields():
    state = Game.from_spec("guinote-cotos").new_round(seed=4)
    assert "cotos" not in state.to_json() and "cotos" not in state.observation(0)
    greedy_play(state, {0, 2})
    assert list(state.match_result()) == ["scores", "over", "winner", "games", "game_winner"]
    assert list(Game.from_spec("tute").new_round(seed=1).match_result()) == ["scores", "over", "winner"]


@pytest.mark.parametrize("cotos, words", [([0], "list of 2 ints"), ([0, 2], "from 0 to 1"), ([0, True], "list of 2")])
def test_bad_cotos_are_refused_clearly(tmp_path, cotos, words):
    game = Game.from_spec(_variant(tmp_path))
    with pytest.raises(ValueError, match=words):
        game.new_round(seed=1, cotos=cotos)
    with pytest.raises(ValueError, match=r"cotos= is only for a match played in cotos \(match.cotos\)"):
        Game.from_spec("guinote-cotos").new_round(seed=1, cotos=[0, 0])


def test_cotos_without_games_is_a_located_error(tmp_path):
    body = "add match {\n  cotos: 2 (1, 2)\n}\n"
    with pytest.raises(ToutiError) as error:
        _variant(tmp_path, body, base="tute")
    text = str(error.value)
    assert "inline.touti:8:3: error[E108]: match.cotos counts cotos, each made of games won" in text
    assert "add `games: 3 (2, 3, 4)`" in text


def test_removing_the_games_of_a_match_in_cotos_is_located_at_the_removal(tmp_path):
    (tmp_path / "cotos.touti").write_text(
        f'touti 1\n\nsystem "cotos" extends "guinote-cotos" {{\n  title: "Cotos"\n}}\n\n{COTOS}', encoding="utf-8")
    body = "match {\n  remove games\n}\n"
    with pytest.raises(ToutiError) as error:
        _variant(tmp_path, body, base="cotos")
    assert "inline.touti:8:3: error[E108]: match.cotos counts cotos" in str(error.value)


def _records(game: Game, seeds: range) -> list[RoundRecord]:
    """Greedy rounds as the explorer keeps them (enough for the outcome cases of the match)."""
    records = []
    for seed in seeds:
        state = game.new_round(seed=seed)
        setup = dict(deal(game.ruleset, seed, state.dealer).setup(game.ruleset), dealer=state.dealer)
        greedy_play(state, {seed % 2, seed % 2 + 2})
        records.append(RoundRecord(setup, tuple(state.history), state.round_result(), (), ()))
    return records


def _next_deal(game: Game):
    """The deal of the round after a finished one: one shuffled deck, shared out for that round's dealer."""
    deck = list(range(game.ruleset.ncards))
    random.Random(1).shuffle(deck)
    return lambda state: split_deck(game.ruleset, deck, next_pivot(state)).setup(game.ruleset)


def test_the_generator_crosses_each_level_boundary(tmp_path):
    """A game that does not win the coto, one that wins the coto but not the match, one that wins the match."""
    game = Game.from_spec(_variant(tmp_path))
    rounds, next_deal = _records(game, range(6)), _next_deal(game)
    boundaries = {}
    for case in (outcomes.game_cases(game, rounds, next_deal) + outcomes.coto_cases(game, rounds, next_deal)
                 + outcomes.match_cases(game, rounds)):
        first = next(step["expect"] for step in case["steps"] if step["op"] == "match_result")
        boundaries[(first["game_winner"] is not None, first["coto_winner"] is not None, first["over"])] = case
    assert {(True, False, False), (True, True, False), (True, True, True)} <= set(boundaries)
    coto = boundaries[(True, True, False)]
    assert coto["rules"] == ["match.cotos", "match.games"] and coto["setup"]["games"][0] == 2
    restart = [step["expect"] for step in coto["steps"] if step["op"] == "match_result"][1]
    assert (restart["scores"], restart["games"], restart["cotos"]) == ([0, 0], [0, 0], [1, 0])
    assert "match.cotos" in boundaries[(True, True, True)]["rules"]
