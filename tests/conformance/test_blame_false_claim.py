"""Blame of a match result after a round that a false claim ended, at tute-claim-or-lose (a claim that does not hold
loses the hand): the session-18 sweep's mutant that loses the game instead was blamed on the match's count
(`match.hands`, `match.end`), though what a false claim costs is `claim.false`'s."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.cases import load_cases

from tests.blames import house_blames

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "tute-claim-or-lose"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return [case for case in load_cases(current_suite(ROOT / "spec" / "examples" / f"{SYSTEM}.touti"))
            if "claim.false" in case["rules"]]


def test_a_false_claim_that_loses_the_game_is_blamed_on_what_a_false_claim_costs(tmp_path, cases):
    results = house_blames(tmp_path, SYSTEM, "claim {\n  false: loses_game\n}\n", cases, "match_result")
    assert results and all(blamed[0] == "claim.false" for blamed in results), results


def test_a_match_count_read_wrong_is_still_blamed_on_the_count(tmp_path, cases):
    results = house_blames(tmp_path, SYSTEM, "match {\n  hands: 1 (1, 2, 3, 5)\n}\n", cases, "match_result")
    assert results and all("match.hands" in blamed for blamed in results), results
