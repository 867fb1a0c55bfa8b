"""The suite of a table that takes one card out at three players (spec/examples/briscola-two-to-four.touti: the 2 of
bastos leaves the deck at three): its cases at three deal 39 cards, a play of the removed card is refused with
deck.removed, an implementation that still holds the card to be in the deck fails, and the rule is covered."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.conformance.compare import compare_step
from touti_dsl.loader import load_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-two-to-four.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(EXAMPLE)


def _at_three(cases: list[dict]) -> list[dict]:
    return [c for c in cases if c["setup"].get("settings", {}).get("seats") == 3]


def test_the_cases_at_three_deal_39_cards_without_the_two_of_bastos(suite):
    at_three = _at_three(load_cases(suite))
    assert at_three
    for case in at_three:
        setup = case["setup"]
        dealt = [c for hand in setup["hands"] for c in hand] + setup.get("stock", [])
        assert "2b" not in dealt and len(dealt) == len(set(dealt)) == 39


def test_a_play_of_the_removed_card_is_refused_and_a_forty_card_implementation_fails(suite):
    refusals = [(c, s) for c in _at_three(load_cases(suite)) for s in c["steps"]
                if s["op"] == "refuse" and s["action"] == "play 2b"]
    assert refusals and all(c["rules"] == ["deck.removed"] and c["polarity"] == "negative" for c, _ in refusals)
    case, step = refusals[0]
    assert step["rules"] == ["deck.removed", "action.syntax"]
    index = case["steps"].index(step)
    assert compare_step(index, step, {"ok": False, "rule": "deck.removed"}) is None
    assert compare_step(index, step, {"ok": False, "rule": "action.syntax"}) is None  # a card not of the deck
    assert compare_step(index, step, {"ok": False, "rule": "action.not_held"}) is not None  # 2b in its deck
    assert compare_step(index, step, {"ok": True}) is not None


def test_the_reference_adapter_passes_and_the_rule_is_covered(suite, capsys):
    code = main(["conform", "--impl", f"{sys.executable} -m touti_dsl adapter {EXAMPLE}", "--cases", str(suite),
                 "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
    rows = {row.rule_id: row for row in coverage(load_spec(EXAMPLE), load_cases(suite))}
    assert rows["with 3 players: deck.removed"].status == "covered"
    assert [row.rule_id for row in rows.values() if row.status == "MISSING"] == []
