"""Blame of a card refused or allowed wrongly because another duty's condition is not read, at tute-load-the-partner
(the duty to trump lifted while the partner holds the trick): the session-18 sweep's mutant that drops
`partner_winning` from that duty's `unless` failed only the cases of `play.no_undertrump` (its low trumps, forced,
were accepted) and was blamed there.  The duty whose `when` / `unless` left out gives the implementation's answer is
blamed first."""

from __future__ import annotations

import pytest

from tests.blames import example_cases, house_blames

SYSTEM = "tute-load-the-partner"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return example_cases(current_suite, SYSTEM, "play")


def test_the_duty_whose_condition_is_not_read_is_blamed_first(tmp_path, cases):
    blamed = house_blames(tmp_path, SYSTEM, "play {\n  trump_when_void: must trump unless trick_points == 0\n}\n", cases)
    assert any(rules[0] == "play.trump_when_void" for rules in blamed), blamed


def test_a_duty_read_wrong_itself_is_still_blamed_on_itself(tmp_path, cases):
    blamed = house_blames(tmp_path, SYSTEM, "play {\n  load: must points\n}\n", cases)
    assert blamed and all(rules[0] == "play.load" for rules in blamed), blamed
