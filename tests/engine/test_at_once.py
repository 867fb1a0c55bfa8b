"""`match.at_once` as a condition judged during the round, and a tute that wins the game under a contract."""

from __future__ import annotations

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import first_legal as _first_legal, hands_of, run

EXAMPLES = "spec/examples"


# ---------------------------------------------------------------- guinote-vueltas (survey row 17)


def test_a_pair_that_reaches_101_in_the_vueltas_wins_there_and_then():
    """guinote-vueltas: `at_once: score(team) + score(opponents) > 0 and score(team) + points(team) >= target`."""
    variant = Game.from_spec(f"{EXAMPLES}/guinote-vueltas.touti")
    base = Game.from_spec(f"{EXAMPLES}/guinote-cotos.touti")
    state = _first_legal(variant.new_round(seed=5, scores=[90, 40]))
    result = state.round_result()
    assert result["at_once"] == 0 and result["winner"] == 0
    assert len(state.tricks) < variant.ruleset.tricks_per_round  # the rest of the cards are never played
    assert 90 + result["totals"][0] >= 101 and result["score_changes"] == result["totals"]  # scored as it stands
    assert state.match_result()["game_winner"] == 0
    # the base plays the same actions on: nothing ends the round at that point
    same = base.new_round(seed=5, scores=[90, 40])
    for seat, action in state.history:
        same.apply(seat, action)
    assert not same.is_terminal()


def test_the_first_hand_of_a_game_is_played_out_even_past_101():
    """With both scores at zero the condition does not hold: the first hand goes to its last trick."""
    variant = Game.from_spec(f"{EXAMPLES}/guinote-vueltas.touti")
    for seed in range(40):
        state = _first_legal(variant.new_round(seed=seed, scores=[0, 0]))
        assert state.round_result()["at_once"] is None
        assert len(state.tricks) == variant.ruleset.tricks_per_round


def test_from_100_the_first_trick_taken_ends_the_round_for_its_winner():
    """Judged after every trick: a side at 100 that takes a trick with points wins at that trick."""
    spec = load_spec(f"{EXAMPLES}/guinote-vueltas.touti")
    game = Game.from_spec(spec)
    state = _first_legal(game.new_round(seed=5, scores=[100, 100]))
    first_trick_winner = game.ruleset.seating.team_of[state.tricks[0][2]]
    assert len(state.tricks) == 1 and state.round_result()["at_once"] == first_trick_winner


# ---------------------------------------------------------------- tutti-subastado-tute-wins (survey row 16)

TUTE_HANDS = hands_of(
    "12o 12c 12e 12b 1o 1c 1e 1b 3o 3c",
    "11o 11c 10o 10c 7o 7c 6o 6c 5o 5c",
    "11e 11b 10e 10b 7e 7b 6e 6b 5e 5b",
    "3e 3b 4o 4c 4e 4b 2o 2c 2e 2b",
)


def test_a_tute_under_a_contract_wins_the_game_and_the_round_scores_nothing():
    """tutti-subastado-tute-wins: `ghna.tute: 12, 11` with `scoring.round: contract` and `match.at_once: tute`."""
    game = Game.from_spec(f"{EXAMPLES}/tutti-subastado-tute-wins.touti")
    state = game.new_round(hands=TUTE_HANDS, dealer=3)
    run(state, "0: bid 70", "1: pass", "2: pass", "3: pass", "0: trump oros", "0: play 1o")
    _first_legal(state, stop=lambda st: st.to_play == 0 and not st.trick_cards)
    assert "tute 12" in state.legal_actions(0)
    state.apply(0, "tute 12")
    result = state.round_result()
    assert result["tute"] == 0 and result["winner"] == 0 and result["made"] is None
    assert result["score_changes"] == [0, 0]
    assert state.match_result() == {"scores": [0, 0], "over": True, "winner": 0}
    # the base, tutti-ma, has no tute at all
    assert not any(a.startswith("tute") for a in game.new_round(hands=TUTE_HANDS, dealer=3).legal_actions(0))


def test_a_tute_under_a_contract_without_at_once_tute_is_refused_located(tmp_path):
    """Under a contract a tute means nothing but a game won: without `match.at_once: tute` E310 stays."""
    spec = tmp_path / "no-at-once.touti"
    spec.write_text('touti 1\n\nsystem "no-at-once" extends "tutti-ma" {\n  title: "x"\n}\n\nghna {\n  tute: 12, 11\n}\n')
    with pytest.raises(ToutiError) as caught:
        load_spec(spec)
    found = [(d.code, d.loc.line) for d in caught.value.diagnostics]
    assert ("E310", 8) in found


def test_a_capote_with_a_stock_is_every_trick_of_the_round_not_a_hand_of_them(tmp_path):
    """`capote(side)`: every trick of the round. Guiñote deals six cards but plays ten tricks: six are no capote."""
    spec = tmp_path / "guinote-capote.touti"
    spec.write_text('touti 1\n\nsystem "guinote-capote" extends "guinote" {\n  title: "x"\n}\n\n'
                    'scoring {\n  winner: 3 if capote(winner) else 1\n}\n')
    game = Game.from_spec(load_spec(spec))
    assert (game.ruleset.hand_size, game.ruleset.tricks_per_round) == (6, 10)
    counts = set()
    for seed in range(200):
        state = _first_legal(game.new_round(seed=seed))
        result = state.round_result()
        if result["winner"] is None:
            continue
        won = sum(1 for trick in state.tricks if game.ruleset.seating.team_of[trick[2]] == result["winner"])
        assert (result["score_changes"][result["winner"]] == 3) == (won == 10), (seed, won)
        counts.add(won)
    assert 6 in counts  # a hand won with exactly six tricks (a hand's worth of cards), which is no capote
