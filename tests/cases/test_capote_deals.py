"""A capote where a rule reads one, at every table the sides are fixed: Guiñote for two (a stock, the turned card
under it) scoring `3 if capote(winner) else 1` got no round where the winner took every trick, so nothing checked the
3: an implementation scoring 1 for a capote passed.  Rounds on capote deals (one side holds the trumps and draws the
strong cards) now give one, for the formula's condition to be shown on both sides."""

from __future__ import annotations

import random

import pytest

from touti_dsl.cases import outcomes
from touti_dsl.cases.build import generate
from touti_dsl.cases.explore import reads_capote
from touti_dsl.cases.explore import capote_deal, capote_rounds
from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request
from touti_dsl.engine import Game
from touti_dsl.engine.scoring import capote_side
from touti_dsl.loader import load_named, load_spec

from tests.house import house_variant

CAPOTE_SCORES_THREE = "scoring {\n  winner: 3 if capote(winner) else 1\n}\n"
BIDDERS_CAPOTE_DOUBLES = "scoring {\n  made: 2 * contract if capote(bidders) else contract\n}\n"


@pytest.mark.parametrize("system", ["guinote-mano-a-mano", "brisca-two", "brisca-pairs", "tute", "atlas-carta"])
def test_capote_deals_give_capotes_at_tables_with_and_without_a_stock(system):
    game = Game.from_spec(load_named(system))
    taken = [outcomes.capote_taker(game, record) for record in capote_rounds(game, 7, 12)]
    assert len(taken) == 12
    assert {side for side in taken if side is not None} == {0, 1}, taken  # each side takes one


def test_a_capote_deal_deals_every_card_once_and_gives_the_strong_side_the_trumps_it_draws():
    game = Game.from_spec(load_named("guinote-mano-a-mano"))
    setup, trump, strong = capote_deal(game, 0, 1, random.Random(3))
    state = game.new_round(**setup)
    cards = [c for hand in state.hands for c in hand] + list(state.stock)
    assert sorted(cards) == list(range(game.ruleset.ncards))
    assert state.trump_suit == trump
    weak = [s for s in range(2) if s not in strong]
    suit = game.ruleset.card_suit
    # the weak side draws the turned card last, and never another trump
    drawn_by_weak = state.stock[1::2]
    assert [c for c in drawn_by_weak if suit[c] == trump] == [state.turned]
    assert not any(suit[c] == trump for s in weak for c in state.hands[s])


@pytest.mark.parametrize("system", ["briscola-chiamata", "briscola-chiamata-ranks"])
def test_where_the_bid_winner_calls_its_partner_it_calls_a_trump_of_the_other_strong_seat(system):
    """Briscola chiamata, where a cappotto (every trick to the caller's side) is a real scoring rule."""
    game = Game.from_spec(load_named(system))
    setup, trump, strong = capote_deal(game, 0, 0, random.Random(1))
    assert len(strong) == 2
    takers = [outcomes.capote_taker(game, record) for record in capote_rounds(game, 3, 20)]
    assert 0 in takers  # the caller's side (side 0 of the round) took every trick


def test_where_the_bid_winner_plays_alone_the_seat_dealt_the_trumps_bids_and_takes_every_trick(tmp_path):
    """Tute subastado for three where a capote doubles the contract: no explored round was a capote by the bid
    winner, so `capote(bidders)` was only ever shown not to hold."""
    spec = load_spec(house_variant(tmp_path, "tute-subastado-three", BIDDERS_CAPOTE_DOUBLES))
    game = Game.from_spec(spec)
    records = list(capote_rounds(game, 5, 6))
    assert [outcomes.capote_taker(game, record) for record in records] == [0] * 6  # the bid winner's side
    cases = [case for group in generate(spec).values() for case in group if "scoring.made" in case["rules"]]
    held = [case for case in cases if case["polarity"] == "positive"]
    assert held and "holds" in held[0]["description"]
    result = next(step for step in held[0]["steps"] if step["op"] == "round_result")["expect"]
    assert max(result["score_changes"]) == 2 * result["contract"]["amount"]


def test_a_formula_reading_a_capote_gets_a_round_where_it_holds(tmp_path):
    spec = load_spec(house_variant(tmp_path, "guinote-mano-a-mano", CAPOTE_SCORES_THREE))
    game = Game.from_spec(spec)
    assert reads_capote(game)
    cases = [case for group in generate(spec).values() for case in group
             if "scoring.winner" in case["rules"]]
    holds = [case for case in cases if case["description"].endswith("holds") and "does not" not in case["description"]]
    assert holds, [case["description"] for case in cases]
    result = next(step for step in holds[0]["steps"] if step["op"] == "round_result")["expect"]
    assert sorted(result["score_changes"]) == [0, 3]
    adapter = ReferenceAdapter(str(tmp_path / "house.touti"))
    for case in cases:
        assert first_mismatch(case, adapter.run_case(case_request(case))["outputs"], complete=False) is None


def test_a_spec_that_reads_no_capote_is_left_alone():
    assert not reads_capote(Game.from_spec(load_named("guinote-mano-a-mano")))
    assert reads_capote(Game.from_spec(load_named("tute-capote")))
