"""Scoring a round, the match, and the rotation of dealer and first speaker, from RULES.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import game, play_first_cards, run


def test_seed_004_contract_90_with_85_points():
    """RULES.md: "Total ≥ contract → it scores the contract and the defenders 0; else the
    defenders score the contract and it scores 0 ... Example (004): contract 90, 85 taken →
    defenders +90."  (Deal of seed 14, first speaker 0, bastos trumps, every player playing its
    first legal card: the bidding team takes 75 card points and the last trick.)"""
    state = game("touti-app").new_round(seed=14, first_speaker=0)
    run(state, "0: bid 90", "1: pass", "2: pass", "3: pass", "0: trump bastos")
    result = play_first_cards(state).round_result()
    assert result["totals"][0] == 85 and result["card_points"] == [75, 45] and result["last_trick"] == 0
    assert result["made"] is False and result["winner"] == 1
    assert result["score_changes"] == [0, 90]


def test_trick_points_and_last_trick_make_130():
    """RULES.md: "Total 120; last trick +10"."""
    state = game("atlas-carta").new_round(seed=7, dealer=0)
    run(state, "1: bid 70", "2: pass", "3: pass", "0: pass", "1: trump oros")
    result = play_first_cards(state).round_result()
    assert sum(result["card_points"]) == 120 and result["last_trick"] in (0, 1)
    assert sum(result["totals"]) - sum(result["ghna"]) == 130


def test_made_contract_scores_the_contract():
    """RULES.md: "Total ≥ contract → it scores the contract and the defenders 0"."""
    from .test_ghna import contract

    state = run(contract("atlas-carta", 90), "0: play 1e", "1: concede", "3: agree")
    assert state.round_result()["score_changes"] == [90, 0]


def test_match_to_600():
    """RULES.md: "Match: first team to 600 (atlas-carta, tutti-ma)"."""
    from .test_ghna import HANDS

    state = game("atlas-carta").new_round(hands=HANDS, dealer=3, scores=[550, 500])
    run(state, "0: bid 90", "1: pass", "2: pass", "3: pass", "0: trump copas")
    assert state.match_result() == {"scores": [550, 500], "over": False, "winner": None}
    run(state, "0: play 1o", "1: play 3o", "2: play 2o", "3: play 2e", "0: play 1e", "1: concede", "3: agree")
    assert state.match_result() == {"scores": [640, 500], "over": True, "winner": 0}
    with pytest.raises(ValueError):
        state.next_round(seed=1)


@pytest.mark.parametrize("target", [400, 600, 1000])
def test_touti_app_target_is_a_table_setting(target):
    """RULES.md: "touti-app target is a table setting: 400, 600 (default) or 1000"."""
    g = game("touti-app", target=target)
    state = g.new_round(seed=1, first_speaker=0, scores=[target - 10, target - 10])
    run(state, "0: bid 80", "1: pass", "2: pass", "3: pass", "0: trump oros")
    play_first_cards(state)
    assert state.match_result()["over"] is True


def test_setting_outside_its_choices_is_an_error():
    """A setting outside the Setting's choices is refused (E300, naming the rule)."""
    from touti_dsl.engine import Game
    from touti_dsl.errors import ToutiError

    with pytest.raises(ToutiError) as caught:
        Game.from_spec("touti-app", target=500)
    assert caught.value.diagnostics[0].code == "E300" and "match.target" in str(caught.value)
    with pytest.raises(ToutiError):
        Game.from_spec("atlas-carta", hands=3)


def test_void_round_rotation_atlas_carta():
    """RULES.md (atlas-carta): "Next round the deal passes to the next player — also after a void
    (all-pass) round: never the same dealer twice."""
    state = run(game("atlas-carta").new_round(seed=1, dealer=2), "3: pass", "0: pass", "1: pass", "2: pass")
    assert state.round_result()["void"]
    following = state.next_round(seed=2)
    assert following.dealer == 3 and following.first_speaker == 0
    assert following.scores == [0, 0]


def test_void_round_rotation_touti_app():
    """RULES.md (touti-app): "the first speaker is random at match start, then passes to the next
    player each round ... All pass → redeal (Decision: the first speaker still moves on)."""
    state = run(game("touti-app").new_round(seed=1, first_speaker=3), "3: pass", "0: pass", "1: pass", "2: pass")
    assert state.round_result()["void"]
    assert state.next_round(seed=2).first_speaker == 0


def test_random_first_speaker_from_the_seed():
    """Documented: with `first_speaker: random`, the first speaker is random.Random(seed).randrange(4)."""
    import random

    for seed in range(5):
        assert game("touti-app").new_round(seed=seed).first_speaker == random.Random(seed).randrange(4)


def test_same_seat_after_void_variant(tmp_path: Path):
    """`rotation.after_void: same_seat` keeps the dealer after a void round."""
    variant = tmp_path / "same-dealer.touti"
    variant.write_text('touti 1\nsystem "same-dealer" extends "atlas-carta" {\n  title: "test"\n}\nrotation {\n  after_void: same_seat\n}\n')
    state = run(game(str(variant)).new_round(seed=1, dealer=2), "3: pass", "0: pass", "1: pass", "2: pass")
    assert state.next_round(seed=2).dealer == 2


def test_next_round_after_a_played_round_carries_scores():
    """RULES.md: the deal passes to the next player each round; scores carry over."""
    state = game("atlas-carta").new_round(seed=7, dealer=0)
    run(state, "1: bid 70", "2: pass", "3: pass", "0: pass", "1: trump oros")
    result = play_first_cards(state).round_result()
    following = state.next_round(seed=8)
    assert following.dealer == 1 and following.scores == result["score_changes"]
