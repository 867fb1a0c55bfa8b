"""`trump.swap_duty compulsory`: the holder must swap as soon as it may, and no card is played before."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.loader import load_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "tute-arrastrado-swap.touti"


def _due_round(game: Game):
    for seed in range(200):
        state = game.new_round(seed=seed)
        if state.swap_due() is not None:
            return state
    raise AssertionError("no deal with a swap due in 200 seeds")


def test_only_the_holder_acts_and_only_by_swapping():
    game = Game.from_spec(load_spec(EXAMPLE))
    state = _due_round(game)
    holder = state.swap_due()
    assert state.actors() == [holder]
    assert "swap" in state.legal_actions(holder)
    assert not [a for a in state.legal_actions(state.to_play) if a.startswith("play ")]
    card = state.rules.card_text[state.hands[state.to_play][0]]
    before = state.to_json()
    with pytest.raises(IllegalAction) as refusal:
        state.apply(state.to_play, f"play {card}")
    assert refusal.value.rule_id == "trump.swap_duty"
    assert state.to_json() == before
    assert "trump.swap_duty" in forbidding_rules(state, state.to_play, f"play {card}")


def test_after_the_swap_the_seven_lies_in_the_turned_cards_place():
    game = Game.from_spec(load_spec(EXAMPLE))
    state = _due_round(game)
    holder, turned = state.swap_due(), state.turned
    rules = state.rules
    seven = rules.rank_cards[7][state.trump_suit]
    state.apply(holder, "swap")
    assert turned in state.hands[holder] and seven not in state.hands[holder]
    assert state.turned == seven and state.swap_due() is None
    assert any(a.startswith("play ") for a in state.legal_actions(state.to_play))
    cards = sorted([c for h in state.hands for c in h] + [state.turned])
    assert cards == list(range(rules.ncards))  # every card once: the seven set aside, the turned card held


def test_without_the_duty_the_leader_may_play_at_once():
    base = Game.from_spec(load_spec(EXAMPLE.with_name("tute-seven-or-two.touti")))
    state = base.new_round(seed=1)
    assert any(a.startswith("play ") for a in state.legal_actions(state.to_play))


def test_a_play_is_refused_even_before_any_legal_set_is_computed():
    """apply's own check (no legal set computed yet) knows the swap comes first too."""
    game = Game.from_spec(load_spec(EXAMPLE))
    probe = _due_round(game)
    state = game.new_round(seed=probe.seed)  # the same deal, fresh: nothing cached
    card = state.rules.card_text[state.hands[state.to_play][0]]
    with pytest.raises(IllegalAction) as refusal:
        state.apply(state.to_play, f"play {card}")
    assert refusal.value.rule_id == "trump.swap_duty"
