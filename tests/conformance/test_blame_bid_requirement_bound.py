"""Blame of a legal set of bids whose top differs below the maximum, at tutti-ma-open-auction (`require no_big_jump:
amount <= high_bid + 30 when bid_made`): the session-18 sweep's mutants of that line (30 read as 20 or 29, `<=` as
`<`) were blamed on `bidding.maximum` and `bidding.step`, though the maximum of 230 was nowhere near."""

from __future__ import annotations

import pytest

from tests.blames import example_cases, house_blames

SYSTEM = "tutti-ma-open-auction"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return example_cases(current_suite, SYSTEM, "bidding")


@pytest.mark.parametrize("jump", ["amount <= high_bid + 20", "amount < high_bid + 30"])
def test_a_jump_limit_read_lower_is_blamed_on_its_line(tmp_path, cases, jump):
    blamed = house_blames(tmp_path, SYSTEM, f"bidding {{\n  require no_big_jump: {jump} when bid_made\n}}\n", cases, "legal")
    assert blamed and all(rules[0] == "bidding.no_big_jump" for rules in blamed), blamed


def test_a_lower_maximum_is_still_blamed_on_the_maximum(tmp_path, cases):
    blamed = house_blames(tmp_path, SYSTEM, "bidding {\n  maximum: 220\n}\n", cases, "legal")
    assert blamed and all(rules[0] == "bidding.maximum" for rules in blamed), blamed
