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
from ..engine import Game
from ..engine.game import split_deck
from ..engine.ruleset import gone_from
from ..engine.refusals import forbidding_rules
from .features import actors_only_through, feature_of
from .protocol import case_request

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
    sent: list[dict] = field(default_factory=list)  # the steps as a request sends them, built while playing

    def request(self) -> dict:
        """The case as sent to an implementation: what protocol.case_request gives, without a second walk over the steps."""
        if not self.sent:
            return case_request(self.case)
        case = self.case
        return {"type": "case", "id": case["id"], "system": case["system"], "setup": case["setup"], "steps": self.sent}


@dataclass
class Bias:
    """What the random player favours in one round (drawn once per round)."""

    contract: int | None = None
    absent: frozenset[str] = field(default_factory=frozenset)
    concede: float = 0.05


def options(state, absent: frozenset[str]) -> list[tuple[int, str]]:
    """Every (seat, action) legal now, in a fixed order, without the absent features' actions."""
    actors = state.actors()
    return _options(actors, [state.legal_actions(seat) for seat in actors], absent)


def _options(actors: list[int], legal: list[list[str]], absent: frozenset[str]) -> list[tuple[int, str]]:
    found = [(seat, action) for seat, actions in zip(actors, legal) for action in actions]
    if not absent:
        return found
    return [o for o in found if feature_of(o[1]) not in absent] or found


_BY_PHASE: dict[tuple[int, str], tuple[str, ...]] = {}


def probe_candidates(game: Game, state, seat: int) -> list[str]:
    """Illegal actions worth trying for `seat` now: near misses of every kind (cases/candidates.py)."""
    rules = game.ruleset
    key = (id(rules), state.phase)
    if key not in _BY_PHASE:  # the same for every state of a phase: computed once
        _BY_PHASE[key] = for_phase(rules, state.phase)
    hand = [rules.card_text[c] for c in state.hands[seat]]
    others = [next(text for text in rules.card_text if text not in hand)] if len(hand) < len(rules.card_text) else []
    legal = set(state.legal_actions(seat))
    return [a for a in _BY_PHASE[key] + hand_candidates(rules, hand, others) if a not in legal]


def play(game: Game, plan: Plan, absent: frozenset[str] = frozenset()) -> Played:
    """The case of a plan (deterministic)."""
    return _play(game, plan.setup, lambda index, state, found: plan.choices[index] if index < len(plan.choices) else (0, 0),
                 absent, plan.label)


# The query steps of a case, one shared object each: a request sends them as they are (no expectation to strip)
_LEGAL_STEPS: dict[int, dict] = {}
_TRICK_WINNER = {"op": "trick_winner"}


def _legal_step(seat: int) -> dict:
    step = _LEGAL_STEPS.get(seat)
    if step is None:
        step = _LEGAL_STEPS[seat] = {"op": "legal", "seat": seat}
    return step


def _play(game: Game, setup: dict, choose, absent: frozenset[str], label: str) -> Played:
    """Play a round, asking `choose(move index, state, options)` for each (option, probe) pair.

    Each state's actors and legal sets are asked once and serve the choice, the actors
    step and the legal steps; `sent` is the request's steps, built alongside (the
    expectations apart), so that sending a round costs no second walk over its case.
    """
    state = game.new_round(**setup)
    steps: list[dict] = []
    sent: list[dict] = []
    used: list[tuple[int, int]] = []
    probes = 0
    while not state.is_terminal():
        actors = state.actors()
        legal = [state.legal_actions(seat) for seat in actors]
        found = _options(actors, legal, absent)
        pick, probe = choose(len(used), state, found)
        only = actors_only_through(dict(zip(actors, legal))) if _some_only_through(legal) else {}
        steps.append({"op": "actors", "expect": actors, "only_through": only} if only else {"op": "actors", "expect": actors})
        sent.append(_ACTORS)
        for seat, actions in zip(actors, legal):
            steps.append({"op": "legal", "seat": seat, "expect": actions})
            sent.append(_legal_step(seat))
        probe = _probe(game, state, actors, steps, sent, probe, absent)
        probes += bool(probe)
        pick %= len(found)
        seat, action = found[pick]
        before = state.tricks_played
        state.apply(seat, action)
        move = {"op": "apply", "seat": seat, "action": action}
        steps.append(move)
        sent.append(move)
        used.append((pick, probe))
        if state.tricks_played > before:
            steps.append({"op": "trick_winner", "expect": state.last_trick_winner()})
            sent.append(_TRICK_WINNER)
    steps.append({"op": "round_result", "expect": state.round_result()})
    steps.append({"op": "match_result", "expect": state.match_result()})
    sent += [_ROUND_RESULT, _MATCH_RESULT]
    case = {"id": f"fuzz-{label}", "system": game.spec.system, "rules": [FUZZ_RULE], "polarity": "positive",
            "description": f"fuzz round {label}".strip(), "setup": setup, "steps": steps}
    return Played(case, tuple(used), len(used), probes, sent)


def _some_only_through(legal: list[list[str]]) -> bool:
    """Whether an actor may act only through optional features (else `actors_only_through` is empty).

    Most moves have none, and the test stops at each actor's first core action.
    """
    return any(actions and all(feature_of(action) is not None for action in actions) for actions in legal)


_ACTORS = {"op": "actors"}
_ROUND_RESULT = {"op": "round_result"}
_MATCH_RESULT = {"op": "match_result"}


