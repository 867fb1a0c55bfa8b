"""The terms of vocabulary.py, implemented once, and the compiler of expressions into closures.

A spec expression (`not made_at_level(signal)`, `tricks_won(team) == 1`,
`2 * contract if capote(bidders) else contract`) is compiled once, at `Game.from_spec`
time, into a closure `test(state, seat, act)`; the state machine only ever calls
closures.  `seat` is the seat the expression is evaluated for (None in the `round`
context); `act` is what is being attempted: the amount of a bid (with its suit,
`(amount, suit)`, under `trump.choice in_bid`), the value of a call (None without values), the declaration
`("ghna", suit)` / `("tute", rank)`, or, in the `round` context, the round's `Facts`; in the
`at_once` context, `seat` is a seat of the side judged and `act` the round so far as `Facts`.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Callable

from .. import model as m
from ..vocabulary import CONTRACT_SIDES, DECLARATION_KINDS, PREDICATES, RESULT_SIDES, SEAT_SIDES

Test = Callable[[object, object, object], object]


@dataclass(frozen=True)
class Names:
    """The spec's names an expression's arguments may refer to."""

    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    kinds: tuple[str, ...] = ()  # the names of ghna.kinds


@dataclass(frozen=True)
class Facts:
    """A finished round as the scoring formulas see it: which team is on which side, and the totals."""

    bidders: int | None
    winner: int | None
    totals: tuple[int, ...]
    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    loser: int | None = None  # the losing side being scored; with two sides, the one that is not the winner

    def team(self, side: str) -> int | None:
        if side == "bidders":
            return self.bidders
        if side == "defenders":
            return None if self.bidders is None else 1 - self.bidders
        if side == "winner":
            return self.winner
        if self.loser is not None:
            return self.loser
        return None if self.winner is None or len(self.totals) != 2 else 1 - self.winner


# ---------------------------------------------------------------- the auction


def _opponents_bidding(st, seat, _act) -> bool:
    return any(not st.out[o] for o in st.seating.opponents[seat])


def _last_speaker(st, seat, _act) -> bool:
    """Nobody has bid and every other player has passed or is out: this player's pass would void the round.  Where a
    pass is not final (`bidding.pass: not_final`) a player who passed is not out, but before any bid each passes once:
    the fourth player after three passes is the last to speak there too."""
    if st.high is not None:
        return False
    passed = {o for o, action in st.history if action == "pass"}
    return all(st.out[o] or o in passed for o in range(st.rules.seats) if o != seat)


def _holds_ace(st, seat, _act) -> bool:
    top = st.rules.top_rank
    rank_of = st.rules.card_rank
    return any(rank_of[c] == top for c in st.hands[seat])


SIMPLE: dict[str, Test] = {
    "my_turn": lambda st, s, a: st.turn == s,
    "self_out": lambda st, s, a: st.out[s],
    "self_bidding": lambda st, s, a: not st.out[s],
    "spoken": lambda st, s, a: st.spoken[s],
    "partner_to_bid": lambda st, s, a: st.turn is not None and st.turn in st.seating.partners[s],
    "partner_bidding": lambda st, s, a: any(not st.out[p] for p in st.seating.partners[s]),
    "partner_holds_high": lambda st, s, a: st.high_bidder is not None and st.high_bidder in st.seating.partners[s],
    "bid_made": lambda st, s, a: st.high is not None,
    "opponent_bidding": _opponents_bidding,
    "holds_ace": _holds_ace,
    "last_speaker": _last_speaker,
    "is_dealer": lambda st, s, a: st.dealer == s,
    "hand_points": lambda st, s, a: sum(st.rules.card_points[c] for c in st.hands[s]),
    "high_bid": lambda st, s, a: st.high or 0,
    "amount": lambda st, s, a: a if type(a) is int else a[0],  # a suited bid's act is (amount, suit)
}


def _bid_suit(suit: int) -> Test:
    return lambda st, s, a: type(a) is tuple and a[1] == suit


def _calling(value: str) -> Test:
    """`calling(las)`: a call's requirement is tested with the value of the call being made as its act."""
    return lambda st, s, a: a == value


