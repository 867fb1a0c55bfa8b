"""The cases of `scoring.declarations: paid_by_each` (spec/examples/tute-subastado-three-songs-paid.touti): a round with
a song whose score changes show it paid by each other player, one without a song; nothing MISSING; the reference
adapter passes them.  The suite is the one the current code generates (`current_suite`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec

SPEC = Path(__file__).resolve().parents[2] / "spec" / "examples" / "tute-subastado-three-songs-paid.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(SPEC)


def test_nothing_is_missing_and_the_rule_is_covered(suite):
    report = {row.rule_id: row for row in coverage(load_spec(SPEC), load_cases(suite))}
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []
    assert report["scoring.declarations"].status == "covered"


def test_a_song_is_paid_by_each_other_player(suite):
    cases = {case["polarity"]: case for case in load_cases(suite) if "scoring.declarations" in case["rules"]}
    (sung,) = [step["expect"] for step in cases["positive"]["steps"] if step["op"] == "round_result"]
    (silent,) = [step["expect"] for step in cases["negative"]["steps"] if step["op"] == "round_result"]
    assert sum(sung["ghna"]) > 0 and sum(silent["ghna"]) == 0
    for result, case in ((sung, cases["positive"]), (silent, cases["negative"])):
        amount, bidder = result["contract"]["amount"], result["contract"]["bidder"]
        outcome = [amount if (seat == bidder) == result["made"] else 0 for seat in range(3)]
        paid = [0, 0, 0]
        for step in case["steps"]:
            if step["op"] == "apply" and step["action"].startswith("ghna"):
                value = 40 if step["action"].split()[1] == result["trump"] else 20
                paid = [p + (2 * value if seat == step["seat"] else -value) for seat, p in enumerate(paid)]
        assert result["score_changes"] == [o + p for o, p in zip(outcome, paid)]
    assert any(step["op"] == "apply" and step["action"].startswith("ghna") for step in cases["positive"]["steps"])


def test_the_reference_adapter_passes_the_generated_suite(suite, capsys):
    adapter = f"{sys.executable} -m touti_dsl adapter {SPEC}"
    code = main(["conform", "--impl", adapter, "--cases", str(suite), "--rules", "scoring.*", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
