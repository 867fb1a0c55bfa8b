"""Tute subastado with four at the table: the dealer rests, the other three play the bid winner against the rest.

"Si cuatro o más personas se unen para jugar, una de ellas descansa y es la que reparte las
cartas" (Tute subastado, profilpelajar.com): spec/examples/tute-subastado-dealer-rests.touti,
`table.sit_out` with `teams: bidder_against_rest` (survey 2, row 15).
"""

from __future__ import annotations

import random
from pathlib import Path

from touti_dsl.engine import Game
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.loader import load_spec

from ..house import house_variant

RESTS = Path(__file__).resolve().parents[2] / "spec" / "examples" / "tute-subastado-dealer-rests.touti"


def _played_out(state, seed: int):
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        assert seat != state.dealer  # the dealer rests: it never acts
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_dealer_deals_and_rests_and_the_bid_winner_plays_the_two_others():
    game = Game.from_spec(load_spec(RESTS))
    state = game.new_round(seed=5, dealer=2)
    assert [len(hand) for hand in state.hands] == [12, 12, 0, 12] and state.first_speaker == 3
    assert forbidding_rules(state, 2, "pass")[0] == "bidding.pass"  # out of the bidding before it starts
    state.apply(3, "bid 60")
    state.apply(0, "pass")
    state.apply(1, "pass")
    assert state.contract == {"team": 0, "bidder": 3, "amount": 60}
    assert state.seating.opponents[3] == (0, 1) and state.seating.in_play == (0, 1, 3)


def test_the_resting_dealer_scores_nothing_and_the_deal_passes_round_all_four():
    game = Game.from_spec(load_spec(RESTS))
    state = game.new_round(seed=9, dealer=0)
    for round_number in range(8):
        result = _played_out(state, round_number).round_result()
        assert result["score_changes"][state.dealer] == 0
        if not result["void"]:
            bidder = result["contract"]["bidder"]
            defenders = [s for s in range(4) if s not in (bidder, state.dealer)]
            assert result["score_changes"][defenders[0]] == result["score_changes"][defenders[1]]
        if state.match_result()["over"]:
            break
        following = state.next_round(seed=100 + round_number)
        assert following.dealer == (state.dealer + 1) % 4
        state = following


def test_a_one_turn_auction_ends_when_every_player_dealt_in_has_spoken(tmp_path):
    """`bidding.rounds: 1` ("each player speaks once, in turn, and the highest bid stands") with the dealer resting:
    the seat sitting out never speaks, so the auction ends once the three players dealt in have (it waited for the
    resting dealer's turn, which never came: nobody could act)."""
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-subastado-dealer-rests", "bidding {\n  rounds: 1\n}\n")))
    state = game.new_round(seed=3, dealer=0)
    state.apply(1, "bid 60")
    state.apply(2, "pass")
    state.apply(3, "pass")
    assert state.phase == "trump" and state.contract == {"team": 0, "bidder": 1, "amount": 60}
    assert state.actors() == [1]


def test_a_dealer_sitting_out_loses_no_hand_won_by_the_most_points(tmp_path):
    """Tute cabrero for five (the dealer sits out) scored by the most points: "the dealer deals but is dealt no card,
    and neither plays, wins nor loses that hand" (the page of table.sit_out), but each side other than the winner,
    the dealer sitting out included, scored `scoring.loser`: a lost hand (a poroto) for a hand it never played."""
    path = tmp_path / "house.touti"
    path.write_text('touti 1\n\nsystem "house" extends "tute-cabrero" {\n  title: "House"\n}\n\n'
                    'scoring {\n  round: most_points\n  tie: none\n  winner: 0\n}\n\n'
                    'match {\n  end: losses\n  remove remaining\n}\n', encoding="utf-8")
    game = Game.from_spec(load_spec(path), seats=5)
    won = 0
    for seed in range(12):
        state = _played_out(game.new_round(seed=seed, dealer=seed % 5), seed)
        result = state.round_result()
        assert result["score_changes"][state.dealer] == 0
        if result["winner"] is not None:
            won += 1
            assert sorted(s for s, change in enumerate(result["score_changes"]) if change) == sorted(
                s for s in state.seating.in_play if s != result["winner"])
    assert won


def test_a_false_claim_gives_the_last_trick_to_an_opponent_dealt_in(tmp_path):
    """With `next_round: last_trick_winner` and a claim whose failure gives the opponents the rest: the player who
    counts as winning the last trick was the seat after the claimant at the table, the resting dealer when the bid
    winner sat just before it, so that dealer dealt again without having played; it is the next opponent dealt in."""
    path = tmp_path / "house.touti"
    path.write_text('touti 1\n\nsystem "house" extends "tute-subastado-dealer-rests" {\n  title: "House"\n}\n\n'
                    'rotation {\n  next_round: last_trick_winner\n}\n\n'
                    'add claim {\n  window: to_lead\n  false: opponents_take_rest\n}\n', encoding="utf-8")
    game = Game.from_spec(load_spec(path))
    rng = random.Random(0)
    for seed in range(40):
        dealer = seed % 4
        state = game.new_round(seed=seed, dealer=dealer)
        claimant = (dealer - 1) % 4
        while not state.is_terminal():
            seat = state.actors()[0]
            actions = state.legal_actions(seat)
            if "claim" in actions and seat == claimant == state.contract_bidder and state.tricks_played >= 2:
                state.apply(seat, "claim")
                continue
            state.apply(seat, rng.choice([a for a in actions if a != "claim"] or actions))
        claim = state.round_result().get("claim")
        if claim is not None and not claim["held"] and not state.match_result()["over"]:
            break
    else:
        raise AssertionError("no false claim by the bid winner sitting before the dealer")
    assert state.next_round(seed=1).dealer == (dealer + 1) % 4  # the opponent after the resting dealer
