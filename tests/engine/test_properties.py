"""Property tests over random deals and random legal play, for every bundled system.

A hypothesis RuleBasedStateMachine plays rounds (and match continuations) with random
legal actions and random illegal ones, checking at every step: cards are conserved; some
seat can act in every non-terminal state and none in a terminal one; every legal action
applies; every other action is refused with a rule id of the spec (or a reserved one) and
leaves the state unchanged; clone and to_json round trip; a finished round's card points
and last trick make 130.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from touti_dsl.engine import RESERVED_RULE_IDS, IllegalAction, RoundState

from ..conftest import SYSTEMS
from .helpers import game

GARBAGE = ("", " pass", "pass ", "Pass", "bid", "bid 080", "bid -10", "play", "play 9z", "play 1o 2o", "trump", "ghna x", "tute 12 12", "xyzzy")


def action_universe(rules) -> list[str]:
    """Every action text worth trying on a state of this spec, legal or not."""
    actions = ["pass", "swap", "concede", "agree", "refuse", *GARBAGE]
    if rules.bidding is not None:
        actions += [f"bid {n}" for n in range(0, rules.bidding.maximum + 2 * rules.bidding.step, 5)]
    for call in rules.calls:
        actions += [*call.texts, f"{call.name} zz"]
    actions += [f"trump {s}" for s in rules.suits] + [f"ghna {s}" for s in rules.suits]
    actions += list(rules.play_text) + [f"tute {r}" for r in rules.ranks]
    return actions



def total_cards(state: RoundState) -> list[int]:
    cards = [c for hand in state.hands for c in hand] + list(state.trick_cards)
    cards += [c for _, played, _ in state.tricks for c in played]
    return sorted(cards)


class EngineMachine(RuleBasedStateMachine):
    """Random rounds of one system (set by the subclass)."""

    system = "atlas-carta"

    @initialize(seed=st.integers(0, 2**32 - 1))
    def deal(self, seed):
        self.game = game(self.system)
        self.spec_ids = set(self.game.spec.rule_ids)
        self.universe = action_universe(self.game.ruleset)
        self.state = self.game.new_round(seed=seed)

    @rule(data=st.data())
    def legal_action_applies(self, data):
        state = self.state
        if state.is_terminal():
            more = not state.match_result()["over"]
            self.state = state.next_round(seed=data.draw(st.integers(0, 999))) if more else self.game.new_round(seed=0)
            return
        seat = data.draw(st.sampled_from(state.actors()))
        state.apply(seat, data.draw(st.sampled_from(state.legal_actions(seat))))

    @rule(data=st.data())
    def illegal_action_refused(self, data):
        seat = data.draw(st.integers(0, 3))
        legal = set(self.state.legal_actions(seat))
        action = data.draw(st.sampled_from([a for a in self.universe if a not in legal]))
        before = self.state.to_json()
        with pytest.raises(IllegalAction) as caught:
            self.state.apply(seat, action)
        assert caught.value.rule_id in RESERVED_RULE_IDS or caught.value.rule_id in self.spec_ids, caught.value.rule_id
        assert caught.value.message
        assert self.state.to_json() == before

    @invariant()
    def cards_conserved(self):
        assert total_cards(self.state) == list(range(40))

    @invariant()
    def someone_can_act_until_the_end(self):
        assert bool(self.state.actors()) != self.state.is_terminal()
        assert self.state.actors() == [s for s in range(4) if self.state.legal_actions(s)]

    @invariant()
    def clone_and_json_round_trip(self):
        data = self.state.to_json()
        assert self.state.clone().to_json() == data
        again = RoundState.from_json(self.game, data)
        assert again.to_json() == data
        assert [again.legal_actions(s) for s in range(4)] == [self.state.legal_actions(s) for s in range(4)]

    @invariant()
    def finished_round_counts_130(self):
        state = self.state
        if state.is_terminal():
            result = state.round_result()
            if not result["void"] and result["tute"] is None:
                assert sum(result["card_points"]) == 120 and result["last_trick"] is not None
                assert sum(result["totals"]) - sum(result["ghna"]) == 130
            if result["contract"] is not None:
                winner, amount = result["winner"], result["contract"]["amount"]
                assert result["made"] == (winner == result["contract"]["team"])
                assert result["score_changes"][winner] == amount and result["score_changes"][1 - winner] == 0


# Each example plays up to 200 steps and checks every invariant after each: the four machines were among the slowest
# tests, so the default run plays half the 'ci' profile's examples; --thorough plays the 'thorough' profile's.
CI_MACHINE_EXAMPLES = 20


def machine_for(system: str, thorough: bool = True):
    machine = type(f"Machine_{system.replace('-', '_')}", (EngineMachine,), {"system": system})
    budget = {} if thorough else {"max_examples": CI_MACHINE_EXAMPLES}
    machine.TestCase.settings = settings(settings.default, stateful_step_count=200, **budget)
    return machine


@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
def test_random_play_state_machine(system, request):
    machine_for(system, request.config.getoption("--thorough")).TestCase().runTest()


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_round_terminates(system):
    """Random legal play always finishes a round, well within 400 actions."""
    g = game(system)
    for seed in range(150):
        rng = random.Random(seed)
        state = g.new_round(seed=seed)
        for _ in range(400):
            if state.is_terminal():
                break
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.is_terminal()
        state.round_result()


EXAMPLE_SPECS = tuple(sorted(str(p) for p in (Path(__file__).resolve().parents[2] / "spec" / "examples").glob("*.touti")))


@pytest.mark.parametrize("system", SYSTEMS + EXAMPLE_SPECS)
def test_an_action_is_accepted_exactly_when_it_is_in_the_legal_set(system):
    """`apply` looks for a bid among the bids and a card among the cards, without building the whole legal set
    (a spec with hundreds of calls evaluated all of them for every bid): on a state whose legal sets were never
    asked for, every action of the universe must still be accepted exactly when `legal_actions` lists it."""
    the_game = game(system)
    rules, rng = the_game.ruleset, random.Random(system)
    universe = action_universe(rules)
    for _ in range(1):
        state = the_game.new_round(seed=rng.randrange(10**6))
        while not state.is_terminal():
            snapshot = state.to_json()
            untouched = RoundState.from_json(the_game, snapshot)  # no legal set computed yet (its clones neither)
            for seat in range(rules.seats):
                legal = set(state.legal_actions(seat))
                for action in universe + sorted(legal):
                    fresh = untouched.clone()
                    try:
                        fresh.apply(seat, action)
                        accepted = True
                    except IllegalAction:
                        accepted = False
                    assert accepted == (action in legal), (system, seat, action, snapshot)
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
