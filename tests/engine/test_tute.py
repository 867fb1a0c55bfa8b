"""Tute (seed 002): the turned trump, the 7 swap, singing, tute, most points, match in hands."""

from __future__ import annotations

import pytest

from .helpers import game, hands_of, play_first_cards, refused, run
from .test_play import WORKED


def test_dealers_last_card_is_trumps_and_the_dealer_keeps_it():
    """RULES.md (tute): "dealer's last card is shown face up: its suit is trump; the dealer keeps
    it. The player to the dealer's right (next in play order) leads."""
    state = game("tute").new_round(hands=WORKED, dealer=3)
    assert state.trump == "copas" and state.phase == "play"
    assert "2c" in state.observation(3)["hand"] and state.observation(0)["turned"] == "2c"
    assert state.to_play == 0
    state = game("tute").new_round(hands=WORKED, dealer=3, turned="10c")
    assert state.trump == "copas"
    with pytest.raises(ValueError):
        game("tute").new_round(hands=WORKED, dealer=3, turned="1o")


def test_seven_swap():
    """RULES.md (tute): "The holder of the 7 of trumps may exchange it for the turned-up card
    (Decision: once, before the first lead; the dealer receives the 7; not possible for the
    dealer, nor when the turned card is the 7)."  Seat 1 holds the 7 of copas."""
    state = game("tute").new_round(hands=WORKED, dealer=3)
    assert state.actors() == [0, 1]  # the leader may lead while the holder may swap
    assert state.legal_actions(1) == ["swap"]
    refused(state, 2, "swap", "trump.swap")
    run(state, "1: swap")
    assert "2c" in state.observation(1)["hand"] and "7c" in state.observation(3)["hand"]
    refused(state, 1, "swap", "trump.swap")


def test_no_swap_after_the_first_card():
    """Decision (tute): the swap is possible "before the first lead" only."""
    state = run(game("tute").new_round(hands=WORKED, dealer=3), "0: play 12o")
    refused(state, 1, "swap", "trump.swap")


def test_no_swap_for_the_dealer_nor_when_the_seven_is_turned():
    """Decision (tute): "not possible for the dealer, nor when the turned card is the 7"."""
    hands = [list(h) for h in WORKED]
    hands[1][hands[1].index("7c")], hands[3][-1] = "2c", "7c"  # the dealer turns the 7
    state = game("tute").new_round(hands=hands, dealer=3)
    refused(state, 3, "swap", "trump.swap")
    refused(state, 1, "swap", "trump.swap")
    hands = [list(h) for h in WORKED]
    hands[1][hands[1].index("7c")], hands[3][0] = "10c", "7c"  # the dealer holds the 7 itself
    refused(game("tute").new_round(hands=hands, dealer=3), 3, "swap", "trump.swap")


def test_both_teams_sing():
    """RULES.md (tute): "both teams may sing"; "after one's team wins a trick"."""
    state = run(game("tute").new_round(hands=WORKED, dealer=3), "0: play 3c", "1: play 5c", "2: play 4c", "3: play 2c")
    assert state.last_trick_winner() == 0
    assert "ghna oros" in state.legal_actions(0)
    run(state, "0: ghna oros")  # seat 0 holds rey and caballo of oros
    assert state.to_json()["ghna"]["points"] == [20, 0]


TUTE_HANDS = hands_of(
    "12o 12c 12e 12b 1o 1c 1e 1b 3o 3c",
    "2e 2o 4o 5o 6o 7o 10o 11o 2c 4c",
    "3e 4e 5e 6e 7e 6c 7c 10c 11c 5c",
    "10e 11e 2b 3b 4b 5b 6b 7b 10b 11b",
)


def test_tute_wins_the_hand_at_once():
    """RULES.md (tute): "four reyes or four caballos sung = "tute": wins the hand at once"; it is
    sung in the window of a won trick (Decision: "a tute counts as that declaration")."""
    state = game("tute").new_round(hands=TUTE_HANDS, dealer=3)  # turned 11b: bastos trumps; seat 0 leads
    refused(state, 0, "tute 12", "ghna.window")
    run(state, "0: play 1e", "1: play 2e", "2: play 3e", "3: play 10e")
    assert state.last_trick_winner() == 0
    refused(state, 0, "tute 11", "ghna.tute")
    refused(state, 0, "tute 1", "ghna.tute")
    assert state.legal_actions(0)[-1] == "tute 12"
    run(state, "0: tute 12")
    result = state.round_result()
    assert state.is_terminal() and result["tute"] == 0 and result["winner"] == 0
    assert result["score_changes"] == [1, 0]


def test_most_points_wins_the_hand_and_ties_go_to_the_last_trick():
    """RULES.md (tute): "the team with more points (cards + last 10 + songs) wins the hand; a tie
    goes to the team that won the last trick"."""
    state = play_first_cards(game("tute").new_round(seed=3, dealer=0))
    result = state.round_result()
    expected = 0 if result["totals"][0] > result["totals"][1] else 1
    assert result["winner"] == expected and result["score_changes"][expected] == 1


def test_tie_goes_to_the_last_trick():
    """The tie rule, on a crafted final state (equal totals)."""
    from touti_dsl.engine import RoundState

    state = play_first_cards(game("tute").new_round(seed=3, dealer=0))
    data = state.to_json()
    data["play"]["card_points"] = [65, 55]
    data["ghna"]["points"] = [0, 0]
    data["play"]["last_trick"] = 1
    tied = RoundState.from_json(game("tute"), data)
    assert tied.round_result()["totals"] == [65, 65]
    assert tied.round_result()["winner"] == 1 and tied.round_result()["score_changes"] == [0, 1]


@pytest.mark.parametrize("hands", [2, 3, 5])
def test_match_in_hands(hands):
    """RULES.md (tute): "the match is won by the first team to win N hands (2, 3 or 5; default 3)"."""
    g = game("tute", hands=hands)
    state = play_first_cards(g.new_round(seed=3, dealer=0, scores=[hands - 1, hands - 1]))
    assert state.match_result()["over"] and state.match_result()["winner"] == state.round_result()["winner"]
