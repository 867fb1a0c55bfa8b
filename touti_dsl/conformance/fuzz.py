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
from functools import reduce
from operator import or_
from typing import Callable

from ..cases.candidates import for_phase
from ..cases.explore import capote_deal, capote_move, formula_has_condition, reads_capote
from ..engine import Game
from ..engine.claim import costly as costly_claim
from ..engine.game import Dealt, split_deck
from ..engine.levels import LEVELS
from ..engine.ruleset import gone_from
from ..engine.refusals import refused_by_apply, refusal
from .adapter import ACCEPTED, ENCODE, actions_text, refusal_text, result_text, seats_text, winner_text
from .features import actors_only_through, feature_of, kind_names

CAPOTE_RATE = 0.1  # share of rounds dealt for a capote, where a rule reads one or a formula's condition an extreme
PROBE_RATE = 0.15  # share of moves preceded by a refusal probe
PROBE_BELOW = round(PROBE_RATE * 0x10000)  # PROBE_RATE of a 16-bit draw
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
    sent: list[str] = field(default_factory=list)  # each step as the request sends it, as JSON text, written while playing
    replies: list[str] = field(default_factory=list)  # each step's output as the reference adapter writes it
    # A brief round's case is its head only (no steps): `full_case` plays it again, in full, when it must be judged
    replay: Callable[[], "Played"] | None = None
    capote_deal: bool = False  # dealt so that one side may take every trick (random_round)

    def full_case(self) -> dict:
        """The case with every step and expectation (a brief round is played again for it, once)."""
        if self.replay is not None:
            self.case, self.replay = self.replay().case, None
        return self.case

    def line(self) -> bytes:
        """The case request as one protocol line: `protocol.encode(protocol.case_request(case))`, byte for byte.

        The steps' texts were written while the round was played (most are the same few
        texts: an actors step, a legal step per seat), so sending a round costs neither a
        second walk over its case nor a JSON encoding of its hundred-odd steps.
        """
        case = self.case
        return "".join((f'{{"type":"case","id":{_text(case["id"])},"system":{_text(case["system"])},"setup":',
                        ENCODE(case["setup"]),
                        ',"steps":[', ",".join(self.sent), "]}\n")).encode("utf-8")

    def reply(self) -> bytes:
        """The reply line of the reference adapter (`touti adapter`) to `line()`, byte for byte, without its newline.

        A reply equal to it passes without being decoded or compared step by step (the
        runner's Job.start takes it as `expected`); any other reply, however slightly it
        differs (spacing, key order, the order of a set), is judged as ever.
        """
        return "".join((f'{{"type":"result","id":{_text(self.case["id"])},"outputs":[', ",".join(self.replies), "]}")).encode("utf-8")


def _text(value: str) -> str:
    """A string as protocol.encode writes it."""
    return ENCODE(value)


@dataclass
class Bias:
    """What the random player favours in one round (drawn once per round)."""

    contract: int | None = None
    absent: frozenset[str] = field(default_factory=frozenset)
    concede: float = 0.05


def _options(actors: list[int], legal: list[list[str]], absent: frozenset[str],
             kinds: frozenset[str]) -> tuple[list[int] | None, list[str]]:
    """Every action legal now, in a fixed order (actor by actor), without the absent features' actions (unless
    that leaves none): (the seat of each option, or None when there is one actor; the actions).

    Most moves have one actor and no absent feature: its legal list is the options, as it is.
    """
    if len(actors) == 1 and not absent:
        return None, legal[0]
    owners = [seat for seat, actions in zip(actors, legal) for _ in actions]
    found = [action for actions in legal for action in actions]
    if absent:
        kept = [index for index, action in enumerate(found) if feature_of(action, kinds) not in absent]
        if kept:
            owners, found = [owners[index] for index in kept], [found[index] for index in kept]
    return owners, found


