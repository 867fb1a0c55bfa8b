"""A comparison of the contract inside a scoring condition is shown at its threshold (the session-20 sweep:
touti-kaput-bid's `capote(bidders) if contract > 230 else points(bidders) >= contract` read as `contract >= 230` or
`contract > 220` escaped, fuzz calling them equivalent: the round nearest under the threshold was a kaput at 220, since
random bidding reaches 230 with one side taking every trick almost never).  The rounds where it decides are bid again
at the amounts around it (`explore.rebid_round`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.cases.explore import RoundRecord, quick_rounds, rebid_round
from touti_dsl.conformance.cases import load_cases
from touti_dsl.engine import Game
from touti_dsl.loader import load_named

from tests.blames import failures
from tests.house import house_variant

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "touti-kaput-bid"
WRITTEN = "capote(bidders) if contract > 230 else points(bidders) >= contract"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return load_cases(current_suite(ROOT / "spec" / "examples" / f"{SYSTEM}.touti"))


@pytest.mark.parametrize("misread", ["contract >= 230", "contract > 220", "contract > 229"])
def test_the_kaput_threshold_read_otherwise_is_caught_on_contract_made(tmp_path, cases, misread):
    mutant = house_variant(tmp_path, SYSTEM, f"scoring {{\n  contract_made: {WRITTEN.replace('contract > 230', misread)}\n}}\n")
    blamed = [rules for _, _, rules in failures(mutant, SYSTEM, cases)]
    assert blamed and any(rules[0] == "scoring.contract_made" for rules in blamed), blamed


def test_a_contract_of_230_taken_by_every_trick_is_a_case(cases):
    results = [step["expect"] for case in cases if "scoring.contract_made" in case["rules"]
               for step in case["steps"] if step["op"] == "round_result"]
    at_230 = [result for result in results if (result["contract"] or {}).get("amount") == 230]
    assert any(0 in result["card_points"] and not result["made"] for result in at_230), at_230


def _round(game: Game, bid: str) -> RoundRecord:
    """A round where the first speaker bids `bid`, the others pass, and each plays the first card allowed."""
    setup, history = next(quick_rounds(game, 2, 1)).setup, []
    state = game.new_round(**setup)
    while not state.is_terminal():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        action = bid if not history else "pass" if "pass" in legal else legal[0]
        state.apply(seat, action)
        history.append((seat, action))
    return RoundRecord(setup, tuple(history), state.round_result(), (), ())


def test_a_round_bid_again_keeps_every_other_move():
    game = Game.from_spec(load_named(SYSTEM))
    record = _round(game, "bid 100")
    again = rebid_round(game, record, 110)
    assert again is not None and again.result["contract"]["amount"] == 110
    assert [move for move in again.history if move[1] != "bid 110"] == [m for m in record.history if m[1] != "bid 100"]
    assert rebid_round(game, record, 100) is None  # the same amount is no other round
