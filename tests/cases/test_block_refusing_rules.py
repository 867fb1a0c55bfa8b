"""A rule that refuses actions only at one number of players (a play duty written in a `with 2 players` block) gets
its refusal and allowed cases at that number, as `with 2 players: RULE`: covered, passed by the reference, and a
spec without the duty fails on that rule, blamed under that name with a link to the page's `#players-2`.

The fixture (tests/cases/specs/briscola-follow-at-two.touti): Briscola for two to six, four by default, where two
players must follow suit once the stock is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.cases.build import generate, other_table_cases
from touti_dsl.cases.coverage import coverage
from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.cases import doc_anchor
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request
from touti_dsl.loader import load_spec

from tests.blames import failures

SPECS = Path(__file__).parent / "specs"
SYSTEM = "briscola-follow-at-two"
RULE = "with 2 players: play.follow_suit"


@pytest.fixture(scope="module")
def cases() -> list[dict]:
    spec = load_spec(SPECS / f"{SYSTEM}.touti")
    return [case for group in generate(spec).values() for case in group]


def _seats(case: dict) -> int | None:
    return (case["setup"].get("settings") or {}).get("seats")


def test_the_duty_of_two_players_has_its_refusals_and_allowed_cases_at_two(cases):
    duty = [case for case in cases if "play.follow_suit" in case["rules"]]
    assert {_seats(case) for case in duty} == {2}  # at four, the default, nobody must follow
    assert any(case["polarity"] == "negative" for case in duty)
    assert any(case["polarity"] == "positive" and not case["rules"][0].startswith("playthrough.") for case in duty)
    assert {case["doc"] for case in duty if case["polarity"] == "negative"} == {f"rules/{SYSTEM}.md#players-2"}


def test_coverage_names_the_block_rule_and_misses_nothing(cases):
    rows = {row.rule_id: row for row in coverage(load_spec(SPECS / f"{SYSTEM}.touti"), cases)}
    assert rows[RULE].kind == "refusing" and rows[RULE].status == "covered"
    assert [row.rule_id for row in rows.values() if row.status == "MISSING"] == []


def test_the_reference_passes_every_case(cases):
    adapter = ReferenceAdapter(str(SPECS / f"{SYSTEM}.touti"))
    for case in cases:
        outputs = adapter.run_case(case_request(case))["outputs"]
        assert first_mismatch(case, outputs, complete=False) is None, case["id"]


def test_a_spec_without_the_duty_fails_on_the_block_rule(cases, tmp_path, monkeypatch):
    monkeypatch.setenv("TOUTI_PATH", str(SPECS))  # the blame reads the fixture's blocks as a bundled system's
    mutant = tmp_path / "mutant.touti"
    mutant.write_text('touti 1\n\nsystem "mutant" extends "briscola-two-to-six" {\n  title: "mutant"\n}\n\n'
                      "table {\n  seats: 4 (2, 3, 4, 5, 6)\n}\n", encoding="utf-8")
    blamed = [rules[0] for _, _, rules in failures(mutant, SYSTEM, cases)]
    assert blamed and set(blamed) == {RULE}
    assert doc_anchor(SYSTEM, RULE) == f"rules/{SYSTEM}.md#players-2"


def test_a_declaration_condition_of_one_number_of_players_has_its_refusals_there(tmp_path):
    """Tute for two, three or four where, at two, a song may be declared only while cards are left to draw (Guiñote's
    `require while_stock`): refused at two once the stock is drawn, allowed before."""
    path = tmp_path / "songs-while-stock.touti"
    path.write_text('touti 1\n\nsystem "songs-while-stock" extends "tute-two-three-four" {\n  title: "Songs"\n}\n\n'
                    "with 2 players {\n  ghna {\n    require while_stock: not stock_empty\n  }\n}\n", encoding="utf-8")
    cases = other_table_cases(load_spec(path), 20261130)
    refused = [case for case in cases if case["polarity"] == "negative" and "ghna.while_stock" in case["rules"]]
    assert refused and {_seats(case) for case in refused} == {2}
    assert any(case["polarity"] == "positive" and "ghna.while_stock" in case["rules"] for case in cases)