# The fixed candidates of each (ruleset, phase); the ruleset is kept beside them so that its id is never reused by another
_BY_PHASE: dict[tuple[int, str], tuple[object, tuple[str, ...]]] = {}


def probe_candidates(game: Game, state, seat: int, legal: list[str] | None = None) -> list[str]:
    """Illegal actions worth trying for `seat` now: near misses of every kind (cases/candidates.py).

    The fixed candidates of the phase, then every card in the hand and the first card not
    in it; `legal` is the seat's legal set when the caller has it already.
    """
    rules = game.ruleset
    known = _BY_PHASE.get((id(rules), state.phase))
    if known is None:  # the same for every state of a phase: computed once
        known = _BY_PHASE[(id(rules), state.phase)] = (rules, for_phase(rules, state.phase))
    hand, text = state.hands[seat], rules.play_text
    allowed = set(state.legal_actions(seat) if legal is None else legal)
    tries = [action for action in known[1] if action not in allowed]
    tries += [action for card in hand if (action := text[card]) not in allowed]
    if len(hand) < rules.ncards:
        held, missing = set(hand), 0
        while missing in held:
            missing += 1
        if text[missing] not in allowed:
            tries.append(text[missing])
    return tries


def play(game: Game, plan: Plan, absent: frozenset[str] = frozenset(), brief: bool = False) -> Played:
    """The case of a plan (deterministic); `brief`: the request and the reference's reply only (see _play)."""
    played = _play(game, plan.setup, lambda index, state, found: plan.choices[index] if index < len(plan.choices) else (0, 0),
                   absent, plan.label, brief)
    if brief:
        played.replay = lambda: play(game, plan, absent)
    return played


# The fields of a setup that `Dealt.setup` writes: `new_round(dealt=...)` takes them as card numbers
_DEALT_FIELDS = frozenset({"hands", "stock", "turned", "widow"})

# The texts of the query steps of a request (no expectation to strip: they are sent as they are)
ACTORS_TEXT, TRICK_WINNER_TEXT = '{"op":"actors"}', '{"op":"trick_winner"}'
RESULTS_TEXT = ('{"op":"round_result"}', '{"op":"match_result"}')
LEGAL_TEXTS = tuple(f'{{"op":"legal","seat":{seat}}}' for seat in range(8))  # a table seats at most 6
ONE_ACTOR_TEXTS = tuple(f"{ACTORS_TEXT},{legal}" for legal in LEGAL_TEXTS)  # `sent` is joined with commas
# The outputs of the actors step and of the legal step of a move with one actor, in one text: this head, then
# actions_text of the actor's legal set (the adapter's own texts, kept per legal set: most recur)
_ONE_ACTOR_HEADS = tuple(seats_text([seat]) + "," for seat in range(8))


class _StepTexts(dict):
    """The text of an action step by one seat, each written once (the engine's action texts: a bounded vocabulary)."""

    def __init__(self, op: str, seat: int):
        super().__init__()
        self.head = f'{{"op":"{op}","seat":{seat},"action":'

    def __missing__(self, action: str) -> str:
        found = self[action] = f"{self.head}{_text(action)}}}"
        return found


_APPLY_TEXTS = tuple(_StepTexts("apply", seat) for seat in range(8))
_REFUSE_TEXTS = tuple(_StepTexts("refuse", seat) for seat in range(8))


