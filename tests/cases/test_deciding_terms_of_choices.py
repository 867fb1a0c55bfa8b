"""A comparison inside a scoring condition written as a choice, `A if C else B` (session 18's Touti hunt: a kaput bid,
`contract_made: capote(bidders) if contract > 230 else points(bidders) >= contract`, crashed `touti generate` with a
TypeError): it decides from C where the branches differ and from the branch C picks; a comparison inside another's
numbers decides nothing by itself and is left to its outer comparison."""

from __future__ import annotations

from touti_dsl import model as m
from touti_dsl.cases.outcomes import deciding_terms
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from tests.house import house_variant

KAPUT = "capote(bidders) if contract > 230 else points(bidders) >= contract"


def _game_and_condition(tmp_path, condition: str, maximum: int = 250):
    body = f"bidding {{\n  maximum: {maximum}\n}}\n\nscoring {{\n  contract_made: {condition}\n}}\n"
    spec = load_spec(house_variant(tmp_path, "atlas-carta", body))
    return Game.from_spec(spec), m.as_expr(spec.rule("scoring.contract_made").value)


def _finished_round(game: Game, bid: str):
    """A round where the first speaker bids `bid`, the others pass, and every card is the first one allowed."""
    state = game.new_round(seed=2)
    state.apply(state.actors()[0], bid)
    while not state.is_terminal():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, "pass" if "pass" in legal else legal[0])
    return state


def test_both_comparisons_of_a_kaput_choice_are_followed(tmp_path):
    game, condition = _game_and_condition(tmp_path, KAPUT)
    by_op = {term.compare.op: term for term in deciding_terms(game, condition)}
    assert sorted(by_op) == [">", ">="]
    plain = _finished_round(game, "bid 90")
    assert by_op[">="].side(plain) is not None  # at 90 the points decide the contract
    kaput = _finished_round(game, "bid 240")
    assert by_op[">="].side(kaput) is None  # at 240 only the capote does


def test_a_comparison_inside_another_s_numbers_is_left_to_the_outer_one(tmp_path):
    written = "has_contract and points(bidders) >= (100 if contract > 100 else contract)"
    game, condition = _game_and_condition(tmp_path, written, 230)
    terms = deciding_terms(game, condition)
    assert [term.compare.op for term in terms] == [">="]  # not `contract > 100`, which has no way out on its own
    assert terms[0].side(_finished_round(game, "bid 90")) is not None
