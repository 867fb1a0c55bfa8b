"""The cases of the other contract of `trump.instead` (spec/examples/briscola-chiamata-solo.touti, the solo call):
the contract offered beside the calls and made, its round to the result (no trumps, no partner), and for each suit a
card off the led suit that does not take the trick in a round without trumps; every rule covered; the reference
passing the suite; and the hand-written mutant that keeps trumps in a solo round (solo-keeps-trumps) blamed on
`trump.instead`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec
from tests.cases.conformed import conformed
from tests.conformance.scripts import ROOT

SOLO = ROOT / "spec" / "examples" / "briscola-chiamata-solo.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(SOLO)


@pytest.fixture(scope="module")
def cases(suite) -> list[dict]:
    return load_cases(suite)


def _instead_cases(cases: list[dict]) -> list[dict]:
    return [case for case in cases if "trump.instead" in case["rules"]]


def test_every_rule_is_covered_and_the_other_contract_by_outcomes(cases):
    report = {row.rule_id: row for row in coverage(load_spec(SOLO), cases)}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["trump.instead"].kind == "outcome" and report["trump.instead"].positive >= 3


def test_the_solo_round_is_offered_made_and_scored_alone_without_trumps(cases):
    (case,) = [case for case in _instead_cases(cases) if case["steps"][-1]["op"] == "round_result"]
    offered = [step for step in case["steps"] if step["op"] == "legal"]
    assert offered and offered[0]["expect"][-1] == "trump none" and offered[0]["expect"][0].startswith("call ")
    result = case["steps"][-1]["expect"]
    assert result["trump"] is None and result["called"] is None and result["partner"] is None


def test_each_suit_shows_a_card_off_the_led_suit_that_does_not_take_the_trick(cases):
    tricks = [case for case in _instead_cases(cases) if case["steps"][-1]["op"] == "trick_winner"]
    assert tricks and all(sorted(case["rules"]) == ["trick.winner", "trump.instead"] for case in tricks)
    named = " ".join(case["description"].split(" does not take")[0] for case in tricks)
    assert all(f"of {suit}" in named for suit in ("oros", "copas", "espadas", "bastos"))


def test_the_reference_adapter_passes_the_generated_suite(suite, capsys):
    code, report = conformed(f"{sys.executable} -m touti_dsl adapter {SOLO}", suite, SOLO, capsys)
    assert code == 0, [c for c in report if c["status"] != "passed"]


def test_trumps_kept_in_a_solo_round_are_blamed_on_the_rule(suite, capsys):
    code, report = conformed(f"{sys.executable} {ROOT / 'conformance' / 'mutants' / 'solo-keeps-trumps.py'}", suite, SOLO, capsys)
    failed = [case for case in report if case["status"] != "passed"]
    made_for_it = [case for case in failed if "trump.instead" in case["rules"]]
    assert code == 1 and len(made_for_it) >= 2  # the round to its result, and a trick
    # the playthroughs too, where a wrong trick shows first as the wrong seat leading the next
    assert all(case["blamed"][0] == "trump.instead" for case in failed), [(c["id"], c["blamed"]) for c in failed]
    assert {case["mismatch"]["op"] for case in failed} - {"trick_winner"}