def _play(game: Game, setup: dict, choose, absent: frozenset[str], label: str, brief: bool = False,
          dealt: Dealt | None = None) -> Played:
    """Play a round, asking `choose(move index, state, options' actions)` for each (option, probe) pair.

    Each state's actors and legal sets are asked once and serve the choice, the actors
    step, the legal steps, the refusal probe and the outputs expected of the reference;
    `sent` is the request's steps as JSON text and `replies` the reference adapter's
    outputs as JSON text, written alongside, so that sending a round costs no second walk
    over its case and judging a reply equal to the reference's costs no decoding.

    A `brief` round writes only those texts: no case steps, and a refusal probe without
    the list of every rule that forbids it (the costliest part of a probe).  That is all
    a reply equal to the reference's needs; any other reply is judged on the full case,
    played again from the same choices (`Played.full_case`).
    """
    kinds = kind_names(game.ruleset)  # a kind's action reads as a pair's without the spec's kind names
    if dealt is None:
        state = game.new_round(**setup)
    else:  # the setup's deal as card numbers (random_deal): the same round, without reading its card texts back
        state = game.new_round(dealt=dealt, **{name: value for name, value in setup.items() if name not in _DEALT_FIELDS})
    steps: list[dict] | None = None if brief else []
    sent: list[str] = []
    replies: list[str] = []
    used: list[tuple[int, int]] = []
    probes = 0
    # bound once: the loop runs some forty times a round, on both sides of the pipe the hot path of touti fuzz
    send, reply, use = sent.append, replies.append, used.append
    actors_now, legal_now, apply = state.actors, state.legal_actions, state.apply
    heads, apply_texts = _ONE_ACTOR_HEADS, _APPLY_TEXTS
    while state.phase != "done":  # RoundState.is_terminal
        actors = actors_now()
        if len(actors) == 1 and not absent:  # most moves: one actor, whose legal list is the options, as it is
            seat = actors[0]
            owners, found = None, legal_now(seat)
            legal = [found]
            send(ONE_ACTOR_TEXTS[seat])  # the actors step and the actor's legal step, in one text
            reply(heads[seat] + actions_text(found))
        else:
            legal = [legal_now(seat) for seat in actors]
            owners, found = _options(actors, legal, absent, kinds)
            send(ACTORS_TEXT)
            reply(seats_text(actors))
            for seat, actions in zip(actors, legal):
                send(LEGAL_TEXTS[seat])
                reply(actions_text(actions))
        pick, probe = choose(len(used), state, found)
        if steps is not None:
            only = actors_only_through(dict(zip(actors, legal)), kinds) if _some_only_through(legal, kinds) else {}
            steps.append({"op": "actors", "expect": actors, "only_through": only} if only else {"op": "actors", "expect": actors})
            steps += [{"op": "legal", "seat": seat, "expect": actions} for seat, actions in zip(actors, legal)]
        if probe:
            probe = _probe(game, state, actors, legal, steps, sent, replies, probe, absent)
            probes += bool(probe)
        pick %= len(found)
        seat, action = actors[0] if owners is None else owners[pick], found[pick]
        before = state.tricks_played
        apply(seat, action)
        if steps is not None:
            steps.append({"op": "apply", "seat": seat, "action": action})
        send(apply_texts[seat][action])
        reply(ACCEPTED)
        use((pick, probe))
        if state.tricks_played > before:
            winner = state.last_trick_winner()
            if steps is not None:
                steps.append({"op": "trick_winner", "expect": winner})
            send(TRICK_WINNER_TEXT)
            reply(winner_text(winner))
    results = state.round_result(), state.match_result()
    sent += RESULTS_TEXT
    replies += map(result_text, results)
    if game.settings:  # the table or match settings chosen (`touti fuzz --set seats=5`): the case names them
        setup = dict(setup, settings=game.settings)
    case = {"id": f"fuzz-{label}", "system": game.spec.system, "rules": [FUZZ_RULE], "polarity": "positive",
            "description": f"fuzz round {label}".strip(), "setup": setup}
    if steps is not None:
        case["steps"] = steps + [{"op": "round_result", "expect": results[0]}, {"op": "match_result", "expect": results[1]}]
    if kinds:
        case["kinds"] = [kind.name for kind in game.ruleset.ghna.kinds]  # in spec order, as a generated case
    return Played(case, tuple(used), len(used), probes, sent, replies)


