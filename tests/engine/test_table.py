"""Deck, table and the smaller rules of RULES.md not covered elsewhere."""

from __future__ import annotations

import pytest

from .helpers import game, hands_of, refused, run


@pytest.mark.parametrize("system", ["atlas-carta", "tutti-ma", "touti-app", "tute"])
def test_deck_order_and_points(system):
    """RULES.md: "Order in a suit, high to low: 1 (ace) > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2.
    Points: ace 11, three 10, rey 4, caballo 3, sota 2, others 0. Total 120"."""
    rules = game(system).ruleset
    oros = {rules.card_rank[c]: c for c in range(40) if rules.card_suit[c] == 0}
    by_strength = sorted(oros, key=lambda rank: -rules.card_strength[oros[rank]])
    assert by_strength == [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]
    assert {r: rules.card_points[oros[r]] for r in (1, 3, 12, 11, 10, 7, 2)} == {1: 11, 3: 10, 12: 4, 11: 3, 10: 2, 7: 0, 2: 0}
    assert sum(rules.card_points) == 120 and rules.last_trick_bonus == 10


def test_partners_sit_opposite():
    """RULES.md: "Four players, two teams, partners sit opposite (seats 0&2 vs 1&3); 10 cards each"."""
    rules = game("atlas-carta").ruleset
    assert rules.team_of == (0, 1, 0, 1) and rules.partner == (2, 3, 0, 1)
    assert [len(h) for h in game("atlas-carta").new_round(seed=1).hands] == [10] * 4


def test_signals_and_preannouncements_need_not_be_true():
    """RULES.md: "Signals and pre-announcements need not be true; only "As" requires holding an ace"."""
    hands = hands_of(
        "2o 4o 5o 6o 7o 2c 4c 5c 6c 7c",
        "1o 3o 10o 11o 12o 1c 3c 10c 11c 12c",
        "2e 4e 5e 6e 7e 2b 4b 5b 6b 7b",
        "1e 3e 10e 11e 12e 1b 3b 10b 11b 12b",
    )
    state = game("atlas-carta").new_round(hands=hands, dealer=3)  # seat 0 holds no ace, no ghna
    assert "preannounce las" in state.legal_actions(0)
    run(state, "0: preannounce las", "1: bid 70", "2: bid 80", "3: bid 90", "1: pass")
    assert "signal kont" in state.legal_actions(0) and "signal las" in state.legal_actions(0)


def test_preannounce_once_per_round(tmp_path):
    """RULES.md: a pre-announcement "once per round" — never decisive in atlas-carta (the player is
    out after it); with `own_turn` removed (a variant) the rule `once` refuses the second one."""
    variant = tmp_path / "preannounce-twice.touti"
    variant.write_text(
        'touti 1\nsystem "preannounce-twice" extends "atlas-carta" {\n  title: "test"\n}\n'
        "call preannounce {\n  remove own_turn\n}\n"
    )
    state = run(game(str(variant)).new_round(seed=1, dealer=0), "1: preannounce las")
    refused(state, 1, "preannounce kont", "preannounce.once")


def test_touti_app_first_speaker_leads_the_first_trick():
    """RULES.md (touti-app): "first speaker opens bidding and leads trick 1"."""
    state = run(game("touti-app").new_round(seed=2, first_speaker=1), "1: pass", "2: bid 80", "3: pass", "0: pass", "2: trump oros")
    assert state.to_play == 1


@pytest.mark.parametrize("system", ["tutti-ma", "atlas-carta"])
def test_tutti_ma_same_seat_flow_as_atlas(system):
    """RULES.md (tutti-ma): "Decision: same seat flow as atlas-carta"; "pass final, all-pass void"."""
    state = run(game(system).new_round(seed=4, dealer=1), "2: pass", "3: pass", "0: pass", "1: pass")
    assert state.round_result()["void"]
    following = state.next_round(seed=5)
    assert (following.dealer, following.first_speaker) == (2, 3)


def test_ghna_at_most_100():
    """RULES.md: "Max 40+20+20+20 = 100" — seat 1 holds the four marriages and declares one after
    each trick its partner wins (tute: no limit by contract; bastos trumps)."""
    hands = hands_of(
        "2o 4o 5o 2c 4c 5c 2e 4e 5e 2b",
        "12o 11o 12c 11c 12e 11e 12b 11b 10o 10c",
        "6o 7o 6c 7c 6e 7e 10e 4b 5b 6b",
        "1o 3o 1c 3c 1e 3e 1b 3b 10b 7b",
    )
    state = game("tute").new_round(hands=hands, dealer=3)  # turned 7b; seat 0 leads
    run(state, "0: play 2o", "1: play 10o", "2: play 6o", "3: play 1o", "1: ghna oros")
    run(state, "3: play 3o", "0: play 4o", "1: play 11o", "2: play 7o", "1: ghna copas")
    run(state, "3: play 1c", "0: play 2c", "1: play 10c", "2: play 6c", "1: ghna espadas")
    run(state, "3: play 3c", "0: play 4c", "1: play 11c", "2: play 7c", "1: ghna bastos")
    assert state.to_json()["ghna"]["points"] == [0, 100]