def _made(call: str) -> Test:
    return lambda st, s, a: any(r[0] == s and r[1] == call for r in st.calls_made)


def _made_at_level(call: str) -> Test:
    return lambda st, s, a: any(r[0] == s and r[1] == call and r[3] == st.high for r in st.calls_made)


# ---------------------------------------------------------------- the play


def _holds_suit(st, seat: int, suit: int | None) -> bool:
    suit_of = st.rules.card_suit
    return any(suit_of[c] == suit for c in st.hands[seat])


def beats_winner(st, card: int) -> bool:
    """Whether `card`, added to the trick now, would take the lead from the current winner."""
    rules = st.rules
    suit, strength = rules.card_suit[card], rules.card_strength[card]
    if suit == st.trump_suit:
        return strength > st.best_trump
    return st.best_trump < 0 and suit == st.led_suit and strength > st.best_led


def _partner_unbeatable(st, seat, _act) -> bool:
    if not st.trick_cards or st.trick_winner not in st.seating.partners[seat]:
        return False
    later = [s for s in st.seating.in_play if s != seat and s not in st.trick_seats]
    return not any(beats_winner(st, c) for s in later for c in st.hands[s])


def _trick_points(st, _seat, _act) -> int:
    points = st.rules.card_points
    return sum(points[c] for c in st.trick_cards)


SIMPLE.update({
    "trick_trumped": lambda st, s, a: st.best_trump >= 0 and st.led_suit != st.trump_suit,
    "led_trump": lambda st, s, a: bool(st.trick_cards) and st.led_suit == st.trump_suit,
    "partner_winning": lambda st, s, a: bool(st.trick_cards) and st.trick_winner in st.seating.partners[s],
    "partner_unbeatable": _partner_unbeatable,
    # the seat judged is not always the one to play (a swap, a declaration, a claim by another seat): "this player
    # leads" needs both an empty trick and the lead being this seat's
    "leading": lambda st, s, a: not st.trick_cards and st.to_play == s,
    "holds_led": lambda st, s, a: bool(st.trick_cards) and _holds_suit(st, s, st.led_suit),
    "holds_trump": lambda st, s, a: _holds_suit(st, s, st.trump_suit),
    "trick_number": lambda st, s, a: st.tricks_played + 1,
    "trick_points": _trick_points,
    "can_win": lambda st, s, a: _can_win(st, s, a),
    "first_trick": lambda st, s, a: st.tricks_played == 0,
    "has_contract": lambda st, s, a: st.contract_team is not None,
    "contract": lambda st, s, a: st.contract_amount or 0,
    "bid_winner": lambda st, s, a: st.contract_bidder == s,
    "bidding_side": lambda st, s, a: st.contract_team is not None and st.contract_team == st.seating.team_of[s],
    # the card face up where the turned card lay: after a swap of a chain, the card that swap left (each link's
    # requirement reads the card it would take)
    "turned_rank": lambda st, s, a: 0 if st.turned is None else st.rules.card_rank[st.exposed_card()],
    "stock_empty": lambda st, s, a: not st.stock,
    "cards_left": lambda st, s, a: len(st.stock),
    "value": lambda st, s, a: _declaration_value(st, a),
    "conceded": lambda st, s, a: bool(st.conceded),
    "tute": lambda st, s, a: st.tute_team is not None,
})


def _declaration_value(st, act) -> int:
    kind, arg = act
    if kind == "kind":  # a kind of ghna.kinds: its trump value in trumps (as ghna.kind_value)
        index, suit = arg
        found = st.rules.ghna.kinds[index]
        return found.trump_value if suit is not None and suit == st.trump_suit else found.value
    if kind != "ghna":
        return 0
    g = st.rules.ghna
    return g.trump_value if arg == st.trump_suit else g.plain_value