def _some_only_through(legal: list[list[str]], kinds: frozenset[str]) -> bool:
    """Whether an actor may act only through optional features (else `actors_only_through` is empty).

    Most moves have none, and an actor's first action is most often a core one (a card, a bid, a pass).
    """
    for actions in legal:
        if actions and feature_of(actions[0], kinds) is not None and all(
                feature_of(action, kinds) is not None for action in actions):
            return True
    return False


def _probe(game: Game, state, actors: list[int], legal: list[list[str]], steps: list[dict] | None, sent: list[str],
           replies: list[str], probe: int, absent: frozenset[str]) -> int:
    """Add the refusal of the probe-th illegal candidate (probe > 0); returns the probe kept (0: none).

    Every candidate is outside the legal set, so `refusal` names at least the rule the
    engine refuses it with (and the message the reference adapter writes); without
    `steps` (a brief round) only that refusal is asked, not every rule that forbids it.
    """
    index = (probe - 1) % len(actors) if actors else 0
    seat = actors[index] if actors else 0
    tries = probe_candidates(game, state, seat, legal[index] if actors else None)
    if absent:
        kinds = kind_names(game.ruleset)
        tries = [a for a in tries if feature_of(a, kinds) not in absent]
    if not tries:
        return 0
    action = tries[(probe - 1) % len(tries)]
    if steps is None:  # a brief round: the refusal `apply` makes, without every rule that forbids the action
        refused = refused_by_apply(state, seat, action)
    else:
        refused, rules = refusal(state, seat, action, legal=legal[index] if actors else None)
        steps.append({"op": "refuse", "seat": seat, "action": action, "rule": rules[0], "rules": rules})
    sent.append(_REFUSE_TEXTS[seat][action])
    replies.append(refusal_text(refused.rule_id, refused.message))
    return probe


# ---------------------------------------------------------------------- random plans


def random_deal(game: Game, rng: random.Random) -> tuple[dict, Dealt]:
    """A round's setup: a shuffled deal, a random dealer or first speaker, and sometimes scores near the match goal
    (games won, hands played, a count carried from the hands before); and its deal as `split_deck` shared it out (`Game.new_round(dealt=...)` takes it)."""
    rules = game.ruleset
    deck = _shuffled(rules.ncards, rng.getrandbits)
    pivot = rng.randrange(rules.seats)  # drawn after the shuffle, as always, so that a seed replays the same rounds
    dealt = split_deck(rules, deck, pivot if rules.has_dealer else None)  # the dealer may sit out
    setup = dealt.setup(rules)
    setup["dealer" if rules.has_dealer else "first_speaker"] = pivot
    if rules.match_end == "target" and rng.random() < 0.3:
        goal = rules.match_goal
        leader = max(0, goal - rng.choice((10, 40, 90, 150)))
        setup["scores"] = [leader] + [rng.randrange(0, goal, 10) for _ in range(rules.score_sides - 1)]
    for (field, _), needed in zip(LEVELS, rules.match_levels):  # games (and cotos) already won, sometimes
        if rng.random() < 0.3:
            setup[field] = [rng.randrange(needed) for _ in range(rules.score_sides)]
    if rules.match_end == "rounds" and rng.random() < 0.5:  # the last hand, one short of it, or a tie played on
        setup["played"] = max(0, rules.match_goal - rng.choice((0, 1, 2)))
    if rules.match_end == "elimination" and rng.random() < 0.5:
        setup, dealt = _eliminated_setup(rules, deck, rng, setup["dealer"])
    if rules.match_carry is not None and rng.random() < 0.5:  # what each side carries from the hands before
        most = sum(rules.card_points) + rules.last_trick_bonus
        setup["carried"] = [rng.randrange(most + 1) for _ in range(rules.score_sides)]
    return setup, dealt


_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}  # a deck size -> the (place, bound, bits) of each swap


