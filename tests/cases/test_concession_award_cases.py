"""Conceded rounds of each way a concession's award of held declarations is decided (cases/concessions.py), found
missing by the engine sweep (conformance/mutants/engine_sweep.py, 2026-12-03): slips in ghna.py's award of held
pairs (the declared suits for the undeclared, every trump pair refused, the cap's room without what the team
declared) passed Atlas Carta's suite, whose one conceded round credited nothing that told them apart."""

from __future__ import annotations

from touti_dsl.cases import concessions
from touti_dsl.cases.explore import Explorer
from touti_dsl.engine import Game, ghna
from tests.conformance.scripts import ROOT, load_script

# the fault, as the hand-written mutant serves it
_whole_cap = load_script(ROOT / "conformance" / "mutants" / "concession-cap-room-ignores-declared.py",
                         "concession_cap_room_mutant").whole_cap


def _result(game: Game, case: dict) -> dict:
    state = game.new_round(**case["setup"])
    for step in case["steps"]:
        if step["op"] == "apply":
            state.apply(step["seat"], step["action"])
    return state.round_result()


def test_each_way_of_the_award_has_its_conceded_round_and_the_narrowed_cap_tells_the_whole_cap(monkeypatch):
    game = Game.from_spec("atlas-carta")
    findings = Explorer(game, 20261130).explore(40)
    for level in (100, 110):  # rigged campaigns: a side that declared and holds more
        Explorer(game, 20261630 + level, contract=level, findings=findings, rigged_pairs=True).explore(12)
    cases = concessions.award_cases(game, findings.rounds)
    by_way = {case["description"]: case for case in cases}
    assert set(by_way) == set(concessions.WAYS.values()) - {concessions.WAYS["withheld-by-require"]}  # no require line
    for case in cases:
        assert case["steps"][-1]["expect"] == _result(game, case)  # the case says what the reference gives
    narrowed = by_way[concessions.WAYS["withheld-after-declaring"]]
    monkeypatch.setattr(ghna, "_cap_room", _whole_cap)
    assert _result(game, narrowed) != narrowed["steps"][-1]["expect"]


def test_a_table_without_held_declarations_in_the_award_gets_no_such_case():
    game = Game.from_spec("tute")
    assert concessions.award_cases(game, Explorer(game, 1).explore(2).rounds) == []


def test_a_held_pair_its_holder_may_not_declare_has_its_conceded_round(monkeypatch):
    """atlas-bid-winner-sings (`require bidder_only: bid_winner`): a conceded round where the partner holds a pair, not
    credited; an engine that credits every held pair (the ghna `require` lines ignored) fails it."""
    game = Game.from_spec("atlas-bid-winner-sings")
    cases = concessions.award_cases(game, Explorer(game, 20261130).explore(30).rounds)
    withheld = next(case for case in cases if case["description"] == concessions.WAYS["withheld-by-require"])
    assert withheld["rules"] == ["concession.award", "ghna.bidder_only"]
    assert withheld["steps"][-1]["expect"] == _result(game, withheld)
    monkeypatch.setattr(game.ruleset, "held_requirements", ())
    assert _result(game, withheld) != withheld["steps"][-1]["expect"]
