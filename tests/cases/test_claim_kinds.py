"""Claim cases of each way a claim of the rest holds, found missing by the engine sweep
(conformance/mutants/engine_sweep.py, claim-0058, 2026-12-03): a search that took the best card out of trumps for
the best trump, and called a claim lost when the others hold it, passed every case of tute-claim-the-rest, whose
one holding claim was made with the best cards."""

from __future__ import annotations

from touti_dsl.cases import claims
from touti_dsl.cases.explore import Explorer
from touti_dsl.engine import Game, claim
from tests.cases.case_replay import played
from tests.conformance.scripts import ROOT, load_script

# the faults, as the hand-written mutants serve them
MUTANTS = ROOT / "conformance" / "mutants"
_lost_to_best_plain_card = load_script(MUTANTS / "claim-lost-to-best-plain-card.py",
                                       "claim_lost_to_best_plain_card_mutant").lost_to_best_plain_card
_masters_win = load_script(MUTANTS / "claim-masters-win-against-trumps.py", "claim_masters_win_mutant").masters_win


def test_a_claim_that_holds_by_trumping_the_others_best_cards_has_its_case(monkeypatch):
    game = Game.from_spec("tute-claim-the-rest")
    rounds = Explorer(game, 20261130).explore(40).rounds
    cases = claims.claim_cases(game, rounds)
    holding = [case for case in cases if case["rules"] == ["claim.window"]]
    assert len(holding) >= 2  # with the best cards, by trumping them (and so on: claims._standing)
    expected = [played(game, case).round_result() for case in holding]
    monkeypatch.setattr(claim.Search, "_lost_to_top_trump", _lost_to_best_plain_card)
    faulty = [played(game, case).round_result() for case in holding]
    assert any(got == want for got, want in zip(faulty, expected))  # the claim with the best cards: the fault agrees
    assert any(got != want for got, want in zip(faulty, expected))  # the claim made by trumping tells it


def test_a_claim_lost_although_every_card_of_the_side_is_the_best_of_its_suit_has_its_case(monkeypatch):
    """Too rare among the explored claims: searched for in random rounds (claims._search_ruffed_claim)."""
    game = Game.from_spec("tute-claim-the-rest")
    cases = claims.claim_cases(game, [])
    assert len(cases) == 1 and cases[0]["rules"] == ["claim.false"]
    (case,) = cases
    expected = played(game, case).round_result()
    assert expected == case["steps"][-1]["expect"]
    monkeypatch.setattr(claim.Search, "_all_winners", _masters_win)
    assert played(game, case).round_result() != expected
