"""`table.draw_time` (spec/examples/tute-habanero-swap-before-draw): Havanian tute as ludoteka.com gives it, "the
player who wins a trick may, before drawing, exchange the seven of trumps for the turned card and sing".  Under
`after_window` the stock waits for the trick winner's `draw`; under `after_trick` (the default) it is drawn at once."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.refusals import forbidding_rules, precedence
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from ..house import house_codes, house_variant

SPEC = Path(__file__).resolve().parents[2] / "spec"
EXAMPLE = SPEC / "examples" / "tute-habanero-swap-before-draw.touti"


def _game() -> Game:
    return Game.from_spec(load_spec(EXAMPLE))


def _first_trick(state) -> int:
    """Play the first trick with each seat's first legal card; the winner."""
    for _ in range(2):
        state.apply(state.to_play, next(a for a in state.legal_actions(state.to_play) if a.startswith("play ")))
    return state.last_trick_winner()


def _seven_of_trumps(state) -> int:
    return state.rules.rank_cards[7][state.trump_suit]


def _at_the_last_draw(game: Game):
    """A round stopped after the trick before the last draw, its winner holding the seven of trumps: seeded random
    play that keeps the seven and never swaps earlier."""
    last = game.ruleset.players
    for seed in range(400):
        state, rng = game.new_round(seed=seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.to_play if state.to_play in state.actors() else state.actors()[0]
            if state.draw_pending() and len(state.stock) == last:
                if "swap" in state.legal_actions(seat):
                    return state
                break
            seven = state.rules.play_text[_seven_of_trumps(state)]
            choices = [a for a in state.legal_actions(seat) if a not in ("swap", seven)] or state.legal_actions(seat)
            state.apply(seat, rng.choice(choices))
    raise AssertionError("no seeded round reaches the last draw with the seven in the winner's hand")


def test_after_the_window_the_stock_waits_for_the_winners_draw():
    state = _game().new_round(seed=1)
    stock = list(state.stock)
    winner = _first_trick(state)
    assert state.stock == stock and [len(hand) for hand in state.hands] == [7, 7]
    assert state.legal_actions(winner)[-1] == "draw" and not any(a.startswith("play ") for a in state.legal_actions(winner))
    card = state.rules.play_text[state.hands[winner][0]]
    with pytest.raises(IllegalAction) as refused:
        state.apply(winner, card)
    assert refused.value.rule_id == "table.draw_time" and forbidding_rules(state, winner, card) == ["table.draw_time"]
    state.apply(winner, "draw")
    assert state.stock == stock[2:] and stock[0] in state.hands[winner] and stock[1] in state.hands[1 - winner]
    assert all(a.startswith("play ") for a in state.legal_actions(winner))  # the window closed with the draw


def test_a_draw_out_of_its_time_is_refused():
    state = _game().new_round(seed=1)
    with pytest.raises(IllegalAction) as early:
        state.apply(state.to_play, "draw")
    assert early.value.rule_id == "action.phase"
    winner = _first_trick(state)
    with pytest.raises(IllegalAction) as other:
        state.apply(1 - winner, "draw")
    assert other.value.rule_id == "rotation.turn_order"
    assert precedence(state.rules)["draw"] == ["rotation.turn_order"]
    assert precedence(state.rules)["play"][:3] == ["rotation.turn_order", "table.draw_time", "action.not_held"]


def test_at_the_last_draw_the_winner_swaps_and_the_other_player_draws_the_seven():
    state = _at_the_last_draw(_game())
    winner, seven, turned = state.to_play, _seven_of_trumps(state), state.turned
    state.apply(winner, "swap")
    state.apply(winner, "draw")
    assert not state.stock and turned in state.hands[winner] and seven in state.hands[1 - winner]


def test_drawn_after_the_trick_the_turned_card_is_gone_before_the_window():
    """The base Tute habanero (`after_trick`, unwritten): the same round has no `draw`, and at the last draw the turned
    card is in the other hand before the winner could swap for it."""
    base = Game.from_spec(load_spec(SPEC / "examples" / "tute-habanero.touti"))
    state = base.new_round(seed=1)
    stock = list(state.stock)
    _first_trick(state)
    assert state.stock == stock[2:]
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.to_play, "draw")
    assert refused.value.rule_id == "action.syntax"


def test_draw_time_needs_a_stock(tmp_path):
    assert house_codes(tmp_path, "tute", "table {\n  draw_time: after_window\n}\n") == [("E108", 8)]
    with pytest.raises(ToutiError, match="table.draw_time says when the stock is drawn, but this table has no stock"):
        load_spec(house_variant(tmp_path, "tute", "table {\n  draw_time: after_trick\n}\n"))


def test_a_compulsory_swap_comes_before_the_draw(tmp_path):
    """`trump.swap_duty: compulsory`: the winner holding the seven swaps before drawing (the draw could take the turned
    card away), as it swaps before playing any card."""
    game = Game.from_spec(load_spec(house_variant(
        tmp_path, "tute-habanero-swap-before-draw", "add trump {\n  swap_duty: compulsory\n}\n")))
    for seed in range(50):
        state, rng = game.new_round(seed=seed), random.Random(seed)
        while not state.is_terminal() and not (state.draw_pending() and state.swap_due() == state.to_play):
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_terminal():
            break
    assert state.legal_actions(state.to_play) == ["swap"]
    assert forbidding_rules(state, state.to_play, "draw") == ["trump.swap_duty"]