def _probe(game: Game, state, actors: list[int], steps: list[dict], sent: list[dict], probe: int, absent: frozenset[str]) -> int:
    """Add the refusal of the probe-th illegal candidate (0: none); returns the probe kept.

    Every candidate is outside the legal set, so `forbidding_rules` (which tries it on a
    copy of the state) names at least the rule the engine refuses it with.
    """
    if not probe:
        return 0
    seat = actors[(probe - 1) % len(actors)] if actors else 0
    tries = [a for a in probe_candidates(game, state, seat) if feature_of(a) not in absent]
    if not tries:
        return 0
    action = tries[(probe - 1) % len(tries)]
    rules = forbidding_rules(state, seat, action)
    if not rules:  # pragma: no cover - a candidate outside the legal set is always refused
        return 0
    steps.append({"op": "refuse", "seat": seat, "action": action, "rule": rules[0], "rules": rules})
    sent.append({"op": "refuse", "seat": seat, "action": action})
    return probe


# ---------------------------------------------------------------------- random plans


def random_setup(game: Game, rng: random.Random) -> dict:
    """A shuffled deal, a random dealer or first speaker, and sometimes scores near the match goal (and games won)."""
    rules = game.ruleset
    deck = list(range(rules.ncards))
    rng.shuffle(deck)
    pivot = rng.randrange(rules.seats)  # drawn after the shuffle, as always, so that a seed replays the same rounds
    setup = split_deck(rules, deck, pivot if rules.has_dealer else None).setup(rules)  # the dealer may sit out
    setup["dealer" if rules.has_dealer else "first_speaker"] = pivot
    if rules.match_end == "target" and rng.random() < 0.3:
        goal = rules.match_goal
        leader = max(0, goal - rng.choice((10, 40, 90, 150)))
        setup["scores"] = [leader] + [rng.randrange(0, goal, 10) for _ in range(rules.score_sides - 1)]
    if rules.match_games is not None and rng.random() < 0.3:
        setup["games"] = [rng.randrange(rules.match_games) for _ in range(rules.score_sides)]
    if rules.match_end == "elimination" and rng.random() < 0.5:
        setup = _eliminated_setup(rules, deck, rng, setup["dealer"])
    return setup


def _eliminated_setup(rules, deck: list[int], rng: random.Random, dealer: int) -> dict:
    """Porotos short of the limit, and some players already out (`match.end elimination`) while more than
    `match.remaining` are left; the dealer is one of those left, and the deal passes the others by."""
    scores = [rng.randrange(rules.match_goal) for _ in range(rules.seats)]
    for seat in rng.sample(range(rules.seats), rng.randrange(rules.seats - rules.match_remaining)):
        scores[seat] = rules.match_goal
    gone = gone_from(rules, scores)
    dealer = dealer if dealer not in gone else min(set(range(rules.seats)) - gone)
    return {**split_deck(rules, deck, dealer, gone).setup(rules), "dealer": dealer, "scores": scores}


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
    wanted = _wanted(found, state, bias, rng)
    return rng.choice(wanted) if wanted else rng.randrange(len(found))


# What the biased player sees in an action: one bit per kind it looks for (0: a plain move)
DECLARE, VOTE, CONCEDE, CALL = 1, 2, 4, 8
HEAD_KINDS = {"ghna": DECLARE, "tute": DECLARE, "swap": DECLARE, "agree": VOTE, "refuse": VOTE, "concede": CONCEDE}
NOT_CALLS = frozenset({None, "concession", "swap", "tute"})  # the features whose actions are no call (lend is one)
_KINDS: dict[str, int] = {}  # the engine's action texts only: a spec has a bounded vocabulary


def _kind(action: str) -> int:
    found = _KINDS.get(action)
    if found is None:
        found = _KINDS[action] = HEAD_KINDS.get(action.split(" ", 1)[0], 0) | (CALL if feature_of(action) not in NOT_CALLS else 0)
    return found


def _wanted(found: list[tuple[int, str]], state, bias: Bias, rng: random.Random) -> list[int]:
    """The indices of the options the biased player prefers now (empty: any option).

    Declarations (80%), then votes, concessions (the round's rate), calls (30%), the
    bidding towards the round's contract, else any move but a concession.  The random
    draws are made only where such options exist, always in this order (a seed plays
    the same rounds).
    """
    known = _KINDS.get
    kinds = [known(action) for _, action in found]
    if None in kinds:
        kinds = [_kind(action) for _, action in found]
    if not any(kinds):  # plain moves only (most of the play): no draw to make
        if state.phase == "bidding" and bias.contract is not None:
            return _towards(found, bias.contract)
        return list(range(len(found)))
    declare = [i for i, kind in enumerate(kinds) if kind & DECLARE]
    if declare and rng.random() < 0.8:
        return declare
    votes = [i for i, kind in enumerate(kinds) if kind & VOTE]
    if votes:
        return votes
    concede = [i for i, kind in enumerate(kinds) if kind & CONCEDE]
    if concede and rng.random() < bias.concede:
        return concede
    calls = [i for i, kind in enumerate(kinds) if kind & CALL]
    if calls and rng.random() < 0.3:
        return calls
    if state.phase == "bidding" and bias.contract is not None:
        return _towards(found, bias.contract)
    return [i for i, kind in enumerate(kinds) if not kind & CONCEDE]


def _towards(found: list[tuple[int, str]], contract: int) -> list[int]:
    """Bid up to the contract level, then pass."""
    bids = [(int(words[1]), index) for index, words in enumerate(action.split() for _, action in found)
            if words[0] == "bid" and int(words[1]) <= contract]
    if bids:
        best = max(amount for amount, _ in bids)
        return [next(index for amount, index in bids if amount == best)]  # the first of the highest, as max() gives
    return [index for index, (_, action) in enumerate(found) if action == "pass"]
