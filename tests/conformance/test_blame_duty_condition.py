"""Blame of a card refused or allowed wrongly because another duty's condition is not read, at tute-load-the-partner
(the duty to trump lifted while the partner holds the trick): the session-18 sweep's mutant that drops
`partner_winning` from that duty's `unless` failed only the cases of `play.no_undertrump` (its low trumps, forced,
were accepted) and was blamed there.  The duty whose `when` / `unless` left out gives the implementation's answer is
blamed first; so is a duty whose word read otherwise gives it, where that is fewer things misread."""

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


def test_a_duty_whose_word_is_misread_is_blamed_first_where_the_other_reading_needs_more(tmp_path, cases):
    """The session-18 sweep's mutant of `overtrump: must beat_trump` read as `must trump` gives the answers of the duty
    to trump left on while the partner holds the trick, and was blamed on `play.trump_when_void` only.  On a trick
    without points that duty is lifted by both terms of its `unless` (`partner_winning or trick_points == 0`): it
    reads as binding only if both are misread, where the overtrump's word read otherwise is one thing, so the
    overtrump is blamed first there.  (Where one term not read gives the same answer, the duty to trump stays first:
    that answer is the mutant of the test above.)"""
    blamed = house_blames(tmp_path, SYSTEM, "play {\n  overtrump: must trump\n}\n", cases)
    assert any(rules[0] == "play.overtrump" for rules in blamed), blamed
