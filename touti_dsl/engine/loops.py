"""Can a spec's auction go on forever?  The calls that can be repeated with nothing else happening.

Bids raise the highest bid and passes take a seat out, so only calls that keep their
maker in the bidding (`effect: stay`) can make an auction endless: a call made off-turn
that can be made again at once, or calls made on one's turn, round after round, by every
seat still in the bidding.  Whether a call can be made again is decided by the engine's
own compiled requirements (predicates.py), evaluated on every bidding situation that
matters to them: who is still in, who holds the highest bid, whose turn it is, whether
each player has spoken, holds an ace, and has already made the calls (at this level).
Nothing of the spec is run; a requirement the evaluation cannot decide, and a spec with
more than MAX_ANALYSED_CALLS calls, are left to the engine's bound
(bidding.MAX_CALLS_AT_ONE_BID).

`touti check` reports each endless call as E311 (checks.check_endless_calls).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .. import model as m
from ..errors import Diagnostic

if TYPE_CHECKING:
    from . import predicates

SEATS = range(4)
MAX_ANALYSED_CALLS = 16  # beyond, the situations to try grow too many for `touti check`: the bound decides
HIGH = 100  # any bid: the predicates only ask whether there is one, and who made it


@dataclass
class _Rules:
    partner: tuple[int, ...] = tuple((s + 2) % 4 for s in SEATS)  # checks E208: partners sit opposite
    partners: tuple[tuple[int, ...], ...] = tuple(((s + 2) % 4,) for s in SEATS)
    team_of: tuple[int, ...] = tuple(s % 2 for s in SEATS)
    seats: int = len(SEATS)
    opponents: tuple[tuple[int, int], ...] = tuple(((s + 1) % 4, (s + 3) % 4) for s in SEATS)
    top_rank: int = 1
    card_rank: dict = field(default_factory=lambda: {0: 1})


@dataclass
class _Situation:
    """The part of a round state that bidding predicates read."""

    turn: int | None
    out: list[bool]
    spoken: list[bool]
    high: int | None
    high_bidder: int | None
    calls_made: list[tuple]
    hands: list[list[int]]
    rules: _Rules = field(default_factory=_Rules)

    @property
    def seating(self) -> _Rules:  # the four seats of E208, in two facing teams
        return self.rules


@dataclass(frozen=True)
class _Call:
    name: str
    rule: m.Rule
    requirement: predicates.Test


def endless_calls(spec: m.Spec) -> list[Diagnostic]:
    """E311: each call that keeps its maker in the bidding and can be repeated forever, located at the call."""
    if len(spec.calls) > MAX_ANALYSED_CALLS or not spec.has("bidding.minimum"):
        return []
    calls = _stay_calls(spec)
    if not calls:
        return []
    every_call = list(spec.calls)
    found: dict[str, str] = {}
    for call, why in _off_turn_repeats(calls, every_call) + _own_turn_rounds(calls, every_call):
        found.setdefault(call.name, why)
    return [Diagnostic("E311", f"call {call.name} can be made again and again with nothing else happening, so the "
                               f"bidding may never end: {found[call.name]}", call.rule.loc,
                       f"add a requirement that stops a second call, like `require once: not made_at_level({call.name})`")
            for call in calls if call.name in found]


def _stay_calls(spec: m.Spec) -> list[_Call]:
    """The calls whose effect is `stay`, with their requirements compiled by the engine (undecidable ones left out)."""
    from . import ruleset  # imported only when there are calls to analyse: the engine costs `touti check` 0.2 s to import

    calls = []
    for name in spec.calls:
        rules = [r for r in spec.rules if r.kind == "call" and r.section == name]
        effect = next((r for r in rules if r.key == "effect"), None)
        if effect is not None and not (isinstance(effect.value, m.Word) and effect.value.value == "stay"):
            continue
        required = [r for r in rules if isinstance(r.value, m.Requirement)]
        if any(arg not in spec.calls for r in required for arg in _call_arguments(r.value.condition)):
            continue  # a requirement about a call the spec lacks is E402's, and would look like no guard at all
        try:
            compiled = [ruleset.compile_requirement(r, "call", None) for r in required]  # the engine's own compiler
        except Exception:  # noqa: BLE001 - an unknown term is E400's; what this analysis cannot compile is the bound's
            continue
        calls.append(_Call(name, effect or rules[0], _all(compiled)))
    return calls


def _call_arguments(expr) -> list[str]:
    """The call names the predicates of a condition take (`made(signal)` gives signal)."""
    if isinstance(expr, m.Pred):  # `calling(las)` names a value, not a call: read with no value, it binds nothing
        return [expr.arg] if expr.arg is not None and expr.name != "calling" else []
    inner = getattr(expr, "operands", None) or ([expr.operand] if hasattr(expr, "operand") else [])
    return [arg for part in inner for arg in _call_arguments(part)]


def _all(tests: list[predicates.Test]) -> predicates.Test:
    return lambda st, seat: all(test(st, seat, None) for test in tests)


def _usable(call: _Call, st: _Situation, seat: int) -> bool:
    try:
        return bool(call.requirement(st, seat))
    except Exception:  # noqa: BLE001 - a predicate reading state this model lacks: undecidable here
        return False


def _situations():
    """Every (seats in the bidding, high bidder, aces held) that leaves the bidding open."""
    for size in range(1, 5):
        for inside in itertools.combinations(SEATS, size):
            for high_bidder in (None, *SEATS):
                if high_bidder is not None and not set(inside) - {high_bidder}:
                    continue  # everyone else is out: the high bid is the contract
                for aces in (True, False):
                    yield inside, high_bidder, aces


def _state(inside, high_bidder, aces, turn, spoken, calls_made) -> _Situation:
    return _Situation(turn=turn, out=[s not in inside for s in SEATS], spoken=spoken,
                      high=None if high_bidder is None else HIGH, high_bidder=high_bidder,
                      calls_made=calls_made, hands=[[0] if aces else [] for _ in SEATS])


def _made_by(seats, names: list[str], high_bidder) -> list[tuple]:
    """Every call made at the current level by each of `seats` (the steady state of a repeating round)."""
    high = None if high_bidder is None else HIGH
    return [(seat, name, None, high) for seat in seats for name in names]


def _off_turn_repeats(calls: list[_Call], every_call: list[str]) -> list[tuple[_Call, str]]:
    """A call its maker can make again off-turn: nothing changes, so it can be made forever."""
    found = []
    for (inside, high_bidder, aces), spoken in itertools.product(_situations(), (True, False)):
        for turn, seat in itertools.product(inside, SEATS):
            if seat == turn:
                continue
            st = _state(inside, high_bidder, aces, turn, [spoken] * 4, _made_by(SEATS, every_call, high_bidder))
            found += [(call, f"seat {seat} can make it off-turn, again and again, while seat {turn} is to speak")
                      for call in calls if _usable(call, st, seat)]
        if found:
            return found
    return found


def _own_turn_rounds(calls: list[_Call], every_call: list[str]) -> list[tuple[_Call, str]]:
    """Calls made on one's turn by every seat still in the bidding, round after round: the turn never stops."""
    for inside, high_bidder, aces in _situations():
        made = _made_by(inside, every_call, high_bidder)
        chosen = []
        for seat in inside:
            st = _state(inside, high_bidder, aces, seat, [True] * 4, made)
            usable = [call for call in calls if _usable(call, st, seat)]
            if not usable:
                break
            chosen.append((seat, usable[0]))
        else:
            seats = ", ".join(str(seat) for seat, _ in chosen)
            who = (f"seat {seats}, alone in the bidding, can make it on its turn" if len(chosen) == 1
                   else f"with seats {seats} in the bidding, each can make a call on its turn")
            why = f"{who}, round after round, without bidding or passing"
            return [(call, why) for _, call in chosen]
    return []
