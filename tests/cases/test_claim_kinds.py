"""Claim cases of each way a claim of the rest holds, found missing by the engine sweep
(conformance/mutants/engine_sweep.py, claim-0058, 2026-12-03): a search that took the best card out of trumps for
the best trump, and called a claim lost when the others hold it, passed every case of tute-claim-the-rest, whose
one holding claim was made with the best cards."""

from __future__ import annotations

from touti_dsl.cases import claims
from touti_dsl.cases.explore import Explorer
from touti_dsl.engine import Game, claim


def _lost_to_best_plain_card(search) -> bool:
    """The fault (conformance/mutants/claim-lost-to-best-plain-card.py)."""
    sim, trump = search.sim, search.sim.trump_suit
    best = max(((search.strength[c], seat) for seat, hand in enumerate(sim.hands) for c in hand
                if search.suit[c] != trump), default=None)
    return best is not None and search.team_of[best[1]] != search.team


def _played(game: Game, case: dict):
    state = game.new_round(**case["setup"])
    for step in case["steps"]:
        if step["op"] == "apply":
            state.apply(step["seat"], step["action"])
    return state


def test_a_claim_that_holds_by_trumping_the_others_best_cards_has_its_case(monkeypatch):
    game = Game.from_spec("tute-claim-the-rest")
    rounds = Explorer(game, 20261130).explore(40).rounds
    cases = claims.claim_cases(game, rounds)
    holding = [case for case in cases if case["rules"] == ["claim.window"]]
    assert len(holding) == 2  # with the best cards, and by trumping them
    expected = [_played(game, case).round_result() for case in holding]
    monkeypatch.setattr(claim.Search, "_lost_to_top_trump", _lost_to_best_plain_card)
    faulty = [_played(game, case).round_result() for case in holding]
    assert faulty[0] == expected[0] or faulty[1] == expected[1]  # one of them the fault leaves alone
    assert faulty != expected  # the other tells it
