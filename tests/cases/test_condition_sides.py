"""Both sides of a scoring formula's condition: found by the generator where random play never shows one (a hand
winner with more than 110 of Brisca's 120 points, at two players), and reported by `touti coverage` as one-sided where
no case shows it (a hand winner with a single trick, which Brisca for two never has)."""

from __future__ import annotations

import json

import pytest

from touti_dsl.cases.build import generate
from touti_dsl.cases.condition_sides import unshown_sides
from touti_dsl.cases.coverage import coverage, render_text
from touti_dsl.cli import main
from touti_dsl.loader import load_spec

from tests.house import house_variant


def _winner_formula(tmp_path, condition: str):
    path = house_variant(tmp_path, "brisca-two", f"scoring {{\n  winner: 3 if {condition} else 1\n}}\n")
    return path, load_spec(path)


def _cases(spec) -> list[dict]:
    return [case for group in generate(spec).values() for case in group]


@pytest.fixture(scope="module")
def nearly_every_point(tmp_path_factory):
    path, spec = _winner_formula(tmp_path_factory.mktemp("spec"), "points(winner) > 110")
    return path, spec, _cases(spec)


def test_the_generator_finds_the_side_random_play_never_shows(nearly_every_point):
    _, spec, cases = nearly_every_point
    assert unshown_sides(spec, cases) == {}
    changes = sorted(max(next(s for s in case["steps"] if s["op"] == "round_result")["expect"]["score_changes"])
                     for case in cases if "scoring.winner" in case["rules"]
                     and any(s["op"] == "round_result" for s in case["steps"]))
    assert 3 in changes and 1 in changes


def test_a_suite_without_that_side_is_one_sided_with_the_condition_named(nearly_every_point):
    _, spec, cases = nearly_every_point
    kept = [case for case in cases if not any(
        step["op"] == "round_result" and 3 in step["expect"]["score_changes"] for step in case["steps"])]
    assert unshown_sides(spec, kept) == {
        "scoring.winner": "no case shows \"the side that won the hand's total: card points, last-trick bonus and "
                          "declarations is more than 110\" holding"}
    row = next(row for row in coverage(spec, kept) if row.rule_id == "scoring.winner")
    assert row.status == "one-sided"
    assert "1 one-sided" in render_text(spec, coverage(spec, kept))


def test_coverage_lists_a_condition_no_round_can_meet_without_failing(tmp_path, capsys):
    path, spec = _winner_formula(tmp_path, "tricks_won(winner) == 1")
    out = tmp_path / "gen"
    assert main(["generate", str(path), "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["coverage", str(path), "--cases", str(out / "house"), "--format", "json"]) == 0
    rows = {row["rule_id"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["scoring.winner"]["status"] == "one-sided"
    assert "is 1\" holding" in rows["scoring.winner"]["reason"]


def test_a_case_that_is_no_round_of_the_spec_is_left_to_the_conformance_run(nearly_every_point):
    _, spec, cases = nearly_every_point
    broken = [dict(case, steps=[dict(step, action="play 9z") if step["op"] == "apply" else step
                                for step in case["steps"]]) for case in cases]
    assert set(unshown_sides(spec, broken)) == {"scoring.winner"}  # no round replays: nothing shown either way
