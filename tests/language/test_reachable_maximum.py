"""E305, the highest bid out of reach, reads only contracts made by their points (session 18's Touti hunt): a Moroccan
house rule makes any bid above 230 a kaput, made by taking every trick, which `scoring.contract_made` says."""

from __future__ import annotations

from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from tests.house import house_codes, house_variant

KAPUT = ("bidding {\n  maximum: 250\n}\n\n"
         "scoring {\n  contract_made: capote(bidders) if contract > 230 else points(bidders) >= contract\n}\n")


def test_a_bid_above_every_point_is_out_of_reach_where_points_make_the_contract(tmp_path):
    assert house_codes(tmp_path, "atlas-carta", "bidding {\n  maximum: 250\n}\n") == [("E305", 8)]


def test_a_kaput_bid_above_every_point_is_allowed_where_the_spec_says_what_makes_the_contract(tmp_path):
    spec = load_spec(house_variant(tmp_path, "atlas-carta", KAPUT))
    state = Game.from_spec(spec).new_round(seed=3)
    seat = state.actors()[0]
    assert "bid 250" in state.legal_actions(seat)
