"""The widow section: cards left out of the deal that the bid winner may take, putting as many aside.

"Como el número de cartas (40) de la baraja no es divisible por tres, se quitan los cuatro
doses o se deja una carta boca abajo que el que se lleve la subasta podrá coger y aceptarla
descartando otra o volver a dejarla en la mesa" (Tute subastado, es.stringtranslate.com):
the rule of spec/examples/tute-subastado-widow.touti.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.features import feature_of, spec_features
from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.refusals import forbidding_rules, precedence
from touti_dsl.engine.views import from_json
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
WIDOW = EXAMPLES / "tute-subastado-widow.touti"


def _variant(tmp_path, widow: str, base: str = "tute-subastado-widow"):
    path = tmp_path / "inline.touti"
    path.write_text(f'touti 1\n\nsystem "inline" extends "{base}" {{\n  title: "Inline"\n}}\n\n{widow}', encoding="utf-8")
    return load_spec(path)


def _after_contract(game: Game, seed: int = 3):
    """A seeded round where the first speaker bids the lowest bid and the others pass."""
    state = game.new_round(seed=seed, dealer=0)
    bidder = state.first_speaker
    state.apply(bidder, f"bid {game.ruleset.bidding.minimum}")
    while state.phase == "bidding":
        state.apply(state.actors()[0], "pass")
    return state, bidder


def test_forty_cards_deal_thirteen_each_and_one_face_down():
    game = Game.from_spec(load_spec(WIDOW))
    state = game.new_round(seed=7, dealer=0)
    assert [len(hand) for hand in state.hands] == [13, 13, 13] and len(state.widow) == 1
    assert len({c for hand in state.hands for c in hand} | set(state.widow)) == 40
    assert game.ruleset.tricks_per_round == 13


def test_the_bid_winner_alone_takes_or_leaves_it_before_naming_trumps():
    state, bidder = _after_contract(Game.from_spec(load_spec(WIDOW)))
    assert state.phase == "widow" and state.actors() == [bidder]
    assert state.legal_actions(bidder) == ["take widow", "leave widow"]
    other = (bidder + 1) % 3
    assert forbidding_rules(state, other, "take widow") == ["widow.by"]
    assert forbidding_rules(state, bidder, "trump oros") == ["action.phase"]
    state.apply(bidder, "leave widow")
    assert state.phase == "trump" and len(state.hands[bidder]) == 13 and len(state.widow) == 1


def test_taking_it_means_putting_as_many_cards_aside_then_trumps():
    game = Game.from_spec(load_spec(WIDOW))
    state, bidder = _after_contract(game)
    widow_card = state.widow[0]
    state.apply(bidder, "take widow")
    assert widow_card in state.hands[bidder] and len(state.hands[bidder]) == 14 and state.widow == []
    assert forbidding_rules(state, bidder, "leave widow") == ["action.phase"]
    text = game.ruleset.card_text
    assert state.legal_actions(bidder) == [f"discard {text[c]}" for c in state.hands[bidder]]
    missing = next(c for c in range(40) if c not in state.hands[bidder])
    with pytest.raises(IllegalAction) as refused:
        state.apply(bidder, f"discard {text[missing]}")
    assert refused.value.rule_id == "action.not_held"
    other = (bidder + 1) % 3
    assert forbidding_rules(state, other, f"discard {text[state.hands[other][0]]}") == ["widow.by"]
    state.apply(bidder, f"discard {text[widow_card]}")  # the card just taken may go straight back
    assert state.phase == "trump" and len(state.hands[bidder]) == 13 and state.discards == [widow_card]


def _points_put_aside(spec, seed: int = 3) -> tuple[int, list[int]]:
    """Take the widow, put aside the bid winner's dearest card, and play the round out: its points and card points."""
    game = Game.from_spec(spec)
    state, bidder = _after_contract(game, seed)
    state.apply(bidder, "take widow")
    points = game.ruleset.card_points
    dearest = max(state.hands[bidder], key=lambda c: (points[c], c))
    state.apply(bidder, f"discard {game.ruleset.card_text[dearest]}")
    while not state.is_terminal():
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return points[dearest], state.round_result()["card_points"]


def test_what_the_cards_put_aside_count_for_is_the_rule_that_decides(tmp_path):
    """`points: nobody` (the example) loses them; `points: taker` gives them to the taker's side."""
    lost, nobody = _points_put_aside(load_spec(WIDOW))
    assert lost > 0 and sum(nobody) == 120 - lost
    taker = _variant(tmp_path, "widow {\n  points: taker\n}\n")
    gained, counted = _points_put_aside(taker)
    assert gained == lost and sum(counted) == 120


