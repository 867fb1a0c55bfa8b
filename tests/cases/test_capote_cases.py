"""A capote where the middle loses, found missing by the engine sweep (conformance/mutants/engine_sweep.py,
scoring-0084 and scoring-0012, 2026-12-03): Tute cabrero's `scoring.round: middle_loses` makes every other player
lose a capote, and an engine that made the capote's taker lose instead passed every case of tute-cabrero, where the
generator looked for capotes only where a rule names one (`match.at_once: capote`, the term `capote`)."""

from __future__ import annotations

from touti_dsl.cases import build, outcomes
from touti_dsl.cases.explore import Findings
from touti_dsl.engine import Game, scoring
from tests.cases.case_replay import played
from tests.conformance.scripts import ROOT, load_script

# the fault, as the hand-written mutant serves it
_always_void = load_script(ROOT / "conformance" / "mutants" / "cabrero-capote-taker-loses.py",
                           "cabrero_capote_taker_loses_mutant").always_void


def test_a_capote_where_the_middle_loses_has_its_case(monkeypatch):
    game = Game.from_spec("tute-cabrero")
    findings = Findings()
    build._look_for_a_capote(game, findings, 0)
    (case,) = outcomes.capote_cases(game, findings.rounds)
    assert case["rules"] == ["scoring.round"] and "every other side loses" in case["description"]
    state = played(game, case)
    expected = state.round_result()
    taker = scoring.capote_side(state)
    assert taker is not None and expected["losers"] == sorted({state.seating.team_of[s] for s in state.seating.in_play} - {taker})
    monkeypatch.setattr(scoring, "capote_voided", _always_void)
    assert played(game, case).round_result()["losers"] == [taker]

