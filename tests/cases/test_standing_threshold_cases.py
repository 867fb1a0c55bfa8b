"""Scoring's `require` lines that compare numbers are shown at their threshold (the session-17 sweep: tute-cabrero-no-
trick-loses' `points(team) <= 100` read as `<= 101` escaped, the one round a player failed it having that player at 113,
and read as `<= 99` was caught only by chance, on a ghna's case)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.cases import outcomes
from touti_dsl.conformance.cases import load_cases
from touti_dsl.engine import Game

from tests.blames import failures
from tests.house import house_variant

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "tute-cabrero-no-trick-loses"
LIMIT = "scoring.at_most_100"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return load_cases(current_suite(ROOT / "spec" / "examples" / f"{SYSTEM}.touti"))


def _totals(case: dict) -> list[int]:
    return next(step["expect"]["totals"] for step in case["steps"] if step["op"] == "round_result")


def test_the_limit_has_a_player_at_100_who_meets_it_and_one_at_101_who_fails_it(cases):
    shown = {case["polarity"]: case for case in cases if case["rules"][0] == LIMIT}
    assert set(shown) == {"positive", "negative"}, "each side of the line has its case"
    assert 101 in _totals(shown["positive"]) and max(_totals(shown["positive"])) == 101  # the only player over it
    assert max(_totals(shown["negative"])) == 100


def test_the_least_distance_of_each_side_follows_the_comparison():
    assert outcomes.Thresholds(Game.from_spec(SYSTEM)).least == {
        ("scoring.took_trick", True): 1, ("scoring.took_trick", False): 0,  # `> 0`: one trick meets it, none fails it
        (LIMIT, True): 0, (LIMIT, False): 1}  # `<= 100`: 100 meets it, 101 fails it


def test_other_losers_of_a_round_the_require_lines_judge_are_blamed_on_the_line_nearest_them(tmp_path, cases):
    # `<= 99` makes the player at 100 lose; where the round was a case made for another rule (a ghna's value), its
    # losers were blamed on that rule and scoring.round
    at_100 = next(case for case in cases if case["rules"][0] == LIMIT and case["polarity"] == "negative")
    made_for_another = dict(at_100, rules=["scoring.round"])
    mutant = house_variant(tmp_path, SYSTEM, "scoring {\n  require at_most_100: points(team) <= 99\n}\n")
    [(_, op, blamed)] = failures(mutant, SYSTEM, [made_for_another])
    assert op == "round_result"
    assert blamed[0] == LIMIT, blamed
