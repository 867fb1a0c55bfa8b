"""Ghna (marriages) and their limits, from RULES.md: who, when, once per won trick, in hand,
same suit once, caps (atlas-carta, touti-app) and per-kind minimums (tutti-ma)."""

from __future__ import annotations

import pytest

from .helpers import game, hands_of, refused, run

# Seat 0 holds the four aces and the rey + caballo of copas, oros and espadas; seat 1 (a
# defender) holds the rey + caballo of bastos.  The dealer is seat 3: seat 0 speaks first.
HANDS = hands_of(
    "1o 1c 1e 1b 12c 11c 12o 11o 12e 11e",
    "3o 3c 3e 3b 10o 10c 10e 10b 12b 11b",
    "2o 4o 5o 6o 7o 2c 4c 5c 6c 7c",
    "2e 4e 5e 6e 7e 2b 4b 5b 6b 7b",
)
TRICK_1 = ("0: play 1o", "1: play 3o", "2: play 2o", "3: play 2e")  # seat 0 wins
TRICK_2 = ("0: play 1e", "1: play 3e", "2: play 2c", "3: play 4e")  # seat 2 trumps and wins


def contract(system: str, amount: int, trump: str = "copas"):
    """Seat 0 makes `amount` in `trump` and wins the first trick: team 0's window is open."""
    g = game(system)
    state = g.new_round(hands=HANDS, dealer=3) if g.ruleset.has_dealer else g.new_round(hands=HANDS, first_speaker=0)
    return run(state, f"0: bid {amount}", "1: pass", "2: pass", "3: pass", f"0: trump {trump}", *TRICK_1)


def ghna_of(state, seat: int) -> list[str]:
    return [a for a in state.legal_actions(seat) if a.startswith(("ghna", "tute"))]


def test_marriage_values_20_plain_40_trumps():
    """RULES.md: "rey + caballo of one suit in the same hand: 20 in a plain suit, 40 in trumps"."""
    state = contract("atlas-carta", 120)
    assert ghna_of(state, 0) == ["ghna oros", "ghna copas", "ghna espadas"]
    run(state, "0: ghna copas")
    assert state.to_json()["ghna"]["points"] == [40, 0]
    run(state, *TRICK_2, "0: ghna oros")
    assert state.to_json()["ghna"]["points"] == [60, 0]


def test_bidding_team_only():
    """RULES.md (atlas-carta): "who may declare: bidding team only"."""
    state = run(contract("atlas-carta", 120), "0: play 12c", "1: play 3c", "2: play 2c", "3: play 4b")
    assert state.last_trick_winner() == 1  # a defender wins: its window, but the defenders may not declare
    refused(state, 1, "ghna bastos", "ghna.who")


def test_either_partner_after_a_trick_won_by_the_team():
    """RULES.md: "when: after a trick won by one's team (either partner), before the next lead"."""
    state = run(contract("atlas-carta", 120), *TRICK_2)
    assert state.last_trick_winner() == 2
    assert ghna_of(state, 0) == ["ghna oros", "ghna copas", "ghna espadas"]


def test_no_declaration_before_a_won_trick_nor_after_the_next_lead():
    """RULES.md Decision: "the trick winner may lead at any time, and leading closes the window"."""
    g = game("atlas-carta")
    state = run(g.new_round(hands=HANDS, dealer=3), "0: bid 120", "1: pass", "2: pass", "3: pass", "0: trump copas")
    refused(state, 0, "ghna oros", "ghna.window")
    run(state, *TRICK_1, "0: play 1b")
    refused(state, 0, "ghna oros", "ghna.window")


def test_one_declaration_per_won_trick_for_the_team():
    """RULES.md Decision: "one declaration per won trick for the whole team"."""
    state = run(contract("atlas-carta", 120), "0: ghna oros")
    refused(state, 0, "ghna espadas", "ghna.per_trick")
    refused(state, 2, "ghna espadas", "ghna.per_trick")


def test_both_cards_in_the_declarers_hand():
    """RULES.md: "both cards still in hand: yes (playing one kills it)"."""
    state = contract("atlas-carta", 120)
    refused(state, 0, "ghna bastos", "ghna.in_hand")
    refused(state, 2, "ghna oros", "ghna.in_hand")  # the partner's cards do not count
    run(state, "0: play 12o", "1: play 10o", "2: play 4o", "3: play 4b")
    refused(state, 0, "ghna oros", "ghna.in_hand")


