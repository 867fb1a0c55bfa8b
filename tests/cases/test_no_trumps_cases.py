"""The suite of a table without trumps (spec/examples/briscolone.touti, "Il Briscolone": no card turned, the highest
card of the suit led takes the trick): generated, valid against the case schema, passed by the reference adapter,
every rule covered, and its trick cases name no trumps."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec

BRISCOLONE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscolone.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(BRISCOLONE)


def _schema() -> jsonschema.Draft202012Validator:
    def packaged(name: str) -> dict:
        return json.loads(resources.files("touti_dsl.conformance").joinpath("schema", name).read_text(encoding="utf-8"))
    names = ("case.schema.json", "protocol.schema.json")
    registry = Registry().with_resources((packaged(n)["$id"], Resource.from_contents(packaged(n))) for n in names)
    return jsonschema.Draft202012Validator(packaged("case.schema.json"), registry=registry)


def test_the_case_files_follow_the_case_schema(suite):
    for path in sorted(suite.glob("*.json")):
        _schema().validate(json.loads(path.read_text(encoding="utf-8")))


def test_the_reference_adapter_passes_every_case(suite, capsys):
    code = main(["conform", "--impl", f"{sys.executable} -m touti_dsl adapter {BRISCOLONE}", "--cases", str(suite),
                 "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
    assert report["totals"]["passed"] == len(load_cases(suite)) > 0


def test_every_rule_is_covered_and_the_trick_cases_show_the_led_suit_winning(suite):
    cases = load_cases(suite)
    report = {row.rule_id: row for row in coverage(load_spec(BRISCOLONE), cases)}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["trump.choice"].negative and report["trick.winner"].positive and report["trick.next_leader"].negative
    tricks = [c for c in cases if "trick.winner" in c["rules"]]
    assert tricks and all("no trumps" in c["description"] for c in tricks)
    assert any("an off-suit discard never wins" in c["description"] for c in tricks)
    results = [s["expect"] for c in cases for s in c["steps"] if s["op"] == "round_result"]
    assert results and all(r["trump"] is None for r in results)
