"""The other contract of `trump.instead` (spec/examples/briscola-chiamata-solo.touti, Briscola chiamata's solo call):
"the declarant commits to take at least 61 points alone, and the hand is played without trumps".  Instead of
calling a card the bid winner says `trump none`: no trumps, no partner; a card off the led suit never takes a trick.
Where the bid winner names trumps (`trump.choice: bid_winner`) `none` is a no-trump contract of fixed sides; where a
card is called, `instead: bid_winner` lets the bid winner name trumps itself and play alone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.engine.state import RoundState
from touti_dsl.loader import load_spec

from .helpers import random_play

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
SOLO = EXAMPLES / "briscola-chiamata-solo.touti"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_spec(load_spec(SOLO))


def _variant(tmp_path, base: str, body: str) -> Game:
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n{body}', encoding="utf-8")
    return Game.from_spec(load_spec(path))


def _to_trumps(state):
    """Random bids until the contract is made: the state when its winner sets the trumps."""
    rng = random.Random(1)
    while state.phase == "bidding":
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a.startswith("bid")), "pass") if rng.random() < 0.5 else "pass")
    return state


def _trump_phase(game: Game, seed: int = 3):
    for offset in range(50):
        state = _to_trumps(game.new_round(seed=seed + offset, dealer=0))
        if state.phase == "trump":
            return state
    raise AssertionError("no contract in 50 deals")


def test_the_bid_winner_may_go_solo_beside_the_calls_and_no_one_else_may(game):
    state = _trump_phase(game)
    bidder = state.contract_bidder
    legal = state.legal_actions(bidder)
    assert legal[-1] == "trump none" and all(a.startswith("call ") for a in legal[:-1])
    other = (bidder + 1) % 5
    assert "trump none" not in state.legal_actions(other)
    assert forbidding_rules(state, other, "trump none") == ["trump.choice"]
    with pytest.raises(IllegalAction) as refused:
        state.apply(bidder, "trump copas")  # naming a suit is not the other contract here
    assert refused.value.rule_id == "trump.choice"


def test_solo_plays_alone_without_trumps_and_an_off_suit_card_never_takes_a_trick(game):
    rng = random.Random(5)
    off_suit_lost = 0
    for seed in range(6):
        state = _trump_phase(game, seed * 7)
        bidder = state.contract_bidder
        state.apply(bidder, "trump none")
        assert state.phase == "play" and state.trump is None
        assert [seat for seat in range(5) if state.seating.team_of[seat] == 0] == [bidder]
        random_play(state, rng)
        for leader, cards, winner in state.tricks:
            suits = [state.rules.card_suit[c] for c in cards]
            seats = [leader]
            while len(seats) < len(cards):
                seats.append(state.seating.next_seat[seats[-1]])
            assert state.rules.card_suit[cards[seats.index(winner)]] == suits[0]
            off_suit_lost += sum(1 for suit in suits if suit != suits[0])
        result = state.round_result()
        assert result["trump"] is None and result["called"] is None and result["partner"] is None
    assert off_suit_lost  # the check above read tricks that had a card off the led suit


def test_a_solo_round_keeps_its_sides_through_its_json(game):
    state = _trump_phase(game)
    bidder = state.contract_bidder
    state.apply(bidder, "trump none")
    again = RoundState.from_json(game, state.to_json())
    assert again.seating.team_of == state.seating.team_of and again.legal_actions(again.to_play) == state.legal_actions(state.to_play)
    assert state.to_json()["called"] == {"card": None, "holder": bidder}


def test_trump_none_is_no_action_of_a_spec_without_the_rule():
    chiamata = Game.from_spec(load_spec(EXAMPLES / "briscola-chiamata.touti"))
    state = _trump_phase(chiamata)
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.contract_bidder, "trump none")
    assert refused.value.rule_id == "action.syntax"


def test_a_no_trump_contract_where_the_bid_winner_names_trumps_keeps_the_sides(tmp_path):
    game = _variant(tmp_path, "atlas-carta", "trump {\n  instead: none\n}\n")
    state = _trump_phase(game)
    bidder = state.contract_bidder
    assert state.legal_actions(bidder)[-5:] == ["trump oros", "trump copas", "trump espadas", "trump bastos", "trump none"]
    sides = state.seating.team_of
    state.apply(bidder, "trump none")
    assert state.trump is None and state.seating.team_of == sides
    random_play(state, random.Random(2))
    assert state.round_result()["trump"] is None


def test_where_a_card_is_called_the_bid_winner_may_name_trumps_itself_and_play_alone(tmp_path):
    game = _variant(tmp_path, "briscola-chiamata", "trump {\n  instead: bid_winner\n}\n")
    state = _trump_phase(game)
    bidder = state.contract_bidder
    legal = state.legal_actions(bidder)
    assert legal[-4:] == ["trump oros", "trump copas", "trump espadas", "trump bastos"] and "trump none" not in legal
    state.apply(bidder, "trump espadas")
    assert state.trump == "espadas" and [s for s in range(5) if state.seating.team_of[s] == 0] == [bidder]
