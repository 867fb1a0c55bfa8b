"""Briscola chiamata's called card (spec/examples/briscola-chiamata.touti): after the auction the bid winner calls a
card; "the suit of the called card is trumps, and whoever holds it is the bid winner's partner; a bid winner who
calls a card of its own hand plays alone against the four others" (`table.teams: bidder_and_called`,
`trump.choice: called_card`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.engine.state import RoundState
from touti_dsl.loader import load_spec

CHIAMATA = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-chiamata.touti"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.from_spec(load_spec(CHIAMATA))


def _won_by(state, bidder: int, amount: int = 70):
    """Seat `bidder` bids `amount`, every other seat passes."""
    while state.phase == "bidding":
        seat = state.actors()[0]
        state.apply(seat, f"bid {amount}" if seat == bidder else "pass")
    return state


def _holder(state, card: str) -> int:
    index = state.rules.card_text.index(card)
    return next(seat for seat, hand in enumerate(state.hands) if index in hand)


def _other_card(state, bidder: int) -> str:
    return next(state.rules.card_text[c] for seat, hand in enumerate(state.hands) if seat != bidder for c in hand)


def test_the_holder_of_the_called_card_partners_the_bid_winner_and_its_suit_is_trumps(game):
    state = _won_by(game.new_round(seed=4, dealer=0), bidder=2)
    assert state.phase == "trump" and state.actors() == [2]
    card = _other_card(state, 2)
    partner = _holder(state, card)
    state.apply(2, f"call {card}")
    assert state.phase == "play" and state.trump == state.rules.suits[state.rules.card_suit[state.rules.card_text.index(card)]]
    assert [seat for seat in range(5) if state.seating.team_of[seat] == 0] == sorted({2, partner})
    assert state.seating.partner[2] == partner and len(state.seating.opponents[2]) == 3


def test_a_card_of_ones_own_hand_is_playing_alone_against_the_four_others(game):
    state = _won_by(game.new_round(seed=4, dealer=0), bidder=2)
    own = state.rules.card_text[state.hands[2][0]]
    state.apply(2, f"call {own}")
    assert state.seating.team_of == (1, 1, 0, 1, 1) and state.seating.opponents[2] == (0, 1, 3, 4)


def test_only_the_bid_winner_calls_and_only_after_the_bidding(game):
    state = game.new_round(seed=4, dealer=0)
    assert forbidding_rules(state, 1, "call 1o") == ["action.phase"]
    _won_by(state, bidder=2)
    assert forbidding_rules(state, 3, "call 1o") == ["trump.choice"]
    assert forbidding_rules(state, 2, "trump oros") == ["trump.choice"]  # a card names trumps, not a suit
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "call 1o")
    assert refused.value.rule_id == "trump.choice"


def test_every_player_scores_what_its_side_scored(game):
    rng = random.Random(7)
    for seed in range(6):
        state = _won_by(game.new_round(seed=seed, dealer=0), bidder=1)
        state.apply(1, f"call {_other_card(state, 1)}")
        while not state.is_terminal():
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        result = state.round_result()
        side = [seat for seat in range(5) if state.seating.team_of[seat] == 0]
        assert side == sorted({1, result["partner"]})
        winners = side if result["made"] else [s for s in range(5) if s not in side]
        assert [seat for seat in range(5) if result["score_changes"][seat]] == winners
        assert set(result["score_changes"]) == {0, 70}


def test_the_called_card_and_its_holder_survive_the_json_round_trip_and_only_the_card_is_shown(game):
    state = _won_by(game.new_round(seed=11, dealer=3), bidder=0)
    card = _other_card(state, 0)
    state.apply(0, f"call {card}")
    state.apply(state.to_play, state.legal_actions(state.to_play)[0])
    again = RoundState.from_json(game, state.to_json())
    assert again.to_json() == state.to_json() and again.seating == state.seating
    assert state.to_json()["called"] == {"card": card, "holder": _holder(game.new_round(seed=11, dealer=3), card)}
    assert state.observation(4)["called"] == card and "holder" not in str(state.observation(4).get("called"))


REFUSED_OWN = '''
touti 1

system "chiamata-no-own" extends "briscola-chiamata" {
  title: "Briscola chiamata, never alone"
}

trump {
  call_own: refused
}
'''


def test_trump_call_own_refused_takes_the_callers_own_cards_out_of_its_calls(tmp_path):
    path = tmp_path / "chiamata-no-own.touti"
    path.write_text(REFUSED_OWN, encoding="utf-8")
    game = Game.from_spec(load_spec(path))
    state = _won_by(game.new_round(seed=4, dealer=0), bidder=2)
    own = [state.rules.card_text[c] for c in state.hands[2]]
    legal = state.legal_actions(2)
    assert len(legal) == 40 - 8 and not {f"call {c}" for c in own} & set(legal)
    assert forbidding_rules(state, 2, f"call {own[0]}") == ["trump.call_own"]
    assert forbidding_rules(state, 3, f"call {own[0]}") == ["trump.choice"]  # another's card: only the caller is wrong
    theirs = state.rules.card_text[state.hands[3][0]]
    assert forbidding_rules(state, 3, f"call {theirs}") == ["trump.choice", "trump.call_own"]


def test_call_own_refused_refuses_a_card_nobody_else_holds(tmp_path):
    """`trump.call_own: refused` ("The bid winner must call a card that another player holds") with a widow: the
    bid winner could call a card it had just put aside, held by nobody, and so play alone after all; only a card
    another player holds may be called."""
    path = tmp_path / "house.touti"
    path.write_text('touti 1\n\nsystem "house" extends "briscola-chiamata-no-solo" {\n  title: "House"\n}\n\n'
                    'table {\n  hand_size: 7\n}\n\n'
                    'add widow {\n  size: 5\n  by: bid_winner\n  take: compulsory\n  points: taker\n}\n', encoding="utf-8")
    state = Game.from_spec(load_spec(path)).new_round(seed=1, dealer=0)
    state.apply(1, next(a for a in state.legal_actions(1) if a.startswith("bid ")))
    while state.phase == "bidding":
        state.apply(state.actors()[0], "pass")
    state.apply(1, "take widow")
    for _ in range(5):
        state.apply(1, state.legal_actions(1)[0])
    aside = state.rules.card_text[state.discards[0]]
    calls = state.legal_actions(1)
    assert f"call {aside}" not in calls
    assert forbidding_rules(state, 1, f"call {aside}") == ["trump.call_own"]
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, f"call {aside}")
    assert refused.value.rule_id == "trump.call_own"
    held = {state.rules.card_text[c] for seat, hand in enumerate(state.hands) if seat != 1 for c in hand}
    assert {call.split()[1] for call in calls} == held


def test_call_own_refused_lifts_when_no_other_player_holds_a_card_of_the_rank(tmp_path):
    """An auction on ranks with `trump.call_own: refused`: a bid winner who holds all four cards of the rank it won
    had no call it could make, so nobody could act and the round never ended; it may then call any of them, and plays
    alone (the page says so)."""
    path = tmp_path / "house.touti"
    path.write_text('touti 1\n\nsystem "house" extends "briscola-chiamata-ranks" {\n  title: "House"\n}\n\n'
                    'trump {\n  call_own: refused\n}\n', encoding="utf-8")
    game = Game.from_spec(load_spec(path))
    deck = [c for c in game.ruleset.card_text if c[:-1] != "1"]
    hands = [deck[0:8], ["1o", "1c", "1e", "1b", *deck[8:12]], deck[12:20], deck[20:28], deck[28:36]]
    state = game.new_round(hands=hands, dealer=0)
    state.apply(1, "bid rank 1")
    while state.phase == "bidding":
        state.apply(state.actors()[0], "pass")
    assert state.actors() == [1]
    assert state.legal_actions(1) == ["call 1o", "call 1c", "call 1e", "call 1b"]
    state.apply(1, "call 1e")
    assert state.phase == "play" and state.to_json()["called"]["holder"] == 1
    # where another player holds a card of the rank, the bid winner's own are refused as before
    hands[1][3], hands[2][0] = hands[2][0], hands[1][3]
    state = game.new_round(hands=hands, dealer=0)
    state.apply(1, "bid rank 1")
    while state.phase == "bidding":
        state.apply(state.actors()[0], "pass")
    assert state.legal_actions(1) == ["call 1b"]
    assert forbidding_rules(state, 1, "call 1o") == ["trump.call_own"]
