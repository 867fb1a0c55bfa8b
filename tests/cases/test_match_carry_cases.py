"""The cases of `match.carry` (spec/examples/briscola-two-hands-or-120.touti): what each side carries into the next
hand, and `match.at_once` on both sides of its threshold of `carried`; every rule covered; the reference passing the
suite; and the hand-written mutant whose count starts again at each hand (carry-starts-again) blamed on `match.carry`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec
from tests.cases.conformed import conformed
from tests.conformance.scripts import ROOT

TWO_OR_120 = ROOT / "spec" / "examples" / "briscola-two-hands-or-120.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(TWO_OR_120)


@pytest.fixture(scope="module")
def cases(suite) -> list[dict]:
    return load_cases(suite)


def test_every_rule_is_covered(cases):
    report = {row.rule_id: row for row in coverage(load_spec(TWO_OR_120), cases)}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["match.at_once"].positive and report["match.at_once"].negative


def test_the_count_carried_grows_by_the_hand_and_passes_to_the_next(cases):
    (case,) = [case for case in cases if case["rules"] == ["match.carry"]]
    start = case["setup"]["carried"]
    played = next(step["expect"] for step in case["steps"] if step["op"] == "round_result")
    after, following = [step["expect"] for step in case["steps"] if step["op"] == "match_result"]
    assert after["carried"] == [s + p for s, p in zip(start, played["card_points"])] == following["carried"]


def test_the_at_once_threshold_is_shown_by_the_count_carried(cases):
    around = [case for case in cases if set(case["rules"]) == {"match.at_once", "match.carry"}]
    assert {case["polarity"] for case in around} == {"positive", "negative"}
    carried = sorted(case["setup"]["carried"] for case in around)
    assert any(a[s] + 1 == b[s] for a in carried for b in carried for s in (0, 1))  # one point apart


def test_the_reference_adapter_passes_the_generated_suite(suite, capsys):
    code, report = conformed(f"{sys.executable} -m touti_dsl adapter {TWO_OR_120}", suite, TWO_OR_120, capsys)
    assert code == 0, [c for c in report if c["status"] != "passed"]


def test_a_count_started_again_at_each_hand_is_blamed_on_the_rule(suite, capsys):
    code, report = conformed(f"{sys.executable} {ROOT / 'conformance' / 'mutants' / 'carry-starts-again.py'}", suite, TWO_OR_120, capsys)
    failed = [case for case in report if case["status"] != "passed"]
    assert code == 1 and any(case["rules"] == ["match.carry"] and case["blamed"][0] == "match.carry" for case in failed)
    # a golden match, where the condition of match.at_once that reads the count is met late: that rule, and the count
    assert all("match.carry" in case["blamed"] for case in failed), [(c["id"], c["blamed"]) for c in failed]
