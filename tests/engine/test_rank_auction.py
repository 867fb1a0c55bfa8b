"""Briscola chiamata's auction on ranks (spec/examples/briscola-chiamata-ranks.touti, `bidding.bids: ranks`): "players
bid in turn by naming a rank, each call lower in the card order than the last; whoever reaches the two may go on in
points; the last bidder names the suit: the called card is the bid rank in that suit"; a rank bid is a contract of 61."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.refusals import forbidding_rules, precedence
from touti_dsl.engine.state import RoundState
from touti_dsl.engine.views import observation
from touti_dsl.loader import load_spec

RANKS = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-chiamata-ranks.touti"
ORDER = ["bid rank 1", "bid rank 3", "bid rank 12", "bid rank 11", "bid rank 10", "bid rank 7", "bid rank 6",
         "bid rank 5", "bid rank 4", "bid rank 2"]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_spec(load_spec(RANKS))


def _speak(state, *actions):
    for action in actions:
        state.apply(state.turn, action)
    return state


def _all_pass(state):
    while state.phase == "bidding":
        state.apply(state.turn, "pass")
    return state


def test_the_first_call_names_any_rank_strongest_first_and_no_points(game):
    state = game.new_round(seed=3)
    assert state.legal_actions(state.turn) == ["pass"] + ORDER


def test_each_call_names_a_rank_below_the_last(game):
    state = _speak(game.new_round(seed=3), "bid rank 12")
    assert [a for a in state.legal_actions(state.turn) if a.startswith("bid")] == ORDER[3:]
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.turn, "bid rank 3")
    assert refused.value.rule_id == "deck.order"  # no `bidding.ranks`: the calls follow the deck's order


def test_a_bid_in_points_waits_for_the_two(game):
    state = _speak(game.new_round(seed=3), "bid rank 5")
    assert forbidding_rules(state, state.turn, "bid 62") == ["bidding.bids"]
    _speak(state, "bid rank 2")
    legal = state.legal_actions(state.turn)
    assert "bid 62" in legal and "bid 61" not in legal and not any(a.startswith("bid rank") for a in legal)


def test_a_rank_bid_is_a_contract_of_61_and_binds_the_called_card(game):
    state = _all_pass(_speak(game.new_round(seed=3), "bid rank 12"))
    assert state.contract["amount"] == 61 and state.contract["rank"] == 12
    bidder = state.contract_bidder
    assert state.legal_actions(bidder) == ["call 12o", "call 12c", "call 12e", "call 12b"]
    assert forbidding_rules(state, bidder, "call 3c") == ["bidding.bids"]
    state.apply(bidder, "call 12c")
    assert state.trump == "copas"


def test_a_bid_in_points_keeps_the_two(game):
    state = _all_pass(_speak(game.new_round(seed=3), "bid rank 2", "bid 70"))
    assert state.contract["amount"] == 70 and state.contract["rank"] == 2
    assert state.legal_actions(state.contract_bidder) == ["call 2o", "call 2c", "call 2e", "call 2b"]


def test_the_wire_format_of_a_rank_bid(game):
    state = game.new_round(seed=3)
    for text in ("bid rank 8", "bid rank", "bid rank 03", "bid rank two"):
        assert forbidding_rules(state, state.turn, text) == ["action.syntax"]
    points = Game.from_spec(load_spec(RANKS.with_name("briscola-chiamata.touti"))).new_round(seed=3)
    assert forbidding_rules(points, points.turn, "bid rank 2") == ["action.syntax"]


def test_the_views_tell_the_last_rank_called_only_in_an_auction_on_ranks(game):
    state = _speak(game.new_round(seed=3), "bid rank 7")
    assert state.to_json()["bidding"]["high_rank"] == 7
    assert observation(state, state.turn)["bidding"]["high_rank"] == 7
    again = RoundState.from_json(game, state.to_json())
    assert again.high_rank == 7 and again.legal_actions(again.turn) == state.legal_actions(state.turn)
    points = Game.from_spec(load_spec(RANKS.with_name("briscola-chiamata.touti"))).new_round(seed=3)
    assert "high_rank" not in points.to_json()["bidding"]


def test_the_refusals_precedence_lists_the_rank_rules(game):
    table = precedence(game.ruleset)
    assert table["bid rank"] == ["bidding.pass", "rotation.turn_order", "deck.order"]
    assert table["bid"][2] == "bidding.bids" and "bidding.bids" in table["call CARD"]


def _variant(tmp_path, body: str) -> Game:
    path = tmp_path / "x.touti"
    path.write_text(f'touti 1\n\nsystem "x" extends "briscola-chiamata-ranks" {{\n  title: "x"\n}}\n\n{body}',
                    encoding="utf-8")
    return Game.from_spec(load_spec(path))


def test_a_written_order_of_the_calls_names_its_own_rule(tmp_path):
    game = _variant(tmp_path, "bidding {\n  ranks: 1 > 3 > 12 > 2\n}\n")
    state = game.new_round(seed=3)
    assert [a for a in state.legal_actions(state.turn) if a != "pass"] == ["bid rank 1", "bid rank 3", "bid rank 12",
                                                                          "bid rank 2"]
    assert forbidding_rules(state, state.turn, "bid rank 7") == ["bidding.ranks"]  # a rank no call names
    _speak(state, "bid rank 12")
    assert forbidding_rules(state, state.turn, "bid rank 3") == ["bidding.ranks"]


def test_an_auction_on_ranks_alone_ends_at_the_two(tmp_path):
    game = _variant(tmp_path, "bidding {\n  minimum: 61\n  maximum: 61\n}\n")
    state = _speak(game.new_round(seed=3), "bid rank 2")
    assert state.legal_actions(state.turn) == ["pass"]
    assert _all_pass(state).contract["amount"] == 61


def test_one_round_of_calls_the_lowest_rank_wins(tmp_path):
    game = _variant(tmp_path, "bidding {\n  rounds: 1\n}\n")
    state = _speak(game.new_round(seed=3), "bid rank 3", "pass", "bid rank 7", "pass", "pass")
    assert state.phase == "trump" and state.contract["rank"] == 7