def _shuffled(size: int, getrandbits) -> list[int]:
    """`list(range(size))` shuffled as `random.shuffle` shuffles it from the same generator, draw for draw (its
    algorithm written out, without a function call per card: the deal is a fifth of preparing a round)."""
    swaps = _SWAPS.get(size)
    if swaps is None:
        swaps = _SWAPS[size] = tuple((place, place + 1, (place + 1).bit_length()) for place in reversed(range(1, size)))
    deck = list(range(size))
    for place, bound, bits in swaps:
        other = getrandbits(bits)
        while other >= bound:
            other = getrandbits(bits)
        deck[place], deck[other] = deck[other], deck[place]
    return deck


def _eliminated_setup(rules, deck: list[int], rng: random.Random, dealer: int) -> tuple[dict, Dealt]:
    """Porotos short of the limit, and some players already out (`match.end elimination`) while more than
    `match.remaining` are left; the dealer is one of those left, and the deal passes the others by."""
    scores = [rng.randrange(rules.match_goal) for _ in range(rules.seats)]
    for seat in rng.sample(range(rules.seats), rng.randrange(rules.seats - rules.match_remaining)):
        scores[seat] = rules.match_goal
    gone = gone_from(rules, scores)
    dealer = dealer if dealer not in gone else min(set(range(rules.seats)) - gone)
    dealt = split_deck(rules, deck, dealer, gone)
    return {**dealt.setup(rules), "dealer": dealer, "scores": scores}, dealt


def random_round(game: Game, rng: random.Random, absent: frozenset[str] = frozenset(), label: str = "",
                 brief: bool = False) -> tuple[Plan, Played]:
    """A round played by a biased random player: its plan (the choice sequence) and its case, in one pass
    (`brief`: the request and the reference's reply only, the case played again when asked: `Played.full_case`)."""
    setup, dealt = random_deal(game, rng)
    bias = _bias(game, rng, absent)
    if _wants_extremes(game) and rng.random() < CAPOTE_RATE:
        made = _capote_round(game, rng, setup, absent, label, brief)
        if made is not None:
            return made

    draw, chance, plain, contract, concede = rng.getrandbits, rng.random, _PLAIN.issuperset, bias.contract is not None, bias.concede
    probe_below = PROBE_BELOW

    def choose(index: int, state, found) -> tuple[int, int]:
        # one draw of 48 bits a move: whether to probe (16 bits), which candidate (16), which option (16)
        bits = draw(48)
        probe = 1 + (bits >> 16 & 0xFFFF) % 63 if bits & 0xFFFF < probe_below else 0
        if found[-1] == "concede":  # most of the play where a concession is open: _wanted's first case, inlined
            last = len(found) - 1
            if last and state.phase != "bidding" and plain(found[:last]):
                return (last if chance() < concede else (bits >> 32) % last), probe
        elif plain(found) and not (contract and state.phase == "bidding"):  # many moves: nothing to prefer
            return bits >> 32, probe  # reduced to the options' range by _play
        wanted = _wanted(found, state, bias, rng)
        return (wanted[(bits >> 32) % len(wanted)] if wanted else bits >> 32), probe

    played = _play(game, setup, choose, absent, label, brief, dealt)
    plan = Plan(setup, played.choices, label)
    if brief:
        played.replay = lambda: play(game, plan, absent)
    return plan, played


# Each game's answer to _wants_extremes; the game is kept beside it so that its id is never reused by another
_EXTREMES: dict[int, tuple[Game, bool]] = {}


def _wants_extremes(game: Game) -> bool:
    """Whether a rule reads a capote or a scoring formula has a condition: random play seldom reaches their far side
    (one side taking every trick), so some rounds are dealt for it."""
    known = _EXTREMES.get(id(game))
    if known is None:
        known = _EXTREMES[id(game)] = (game, reads_capote(game) or formula_has_condition(game.spec))
    return known[1]


