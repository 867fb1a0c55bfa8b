"""Trick play: the play obligations and the trick winner, from RULES.md."""

from __future__ import annotations

from touti_dsl.engine import Game

from .helpers import game, hands_of, refused, run

# The worked example of seed 002 (tute).  Seats in play order: P3 = 0, P1 = 1, P2 = 2,
# P4 = 3; teams 0 & 2 (P3, P2) against 1 & 3 (P1, P4).  The dealer is seat 3 (P4), so
# seat 0 leads; its last card, the 2 of copas, is turned: copas are trumps.
WORKED = hands_of(
    "12o 3o 4o 5o 6o 7o 10o 11o 1c 3c",
    "1o 2o 5c 7c 11c 12c 1e 2e 3e 4e",
    "4c 6c 5e 6e 7e 10e 1b 2b 3b 4b",
    "10c 12e 11e 5b 6b 7b 10b 11b 12b 2c",
)


def worked_example():
    return game("tute").new_round(hands=WORKED, dealer=3)


def test_worked_example_of_seed_002():
    """RULES.md, worked example (002): "trumps copas; order of play P3, P1, P2, P4; P3 leads
    rey of oros; P1 must head with the ace of oros; P2, void, must trump (4 of copas); P4,
    void, must overtrump (sota of copas). P4 takes 4 + 11 + 0 + 2 = 17 and, holding rey and
    caballo of espadas, sings 20."
    """
    state = worked_example()
    assert state.trump == "copas" and state.to_play == 0
    run(state, "0: play 12o")
    assert [a for a in state.legal_actions(1) if a.startswith("play")] == ["play 1o"]
    refused(state, 1, "play 2o", "play.overtake")
    run(state, "1: play 1o")
    assert [a for a in state.legal_actions(2) if a.startswith("play")] == ["play 4c", "play 6c"]
    refused(state, 2, "play 5e", "play.trump_when_void")
    run(state, "2: play 4c")
    assert [a for a in state.legal_actions(3) if a.startswith("play")] == ["play 10c"]
    refused(state, 3, "play 2c", "play.overtrump")
    refused(state, 3, "play 12e", "play.trump_when_void")
    run(state, "3: play 10c")
    assert state.last_trick_winner() == 3
    assert state.to_json()["play"]["card_points"] == [0, 17]
    assert "ghna espadas" in state.legal_actions(3)
    run(state, "3: ghna espadas")
    assert state.to_json()["ghna"]["points"] == [0, 20]


def test_refusal_names_the_card_to_beat_and_a_card_that_would_do():
    """The issue: refusals say why in plain words ("must beat the rey of copas: you hold ...")."""
    state = run(worked_example(), "0: play 12o")
    error = refused(state, 1, "play 2o", "play.overtake")
    assert error.message == "must beat the rey of oros: you hold the ace of oros"


def test_follow_suit_if_able():
    """RULES.md: "follow suit if able" — a card of another suit is refused while holding the led suit."""
    state = run(worked_example(), "0: play 12o", "1: play 1o", "2: play 4c", "3: play 10c", "3: play 5b")
    # seat 0 holds no bastos and the 1 and 3 of copas (trumps): it must trump
    refused(state, 0, "play 3o", "play.trump_when_void")
    run(state, "0: play 1c")
    # seat 1 holds no bastos; it holds trumps, but not one above the ace: any trump then
    assert [a for a in state.legal_actions(1) if a.startswith("play")] == ["play 5c", "play 7c", "play 11c", "play 12c"]


def test_follow_without_beating_when_unable_to_beat():
    """RULES.md: "when following, must beat the highest card of the led suit in the trick if
    able" — unable to beat, any card of the led suit will do, but still the led suit."""
    state = run(worked_example(), "0: play 3o")
    assert [a for a in state.legal_actions(1) if a.startswith("play")] == ["play 1o"]
    state = run(worked_example(), "0: play 3c")  # trumps led; seat 1 holds 5c 7c 11c 12c, none beats the 3
    assert [a for a in state.legal_actions(1) if a.startswith("play")] == ["play 5c", "play 7c", "play 11c", "play 12c"]
    refused(state, 1, "play 1e", "play.follow_suit")


TRUMPED_HANDS = hands_of(
    "3o 4o 5o 6o 7o 10o 11o 12o 1e 2e",
    "1c 3c 12c 11c 10c 7c 6c 5c 4c 3e",
    "1o 2o 4e 5e 6e 7e 10e 11e 12e 1b",
    "2b 3b 4b 5b 6b 7b 10b 11b 12b 2c",
)


def test_overtake_duty_lifted_once_trumped():
    """RULES.md: "overtake duty lifted when the trick is already trumped (led suit not trump)";
    tutti-ma: "if someone played a winning trump you may play any card of the led suit".
    Copas are trumps; seat 1, void in oros, trumps; seat 2 may then play the 2 of oros."""
    state = run(game("tute").new_round(hands=TRUMPED_HANDS, dealer=3), "0: play 4o", "1: play 4c")
    assert [a for a in state.legal_actions(2) if a.startswith("play")] == ["play 1o", "play 2o"]
    refused(state, 2, "play 1b", "play.follow_suit")
    run(state, "2: play 2o")


