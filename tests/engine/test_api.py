"""The engine's API: dealing, explicit hands, the wire format, views, and spec errors."""

from __future__ import annotations

import json
import random

import pytest

from touti_dsl.engine import Game, IllegalAction, RoundState
from touti_dsl.errors import ToutiError

from .helpers import game, refused, run
from .test_play import WORKED


def test_seeded_deal_is_the_documented_shuffle():
    """Seed: shuffle the canonical deck with random.Random(seed).shuffle; seat s gets [10s, 10s+10)."""
    g = game("atlas-carta")
    deck = list(g.ruleset.card_text)
    random.Random(42).shuffle(deck)
    state = g.new_round(seed=42)
    for seat in range(4):
        assert sorted(state.observation(seat)["hand"]) == sorted(deck[10 * seat : 10 * seat + 10])
    assert g.new_round(seed=42).to_json() == state.to_json()


def test_canonical_card_texts():
    """Cards are `<rank><suit code>`, suits in deck.suits order, ranks in deck.ranks order."""
    texts = game("atlas-carta").ruleset.card_text
    assert texts[:10] == ("1o", "2o", "3o", "4o", "5o", "6o", "7o", "10o", "11o", "12o")
    assert texts[10] == "1c" and texts[-1] == "12b"


@pytest.mark.parametrize(
    "hands, message",
    [
        ([["1o"] * 10] * 4, "dealt twice"),
        ([[]] * 4, "hand of seat 0"),
        ([["9o"] + WORKED[0][1:], *WORKED[1:]], "not a card"),
        (WORKED[:3], "4 lists"),
    ],
)
def test_explicit_hands_are_validated(hands, message):
    """Explicit hands: 40 distinct cards of the deck, 10 each, else a clear ValueError."""
    with pytest.raises(ValueError, match=message):
        game("tute").new_round(hands=hands, dealer=3)


def test_dealer_and_first_speaker_arguments():
    """`dealer` for specs with a dealer, `first_speaker` for specs without one."""
    with pytest.raises(ValueError):
        game("atlas-carta").new_round(seed=1, first_speaker=2)
    with pytest.raises(ValueError):
        game("touti-app").new_round(seed=1, dealer=2)
    with pytest.raises(ValueError):
        game("atlas-carta").new_round(seed=1, dealer=4)
    assert game("touti-app").new_round(seed=1, first_speaker=2).first_speaker == 2


@pytest.mark.parametrize(
    "action",
    ["", " pass", "pass ", "PASS", "bid", "bid 080", "bid 8o", "bid 80 90", "play", "play 9o", "play 1x", "trump", "trump cups",
     "ghna", "swap 1", "concede now", "signal las kont", "hello"],
)
def test_strict_parsing(action):
    """Parsing is strict: a malformed action is refused with `action.syntax`."""
    state = game("atlas-carta").new_round(seed=1, dealer=0)
    refused(state, 1, action, "action.syntax")


def test_non_text_action_and_bad_seat():
    state = game("atlas-carta").new_round(seed=1, dealer=0)
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, 80)
    assert caught.value.rule_id == "action.syntax"
    with pytest.raises(ValueError):
        state.legal_actions(4)


def test_legal_actions_for_any_seat_and_actors():
    state = game("atlas-carta").new_round(seed=1, dealer=0)
    assert state.actors() == [1]
    assert [state.legal_actions(s) for s in (0, 2, 3)] == [[], [], []]


def test_round_result_only_when_terminal():
    with pytest.raises(ValueError):
        game("atlas-carta").new_round(seed=1).round_result()


def test_json_round_trip_and_clone_independence():
    state = run(game("tute").new_round(hands=WORKED, dealer=3), "1: swap", "0: play 12o", "1: play 1o")
    data = state.to_json()
    json.dumps(data)
    assert RoundState.from_json(game("tute"), data).to_json() == data
    assert RoundState.from_json("tute", data).to_json() == data
    copy = state.clone()
    run(copy, "2: play 4c")
    assert state.to_json() == data and copy.to_json() != data


def test_observation_shows_only_the_seats_own_hand():
    state = game("atlas-carta").new_round(seed=3, dealer=0)
    view = state.observation(2)
    text = json.dumps(view)
    assert view["hand"] == [state.rules.card_text[c] for c in state.hands[2]]
    for other in (0, 1, 3):
        assert not any(f'"{state.rules.card_text[c]}"' in text for c in state.hands[other])
    assert view["hand_sizes"] == [10, 10, 10, 10]
    assert view["legal_actions"] == state.legal_actions(2)


def test_state_properties():
    state = run(game("atlas-carta").new_round(seed=3, dealer=0), "1: bid 80", "2: pass", "3: pass", "0: pass")
    assert state.phase == "trump" and state.dealer == 0 and state.first_speaker == 1
    assert state.contract == {"team": 1, "bidder": 1, "amount": 80} and state.trump is None
    run(state, "1: trump espadas")
    assert state.trump == "espadas" and state.tricks_played == 0 and state.last_trick_winner() is None


def write_variant(tmp_path, body: str, base: str = "atlas-carta"):
    path = tmp_path / "variant.touti"
    path.write_text(f'touti 1\nsystem "variant" extends "{base}" {{\n  title: "test"\n}}\n{body}')
    return path


@pytest.mark.parametrize(
    "body, rule",
    [
        ("table {\n  seats: 3\n}\n", "table.teams"),
        ("ghna {\n  tute: 12\n}\n", "ghna.tute"),
        ("play {\n  partner_exemption: follow_suit, sideways\n}\n", "play.partner_exemption"),
        ("play {\n  overtake: must beat_led unless bid_made\n}\n", "play.overtake"),
        ("call signal {\n  require bid_made: trick_trumped\n}\n", "signal.bid_made"),
    ],
)
def test_unsupported_rule_values_raise_at_from_spec(tmp_path, body, rule):
    """A rule value the engine cannot honour raises ToutiError naming the rule, never ignored.
    The spec is flattened without the checks (which refuse some of these too), so that the
    engine's own guard is what is tested."""
    from touti_dsl.variants import load_flat

    spec = load_flat(write_variant(tmp_path, body))
    with pytest.raises(ToutiError) as caught:
        Game.from_spec(spec)
    assert rule in str(caught.value)


def test_every_bundled_example_compiles(spec_dir):
    for path in sorted((spec_dir / "examples").glob("*.touti")):
        Game.from_spec(path).new_round(seed=1)


@pytest.mark.parametrize("system, action", [("atlas-carta", "bid 80\n"), ("tute", "tute 12\n"),
                                            ("atlas-carta", "bid 80\r"), ("tute", "tute 12\n\n")])
def test_a_number_followed_by_a_line_break_is_malformed(system, action):
    """Issue 12: `bid 80\\n` was taken for a bid by the number pattern, then failed an engine assertion."""
    state = game(system).new_round(seed=3)
    seat = state.actors()[0]
    refused(state, seat, action, "action.syntax")
