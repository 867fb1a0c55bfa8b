"""The state predicates of vocabulary.py, implemented once, and the Expr compiler.

A spec condition (`not made_at_level(signal)`, `trick_trumped`) is compiled once, at
`Game.from_spec` time, into a closure `test(state, seat) -> bool`; the state machine only
ever calls closures.  Bidding predicates are evaluated for the seat that would make a
call, play predicates for the seat about to play.
"""

from __future__ import annotations

from typing import Callable

from .. import model as m

Test = Callable[[object, int], bool]


def _opponents_bidding(st, seat: int) -> bool:
    return any(not st.out[o] for o in st.rules.opponents[seat])


def _last_speaker(st, seat: int) -> bool:
    return st.high is None and all(st.out[o] for o in range(4) if o != seat)


def _holds_ace(st, seat: int) -> bool:
    top = st.rules.top_rank
    rank_of = st.rules.card_rank
    return any(rank_of[c] == top for c in st.hands[seat])


BIDDING: dict[str, Test] = {
    "my_turn": lambda st, s: st.turn == s,
    "self_out": lambda st, s: st.out[s],
    "self_bidding": lambda st, s: not st.out[s],
    "spoken": lambda st, s: st.spoken[s],
    "partner_to_bid": lambda st, s: st.turn is not None and st.turn == st.rules.partner[s],
    "partner_bidding": lambda st, s: not st.out[st.rules.partner[s]],
    "partner_holds_high": lambda st, s: st.high_bidder is not None and st.high_bidder == st.rules.partner[s],
    "bid_made": lambda st, s: st.high is not None,
    "opponent_bidding": _opponents_bidding,
    "holds_ace": _holds_ace,
    "last_speaker": _last_speaker,
}


def _made(call: str) -> Test:
    return lambda st, s: any(r[0] == s and r[1] == call for r in st.calls_made)


def _made_at_level(call: str) -> Test:
    return lambda st, s: any(r[0] == s and r[1] == call and r[3] == st.high for r in st.calls_made)


BIDDING_WITH_CALL: dict[str, Callable[[str], Test]] = {"made": _made, "made_at_level": _made_at_level}


def _holds_suit(st, seat: int, suit: int | None) -> bool:
    suit_of = st.rules.card_suit
    return any(suit_of[c] == suit for c in st.hands[seat])


PLAY: dict[str, Test] = {
    "trick_trumped": lambda st, s: st.best_trump >= 0 and st.led_suit != st.trump_suit,
    "partner_winning": lambda st, s: bool(st.trick_cards) and st.trick_winner == st.rules.partner[s],
    "leading": lambda st, s: not st.trick_cards,
    "holds_led": lambda st, s: bool(st.trick_cards) and _holds_suit(st, s, st.led_suit),
    "holds_trump": lambda st, s: _holds_suit(st, s, st.trump_suit),
}


def predicate_names(phase: str) -> set[str]:
    """The predicate names usable in a condition of that phase ("bidding" or "play")."""
    return set(PLAY) if phase == "play" else set(BIDDING) | set(BIDDING_WITH_CALL)


def compile_expr(expr: m.Expr, phase: str) -> Test:
    """A closure for a condition; raises KeyError naming an unknown predicate."""
    if isinstance(expr, m.Pred):
        return _compile_pred(expr, phase)
    if isinstance(expr, m.Not):
        inner = compile_expr(expr.operand, phase)
        return lambda st, s: not inner(st, s)
    if isinstance(expr, (m.All, m.Any_)):
        parts = tuple(compile_expr(e, phase) for e in expr.operands)
        if len(parts) == 1:
            return parts[0]
        if isinstance(expr, m.All):
            return lambda st, s: all(p(st, s) for p in parts)
        return lambda st, s: any(p(st, s) for p in parts)
    raise TypeError(f"not a condition: {type(expr).__name__}")


def _compile_pred(pred: m.Pred, phase: str) -> Test:
    if phase == "play":
        return PLAY[pred.name]
    if pred.name in BIDDING_WITH_CALL:
        if pred.arg is None:
            raise KeyError(f"{pred.name} needs a call name")
        return BIDDING_WITH_CALL[pred.name](pred.arg)
    return BIDDING[pred.name]
