"""The cases of an auction on ranks (spec/examples/briscola-chiamata-ranks.touti, `bidding.bids: ranks`): a rank not
below the last call refused with the calling order (`deck.order` here), a bid in points before the two and a card
called of another rank refused with `bidding.bids`, contracts made and missed at a rank bid and at a bid in points,
every rule covered, and the reference adapter passing the suite it was generated from (the `current_suite` fixture)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec

RANKS = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-chiamata-ranks.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(RANKS)


@pytest.fixture(scope="module")
def cases(suite) -> list[dict]:
    return load_cases(suite)


def test_every_rule_of_the_auction_on_ranks_is_covered(cases):
    report = {row.rule_id: row for row in coverage(load_spec(RANKS), cases)}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["bidding.bids"].kind == "refusing" and report["bidding.bids"].status == "covered"


def test_each_refusal_of_the_auction_has_its_case(cases):
    refused = {(step["action"].split(" ")[0] + (" rank" if step["action"].startswith("bid rank") else ""), step["rule"])
               for case in cases for step in case["steps"] if step["op"] == "refuse"}
    assert {("bid rank", "deck.order"), ("bid", "bidding.bids"), ("call", "bidding.bids")} <= refused


def test_contracts_made_and_missed_at_a_rank_and_in_points(cases):
    found = {(rule, case["polarity"]) for case in cases for rule in case["rules"]
             if case["steps"][-1]["op"] == "round_result" and rule in ("bidding.rank_contract", "bidding.bids")}
    assert found == {("bidding.rank_contract", "positive"), ("bidding.rank_contract", "negative"),
                     ("bidding.bids", "positive"), ("bidding.bids", "negative")}
    results = [case["steps"][-1]["expect"] for case in cases if case["steps"][-1]["op"] == "round_result"
               and "bidding.bids" in case["rules"]]
    assert all(r["contract"]["amount"] > 61 and r["contract"]["rank"] == 2 and r["called"].startswith("2") for r in results)


def test_the_reference_adapter_passes_the_generated_suite(suite, capsys):
    adapter = f"{sys.executable} -m touti_dsl adapter {RANKS}"
    code = main(["conform", "--impl", adapter, "--cases", str(suite), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
    assert report["totals"]["passed"] == len(load_cases(suite))