def _capote_round(game: Game, rng: random.Random, setup: dict, absent: frozenset[str], label: str,
                  brief: bool) -> tuple[Plan, Played] | None:
    """A round on a capote deal (`cases.explore.capote_deal`, a random side strong), at the match position `setup`
    was drawn at: the strong side plays for every trick (`capote_move`), the others at random.  None where the
    table has no such deal."""
    rules = game.ruleset
    pivot = setup["dealer" if rules.has_dealer else "first_speaker"]
    made = capote_deal(game, pivot, rng.randrange(rules.seats), rng)
    if made is None:
        return None
    dealt_setup, trump, strong = made
    if rules.match_end != "elimination":  # (players out change the deal: the capote deal seats everyone)
        dealt_setup.update((name, value) for name, value in setup.items() if name in _MATCH_FIELDS)
    kinds = kind_names(rules)

    def choose(index: int, state, found) -> tuple[int, int]:
        probe = 1 + rng.randrange(63) if rng.random() < PROBE_RATE else 0
        seat, action = capote_move(game, state, rng, trump, strong)
        actors = state.actors()
        owners, options = _options(actors, [state.legal_actions(each) for each in actors], absent, kinds)
        for pick, option in enumerate(options):
            if option == action and (owners is None or owners[pick] == seat):
                return pick, probe
        return rng.randrange(len(found)), probe  # the strong side's move is an absent feature's: any other

    played = _play(game, dealt_setup, choose, absent, label, brief)
    played.capote_deal = True
    plan = Plan(dealt_setup, played.choices, label)
    if brief:
        played.replay = lambda: play(game, plan, absent)
    return plan, played


# The fields of a setup that say where the match stands (random_deal draws them): a capote deal keeps them
_MATCH_FIELDS = frozenset({"scores", "played", "carried", *(name for name, _ in LEVELS)})


def _bias(game: Game, rng: random.Random, absent: frozenset[str]) -> Bias:
    bidding = game.ruleset.bidding
    contract = None
    if bidding is not None and rng.random() < 0.7:  # every contract level, the caps' included
        contract = rng.randrange(bidding.minimum, bidding.maximum + 1, bidding.step)
    return Bias(contract, absent, concede=rng.choice((0.0, 0.05, 0.3)))


# What the biased player sees in an action: one bit per kind it looks for (0: a plain move)
DECLARE, VOTE, CONCEDE, CALL, CLAIM = 1, 2, 4, 8, 16
HEAD_KINDS = {"ghna": DECLARE, "tute": DECLARE, "swap": DECLARE, "agree": VOTE, "refuse": VOTE, "concede": CONCEDE,
              "claim": CLAIM}
NOT_CALLS = frozenset({None, "concession", "swap", "tute"})  # the features whose actions are no call (lend is one)
_KINDS: dict[str, int] = {}  # the engine's action texts only: a spec has a bounded vocabulary


_PLAIN: set[str] = set()  # the actions of _KINDS of kind 0 (a plain move)


def _kind(action: str) -> int:
    found = _KINDS.get(action)
    if found is None:
        found = _KINDS[action] = HEAD_KINDS.get(action.split(" ", 1)[0], 0) | (CALL if feature_of(action) not in NOT_CALLS else 0)
        if not found:
            _PLAIN.add(action)
    return found