# ---------------------------------------------------------------- sides and counts


def _side_seats(side: str) -> Callable:
    """A function (state, seat, act) -> the seats of that side."""
    if side == "self":
        return lambda st, s, a: (s,)
    if side == "partner":
        return lambda st, s, a: st.seating.partners[s]
    if side == "team":
        return lambda st, s, a: _team_seats(st, st.seating.team_of[s])
    if side == "opponents":
        return lambda st, s, a: st.seating.opponents[s]
    if side in ("bidders", "defenders"):
        other = side == "defenders"
        return lambda st, s, a: () if st.contract_team is None else _team_seats(st, st.contract_team ^ other)
    return lambda st, s, a: () if a.team(side) is None else _team_seats(st, a.team(side))


def _team_seats(st, team: int) -> tuple[int, ...]:
    team_of = st.seating.team_of
    return tuple(s for s in range(len(team_of)) if team_of[s] == team)


def _tricks_won(side: str) -> Test:
    seats = _side_seats(side)

    def count(st, s, a) -> int:
        mine = seats(st, s, a)
        if isinstance(a, Facts):  # the finished round: the tricks a claim gave away count too
            return sum(a.tricks[team] for team in {st.seating.team_of[seat] for seat in mine})
        return sum(1 for t in st.tricks if t[2] in mine)

    return count


def _won_last(side: str) -> Test:
    seats = _side_seats(side)
    return lambda st, s, a: bool(st.tricks) and st.tricks[-1][2] in seats(st, s, a)


def _window_declarations(side: str | None) -> Test:
    """Declarations made since the current window opened (after the last trick), by that side."""
    seats = _side_seats(side) if side else None

    def count(st, s, a) -> int:
        mine = seats(st, s, a) if seats else None
        recent = st.declarations[len(st.declarations) - st.window_count:] if st.window_count else ()
        return sum(1 for d in recent if mine is None or d[0] in mine)

    return count


def _can_win(st, seat, _act) -> bool:
    return bool(st.trick_cards) and any(beats_winner(st, c) for c in st.hands[seat])


def _named_kind(st, what: str, arg, kind: str) -> bool:
    """Whether a declaration (`what`, `arg`) is of the kind of ghna.kinds named `kind`."""
    return what == "kind" and st.rules.ghna.kinds[arg[0]].name == kind


def _declaration_filter(kind: str | None, suit: int | None) -> Callable:
    def keep(st, entry) -> bool:
        if suit is not None:  # the pair of that suit, or a one-suit kind of ghna.kinds in it
            return entry[1] == "ghna" and entry[2] == suit or entry[1] == "kind" and entry[2][1] == suit
        if kind is not None and kind not in DECLARATION_KINDS:
            return _named_kind(st, entry[1], entry[2], kind)
        if kind == "tute":
            return entry[1] == "tute"
        if kind == "trump":
            return entry[1] == "ghna" and entry[2] == st.trump_suit
        if kind == "plain":
            return entry[1] == "ghna" and entry[2] != st.trump_suit
        return True

    return keep


def _declarations(side: str | None, kind: str | None, suit: int | None) -> Test:
    seats = _side_seats(side) if side else None
    keep = _declaration_filter(kind, suit)

    def count(st, s, a) -> int:
        mine = seats(st, s, a) if seats else None
        return sum(1 for d in st.declarations if (mine is None or d[0] in mine) and keep(st, d))

    return count


def _declared_points(side: str) -> Test:
    seats = _side_seats(side)
    return lambda st, s, a: (lambda mine: sum(d[3] for d in st.declarations if d[0] in mine))(seats(st, s, a))


