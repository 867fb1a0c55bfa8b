"""A rule the default number's `with N players` block writes over is in force only at the table's other numbers: its
cases are played there.  Session 15's bug hunt: tute cabrero for three to five, five by default, whose five-player
block rewrote `scoring.at_most_100`; no case was played at three or four, where the spec's own line holds, and
`touti coverage` said MISSING for it (a play duty so overridden had no refusal either)."""

from __future__ import annotations

import pytest

from touti_dsl.cases.build import finish_case, other_table_cases
from touti_dsl.cases.coverage import coverage
from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request
from touti_dsl.loader import load_spec, spec_hash

SPEC = """touti 1

system "cabrero-block-at-four" extends "tute-cabrero-no-trick-loses" {
  title: "No trick loses, four by default"
}

table {
  seats: 4 (3, 4)
  remove sit_out
  hand_size: 3 = 13, 4 = 10
}

with 4 players {
  scoring {
    require at_most_100: points(team) <= 90
  }
  play {
    overtrump: must beat_trump when trick_number > 1
  }
}
"""


@pytest.fixture(scope="module")
def spec_and_cases(tmp_path_factory):
    path = tmp_path_factory.mktemp("spec") / "cabrero-block-at-four.touti"
    path.write_text(SPEC, encoding="utf-8")
    spec = load_spec(path)
    return path, [finish_case(spec, spec_hash(spec), case) for case in other_table_cases(spec, 20261130)]


def _at_three(cases: list[dict], rule: str) -> set[str]:
    return {case["polarity"] for case in cases
            if rule in case["rules"] and case["setup"]["settings"] == {"seats": 3} and case["rules"][0] == rule}


def test_the_scoring_line_the_default_block_overrides_is_played_at_three(spec_and_cases):
    assert _at_three(spec_and_cases[1], "scoring.at_most_100") == {"positive", "negative"}


def test_the_duty_the_default_block_overrides_is_refused_at_three(spec_and_cases):
    assert _at_three(spec_and_cases[1], "play.overtrump") == {"positive", "negative"}


def test_coverage_counts_them_for_the_spec_own_rules(spec_and_cases):
    path, cases = spec_and_cases
    rows = {row.rule_id: row.status for row in coverage(load_spec(path), cases)}
    assert rows["scoring.at_most_100"] == "covered" and rows["play.overtrump"] == "covered"


def test_the_reference_passes_them(spec_and_cases):
    path, cases = spec_and_cases
    adapter = ReferenceAdapter(str(path))
    for case in cases:
        if {"scoring.at_most_100", "play.overtrump"} & set(case["rules"]):
            outputs = adapter.run_case(case_request(case))["outputs"]
            assert first_mismatch(case, outputs, complete=False) is None, case["id"]
