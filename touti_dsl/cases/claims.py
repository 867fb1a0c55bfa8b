"""Cases for the claim of the rest: one claim that holds, one that does not.

The explorer's rounds (a stacked side claims as soon as it may, the others now and then)
hold claims of both kinds; the earliest of each becomes a case: the claimant's legal set,
the claim, then what it gives.  A claim that holds ends the round with every remaining
trick to the claimant's side; one that does not ends it with every remaining trick to the
opponents (`claim.false opponents_take_rest`), or leaves the play going on without another
claim of that side (`play_on`): then the case shows the claimant's legal set again.
"""

from __future__ import annotations

from ..engine import Game
from .explore import RoundRecord


def claim_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """The earliest claim that holds and the earliest that does not, each with its outcome."""
    if game.ruleset.claim is None:
        return []
    found: dict[bool, tuple[int, RoundRecord, int]] = {}
    for record in rounds:
        for at, (seat, action) in enumerate(record.history):
            if action != "claim":
                continue
            held = _held(game, record, at)
            if held not in found or at < found[held][0]:
                found[held] = (at, record, seat)
    return [_case(game, record, at, seat, held) for held, (at, record, seat) in sorted(found.items())]


def _state_before(game: Game, record: RoundRecord, at: int):
    state = game.new_round(**record.setup)
    for seat, action in record.history[:at]:
        state.apply(seat, action)
    return state


def _held(game: Game, record: RoundRecord, at: int) -> bool:
    state = _state_before(game, record, at)
    state.apply(record.history[at][0], "claim")
    return state.claims[-1][2]


def _case(game: Game, record: RoundRecord, at: int, seat: int, held: bool) -> dict:
    state = _state_before(game, record, at)
    steps = [{"op": "apply", "seat": s, "action": a} for s, a in record.history[:at]]
    steps.append({"op": "legal", "seat": seat, "expect": state.legal_actions(seat)})
    steps.append({"op": "apply", "seat": seat, "action": "claim"})
    state.apply(seat, "claim")
    if state.is_terminal():
        steps.append({"op": "round_result", "expect": state.round_result()})
        gives = "its side takes every remaining trick" if held else "the opponents take every remaining trick"
    else:
        steps.append({"op": "legal", "seat": seat, "expect": state.legal_actions(seat)})
        gives = "the play goes on, and the side may not claim again"
    rules = ["claim.window"] if held else ["claim.false"]
    kind = "holds" if held else "does not hold"
    description = f"seat {seat} claims the rest after {state.tricks_played} tricks and the claim {kind}: {gives}"
    return {"rules": rules, "polarity": "positive", "description": description, "setup": dict(record.setup), "steps": steps}