def test_a_compulsory_widow_cannot_be_left(tmp_path):
    spec = _variant(tmp_path, "widow {\n  take: compulsory\n}\n")
    state, bidder = _after_contract(Game.from_spec(spec))
    assert state.legal_actions(bidder) == ["take widow"]
    assert forbidding_rules(state, bidder, "leave widow") == ["widow.take"]
    assert forbidding_rules(state, (bidder + 1) % 3, "leave widow") == ["widow.by", "widow.take"]
    assert precedence(Game.from_spec(spec).ruleset)["leave widow"] == ["widow.by", "widow.take"]


def test_a_spec_without_the_section_deals_and_plays_as_before():
    base = Game.from_spec(load_spec(EXAMPLES / "tute-subastado-three.touti"))
    state, bidder = _after_contract(base)
    assert state.phase == "trump" and "widow" not in state.to_json() and "widow" not in state.observation(0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(bidder, "take widow")
    assert refused.value.rule_id == "action.syntax"
    with pytest.raises(ValueError, match="no widow"):
        base.new_round(hands=[[base.ruleset.card_text[c] for c in range(12 * s, 12 * s + 12)] for s in range(3)],
                       dealer=0, widow=["1o"])


def test_an_explicit_deal_names_the_widow_and_the_state_round_trips():
    game = Game.from_spec(load_spec(WIDOW))
    setup = game.new_round(seed=11, dealer=0)
    text = game.ruleset.card_text
    hands = [[text[c] for c in hand] for hand in setup.hands]
    with pytest.raises(ValueError, match="widow="):
        game.new_round(hands=hands, dealer=0)
    state = game.new_round(hands=hands, widow=[text[setup.widow[0]]], dealer=0)
    bidder = state.first_speaker
    state.apply(bidder, "bid 60")
    state.apply(state.actors()[0], "pass")
    state.apply(state.actors()[0], "pass")
    state.apply(bidder, "take widow")
    assert from_json(type(state), game, state.to_json()).to_json() == state.to_json()
    seen = state.observation((bidder + 1) % 3)
    assert seen["widow"] == {"size": 0, "taker": bidder, "discarded": 0}
    state.apply(bidder, f"discard {text[state.hands[bidder][0]]}")
    assert state.observation(bidder)["widow"]["discards"] == [text[state.discards[0]]]
    assert "discards" not in state.observation((bidder + 1) % 3)["widow"]


def test_the_widow_is_an_optional_feature():
    assert feature_of("take widow") == feature_of("discard 4o") == feature_of("leave widow") == "widow"
    assert "widow" in spec_features(load_spec(WIDOW))
    assert "widow" not in spec_features(load_spec(EXAMPLES / "tute-subastado-three.touti"))


@pytest.mark.parametrize("body, code, words", [
    ("table {\n  hand_size: 12\n}\n", "E207", "a widow of 1 (widow.size) make 37"),
    ("widow {\n  size: 4\n}\n", "E207", "table.hand_size: 12"),
    ("widow {\n  size: 2\n}\n", "E207", "widow.size: 1"),
    ("widow {\n  size: 0\n}\n", "E213", "at least 1"),
    ("table {\n  draw: winner_first\n}\n", "E213", "beside a stock"),
    ("trump {\n  choice: turned_card\n}\n", "E213", "turned card"),
])
def test_a_widow_that_cannot_be_dealt_or_taken_is_a_located_error(tmp_path, body, code, words):
    with pytest.raises(ToutiError) as failed:
        _variant(tmp_path, body)
    found = [d for d in failed.value.diagnostics if d.code == code]
    assert found and words in (found[0].message + (found[0].hint or "")), failed.value.diagnostics
    assert found[0].loc.line > 0


def test_a_widow_needs_a_bidding(tmp_path):
    path = tmp_path / "nobid.touti"
    path.write_text('touti 1\n\nsystem "nobid" extends "tute" {\n  title: "No bid"\n}\n\n'
                    'table {\n  hand_size: 9\n}\n\nadd widow {\n  size: 4\n  by: bid_winner\n  take: optional\n'
                    '  points: taker\n}\n', encoding="utf-8")
    with pytest.raises(ToutiError) as failed:
        load_spec(path)
    assert "E304" in {d.code for d in failed.value.diagnostics}
