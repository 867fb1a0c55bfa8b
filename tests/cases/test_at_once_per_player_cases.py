"""The cases of `match.at_once` where the match is kept per player: a tute that wins the match for the bid winner of
Tute subastado for three (spec/examples/tute-subastado-three-tute-wins.touti), and a player who reaches 101 and wins
the hand at Tute gana-pierde (spec/examples/tute-gana-pierde.touti), on both sides of the condition; `match.at_once`
is never MISSING, and the reference adapter passes both suites.  The suites are those the current code generates."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
TUTE_WINS = EXAMPLES / "tute-subastado-three-tute-wins.touti"
GANA_PIERDE = EXAMPLES / "tute-gana-pierde.touti"


@pytest.fixture(scope="module")
def suites(current_suite) -> dict[Path, Path]:
    return {spec: current_suite(spec) for spec in (TUTE_WINS, GANA_PIERDE)}


def _at_once_cases(suite: Path) -> list[dict]:
    return [case for case in load_cases(suite) if "match.at_once" in case["rules"]]


def _expects(case: dict, op: str) -> list[dict]:
    return [step["expect"] for step in case["steps"] if step["op"] == op]


@pytest.mark.parametrize("spec", [TUTE_WINS, GANA_PIERDE], ids=lambda p: p.stem)
def test_nothing_is_missing(suites, spec):
    report = coverage(load_spec(spec), load_cases(suites[spec]))
    assert [row.rule_id for row in report if row.status == "MISSING"] == []


def test_a_sung_tute_gives_the_match_to_the_bid_winner(suites):
    cases = _at_once_cases(suites[TUTE_WINS])
    assert cases and all(case["polarity"] == "positive" for case in cases)
    for case in cases:
        bidder = [step for step in case["steps"] if step["op"] == "apply" and " tute " in f" {step['action']} "]
        (match,) = _expects(case, "match_result")
        assert bidder and match["over"] and match["winners"] == [match["winner"]] == [bidder[0]["seat"]]


def test_reaching_101_wins_the_hand_and_below_it_the_hand_is_played_out(suites):
    cases = {case["polarity"]: case for case in _at_once_cases(suites[GANA_PIERDE])}
    (met,), (unmet,) = _expects(cases["positive"], "round_result"), _expects(cases["negative"], "round_result")
    winner = met["at_once"]
    assert met["totals"][winner] >= 101 and met["losers"] == [s for s in range(3) if s != winner]
    assert unmet["at_once"] is None and max(unmet["totals"]) < 101
    # the rounds nearest the line (the session-16 sweep): a round ended at 113 is ended alike by `> 101` or `>= 102`,
    # and one played out at 89 alike by `>= 100`
    assert met["totals"][winner] == 101 and max(unmet["totals"]) == 100
    assert unmet["losers"] == [s for s, t in enumerate(unmet["totals"]) if t == max(unmet["totals"])]


@pytest.mark.parametrize("spec", [TUTE_WINS, GANA_PIERDE], ids=lambda p: p.stem)
def test_the_reference_adapter_passes_the_generated_suite(suites, spec, capsys):
    adapter = f"{sys.executable} -m touti_dsl adapter {spec}"
    code = main(["conform", "--impl", adapter, "--cases", str(suites[spec]), "--rules", "match.*", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
