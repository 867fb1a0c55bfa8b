"""Blame of a round that `match.at_once` written as a condition ends, at tute-gana-pierde (a player who reaches 101
wins the hand at once): mutants of the session-16 sweep whose failing cases were blamed on the declaration, the duty or
the losing place the cases were made for, or on the round's scoring."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.cases import load_cases

from tests.blames import failures
from tests.house import house_variant

ROOT = Path(__file__).resolve().parents[2]
GANA_PIERDE = ROOT / "spec" / "examples" / "tute-gana-pierde.touti"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return load_cases(current_suite(GANA_PIERDE))


def _failures(tmp_path: Path, cases: list[dict], change: str, chosen,
              system: str = "tute-gana-pierde") -> list[tuple[dict, str, list[str]]]:
    """The chosen cases the system fails with the rule CHANGE written again in its `match` section (`failures`)."""
    return failures(house_variant(tmp_path, system, f"match {{\n  {change}\n}}\n"), system, cases, chosen)


def _at_once_case(polarity: str):
    return lambda case: case["rules"] == ["match.at_once"] and case["polarity"] == polarity


def test_a_round_cut_short_after_a_trick_is_blamed_on_the_condition_that_ends_it(tmp_path, cases):
    # `< 101`: the round ends after the first trick; the next action, refused as the round is over, was blamed on the
    # declaration or the duty the case was made for (ghna.per_trick, play.partner_exemption)
    failures = _failures(tmp_path, cases, "at_once: points(team) < 101", lambda case: True)
    cut_short = [(case["id"], blamed) for case, op, blamed in failures if op in ("apply", "refuse", "legal", "actors")]
    assert cut_short and all(blamed[0] == "match.at_once" for _, blamed in cut_short), cut_short


def test_a_result_that_says_a_player_went_out_where_none_did_is_blamed_on_the_condition(tmp_path, cases):
    # `>= 100` on the round played out with 100 points at most: the result's `at_once` differs, and who loses with it;
    # it was blamed on scoring.losing_place
    failures = _failures(tmp_path, cases, "at_once: points(team) >= 100", _at_once_case("negative"))
    assert [(op, blamed) for _, op, blamed in failures] == [("round_result", ["match.at_once"])]


def test_a_round_played_on_where_a_player_went_out_is_blamed_on_the_condition(tmp_path, cases):
    # `>= 130` (nobody goes out): a golden playthrough's round that the reference ends at once is not over for the
    # implementation, whose round result is null; it was blamed on scoring.round
    ended = [case for case in cases if not case["rules"] or case["rules"][0].startswith("playthrough.")]
    ended = [case for case in ended if any(step["op"] == "round_result" and step["expect"].get("at_once") is not None
                                           for step in case["steps"])]
    assert ended, "no golden playthrough with a round ended at once"
    ids = {case["id"] for case in ended}
    failures = _failures(tmp_path, cases, "at_once: points(team) >= 130", lambda case: case["id"] in ids)
    at_results = [blamed for _, op, blamed in failures if op == "round_result"]
    assert at_results and all(blamed == ["match.at_once"] for blamed in at_results), failures


def test_a_round_cut_short_by_a_condition_reading_the_target_is_blamed_on_the_target_too(tmp_path):
    # guinote-vueltas: `at_once: ... and score(team) + points(team) >= target`; a game of 100 for 101 ends rounds early
    # in the vueltas, which were blamed on the declaration or the duty the cases were made for
    failures = _failures(tmp_path, load_cases(ROOT / "generated" / "guinote-vueltas"), "target: 100 (100)",
                         lambda case: True, "guinote-vueltas")
    cut_short = [blamed for _, op, blamed in failures if op == "apply"]
    assert cut_short and all(blamed[:2] == ["match.at_once", "match.target"] for blamed in cut_short), cut_short
