"""Blame of a round result whose losers differ at a ranking by place, at tute-cabrero-last-loses (the fewest points
lose; a tie there goes by the last trick): the session-18 sweep's mutants of `scoring.place_tie` were blamed on
`scoring.losing_place`, because the reference named one loser alone, though that loser was the tie broken."""

from __future__ import annotations

import pytest

from tests.blames import example_cases, house_blames

SYSTEM = "tute-cabrero-last-loses"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return example_cases(current_suite, SYSTEM, "scoring")


@pytest.mark.parametrize("tie", ["share", "none", "first_speaker"])
def test_a_tie_at_the_losing_place_settled_otherwise_is_blamed_on_place_tie(tmp_path, cases, tie):
    results = house_blames(tmp_path, SYSTEM, f"scoring {{\n  place_tie: {tie}\n}}\n", cases, "round_result")
    assert results and all(blamed[0] == "scoring.place_tie" for blamed in results), results


def test_another_losing_place_is_still_blamed_on_the_place(tmp_path, cases):
    results = house_blames(tmp_path, SYSTEM, "scoring {\n  losing_place: 1\n}\n", cases, "round_result")
    assert any(blamed[0] == "scoring.losing_place" for blamed in results), results
