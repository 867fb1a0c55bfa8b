"""The suite of spec/examples/brisca-two-tie-same-dealer.touti (`next_round: same_seat if hand_tied else next_seat`):
a tied hand is rare in random play, so the generator looks for one; its `next_round` cases show the rule deciding both
ways — after a tied hand the same player deals again, after a hand someone won the deal passes — and the reference
adapter passes them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.conformance.cases import load_cases
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "brisca-two-tie-same-dealer.touti"


@pytest.fixture(scope="module")
def suite(current_suite) -> Path:
    return current_suite(EXAMPLE)


def _next_round_cases(suite: Path) -> list[dict]:
    return [c for c in load_cases(suite) if "rotation.next_round" in c["rules"]
            and c["steps"][-1]["op"] == "next_round"]


def _round_tied(game: Game, case: dict) -> bool:
    state = game.new_round(**case["setup"])
    for step in case["steps"][:-1]:
        state.apply(step["seat"], step["action"])
    return state.round_result()["winner"] is None


def test_a_tied_hand_keeps_the_dealer_and_another_moves_it(suite):
    game = Game.from_spec(EXAMPLE)
    found = {}
    for case in _next_round_cases(suite):
        tied = _round_tied(game, case)
        found[tied] = case
        expected = case["setup"]["dealer"] if tied else 1 - case["setup"]["dealer"]
        assert case["steps"][-1]["expect"]["dealer"] == expected
    assert set(found) == {True, False}
    assert "(same_seat)" in found[True]["description"] and "(next_seat)" in found[False]["description"]


def test_the_rule_is_covered(suite):
    report = {row.rule_id: row for row in coverage(load_spec(EXAMPLE), load_cases(suite))}
    assert report["rotation.next_round"].status != "MISSING"
    assert [row.rule_id for row in report.values() if row.status == "MISSING"] == []


def test_the_reference_adapter_passes_the_next_round_cases(suite, capsys):
    code = main(["conform", "--impl", f"{sys.executable} -m touti_dsl adapter {EXAMPLE}", "--cases", str(suite),
                 "--format", "json"])
    assert code == 0, capsys.readouterr().out[-2000:]
