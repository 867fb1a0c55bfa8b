"""`bidding.never_stands` and `bidding.last_speaker_minimum` in Briscola chiamata's auction on ranks
(spec/examples/briscola-chiamata-ranks.touti: a rank bid is a contract of 61, bids in points from 62 once the two is
called).  "70 may open but never stands as the contract: a player left alone at 70 must raise or pass" (RULES.md,
touti-app) reads the same on the points that follow the ranks, and on the rank contract itself where bids in points
follow; the last speaker's minimum opening never applies (the last player to speak opens on a rank), and a rank
contract that never stands in an auction on ranks alone leaves no contract: both are refused (E312)."""

from __future__ import annotations

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from ..house import house_variant


def _game(tmp_path, bidding: str) -> Game:
    return Game.from_spec(load_spec(house_variant(tmp_path, "briscola-chiamata-ranks", f"bidding {{\n{bidding}}}\n")))


def _speak(state, *actions):
    for action in actions:
        state.apply(state.turn, action)
    return state


def _others_pass(state, bidder: int):
    while state.phase == "bidding" and state.turn != bidder:
        state.apply(state.turn, "pass")
    return state


def test_a_points_bid_that_never_stands_speaks_again_while_a_rank_bid_stands(tmp_path):
    game = _game(tmp_path, "  never_stands: 62\n")
    alone_on_a_rank = game.new_round(seed=3)
    bidder = alone_on_a_rank.turn
    _others_pass(_speak(alone_on_a_rank, "bid rank 12"), bidder)
    assert alone_on_a_rank.contract["amount"] == 61 and alone_on_a_rank.contract["rank"] == 12

    state = game.new_round(seed=3)
    _speak(state, "bid rank 2")
    bidder = state.turn
    _others_pass(_speak(state, "bid 62"), bidder)
    assert (state.phase, state.turn) == ("bidding", bidder)  # left alone at 62: speak again
    bids = [a for a in state.legal_actions(bidder) if a.startswith("bid")]
    assert bids[0] == "bid 63" and not any(a.startswith("bid rank") for a in bids)
    state.apply(bidder, "pass")
    assert state.void


def test_a_rank_contract_that_never_stands_asks_for_a_later_rank_or_points(tmp_path):
    state = _game(tmp_path, "  never_stands: 61\n").new_round(seed=3)
    bidder = state.turn
    _others_pass(_speak(state, "bid rank 3"), bidder)
    assert (state.phase, state.turn) == ("bidding", bidder)
    assert [a for a in state.legal_actions(bidder) if a.startswith("bid")][:2] == ["bid rank 12", "bid rank 11"]
    _speak(state, "bid rank 2")
    assert (state.phase, state.turn) == ("bidding", bidder)  # the two is a rank contract too: on to points
    _speak(state, "bid 62")
    assert state.contract["amount"] == 62 and state.contract["rank"] == 2


def _problems(tmp_path, bidding: str) -> list[tuple[str, int, int]]:
    with pytest.raises(ToutiError) as error:
        load_spec(house_variant(tmp_path, "briscola-chiamata-ranks", f"bidding {{\n{bidding}}}\n"))
    return [(d.code, d.loc.line, d.loc.column) for d in error.value.diagnostics]


def test_the_last_speakers_minimum_is_refused_in_an_auction_on_ranks(tmp_path):
    assert _problems(tmp_path, "  last_speaker_minimum: 62\n") == [("E312", 8, 25)]


def test_a_rank_contract_that_never_stands_in_an_auction_on_ranks_alone_is_refused(tmp_path):
    assert _problems(tmp_path, "  minimum: 61\n  maximum: 61\n  never_stands: 61\n") == [("E312", 10, 17)]
