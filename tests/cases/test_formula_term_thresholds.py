"""A comparison inside a scoring formula's condition of `and` / `or` is shown at its threshold where it decides the
condition (the session-17 sweep, seed 7: tute-two-games-clean's `points(winner) >= 101` read as `>= 100` escaped:
the condition's own sides were a hand won with 113 and one with 93, and neither told 100 from 101)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.cases import load_cases

from tests.blames import failures
from tests.house import house_variant

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "tute-two-games-clean"
WRITTEN = "points(winner) >= 121 or declarations(winner) == 0 and points(winner) >= 101"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return load_cases(current_suite(ROOT / "spec" / "examples" / f"{SYSTEM}.touti"))


@pytest.mark.parametrize("misread", [">= 100", ">= 102"])
def test_the_limit_without_songs_read_one_off_is_caught_on_the_formula(tmp_path, cases, misread):
    condition = WRITTEN.replace("points(winner) >= 101", f"points(winner) {misread}")
    mutant = house_variant(tmp_path, SYSTEM, f"scoring {{\n  winner: 2 if {condition} else 1\n}}\n")
    blamed = [rules for _, _, rules in failures(mutant, SYSTEM, cases)]
    assert blamed and all(rules[0] == "scoring.winner" for rules in blamed), blamed


def test_each_comparison_that_decides_has_a_round_at_its_threshold(cases):
    totals = {(step["expect"]["winner"], tuple(step["expect"]["totals"]), tuple(step["expect"]["ghna"]))
              for case in cases if "scoring.winner" in case["rules"]
              for step in case["steps"] if step["op"] == "round_result"}
    winning = {(result[1][result[0]], result[2][result[0]] > 0) for result in totals if result[0] is not None}
    assert {(100, False), (101, False), (121, True), (120, True)} <= winning, sorted(winning)
