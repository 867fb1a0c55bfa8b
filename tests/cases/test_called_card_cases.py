"""The cases of a called card (spec/examples/briscola-chiamata.touti): the call explored (the bid winner's legal
calls, a call by another seat refused with `trump.choice`, a suit named where a card names trumps), round results that
name the partner and the bid winner alone, every rule covered, and the reference adapter passing the suite it was
generated from.  The suite is the one the current code generates (the `current_suite` fixture)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec

CHIAMATA = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-chiamata.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(CHIAMATA)


@pytest.fixture(scope="module")
def cases(suite) -> list[dict]:
    return load_cases(suite)


def test_every_rule_of_the_called_card_is_covered(cases):
    report = {row.rule_id: row for row in coverage(load_spec(CHIAMATA), cases)}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["trump.choice"].positive and report["trump.choice"].negative


def test_the_call_is_explored_legal_and_refused(cases):
    steps = [step for case in cases for step in case["steps"]]
    assert any(step["op"] == "legal" and len(step["expect"]) == 40 and all(a.startswith("call ") for a in step["expect"])
               for step in steps)
    refused = {(step["action"].split(" ")[0], step["rule"]) for step in steps if step["op"] == "refuse"}
    assert {("call", "trump.choice"), ("trump", "trump.choice")} <= refused


def test_round_results_name_a_partner_and_a_bid_winner_alone(cases):
    results = [step["expect"] for case in cases for step in case["steps"]
               if step["op"] == "round_result" and step["expect"] and step["expect"].get("contract")]
    assert any(result["partner"] is not None for result in results)
    assert any(result["partner"] is None for result in results)


def test_the_reference_adapter_passes_the_generated_suite(suite, capsys):
    adapter = f"{sys.executable} -m touti_dsl adapter {CHIAMATA}"
    code = main(["conform", "--impl", adapter, "--cases", str(suite), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
    assert report["totals"]["passed"] == len(load_cases(suite))
