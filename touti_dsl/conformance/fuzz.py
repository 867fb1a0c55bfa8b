"""Differential play: seeded random rounds as cases, expectations from the reference engine.

A round is a `Plan`: a deal and a *choice sequence*, one pair of small integers per move
(which of the options to take; which illegal candidate to probe first, 0 for none).
`play` turns a plan into an ordinary conformance case: at every move the actors, the
legal set of each actor, sometimes the refusal of an illegal candidate (with every rule
that forbids it), the move itself; the trick winner after each trick; the round result
and the match result at the end.  The same plan always gives the same case, so a
divergence can be shrunk by editing the plan (shrink.py) and replayed from its case file.

`random_round` biases the choices so that rare situations occur: every contract level,
several declarations in a round, signals and other calls, concessions, the swap, scores
near the match goal.  Options of a feature the implementation lacks are never chosen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cases.candidates import for_phase, hand_candidates
from ..cases.steps import actors_step, refuse_step
from ..engine import Game, IllegalAction
from ..engine.game import split_deck
from .features import feature_of

PROBE_RATE = 0.15  # share of moves preceded by a refusal probe
FUZZ_RULE = "fuzz.round"  # pseudo tag of a fuzz case that no rule explains (never blamed: blame.py)


@dataclass(frozen=True)
class Plan:
    """A round to play: its setup and one (option, probe) pair per move; moves past the end take option 0."""

    setup: dict
    choices: tuple[tuple[int, int], ...] = ()
    label: str = ""


@dataclass
class Played:
    """A plan played on the reference: the case, and the choices actually used (each reduced to its range)."""

    case: dict
    choices: tuple[tuple[int, int], ...]
    moves: int = 0
    probes: int = 0


@dataclass
class Bias:
    """What the random player favours in one round (drawn once per round)."""

    contract: int | None = None
    absent: frozenset[str] = field(default_factory=frozenset)
    concede: float = 0.05


def options(state, absent: frozenset[str]) -> list[tuple[int, str]]:
    """Every (seat, action) legal now, in a fixed order, without the absent features' actions."""
    found = [(seat, action) for seat in state.actors() for action in state.legal_actions(seat)]
    return [o for o in found if feature_of(o[1]) not in absent] or found


_BY_PHASE: dict[tuple[int, str], tuple[str, ...]] = {}


def probe_candidates(game: Game, state, seat: int) -> list[str]:
    """Illegal actions worth trying for `seat` now: near misses of every kind (cases/candidates.py)."""
    rules = game.ruleset
    key = (id(rules), state.phase)
    if key not in _BY_PHASE:  # the same for every state of a phase: computed once
        _BY_PHASE[key] = for_phase(rules, state.phase)
    hand = [rules.card_text[c] for c in state.hands[seat]]
    others = [text for text in rules.card_text if text not in hand][:1]
    legal = set(state.legal_actions(seat))
    return [a for a in _BY_PHASE[key] + hand_candidates(rules, hand, others) if a not in legal]


def play(game: Game, plan: Plan, absent: frozenset[str] = frozenset()) -> Played:
    """The case of a plan (deterministic)."""
    return _play(game, plan.setup, lambda index, state, found: plan.choices[index] if index < len(plan.choices) else (0, 0),
                 absent, plan.label)


def _play(game: Game, setup: dict, choose, absent: frozenset[str], label: str) -> Played:
    """Play a round, asking `choose(move index, state, options)` for each (option, probe) pair."""
    state = game.new_round(**setup)
    steps: list[dict] = []
    used: list[tuple[int, int]] = []
    probes = 0
    while not state.is_terminal():
        found = options(state, absent)
        pick, probe = choose(len(used), state, found)
        steps.append(actors_step(state))
        steps += [{"op": "legal", "seat": seat, "expect": state.legal_actions(seat)} for seat in state.actors()]
        probe = _probe(game, state, steps, probe, absent)
        probes += bool(probe)
        pick %= len(found)
        seat, action = found[pick]
        before = state.tricks_played
        state.apply(seat, action)
        steps.append({"op": "apply", "seat": seat, "action": action})
        used.append((pick, probe))
        if state.tricks_played > before:
            steps.append({"op": "trick_winner", "expect": state.last_trick_winner()})
    steps.append({"op": "round_result", "expect": state.round_result()})
    steps.append({"op": "match_result", "expect": state.match_result()})
    case = {"id": f"fuzz-{label}", "system": game.spec.system, "rules": [FUZZ_RULE], "polarity": "positive",
            "description": f"fuzz round {label}".strip(), "setup": setup, "steps": steps}
    return Played(case, tuple(used), len(used), probes)