def _wanted(found: list[str], state, bias: Bias, rng: random.Random) -> list[int] | range | None:
    """The indices of the options the biased player prefers now (empty or None: any option).

    Declarations (80%), then votes, concessions (the round's rate), calls (30%), the
    bidding towards the round's contract, else any move but a concession (nor a claim of the rest with
    more than the last few tricks left: `engine.claim.costly`, whose search the reference may take
    longer than the round's timeout to decide).  The random
    draws are made only where such options exist, always in this order (a seed plays
    the same rounds).
    """
    last = len(found) - 1
    if found[last] == "concede" and last and state.phase != "bidding" and _PLAIN.issuperset(found[:last]):
        # most of the play: plain moves and a concession (known already): the general case below, without its lists
        return [last] if rng.random() < bias.concede else range(last)
    seen = _seen(found)
    present = seen.present
    if not present:
        if state.phase == "bidding" and bias.contract is not None:
            return seen.towards(bias.contract)
        return None
    if present & DECLARE and rng.random() < 0.8:
        return seen.of_kind(DECLARE)
    if present & VOTE:
        return seen.of_kind(VOTE)
    if present & CONCEDE and rng.random() < bias.concede:
        return seen.of_kind(CONCEDE)
    costly = CLAIM if present & CLAIM and costly_claim(state) else 0  # a claim the reference may not decide in time
    if present & CALL and rng.random() < 0.3:
        calls = seen.of_kind(CALL, costly)
        if calls:
            return calls
    if state.phase == "bidding" and bias.contract is not None:
        return seen.towards(bias.contract)
    shunned = CONCEDE | costly
    return seen.without(shunned) if present & shunned else None


class _Seen:
    """What the biased player sees in one list of options: the kinds present, and the indices it may prefer.

    Worked out once per distinct list (the bidding's lists recur round after round) and
    kept in `_SEEN`; the lists it returns are its own, never changed by their users.
    """

    __slots__ = ("found", "kinds", "present", "_of_kind", "_towards")

    def __init__(self, found: tuple[str, ...]):
        self.found = found
        self.kinds = kinds = tuple(map(_kind, found))
        self.present = reduce(or_, kinds, 0)  # every kind among the options, one bit each
        self._of_kind: dict[tuple[int | None, int], list[int]] = {}
        self._towards: dict[int, list[int]] = {}

    def of_kind(self, kind: int, excluding: int = 0) -> list[int]:
        """The options of a `kind` bit and of none of the `excluding` bits."""
        found = self._of_kind.get((kind, excluding))
        if found is None:
            found = self._of_kind[kind, excluding] = [i for i, each in enumerate(self.kinds) if each & kind and not each & excluding]
        return found

    def without(self, excluding: int) -> list[int]:
        """The options of none of the `excluding` bits (plain moves among them)."""
        found = self._of_kind.get((None, excluding))
        if found is None:
            found = self._of_kind[None, excluding] = [i for i, each in enumerate(self.kinds) if not each & excluding]
        return found

    def towards(self, contract: int) -> list[int]:
        found = self._towards.get(contract)
        if found is None:
            found = self._towards[contract] = _towards(self.found, contract)
        return found


_SEEN: dict[tuple[str, ...], _Seen] = {}
_SEEN_KEPT = 20_000  # a long run meets ever new lists of options (hands of cards): the memo stops growing there


def _seen(found: list[str]) -> _Seen:
    key = tuple(found)
    seen = _SEEN.get(key)
    if seen is None:
        seen = _Seen(key)
        if len(_SEEN) < _SEEN_KEPT:
            _SEEN[key] = seen
    return seen


def _towards(found: list[str] | tuple[str, ...], contract: int) -> list[int]:
    """Bid up to the contract level, then pass: the first of the highest bids not above the contract, else the passes."""
    best, chosen = None, None
    for index, action in enumerate(found):
        amount = _BID_AMOUNTS.get(action, _UNSEEN)
        if amount is _UNSEEN:
            words = action.split()
            # a bid on a rank (`bid rank 3`) comes before every bid in points: the next rank called, down to the last
            amount = _BID_AMOUNTS[action] = (0 if words[1] == "rank" else int(words[1])) if words[0] == "bid" else None
        if amount is not None and amount <= contract and (best is None or amount > best):
            best, chosen = amount, index
    if chosen is not None:
        return [chosen]
    return [index for index, action in enumerate(found) if action == "pass"]


_UNSEEN = object()
_BID_AMOUNTS: dict[str, int | None] = {}  # an action's bid amount (None: no bid); the engine's action texts only
