"""The cases of `scoring.shares` (spec/examples/briscola-chiamata-shares.touti): round results of a bid winner with a
partner and of one alone, whose score changes show each seat's share, `scoring.shares` covered, and the reference
adapter passing the suite it was generated from.  The suite is the one the current code generates (`current_suite`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec

SHARES = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-chiamata-shares.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(SHARES)


@pytest.fixture(scope="module")
def cases(suite) -> list[dict]:
    return load_cases(suite)


def test_shares_are_covered_and_nothing_is_missing(cases):
    report = {row.rule_id: row for row in coverage(load_spec(SHARES), cases)}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["scoring.shares"].status == "covered"


def test_the_cases_show_a_partnered_bid_winner_and_one_alone(cases):
    results = [step["expect"] for case in cases if "scoring.shares" in case["rules"]
               for step in case["steps"] if step["op"] == "round_result"]
    partnered = [r for r in results if r["partner"] is not None]
    alone = [r for r in results if r["partner"] is None]
    assert partnered and alone
    for result in partnered:
        bidder, partner = result["contract"]["bidder"], result["partner"]
        assert result["score_changes"][bidder] == 2 * result["score_changes"][partner]
    for result in alone:
        assert abs(result["score_changes"][result["contract"]["bidder"]]) == 4


def test_the_reference_adapter_passes_the_generated_suite(suite, capsys):
    adapter = f"{sys.executable} -m touti_dsl adapter {SHARES}"
    code = main(["conform", "--impl", adapter, "--cases", str(suite), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