def _holds(suit: int | None, rank: int | None, group: str | None) -> Test:
    """A card of a suit (or trumps, or the led suit) and of a rank, each when named: `holds(trump, 2)` is the 2 of
    trumps, not any trump."""
    if rank is not None and (suit is not None or group is not None):
        count = _cards_held(suit, rank, group)
        return lambda st, s, a: count(st, s, a) > 0
    if group == "trump":
        return SIMPLE["holds_trump"]
    if group == "led":
        return SIMPLE["holds_led"]
    if suit is not None:
        return lambda st, s, a: _holds_suit(st, s, suit)
    return lambda st, s, a: any(st.rules.card_rank[c] == rank for c in st.hands[s])


def _holds_kind(kind: str, suit: int | None) -> Test:
    """`holds_pair(NAME)`: this player holds the kind of ghna.kinds named NAME (in that suit), not yet declared."""
    def held(st, s, a) -> bool:
        rules, hand = st.rules, st.hands[s]
        index = next(i for i, k in enumerate(rules.ghna.kinds) if k.name == kind)
        found = rules.ghna.kinds[index]
        declared = {d[2][1] for d in st.declarations if d[1] == "kind" and d[2][0] == index}
        if not found.one_suit:
            return None not in declared and sum(1 for c in rules.kind_cards[index] if c in hand) >= found.count
        return any(all(c in hand for c in cards) for s_, cards in enumerate(rules.kind_cards[index])
                   if s_ not in declared and (suit is None or s_ == suit))

    return held


def _cards_held(suit: int | None, rank: int | None, group: str | None) -> Test:
    """The cards held of a suit (or trumps, or the led suit) and of a rank, each when named."""
    def count(st, s, a) -> int:
        rules = st.rules
        wanted = st.trump_suit if group == "trump" else st.led_suit if group == "led" else suit
        if group is not None and wanted is None:
            return 0  # no trumps yet, or no card led
        return sum(1 for c in st.hands[s] if (wanted is None or rules.card_suit[c] == wanted)
                   and (rank is None or rules.card_rank[c] == rank))

    return count


def _holds_pair(kind: str | None, suit: int | None) -> Test:
    if kind is not None and kind not in DECLARATION_KINDS:
        return _holds_kind(kind, suit)

    def held(st, s, a) -> bool:
        hand = st.hands[s]
        for index, (first, second) in enumerate(st.rules.pair_cards):
            if index in st.declared_suits or first not in hand or second not in hand:
                continue
            if suit is not None and index != suit:
                continue
            if kind == "trump" and index != st.trump_suit or kind == "plain" and index == st.trump_suit:
                continue
            return True
        return False

    return held


def _declaring(kind: str | None, suit: int | None) -> Test:
    def test(st, s, a) -> bool:
        what, arg = a
        if kind == "tute":
            return what == "tute"
        if kind is not None and kind not in DECLARATION_KINDS:
            return _named_kind(st, what, arg, kind)
        if what == "kind":  # of ghna.kinds: neither the 40 nor a 20, but of its suit
            return suit is not None and kind is None and arg[1] == suit
        if what != "ghna":
            return False
        if suit is not None:
            return arg == suit
        return (arg == st.trump_suit) == (kind == "trump")

    return test


# ---------------------------------------------------------------- the finished round


def _fact_teams(st, seat, facts: Facts, side: str) -> tuple[int, ...]:
    """The sides a side word names: a result's side in scoring, the side judged (`team`) or the others in match.at_once."""
    if side == "team":
        return (st.seating.team_of[seat],)
    if side == "opponents":
        return tuple(sorted({st.seating.team_of[o] for o in st.seating.opponents[seat]}))
    team = facts.team(side)
    return () if team is None else (team,)


def _points(field: str) -> Callable[[str], Test]:
    def make(side: str) -> Test:
        return lambda st, s, facts: sum(getattr(facts, field)[t] for t in _fact_teams(st, s, facts, side))

    return make


