"""Claiming the rest (the `claim` section): spec/examples/tute-claim-the-rest.touti.

A claim is a statement that may be wrong: it is legal whenever the window and the section's
`require` lines allow it, and only when it is applied does the engine decide whether the
claimant's side wins every remaining trick whatever the others legally play.  The search
that decides it is checked here against a plain exhaustive one on random positions.
"""

from __future__ import annotations

import random

import pytest

from touti_dsl.engine import Game, RoundState
from touti_dsl.engine import claim
from touti_dsl.engine.refusals import forbidding_rules, precedence
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import game, hands_of, refused

SYSTEM = "tute-claim-the-rest"
# Trumps are bastos (the dealer's last card); seats 0 and 2 hold every ace, three, rey, caballo and sota.
STRONG = hands_of(
    "1o 3o 12o 11o 10o 1c 3c 12c 11c 10c",
    "7o 6o 5o 4o 2o 7c 6c 5c 4c 2c",
    "1e 3e 12e 11e 10e 1b 3b 12b 11b 10b",
    "7e 6e 5e 4e 2e 7b 6b 5b 4b 2b",
)


def _greedy(state: RoundState, strong: set[int], tricks: int) -> RoundState:
    """Play on until `tricks` tricks are done: the strong side plays its strongest legal card, the others their weakest."""
    rules = state.rules
    while state.tricks_played < tricks:
        seat = state.to_play
        cards = [a for a in state.legal_actions(seat) if a.startswith("play ")]
        strength = lambda a: rules.card_strength[rules.vocabulary.cards[a.split()[1]]]
        state.apply(seat, max(cards, key=strength) if seat in strong else min(cards, key=strength))
    return state


def _at_sixth_trick(hands) -> RoundState:
    return _greedy(game(SYSTEM).new_round(hands=hands, dealer=3), {0, 2}, 5)


def test_a_claim_that_holds_gives_the_side_every_remaining_trick():
    state = _at_sixth_trick(STRONG)
    leader = state.to_play
    assert "claim" in state.legal_actions(leader)
    points_before, remaining = list(state.card_points), sum(state.rules.card_points[c] for h in state.hands for c in h)
    state.apply(leader, "claim")
    result = state.round_result()
    team = state.seating.team_of[leader]
    assert state.is_terminal() and result["claim"] == {"seat": leader, "held": True}
    assert result["card_points"][team] == points_before[team] + remaining
    assert result["last_trick"] == team and result["winner"] == team


def _first_claim(held: bool) -> RoundState:
    """The first seeded round whose leader of the sixth trick makes a claim that holds (or not)."""
    for seed in range(200):
        state = _greedy(game(SYSTEM).new_round(seed=seed), set(), 5)
        team = state.seating.team_of[state.to_play]
        if "claim" in state.legal_actions(state.to_play) and claim.holds(state, team) == held:
            return state
    raise AssertionError("no such claim in 200 rounds")


def test_a_claim_that_does_not_hold_gives_every_remaining_trick_to_the_opponents():
    state = _first_claim(False)
    leader = state.to_play
    other = 1 - state.seating.team_of[leader]
    points_before = list(state.card_points)
    remaining = sum(state.rules.card_points[c] for h in state.hands for c in h)
    state.apply(leader, "claim")
    result = state.round_result()
    assert result["claim"] == {"seat": leader, "held": False}
    assert result["card_points"][other] == points_before[other] + remaining and result["last_trick"] == other


def test_the_claim_window_and_the_requirement_refuse():
    state = game(SYSTEM).new_round(hands=STRONG, dealer=3)
    refused(state, 1, "claim", "claim.window")  # not the seat to lead
    # the dealer holds the 7 of trumps with the turned card: no swap can come, only the requirement refuses
    refused(state, 0, "claim", "claim.last_five_tricks")
    seven_elsewhere = [list(hand) for hand in STRONG]
    seven_elsewhere[1][seven_elsewhere[1].index("2c")], seven_elsewhere[3][seven_elsewhere[3].index("7b")] = "7b", "2c"
    # seat 1 holds the 7 of trumps: the swap may still be made before the first lead
    refused(game(SYSTEM).new_round(hands=seven_elsewhere, dealer=3), 0, "claim", "claim.window")
    state = _greedy(game(SYSTEM).new_round(hands=STRONG, dealer=3), {0, 2}, 2)
    refused(state, state.to_play, "claim", "claim.last_five_tricks")
    assert forbidding_rules(state, (state.to_play + 1) % 4, "claim") == ["claim.window", "claim.last_five_tricks"]
    state.apply(state.to_play, state.legal_actions(state.to_play)[0])
    refused(state, state.to_play, "claim", "claim.window")  # the trick is led: too late for this one


def test_claim_is_no_action_of_a_spec_without_the_section():
    state = game("tute").new_round(hands=STRONG, dealer=3)
    refused(state, 0, "claim", "action.syntax")
    assert "claim" not in precedence(state.rules)


def test_the_claims_survive_json_and_the_precedence_lists_them():
    state = _first_claim(False)
    state.apply(state.to_play, "claim")
    again = RoundState.from_json(game(SYSTEM), state.to_json())
    assert again.to_json() == state.to_json() and again.round_result() == state.round_result()
    assert precedence(state.rules)["claim"] == ["claim.window", "claim.last_five_tricks"]


