"""The bid winner lends its partner one ghna (`ghna.who: bid_winner`, `ghna.lend: once`).

spec/examples/atlas-bidder-lends-song.touti: "only the player who bought the hand sings;
once a round it may give its partner one ghna to sing".  The bid winner lends in one of
its own declaration windows; the partner may then declare one, in that window or a later
one of the side.
"""

from __future__ import annotations

from touti_dsl.engine import RoundState
from touti_dsl.engine.refusals import forbidding_rules, precedence

from .helpers import game, hands_of, refused, run

SYSTEM = "atlas-bidder-lends-song"
# Seat 0 holds the rey and caballo of oros and of copas; its partner, seat 2, those of espadas and bastos.
HANDS = hands_of(
    "1o 3o 12o 11o 10o 1c 3c 12c 11c 10c",
    "7o 6o 5o 4o 2o 7c 6c 5c 4c 2c",
    "1e 3e 12e 11e 10e 1b 3b 12b 11b 10b",
    "7e 6e 5e 4e 2e 7b 6b 5b 4b 2b",
)
# Seat 0 makes a contract of 100 in oros and wins the first trick with its ace of oros.
OPENING = ("0: bid 100", "1: pass", "2: pass", "3: pass", "0: trump oros",
           "0: play 1o", "1: play 2o", "2: play 1e", "3: play 2e")


def after_first_trick() -> RoundState:
    return run(game(SYSTEM).new_round(hands=HANDS, dealer=3), *OPENING)


def test_only_the_bid_winner_declares_and_may_lend():
    state = after_first_trick()
    assert [a for a in state.legal_actions(0) if not a.startswith("play ")] == ["ghna oros", "ghna copas", "lend"]
    assert state.legal_actions(2) == []
    refused(state, 2, "ghna espadas", "ghna.who")
    refused(state, 2, "lend", "ghna.lend")
    refused(state, 1, "ghna oros", "ghna.who")
    assert forbidding_rules(state, 2, "lend")[0] == "ghna.lend"


def test_a_lend_lets_the_partner_declare_exactly_one():
    state = run(after_first_trick(), "0: lend")
    assert state.legal_actions(2) == ["ghna espadas", "ghna bastos"]
    assert "lend" not in state.legal_actions(0)
    refused(state, 0, "lend", "ghna.lend")  # once a round
    run(state, "2: ghna espadas")
    assert state.ghna_points == [20, 0]
    refused(state, 2, "ghna bastos", "ghna.who")  # the lent declaration is spent


def test_a_lent_declaration_waits_for_a_later_window_of_the_side():
    state = run(after_first_trick(), "0: ghna oros")  # the window's one declaration is made
    assert state.legal_actions(0)[-1].startswith("play ")  # no lend: the window is used up
    refused(state, 0, "lend", "ghna.per_trick")
    state = run(after_first_trick(), "0: lend", "0: ghna oros")
    refused(state, 2, "ghna espadas", "ghna.per_trick")  # lent, but this window is used up
    run(state, "0: play 1c", "1: play 2c", "2: play 3b", "3: play 2b")  # seat 0 wins again
    assert state.legal_actions(2) == ["ghna espadas", "ghna bastos"]


def test_lend_is_refused_outside_the_play_and_outside_the_window():
    fresh = game(SYSTEM).new_round(hands=HANDS, dealer=3)
    refused(fresh, 0, "lend", "action.phase")
    state = run(after_first_trick(), "0: play 3o")  # leading closes the window
    refused(state, 0, "lend", "ghna.window")


def test_the_lend_is_seen_and_survives_json():
    state = run(after_first_trick(), "0: lend")
    assert state.observation(1)["ghna"]["lent"] == "lent"
    data = state.to_json()
    again = RoundState.from_json(game(SYSTEM), data)
    assert again.to_json() == data
    assert again.legal_actions(2) == state.legal_actions(2)
    run(again, "2: ghna bastos")
    assert again.to_json()["ghna"]["lent"] == "used"


def test_precedence_lists_the_lend_rules():
    table = precedence(game(SYSTEM).ruleset)
    assert table["lend"] == ["concession.consent", "ghna.lend", "ghna.window", "ghna.per_trick"]
    assert table["ghna"][:2] == ["concession.consent", "ghna.who"]


def test_lend_is_a_syntax_error_without_the_rule():
    state = run(game("atlas-carta").new_round(hands=HANDS, dealer=3), *OPENING)
    refused(state, 0, "lend", "action.syntax")
    refused(run(after_first_trick()), 0, "lend now", "action.syntax")
