"""Bids that name trumps (`trump.choice: in_bid`, spec/examples/atlas-bid-names-trumps.touti).

"Each bid names its trump suit with its amount ("I buy for 80 in oros"); the suit of the
contract is trumps."  The amount alone ranks the bids, and the play starts at once.
"""

from __future__ import annotations

import pytest

from touti_dsl.engine import Game, RoundState
from touti_dsl.engine.refusals import forbidding_rules, precedence

from .helpers import game, hands_of, refused, run

SYSTEM = "atlas-bid-names-trumps"
HANDS = hands_of(
    "1o 3o 12o 11o 10o 1c 3c 12c 11c 10c",
    "7o 6o 5o 4o 2o 7c 6c 5c 4c 2c",
    "1e 3e 12e 11e 10e 1b 3b 12b 11b 10b",
    "7e 6e 5e 4e 2e 7b 6b 5b 4b 2b",
)


def new_round() -> RoundState:
    return game(SYSTEM).new_round(hands=HANDS, dealer=3)


def test_every_amount_in_every_suit_in_canonical_order():
    """Bids by amount, then by suit in `deck.suits` order (oros, copas, espadas, bastos)."""
    legal = new_round().legal_actions(0)
    suits = ("oros", "copas", "espadas", "bastos")
    expected = [f"bid {n} {s}" for n in range(70, 231, 10) for s in suits]
    assert [a for a in legal if a.startswith("bid ")] == expected
    assert legal[0] == "pass"


def test_the_amount_alone_ranks_bids():
    state = run(new_round(), "0: bid 80 oros")
    legal = state.legal_actions(1)
    assert "bid 80 copas" not in legal and "bid 90 copas" in legal
    refused(state, 1, "bid 80 copas", "bidding.step")
    assert forbidding_rules(state, 1, "bid 80 copas") == ["bidding.step"]


def test_the_contracts_suit_is_trumps_and_the_play_starts_at_once():
    state = run(new_round(), "0: bid 80 oros", "1: pass", "2: bid 90 espadas", "3: pass", "0: pass")
    assert state.phase == "play"
    assert state.trump == "espadas"
    assert state.contract == {"team": 0, "bidder": 2, "amount": 90}
    assert state.actors() == [0]  # the first speaker leads, as in atlas-carta
    refused(state, 2, "trump oros", "trump.choice")


def test_a_separate_trump_action_is_refused_by_trump_choice_during_the_bidding_too():
    refused(new_round(), 0, "trump copas", "trump.choice")
    assert precedence(game(SYSTEM).ruleset)["trump"] == ["trump.choice"]


@pytest.mark.parametrize("action", ["bid 80", "bid 80 o", "bid 80 Oros", "bid 80  oros", "bid 80 oros copas",
                                    "bid oros 80", "bid 080 oros", "bid 80 cups"])
def test_a_bid_without_a_suit_or_with_a_bad_one_is_a_syntax_error(action):
    refused(new_round(), 0, action, "action.syntax")


def test_a_bid_naming_a_suit_is_a_syntax_error_where_bids_name_none():
    state = game("atlas-carta").new_round(hands=HANDS, dealer=3)
    refusal = refused(state, 0, "bid 80 oros", "action.syntax")
    assert "names no suit" in refusal.message


def test_the_high_bids_suit_is_seen_and_survives_json():
    state = run(new_round(), "0: bid 80 oros", "1: pass")
    seen = state.observation(3)
    assert seen["bidding"]["high_suit"] == "oros"
    data = state.to_json()
    assert data["bidding"]["high_suit"] == "oros"
    again = RoundState.from_json(game(SYSTEM), data)
    assert again.to_json() == data
    assert again.legal_actions(2) == state.legal_actions(2)
    run(again, "2: pass", "3: pass")
    assert again.trump == "oros"


def test_specs_without_suited_bids_keep_their_json_and_observation():
    state = game("atlas-carta").new_round(hands=HANDS, dealer=3)
    assert "high_suit" not in state.to_json()["bidding"]
    assert "high_suit" not in state.observation(0)["bidding"]
    assert "lent" not in state.to_json()["ghna"]


def test_a_bid_requirement_may_name_the_suit(tmp_path):
    """`bid_suit(S)`: here a bid in oros must be at least 100."""
    path = tmp_path / "dear-oros.touti"
    path.write_text('touti 1\n\nsystem "dear-oros" extends "atlas-bid-names-trumps" {\n  title: "Dear oros"\n}\n\n'
                    "add bidding {\n  require dear_oros: amount >= 100 when bid_suit(oros)\n}\n", encoding="utf-8")
    state = Game.from_spec(path).new_round(hands=HANDS, dealer=3)
    legal = state.legal_actions(0)
    assert "bid 90 oros" not in legal and "bid 100 oros" in legal and "bid 70 copas" in legal
    refused(state, 0, "bid 90 oros", "bidding.dear_oros")
    assert forbidding_rules(state, 0, "bid 90 oros") == ["bidding.dear_oros"]