def _capote(side: str) -> Test:
    def test(st, s, facts) -> bool:
        teams = _fact_teams(st, s, facts, side)
        # every trick of the round's deal: with a stock there are more tricks than cards dealt at first
        return bool(teams) and sum(facts.tricks[t] for t in teams) == st.seating.deal.tricks

    return test


def _last_trick(side: str) -> Test:
    return lambda st, s, facts: facts.team(side) is not None and st.last_trick_team == facts.team(side)


def _score(side: str) -> Test:
    """The match score a side carried into the round (a per-seat match has no side scores: checks.py refuses it)."""
    return lambda st, s, facts: sum(st.scores[t] for t in _fact_teams(st, s, facts, side))


def _carried(side: str) -> Test:
    """What a side carried into the round from the earlier hands of the game (`match.carry`)."""
    return lambda st, s, facts: sum(st.carried[t] for t in _fact_teams(st, s, facts, side))


SIMPLE["target"] = lambda st, s, a: st.rules.match_goal


def _hand_tied(st, s, facts: Facts) -> bool:
    """Nobody won the hand: the highest total is shared and no tie-break (`scoring.tie`) gave it to a side."""
    return facts.winner is None and facts.totals.count(max(facts.totals)) > 1


SIMPLE["hand_tied"] = _hand_tied


def _won_hand(side: str) -> Test:
    """That side won the hand (`team`: the dealer's side, judged for the dealer in `rotation.next_round`)."""
    return lambda st, s, facts: facts.winner is not None and facts.winner in _fact_teams(st, s, facts, side)


# ---------------------------------------------------------------- the compiler


def predicate_names(phase: str) -> set[str]:
    """The names usable in that context."""
    return {name for name, info in PREDICATES.items() if phase in info.contexts}


_COMPARE = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt, "==": operator.eq,
            "!=": operator.ne}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def compile_expr(expr: m.Expr, context: str, names: Names | None = None) -> Test:
    """A closure for an expression; raises KeyError naming an unknown term (checks.py reports it first)."""
    compile_ = _COMPILERS.get(type(expr))
    if compile_ is None:
        raise TypeError(f"not an expression: {type(expr).__name__}")
    return compile_(expr, context, names)


def distance_to_threshold(condition: m.Expr, context: str, names: Names | None = None) -> Test:
    """How far a state stands from a comparison's threshold, `f(state, seat, facts)`: the distance between its two
    numbers (0 for a condition that compares nothing).  The generator looks for the states nearest it, and blame
    suspects first the lines a wrong judgment stands nearest."""
    if not isinstance(condition, m.Compare):
        return lambda state, seat, facts: 0
    left, right = compile_expr(condition.left, context, names), compile_expr(condition.right, context, names)
    return lambda state, seat, facts: abs(left(state, seat, facts) - right(state, seat, facts))


def _compile_all(expr: m.All, context, names) -> Test:
    parts = tuple(compile_expr(e, context, names) for e in expr.operands)
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        first, second = parts
        return lambda st, s, a: bool(first(st, s, a)) and bool(second(st, s, a))
    return lambda st, s, a: all(p(st, s, a) for p in parts)


def _compile_any(expr: m.Any_, context, names) -> Test:
    parts = tuple(compile_expr(e, context, names) for e in expr.operands)
    if len(parts) == 1:
        return parts[0]
    return lambda st, s, a: any(p(st, s, a) for p in parts)


def _compile_not(expr: m.Not, context, names) -> Test:
    inner = compile_expr(expr.operand, context, names)
    return lambda st, s, a: not inner(st, s, a)


def _compile_num(expr: m.Num, context, names) -> Test:
    value = expr.value
    return lambda st, s, a: value


def _compile_neg(expr: m.Neg, context, names) -> Test:
    inner = compile_expr(expr.operand, context, names)
    return lambda st, s, a: -inner(st, s, a)


