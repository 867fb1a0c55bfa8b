"""`match.decide`: who wins when several sides reach the target after the same hand.

Survey row 15 (pronosticoreservado.es, Guiñote): "when both pairs pass 101 in the same
hand, the pair that took las diez de últimas wins the game".  Unwritten, the higher total
wins; equal totals never end the match with no winner (survey problem E1): the game goes on.
"""

from __future__ import annotations

import random

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

TO_101 = "scoring {\n  winner: points(winner)\n  loser: points(loser)\n}\n\nmatch {\n  end: target\n  remove hands\n  target: 101 (101)\n"


def _spec(tmp_path, match_extra: str = "", base: str = "tute", body: str | None = None):
    text = body if body is not None else TO_101 + match_extra + "}\n"
    path = tmp_path / "inline.touti"
    path.write_text(f'touti 1\n\nsystem "inline" extends "{base}" {{\n  title: "Inline"\n}}\n\n{text}', encoding="utf-8")
    return load_spec(path)


def _round(game: Game, seed: int, scores: list[int]):
    """A seeded random hand (nobody sings a tute) played from the given match scores."""
    state = game.new_round(seed=seed, scores=scores)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if not a.startswith("tute")]))
    return state


def _disagreeing_hand(game: Game):
    """A seed whose hand gives both sides points, the last trick to the side that scores fewer."""
    for seed in range(200):
        state = _round(game, seed, [0, 0])
        changes = state.round_result()["score_changes"]
        low = changes.index(min(changes))
        if min(changes) > 0 and changes[0] != changes[1] and state.last_trick_team == low:
            return seed, changes, low
    pytest.fail("no hand where the last trick goes to the side scoring fewer")


def _from(game: Game, seed: int, changes: list[int], extra: list[int]):
    """The hand played from scores that leave each side `extra` points over 101 after it."""
    return _round(game, seed, [101 - change + more for change, more in zip(changes, extra)])


def test_equal_totals_over_the_target_let_the_game_go_on(tmp_path):
    game = Game.from_spec(_spec(tmp_path))  # survey E1: this was over with no winner, and next_round raised
    seed, changes, _ = _disagreeing_hand(game)
    state = _from(game, seed, changes, [4, 4])
    assert state.match_result() == {"scores": [105, 105], "over": False, "winner": None}
    following = state.next_round(seed=1)
    assert following.scores == [105, 105]


def test_unwritten_the_higher_total_wins(tmp_path):
    game = Game.from_spec(_spec(tmp_path))
    seed, changes, low = _disagreeing_hand(game)
    extra = [0, 0]
    extra[1 - low] = 3
    assert _from(game, seed, changes, extra).match_result()["winner"] == 1 - low


def test_the_last_trick_decides_whatever_the_totals(tmp_path):
    game = Game.from_spec(_spec(tmp_path, "  decide: last_trick\n"))
    seed, changes, low = _disagreeing_hand(game)
    extra = [0, 0]
    extra[1 - low] = 30  # the other side is far ahead, but took not the last trick
    result = _from(game, seed, changes, extra).match_result()
    assert (result["over"], result["winner"]) == (True, low)


def test_a_side_alone_over_the_target_wins_without_the_last_trick(tmp_path):
    game = Game.from_spec(_spec(tmp_path, "  decide: last_trick\n"))
    seed, changes, low = _disagreeing_hand(game)
    extra = [0, 0]
    extra[low] = -1  # the last trick's side stays one short
    assert _from(game, seed, changes, extra).match_result()["winner"] == 1 - low


def test_deciders_apply_in_turn(tmp_path):
    game = Game.from_spec(_spec(tmp_path, "  decide: highest_total, last_trick\n"))
    seed, changes, low = _disagreeing_hand(game)
    assert _from(game, seed, changes, [2, 2]).match_result()["winner"] == low  # equal: the last trick
    extra = [0, 0]
    extra[1 - low] = 1
    assert _from(game, seed, changes, extra).match_result()["winner"] == 1 - low  # the higher total first


def test_in_games_equal_totals_let_the_game_go_on_as_before(tmp_path):
    game = Game.from_spec(_spec(tmp_path, "  games: 2 (2)\n"))
    seed, changes, _ = _disagreeing_hand(game)
    result = _from(game, seed, changes, [0, 0]).match_result()
    assert result == {"scores": [101, 101], "over": False, "winner": None, "games": [0, 0], "game_winner": None}


def test_the_last_trick_decides_a_game_of_a_coto(tmp_path):
    game = Game.from_spec(_spec(tmp_path, "  games: 2 (2)\n  decide: last_trick\n"))
    seed, changes, low = _disagreeing_hand(game)
    result = _from(game, seed, changes, [0, 9]).match_result()
    assert (result["game_winner"], result["games"]) == (low, [1 if side == low else 0 for side in range(2)])


@pytest.mark.parametrize("match_extra, code, column, words", [
    ("  decide: highest_total, last_trick, last_trick\n", "E603", 38, "match.decide lists 'last_trick' twice"),
    ("  decide: last_trick, bidders\n", "E304", 23, "match.decide needs bidding rules"),
])
def test_bad_deciders_are_located_errors(tmp_path, match_extra, code, column, words):
    with pytest.raises(ToutiError) as error:
        _spec(tmp_path, match_extra)
    text = str(error.value)
    assert f"inline.touti:16:{column}: error[{code}]" in text and words in text


def test_deciders_need_a_target_or_hands(tmp_path):
    body = "match {\n  end: losses\n  remove hands\n  losses: 3 (3)\n  decide: last_trick\n}\n"
    with pytest.raises(ToutiError) as error:
        _spec(tmp_path, body=body)
    assert "inline.touti:11:3: error[E108]: match.decide applies only with `end: target`, `end: hands` or `end: rounds`" in str(error.value)