def _probe(game: Game, state, steps: list[dict], probe: int, absent: frozenset[str]) -> int:
    """Add the refusal of the probe-th illegal candidate (0: none); returns the probe kept."""
    if not probe:
        return 0
    seat = state.actors()[(probe - 1) % len(state.actors())] if state.actors() else 0
    tries = [a for a in probe_candidates(game, state, seat) if feature_of(a) not in absent]
    if not tries:
        return 0
    action = tries[(probe - 1) % len(tries)]
    try:
        state.clone().apply(seat, action)
    except IllegalAction as refusal:
        steps.append(refuse_step(state, seat, action, refusal.rule_id))
        return probe
    return 0  # pragma: no cover - a candidate outside the legal set is always refused


# ---------------------------------------------------------------------- random plans


def random_setup(game: Game, rng: random.Random) -> dict:
    """A shuffled deal, a random dealer or first speaker, and sometimes scores near the match goal (and games won)."""
    rules = game.ruleset
    deck = list(range(rules.ncards))
    rng.shuffle(deck)
    setup = split_deck(rules, deck).setup(rules)
    setup["dealer" if rules.has_dealer else "first_speaker"] = rng.randrange(rules.seats)
    if rules.match_end == "target" and rng.random() < 0.3:
        goal = rules.match_goal
        leader = max(0, goal - rng.choice((10, 40, 90, 150)))
        setup["scores"] = [leader] + [rng.randrange(0, goal, 10) for _ in range(rules.score_sides - 1)]
    if rules.match_games is not None and rng.random() < 0.3:
        setup["games"] = [rng.randrange(rules.match_games) for _ in range(rules.score_sides)]
    return setup


def random_round(game: Game, rng: random.Random, absent: frozenset[str] = frozenset(), label: str = "") -> tuple[Plan, Played]:
    """A round played by a biased random player: its plan (the choice sequence) and its case, in one pass."""
    setup = random_setup(game, rng)
    bias = _bias(game, rng, absent)

    def choose(index: int, state, found) -> tuple[int, int]:
        probe = rng.randrange(1, 64) if rng.random() < PROBE_RATE else 0
        return _biased_pick(found, state, bias, rng), probe

    played = _play(game, setup, choose, absent, label)
    return Plan(setup, played.choices, label), played


def _bias(game: Game, rng: random.Random, absent: frozenset[str]) -> Bias:
    bidding = game.ruleset.bidding
    contract = None
    if bidding is not None and rng.random() < 0.7:  # every contract level, the caps' included
        contract = rng.randrange(bidding.minimum, bidding.maximum + 1, bidding.step)
    return Bias(contract, absent, concede=rng.choice((0.0, 0.05, 0.3)))


def _biased_pick(found: list[tuple[int, str]], state, bias: Bias, rng: random.Random) -> int:
    indexed = list(enumerate(found))
    wanted = _wanted(indexed, state, bias, rng)
    return rng.choice(wanted)[0] if wanted else rng.randrange(len(found))


def _wanted(indexed, state, bias: Bias, rng: random.Random):
    """The options the biased player prefers now (empty: any option)."""
    heads = {i: action.split(" ", 1)[0] for i, (_, action) in indexed}
    declare = [o for o in indexed if heads[o[0]] in ("ghna", "tute", "swap")]
    if declare and rng.random() < 0.8:
        return declare
    votes = [o for o in indexed if heads[o[0]] in ("agree", "refuse")]
    if votes:
        return votes
    concede = [o for o in indexed if heads[o[0]] == "concede"]
    if concede and rng.random() < bias.concede:
        return concede
    calls = [o for o in indexed if feature_of(o[1][1]) not in (None, "concession", "swap", "tute")]
    if calls and rng.random() < 0.3:
        return calls
    if state.phase == "bidding" and bias.contract is not None:
        return _towards(indexed, heads, bias.contract)
    plain = [o for o in indexed if heads[o[0]] not in ("concede",)]
    return plain


def _towards(indexed, heads, contract: int):
    """Bid up to the contract level, then pass."""
    bids = [o for o in indexed if heads[o[0]] == "bid" and int(o[1][1].split()[1]) <= contract]
    if bids:
        return [max(bids, key=lambda o: int(o[1][1].split()[1]))]
    return [o for o in indexed if heads[o[0]] == "pass"]