def test_same_suit_once():
    """RULES.md: "same suit twice: no"."""
    state = run(contract("atlas-carta", 120), "0: ghna oros", *TRICK_2)
    refused(state, 0, "ghna oros", "ghna.same_suit")


def test_cap_at_90_one_40():
    """RULES.md (atlas-carta): "at 90 the cap is 40: one 40 or two 20s; the first declared
    decides" — a 40 first leaves no room for a 20."""
    state = run(contract("atlas-carta", 90), "0: ghna copas", *TRICK_2)
    refused(state, 0, "ghna oros", "ghna.caps")
    assert ghna_of(state, 0) == []


def test_cap_at_90_two_20s():
    """RULES.md (atlas-carta): "at 90 ... two 20s; the first declared decides" — a 20 first
    leaves no room for the 40, but room for another 20."""
    state = run(contract("atlas-carta", 90), "0: ghna oros", *TRICK_2)
    refused(state, 0, "ghna copas", "ghna.caps")
    assert ghna_of(state, 0) == ["ghna espadas"]
    run(state, "0: ghna espadas")
    assert state.to_json()["ghna"]["points"] == [40, 0]


@pytest.mark.parametrize("amount, allowed", [(70, []), (80, ["ghna oros", "ghna espadas"]), (100, ["ghna oros", "ghna copas", "ghna espadas"])])
def test_atlas_cap_by_contract(amount, allowed):
    """RULES.md Decision (atlas-carta): "cap = 20 × (contract − 70)/10, i.e. 70→0, 80→20, 90→40, 100→60"."""
    assert ghna_of(contract("atlas-carta", amount), 0) == allowed


@pytest.mark.parametrize(
    "amount, allowed",
    [(80, []), (90, ["ghna oros", "ghna espadas"]), (100, ["ghna oros", "ghna copas", "ghna espadas"]), (110, ["ghna oros", "ghna copas", "ghna espadas"])],
)
def test_touti_app_caps(amount, allowed):
    """RULES.md (touti-app): "80: none; 90: max 20, plain suit only; 100: max 40, trumps allowed; ≥110: no cap"."""
    state = contract("touti-app", amount)
    assert ghna_of(state, 0) == allowed
    if amount == 90:
        refused(state, 0, "ghna copas", "ghna.caps")


def test_touti_app_no_cap_from_110():
    """RULES.md (touti-app): "≥110: no cap" — 40 + 20 + 20."""
    state = run(contract("touti-app", 110), "0: ghna copas", *TRICK_2, "0: ghna oros")
    run(state, "2: play 4o", "3: play 5e", "0: play 12o", "1: play 10o", "0: ghna espadas")
    assert state.to_json()["ghna"]["points"] == [80, 0]


@pytest.mark.parametrize("amount, allowed", [(70, []), (80, ["ghna oros", "ghna espadas"]), (90, ["ghna oros", "ghna copas", "ghna espadas"])])
def test_tutti_ma_minimums(amount, allowed):
    """RULES.md (tutti-ma): "per kind: a 20 needs contract ≥ 80, a 40 needs ≥ 90; no total cap stated"."""
    state = contract("tutti-ma", amount)
    assert ghna_of(state, 0) == allowed
    if amount == 80:
        refused(state, 0, "ghna copas", "ghna.minimums")


def test_tutti_ma_declare_at_a_later_won_trick():
    """RULES.md (tutti-ma): "if missed, after a later won trick"."""
    state = run(contract("tutti-ma", 90), *TRICK_2, "0: ghna copas", "2: play 4o", "3: play 5e", "0: play 11o", "1: play 10o")
    assert state.last_trick_winner() == 0
    run(state, "0: ghna espadas")


def test_declaring_is_optional():
    """RULES.md: "Declaring is optional" — the winner may lead instead."""
    state = contract("atlas-carta", 120)
    assert state.actors() == [0] and any(a.startswith("play") for a in state.legal_actions(0))


def test_no_window_after_the_tenth_trick():
    """RULES.md Decision: "there is no window after the tenth trick"."""
    from .helpers import play_first_cards

    state = play_first_cards(contract("atlas-carta", 120))
    assert state.is_terminal() and state.actors() == []
    refused(state, 0, "ghna oros", "action.phase")
