"""Bids at the bounds of the bidding get their own witnesses (situations.bid_edge), found missing by the engine
sweep (conformance/mutants/engine_sweep.py, 2026-12-03): `bid ... > maximum` written `>=` in the engine's
explainer of a refused bid named `bidding.maximum` for a bid equal to the maximum already bid, which the floor
of `bidding.step` refuses, and no generated case made such a bid."""

from __future__ import annotations

import pytest

from touti_dsl.cases.build import refusal_case
from touti_dsl.cases.explore import Explorer
from touti_dsl.cases.situations import bid_edge
from touti_dsl.engine import Game, IllegalAction, bidding
from tests.conformance.scripts import ROOT, load_script

# the fault, as the hand-written mutant serves it
_maximum_inclusive = load_script(ROOT / "conformance" / "mutants" / "maximum-bid-again-over-maximum.py",
                                 "maximum_bid_again_mutant").maximum_inclusive


def test_a_bid_at_each_bound_is_told_from_the_others():
    game = Game.from_spec("atlas-carta")
    state = game.new_round(seed=3)
    speaker = state.actors()[0]
    rules = game.ruleset
    assert bid_edge(rules, state, speaker, "bid 70") == "+at:minimum+at:floor"
    assert bid_edge(rules, state, speaker, "bid 230") == "+at:maximum"
    assert bid_edge(rules, state, speaker, "bid 150") == ""
    assert bid_edge(rules, state, (speaker + 1) % 4, "bid 70") == ""  # out of turn: the amount does not matter
    assert bid_edge(rules, state, speaker, "pass") == ""
    state.apply(speaker, "bid 100")
    after = state.actors()[0]
    assert bid_edge(rules, state, after, "bid 100") == "+under:floor"
    assert bid_edge(rules, state, after, "bid 110") == "+at:floor"


@pytest.mark.parametrize("system", ["atlas-carta", "atlas-bid-names-trumps"])
def test_the_maximum_bid_again_is_refused_by_the_floor_and_a_case_tells_it_from_the_maximum(system, monkeypatch):
    game = Game.from_spec(system)
    maximum = game.ruleset.bidding.maximum
    findings = Explorer(game, 20261130, to_maximum=True).explore(1)
    again = [w for key, kept in findings.refused.items() if "+at:maximum" in key for w in kept
             if w.history and w.history[-1][1].split()[1] == str(maximum)]
    assert again, sorted(findings.refused)
    case = refusal_case(game, again[0])
    refused = case["steps"][-1]
    assert refused["op"] == "refuse" and refused["rule"] == "bidding.step" and "bidding.maximum" not in refused["rules"]
    # the case catches the fault: the faulty engine names a rule the case does not list
    monkeypatch.setattr(bidding, "refuse_bid", _maximum_inclusive)
    state = game.new_round(**case["setup"])
    for step in case["steps"][:-1]:
        if step["op"] == "apply":
            state.apply(step["seat"], step["action"])
    with pytest.raises(IllegalAction) as named:
        state.apply(refused["seat"], refused["action"])
    assert named.value.rule_id not in refused["rules"]


def test_the_maximum_campaign_keeps_only_bids_at_the_bounds():
    game = Game.from_spec("atlas-carta")
    findings = Explorer(game, 20261130, to_maximum=True).explore(1)
    kept = [key for table in (findings.refused, findings.accepted) for key in table]
    assert kept and all("+at:" in key or "+under:" in key for key in kept)
    accepted = [w for key, ws in findings.accepted.items() if "+at:maximum" in key for w in ws]
    assert any(w.action.split()[1] == str(game.ruleset.bidding.maximum) for w in accepted)