def _variant(tmp_path, claim_lines: str, table: str = "") -> Game:
    path = tmp_path / "claims.touti"
    path.write_text('touti 1\n\nsystem "claims" extends "tute" {\n  title: "Claims"\n}\n\n' + table
                    + "add claim {\n" + claim_lines + "}\n", encoding="utf-8")
    return Game.from_spec(load_spec(path))


def test_play_on_bars_the_side_after_a_claim_that_did_not_hold(tmp_path):
    variant = _variant(tmp_path, "  window: to_play\n  false: play_on\n  require late: trick_number >= 6\n")
    state = _first_claim(False)
    state = RoundState.from_json(variant, dict(state.to_json(), system="claims", claims=[]))
    leader = state.to_play
    before = state.to_json()["play"]
    state.apply(leader, "claim")
    assert not state.is_terminal() and state.to_json()["play"] == before  # the play goes on as it was
    refused(state, leader, "claim", "claim.false")
    state.apply(leader, next(a for a in state.legal_actions(leader) if a.startswith("play ")))
    partner = (leader + 2) % 4
    while state.to_play != partner:
        state.apply(state.to_play, next(a for a in state.legal_actions(state.to_play) if a.startswith("play ")))
    assert "claim" not in state.legal_actions(partner)  # the whole side is barred, mid-trick too (to_play)
    assert claim.barred(state, partner)


def test_opponents_take_rest_needs_two_sides(tmp_path):
    with pytest.raises(ToutiError) as caught:
        _variant(tmp_path, "  window: to_lead\n  false: opponents_take_rest\n", "table {\n  seats: 3\n  teams: each\n"
                 "  hand_size: 13\n}\n\n")
    assert any(d.code == "E310" and "two sides" in d.message for d in caught.value.diagnostics)


# ---------------------------------------------------------------- the search is exact


def _plain(state: RoundState, team: int) -> bool:
    """Every legal line played out, no memory, no merging: the definition of a claim that holds."""
    if state.is_terminal():
        return True
    seat = state.to_play
    ours = state.seating.team_of[seat] == team
    for action in [a for a in state.legal_actions(seat) if a.startswith("play ")]:
        after = state.clone()
        before = after.tricks_played
        after.apply(seat, action)
        kept = not (after.tricks_played > before and after.seating.team_of[after.tricks[-1][2]] != team) and _plain(after, team)
        if kept == ours:
            return ours
    return not ours


@pytest.mark.parametrize("system", ["tute", "atlas-carta", "guinote"])
def test_the_search_agrees_with_playing_every_line_out(system):
    base = game(system)
    rng = random.Random(7)
    checked = held = 0
    for seed in range(40):
        state = base.new_round(seed=seed)
        while not state.is_terminal():
            seat = rng.choice(state.actors())
            left = base.ruleset.tricks_per_round - state.tricks_played
            if (left <= 3 and seat == state.to_play and state.phase == "play" and not state.stock
                    and not claim.swap_to_come(state) and state.concede_pending is None):
                team = state.seating.team_of[seat]
                for merge in (True, False):
                    assert claim.Search(state, team, merge=merge).run() == _plain(state.clone(), team)
                checked += 1
                held += _plain(state.clone(), team)
            actions = [a for a in state.legal_actions(seat) if a != "concede"] or state.legal_actions(seat)
            state.apply(seat, rng.choice(actions))
    assert checked >= 40 and 0 < held < checked  # both verdicts were met


def test_the_rest_given_away_is_taken_by_an_opponent_dealt_in(tmp_path):
    """A claim that does not hold gives the rest to the opponents, and the next opponent in turn counts as winning the
    last trick (`next_round: last_trick_winner`): never the dealer resting out of the round (`table.sit_out`), who
    took no trick; the engine went round the table's seats, not the round's, and the resting dealer dealt again."""
    from ..house import house_variant

    path = house_variant(tmp_path, "tute-subastado-dealer-rests",
                         "rotation {\n  first_lead: bid_winner\n  next_round: last_trick_winner\n}\n\n"
                         "add claim {\n  window: to_lead\n  false: opponents_take_rest\n}\n")
    state = Game.from_spec(load_spec(path)).new_round(seed=5, dealer=0)
    for seat, action in ((1, "pass"), (2, "pass"), (3, "bid 60"), (3, "trump oros"), (3, "claim")):
        state.apply(seat, action)
    assert state.claims == [(3, 0, False)] and state.round_result()["card_points"] == [0, 120]
    assert claim.rest_taker(state) == 1
    assert state.next_round(seed=1).dealer == 1


def test_a_claim_waits_for_the_swap_only_while_the_swap_card_is_still_held(tmp_path):
    """`claim.window` reads "never while the trump swap may still be made": once the seven of trumps has been played
    (`trump.swap: 7`, after a trick won, the turned card still in the dealer's hand), no swap can be made, and the
    player to lead may claim; the engine refused every claim until the dealer played the turned card."""
    from ..house import house_variant

    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-swap-after-trick",
                                                  "add claim {\n  window: to_lead\n  false: play_on\n}\n")))
    state = game.new_round(seed=4, dealer=3)
    seven = state.rules.rank_cards[7][state.trump_suit]
    dealer_hand = state.hands[state.seating.last_dealt(state.dealer)]
    while any(seven in hand for hand in state.hands) or state.trick_cards:  # the first legal card, until the 7 is out
        state.apply(state.to_play, next(a for a in state.legal_actions(state.to_play) if a.startswith("play ")))
    assert state.turned in dealer_hand and not state.swapped  # the turned card could be taken, by nobody now
    assert "claim" in state.legal_actions(state.to_play)
    assert claim.swap_to_come(state) is False
