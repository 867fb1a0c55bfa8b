"""The cases of a widow (spec/examples/tute-subastado-widow.touti): the widow taken and left, each widow action
refused to another seat, a discard of a card not held, the round results that show what the discards count for,
every rule covered, and an implementation without the widow skipping what it cannot play.  The suite is the one the
current code generates (the `current_suite` fixture: generated here when the committed one is stale)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.conformance.cases import load_cases
from touti_dsl.conformance.features import features_used
from touti_dsl.loader import load_spec

WIDOW = Path(__file__).resolve().parents[2] / "spec" / "examples" / "tute-subastado-widow.touti"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return load_cases(current_suite(WIDOW))


def _last(case: dict) -> dict:
    return case["steps"][-1]


def test_every_rule_of_the_widow_is_covered(cases):
    report = {row.rule_id: row for row in coverage(load_spec(WIDOW), cases)}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["widow.by"].positive and report["widow.by"].negative
    assert report["widow.points"].positive and report["widow.points"].negative


def test_each_widow_action_is_refused_to_another_seat_and_a_card_not_held_to_the_taker(cases):
    refused = {(_last(c)["action"].split(" ")[0], _last(c)["rule"]) for c in cases if _last(c)["op"] == "refuse"}
    assert {("take", "widow.by"), ("leave", "widow.by"), ("discard", "widow.by"), ("discard", "action.not_held")} <= refused


def test_the_widow_taken_and_left_each_end_in_a_round_result(cases):
    results = [c for c in cases if "widow.points" in c["rules"] and _last(c)["op"] == "round_result"]
    actions = [{step.get("action") for step in c["steps"]} for c in results]
    assert any("take widow" in found for found in actions) and any("leave widow" in found for found in actions)


def test_every_case_past_the_auction_uses_the_widow_feature(cases):
    """An implementation without the widow (`--without widow`) skips them: none reaches trumps without a widow action."""
    for case in cases:
        if any(step["op"] == "apply" and step["action"].startswith("trump ") for step in case["steps"]):
            assert "widow" in features_used(case), case["id"]