def test_free_discard_only_when_void_in_led_suit_and_trumps():
    """RULES.md: "free discard only when void in led suit and in trumps" — seat 2 holds no copas
    (trumps, led here): any card will do; seat 3 holds the 2 of copas: it must play it."""
    state = run(game("tute").new_round(hands=TRUMPED_HANDS, dealer=3), "0: play 4o", "1: play 4c", "2: play 2o", "3: play 2c")
    run(state, "1: play 1c")
    assert len([a for a in state.legal_actions(2) if a.startswith("play")]) == 9
    state = run(game("tute").new_round(hands=TRUMPED_HANDS, dealer=3), "0: play 1e", "1: play 3e", "2: play 4e")
    assert [a for a in state.legal_actions(3) if a.startswith("play")] == ["play 2c"]


EXEMPTION_HANDS = hands_of(
    "1o 3o 4o 5o 6o 7o 10o 11o 12o 1c",
    "2o 3c 4c 5c 6c 7c 10c 11c 12c 1e",
    "2c 2e 3e 4e 5e 6e 7e 10e 11e 12e",
    "1b 2b 3b 4b 5b 6b 7b 10b 11b 12b",
)
EXEMPTION_START = ("0: bid 80", "1: pass", "2: pass", "3: pass", "0: trump copas", "0: play 1o", "1: play 2o")


def test_partner_winning_is_no_exemption_in_atlas_carta():
    """RULES.md: "partner currently winning exempts from any duty: no (explicit)" (atlas-carta):
    seat 2, void in oros, must trump although its partner's ace wins the trick."""
    state = run(game("atlas-carta").new_round(hands=EXEMPTION_HANDS, dealer=3), *EXEMPTION_START)
    assert [a for a in state.legal_actions(2) if a.startswith("play")] == ["play 2c"]
    refused(state, 2, "play 2e", "play.trump_when_void")


def test_partner_exemption_variant_lifts_the_listed_duties(spec_dir):
    """A house variant (spec/examples/atlas-partner-exemption.touti: `partner_exemption:
    overtake, trump_when_void, overtrump`) lifts those duties while the partner wins."""
    variant = game(str(spec_dir / "examples" / "atlas-partner-exemption.touti"))
    state = run(variant.new_round(hands=EXEMPTION_HANDS, dealer=3), *EXEMPTION_START)
    assert len([a for a in state.legal_actions(2) if a.startswith("play")]) == 10
    run(state, "2: play 2e")


def test_trick_winner_highest_trump_else_led():
    """RULES.md: "Trick winner: highest trump if any trump was played, else highest card of the
    led suit. An off-suit discard never wins. The trick winner leads the next trick."""
    atlas = game("atlas-carta")
    bidding = ("0: bid 80", "1: pass", "2: pass", "3: pass")
    state = run(atlas.new_round(hands=EXEMPTION_HANDS, dealer=3), *bidding, "0: trump espadas")
    run(state, "0: play 1c", "1: play 3c", "2: play 2c", "3: play 12b")
    assert state.last_trick_winner() == 0 and state.to_play == 0  # the rey of bastos, a discard, does not win
    state = run(atlas.new_round(hands=EXEMPTION_HANDS, dealer=3), *bidding, "0: trump bastos")
    run(state, "0: play 5o", "1: play 2o", "2: play 12e", "3: play 2b")
    assert state.last_trick_winner() == 3 and state.to_play == 3  # the 2 of trumps beats everything


def test_leader_may_play_any_card():
    """RULES.md: the leader is bound by no duty: every card of its hand is legal."""
    state = worked_example()
    assert [a for a in state.legal_actions(0) if a.startswith("play")] == [f"play {c}" for c in sorted_cards(WORKED[0])]


def sorted_cards(hand: list[str]) -> list[str]:
    order = game("tute").ruleset.card_text
    return sorted(hand, key=order.index)


def test_not_your_turn_and_not_held():
    """Reserved refusals: `rotation.turn_order` (not this seat's turn), `action.not_held`."""
    state = worked_example()
    refused(state, 1, "play 1o", "rotation.turn_order")
    refused(state, 0, "play 1o", "action.not_held")


def test_least_points_keeps_the_cards_of_the_fewest_points(tmp_path):
    """least_points ("no vale cargar" when every card counts): unable to win, seat 1 must play a sota (2 points),
    not an ace; the base tute lets it play any copas or espadas."""
    path = tmp_path / "least.touti"
    path.write_text('touti 1\n\nsystem "least" extends "tute" {\n  title: "least"\n}\n\nadd play {\n'
                    "  least: must least_points unless can_win\n}\n", encoding="utf-8")
    hands = hands_of(
        "1o 3o 12o 11o 10o 7o 6o 5o 4o 2o",
        "1c 3c 12c 11c 10c 1e 3e 12e 11e 10e",
        "7c 6c 5c 4c 2c 7e 6e 5e 4e 2e",
        "1b 3b 12b 11b 10b 7b 6b 5b 4b 2b",
    )
    state = run(Game.from_spec(path).new_round(hands=hands, dealer=3), "0: play 1o")
    assert [a for a in state.legal_actions(1) if a.startswith("play ")] == ["play 10c", "play 10e"]
    assert "fewest points" in refused(state, 1, "play 1c", "play.least").message
    base = run(game("tute").new_round(hands=hands, dealer=3), "0: play 1o")
    assert "play 1c" in base.legal_actions(1)
