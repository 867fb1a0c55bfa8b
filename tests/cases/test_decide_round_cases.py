"""`match.decide` is shown on a round whose sides the deciders not written would name otherwise (the session-18 sweep:
tutti-ma-open-auction's `decide: bidders` read as `last_trick` or `first_speaker`, and atlas-lone-concession's
`first_speaker` read as `last_trick` or `bidders`, escaped: the round chosen was the shortest, where one side had
the contract, the last trick and the first speaker)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.cases import load_cases

from tests.blames import house_blames

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("system, other", [("tutti-ma-open-auction", "last_trick"),
                                           ("tutti-ma-open-auction", "first_speaker"),
                                           ("atlas-lone-concession", "last_trick")])
def test_another_decider_is_caught_on_match_decide(tmp_path, current_suite, system, other):
    cases = [case for case in load_cases(current_suite(ROOT / "spec" / "examples" / f"{system}.touti"))
             if "match.decide" in case["rules"]]
    blamed = house_blames(tmp_path, system, f"match {{\n  decide: {other}\n}}\n", cases)
    assert blamed and all(rules[0] == "match.decide" for rules in blamed), blamed
