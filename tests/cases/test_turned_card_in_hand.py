"""A written `trump.turned` that leaves the turned card in a hand has a case of its own: the holder plays it, accepted.

`trump.turned: dealer_hand` (tests/cases/specs/tute-turned-in-hand.touti), and `aside` at a table whose every size deals
the whole deck (the last card dealt then shows trumps and stays in its hand), used to be MISSING in `touti coverage`:
no stock nor card set aside showed the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.cases.build import generate
from touti_dsl.cases.coverage import coverage
from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request
from touti_dsl.loader import load_spec

SPECS = Path(__file__).parent / "specs"
ASIDE_NO_CARD_OVER = ('touti 1\n\nsystem "cabrero-four-or-five" extends "tute-cabrero" {\n  title: "Cabrero for four or five"\n}\n\n'
                      'table {\n  seats: 5 (4, 5)\n  sit_out: 5 = dealer\n}\n')


def _turned_cases(spec) -> list[dict]:
    return [case for group in generate(spec, rounds=20).values() for case in group if "trump.turned" in case["rules"]]


@pytest.mark.parametrize("source", ["dealer_hand", "aside"])
def test_the_turned_card_left_in_a_hand_is_played_by_its_holder_and_covered(source, tmp_path):
    path = SPECS / "tute-turned-in-hand.touti"
    if source == "aside":
        path = tmp_path / "cabrero-four-or-five.touti"
        path.write_text(ASIDE_NO_CARD_OVER, encoding="utf-8")
    spec = load_spec(path)
    cases = _turned_cases(spec)
    assert cases and all(case["polarity"] == "positive" for case in cases)
    assert "the turned card stays in the hand it was dealt to" in cases[0]["description"]
    row = next(row for row in coverage(spec, cases) if row.rule_id == "trump.turned")
    assert row.status != "MISSING"
    adapter = ReferenceAdapter(str(path))
    for case in cases:
        assert first_mismatch(case, adapter.run_case(case_request(case))["outputs"], complete=False) is None


def test_a_spec_that_leaves_the_rule_unwritten_gets_no_such_case():
    assert not _turned_cases(load_spec("spec/tute.touti"))