def _compile_binary(table: dict) -> Callable:
    def compile_(expr, context, names) -> Test:
        left, right, op = compile_expr(expr.left, context, names), compile_expr(expr.right, context, names), table[expr.op]
        return lambda st, s, a: op(left(st, s, a), right(st, s, a))

    return compile_


def _compile_if(expr: m.IfElse, context, names) -> Test:
    test = compile_expr(expr.condition, context, names)
    then, otherwise = compile_expr(expr.then, context, names), compile_expr(expr.otherwise, context, names)
    return lambda st, s, a: then(st, s, a) if test(st, s, a) else otherwise(st, s, a)


def _compile_pred(pred: m.Pred, context: str, names: Names | None) -> Test:
    info = PREDICATES.get(pred.name)
    if info is None or context not in info.contexts:
        raise KeyError(pred.name)  # a term without a value here: checks.py reports it with its location first
    if pred.name == "calling":  # a value of the call: a word that may also be a suit's or a side's
        return _calling(str(pred.args[0]))
    args = _sorted_args(pred.args, names)
    if pred.name in _WITH_ARGS:
        return _WITH_ARGS[pred.name](args, context)
    if pred.name not in SIMPLE:
        raise KeyError(pred.name)
    return SIMPLE[pred.name]


def _sorted_args(args: tuple, names: Names | None) -> dict:
    """The arguments by kind: {"side": "team", "kind": "plain", "suit": 2, "rank": 12, "call": "signal"}."""
    found: dict = {}
    for arg in args:
        if isinstance(arg, int):
            found["rank"] = arg
        elif arg in SEAT_SIDES or arg in CONTRACT_SIDES or arg in RESULT_SIDES:
            found["side"] = arg
        elif arg in ("trump", "led") and "kind" not in found:
            found["card_group"] = found["kind"] = arg
        elif arg in DECLARATION_KINDS:
            found["kind"] = arg
        elif names is not None and arg in names.suits:
            found["suit"] = names.suits.index(arg)
        elif names is not None and arg in names.kinds:
            found["kind"] = arg
        else:
            found["call"] = arg
    return found


_WITH_ARGS: dict[str, Callable[[dict, str], Test]] = {
    "made": lambda args, context: _made(args["call"]),
    "made_at_level": lambda args, context: _made_at_level(args["call"]),
    "tricks_won": lambda args, context: _tricks_won(args["side"]),
    "won_last": lambda args, context: _won_last(args["side"]),
    "window_declarations": lambda args, context: _window_declarations(args.get("side")),
    "declarations": lambda args, context: _declarations(args.get("side"), args.get("kind"), args.get("suit")),
    "declared_points": lambda args, context: _declared_points(args["side"]),
    "holds": lambda args, context: _holds(args.get("suit"), args.get("rank"), args.get("card_group")),
    "holds_pair": lambda args, context: _holds_pair(args.get("kind"), args.get("suit")),
    "cards_held": lambda args, context: _cards_held(args.get("suit"), args.get("rank"), args.get("card_group")),
    "declaring": lambda args, context: _declaring(args.get("kind"), args.get("suit")),
    "bid_suit": lambda args, context: _bid_suit(args["suit"]),
    "points": lambda args, context: _points("totals")(args["side"]),
    "card_points": lambda args, context: _points("card_points")(args["side"]),
    "capote": lambda args, context: _capote(args["side"]),
    "last_trick": lambda args, context: _last_trick(args["side"]),
    "score": lambda args, context: _score(args["side"]),
    "carried": lambda args, context: _carried(args["side"]),
    "won_hand": lambda args, context: _won_hand(args["side"]),
}

_COMPILERS = {
    m.Pred: _compile_pred,
    m.Num: _compile_num,
    m.Not: _compile_not,
    m.All: _compile_all,
    m.Any_: _compile_any,
    m.Neg: _compile_neg,
    m.Compare: _compile_binary(_COMPARE),
    m.Arith: _compile_binary(_ARITH),
    m.IfElse: _compile_if,
}
