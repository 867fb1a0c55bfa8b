"""The auction: legal bids and calls, refusals, and how the bidding ends.

The first speaker speaks first; a seat to speak may pass (final, unless `bidding.pass`
is `not_final`: then the auction ends after a bid and a pass by every other player in
turn), bid, or make a call
whose requirements hold; calls whose requirements do not include `my_turn` may be made
off-turn (a signal on the partner's turn) and then do not move the turn.  After each
own-turn action the turn passes to the next seat still in the bidding; under `bidding.rounds: 1` every own-turn
action (a bid, a pass, a call that keeps its maker in elsewhere) takes its maker out: each speaks once.  The bidding ends
when everybody is out without a bid (void), or when every seat but the high bidder is out
(the contract), except that a high bid equal to `bidding.never_stands` never stands: its
maker, if still in, speaks again, and otherwise the round is void.

Under `bidding.bids: ranks` a bid names a rank (`bid rank 3`), each one after the last
call in the calling order (`bidding.ranks`, else `deck.order`), and is a contract of
`bidding.rank_contract` points (`high` holds it, `high_rank` the rank); once the last rank
of the order is called, the bids go on in points (`bid 62`), `high_rank` staying that rank.
The contract keeps the rank (`contract_rank`): the bid winner's called card is of it (called.py).

Under `trump.choice in_bid` every bid names a suit (`bid 80 oros`): the amount alone
ranks bids (80 in copas does not raise 80 in oros), the high bid's suit is kept with it,
and the contract's suit becomes trumps at once (no `trump` action follows).  A bid's
`require` lines then see the act `(amount, suit)`.

The bound on calls: when MAX_CALLS_AT_ONE_BID calls have been made at the same highest
bid (or before the first bid), the round is void.  No sensible auction comes near it;
it ends, by a stated rule, an auction whose calls could otherwise be repeated forever
in a way `touti check` cannot foresee (E311 refuses the ones it can: engine/loops.py).
"""

from __future__ import annotations

from .errors import TURN_ORDER, IllegalAction
from . import widow
from .predicates import SIMPLE

MAX_CALLS_AT_ONE_BID = 64


def legal(st, seat: int, calls: bool = True) -> list[str]:
    """Legal bidding actions of `seat`, in canonical order (without the calls' when `calls` is false)."""
    actions = []
    if st.turn == seat:
        rules = st.rules
        if rules.bidding.pass_allowed is None or rules.bidding.pass_allowed(st, seat, None):
            actions.append("pass")
        required = rules.requirements.get("bidding")
        if rules.bidding.rank_order:
            actions.extend(_rank_bids(st, seat, required or ()))
            if st.high_rank != rules.bidding.last_rank:  # bids in points once the weakest rank is called
                return actions + _calls(st, seat, calls)
        floor = bid_floor(st, seat)[0]
        amounts = range(floor, rules.bidding.maximum + 1, rules.bidding.step)
        if rules.suited_bid_text:
            actions.extend(_suited_bids(st, seat, amounts, required or ()))
        else:
            if required:
                amounts = [n for n in amounts if all(test(st, seat, n) for _, test in required)]
            actions.extend(rules.bid_text[n] for n in amounts)
    return actions + _calls(st, seat, calls)


def _calls(st, seat: int, calls: bool) -> list[str]:
    """The texts of the calls `seat` may make now (none when `calls` is false)."""
    actions = []
    for call in st.rules.calls if calls else ():
        if call.by_value:  # `calling(las)`: each value is its own call
            actions.extend(text for value, text in zip(call.values, call.texts)
                           if all(test(st, seat, value) for _, test in call.requirements))
        elif all(test(st, seat, None) for _, test in call.requirements):
            actions.extend(call.texts)
    return actions


def _rank_bids(st, seat: int, required) -> list[str]:
    """`bid rank R` for every rank called after the last one (every rank before the first bid), in calling order; a
    bid's `require` lines see the act as the contract of a rank bid."""
    b = st.rules.bidding
    start = 0 if st.high_rank is None else b.rank_place(st.high_rank) + 1
    if not all(test(st, seat, b.rank_contract) for _, test in required):
        return []
    return [st.rules.rank_bid_text[r] for r in b.rank_order[start:]]


def _suited_bids(st, seat: int, amounts, required) -> list[str]:
    """`bid N SUIT` for every amount, then every suit in deck order, that the bidding's `require` lines allow."""
    texts = st.rules.suited_bid_text
    return [text for n in amounts for suit, text in enumerate(texts[n])
            if all(test(st, seat, (n, suit)) for _, test in required)]


def bid_amount(arg) -> int:
    """The amount of a parsed bid: `80`, or `(80, suit)` under `trump.choice in_bid`."""
    return arg if type(arg) is int else arg[0]


def bid_floor(st, seat: int) -> tuple[int, str, str]:
    """The lowest legal bid of `seat` now, the rule that sets it, and why, in words."""
    b = st.rules.bidding
    floor, rule, why = b.minimum, "bidding.minimum", f"the lowest bid is {b.minimum}"
    if st.high is not None and st.high + b.step > floor:
        floor, rule, why = st.high + b.step, "bidding.step", f"a bid must raise {st.high} by at least {b.step}"
    pending = st.push_min[seat]
    if pending is not None and pending[0] > floor:
        floor, rule, why = pending[0], f"{pending[1]}.raise", f"your partner's {pending[1]} asks for at least {pending[0]}"
    if b.last_speaker_minimum is not None and b.last_speaker_minimum > floor and SIMPLE["last_speaker"](st, seat, None):
        floor, rule = b.last_speaker_minimum, "bidding.last_speaker_minimum"
        why = f"the last player to speak may not open below {floor}"
    return -(-floor // b.step) * b.step, rule, why


def refuse_turn(st, seat: int) -> None:
    """Raise the refusal of a pass or bid by a seat that may not speak now."""
    if st.out[seat]:
        raise IllegalAction("bidding.pass", "you are out of the bidding: a pass (or a call that leaves) is final")
    if st.turn != seat:
        raise IllegalAction(TURN_ORDER, f"it is seat {st.turn}'s turn to speak, not seat {seat}'s")


def rank_refusal(st, rank: int) -> tuple[str, str] | None:
    """Why `bid rank R` may not be made now (whoever makes it), or None: a rank no bid names, or one not after the last
    call in the calling order."""
    b = st.rules.bidding
    place, named = b.rank_place(rank), ", ".join(map(str, b.rank_order))
    if place is None:
        return b.rank_order_rule, f"a bid names one of the ranks {named}, not {rank}"
    if st.high_rank is not None and place <= b.rank_place(st.high_rank):
        return b.rank_order_rule, f"a bid must name a rank after {st.high_rank} in the order {named}"
    return None


def points_refusal(st) -> tuple[str, str] | None:
    """Why a bid in points may not be made now, or None: under `bidding.bids: ranks`, before the weakest rank is called."""
    b = st.rules.bidding
    if b.rank_order and st.high_rank != b.last_rank:
        return "bidding.bids", f"bids name ranks until {b.last_rank} is called; then they go on in points"
    return None


def refuse_rank_bid(st, seat: int, rank: int) -> None:
    """Raise the refusal of `bid rank R` (the caller knows it is not legal)."""
    refuse_turn(st, seat)
    found = rank_refusal(st, rank)
    if found is not None:
        raise IllegalAction(*found)
    _refuse_requirements(st, seat, st.rules.bidding.rank_contract)


def apply_rank_bid(st, seat: int, rank: int) -> None:
    """A bid on a rank: a contract of `bidding.rank_contract` points, whose called card is of that rank."""
    st.high_rank = rank
    apply_bid(st, seat, st.rules.bidding.rank_contract)


def refuse_bid(st, seat: int, arg) -> None:
    """Raise the refusal of `bid amount [suit]` (the caller knows it is not legal)."""
    refuse_turn(st, seat)
    if points_refusal(st) is not None:
        raise IllegalAction(*points_refusal(st))
    amount = bid_amount(arg)
    b = st.rules.bidding
    if amount < b.minimum:
        raise IllegalAction("bidding.minimum", f"the lowest bid is {b.minimum}")
    if amount > b.maximum:
        raise IllegalAction("bidding.maximum", f"the highest bid is {b.maximum}")
    if amount % b.step:
        raise IllegalAction("bidding.step", f"bids are multiples of {b.step}")
    floor, rule, why = bid_floor(st, seat)
    if amount < floor:
        raise IllegalAction(rule, why)
    _refuse_requirements(st, seat, arg)


def _refuse_requirements(st, seat: int, act) -> None:
    """Raise the refusal of the first of the bidding's `require` lines that the act of a bid fails."""
    for rule_id, test in st.rules.requirements.get("bidding", ()):
        if not test(st, seat, act):
            raise IllegalAction(rule_id, f"a bid needs: {st.rules.requirement_text[rule_id]}")


def refuse_pass(st, seat: int) -> None:
    """Raise the refusal of a pass (the caller knows it is not legal)."""
    refuse_turn(st, seat)
    raise IllegalAction("bidding.pass_allowed", "you may not pass now: you must bid")


def refuse_call(st, seat: int, name: str, value: str | None) -> None:
    """Raise the refusal of a call: an unknown value, else the first failing requirement."""
    call = st.rules.call(name)
    if call.values is not None and value not in call.values:
        raise IllegalAction(f"{name}.values", f"{name} takes one of: {', '.join(call.values)}")
    for rule_id, test in call.requirements:
        if not test(st, seat, value):
            raise IllegalAction(rule_id, f"{name} needs: {st.rules.requirement_text[rule_id]}")


def apply_pass(st, seat: int) -> None:
    if _ends_by_runs(st) and _passes_out(st, seat):
        _passed_out(st, seat)
        return
    if st.rules.pass_final:
        st.out[seat] = True
    _end_turn(st, seat)


def _ends_by_runs(st) -> bool:
    """Whether a run of passes ends the auction (`bidding.pass: not_final`); not when it goes round once (`rounds: 1`):
    every player is then out after its turn, and the auction ends as where passes are final."""
    return not st.rules.pass_final and not st.rules.bidding.single_round


def _passed_out(st, seat: int) -> None:
    """The run of passes is complete: the high bid stands, or the round is void when nobody has bid; a high bid that
    never stands (`bidding.never_stands`) gives its bidder the word again, and the round is void once it passes (or at
    once when its bidder is out: it left by a call, or it spoke its one turn under `bidding.rounds: 1`)."""
    st.spoken[seat] = True
    never = st.high == st.rules.bidding.never_stands
    if st.high is None or (never and (seat == st.high_bidder or st.out[st.high_bidder])):
        _void(st)  # nobody bid, or the bid that never stands has a maker who passed or may not speak again
    elif never:
        st.turn = st.high_bidder  # left alone at a bid that never stands: speak again
    else:
        _contract(st)


def _passes_out(st, seat: int, passing: bool = True) -> bool:
    """With passes that are not final: whether this pass of `seat` (`passing`), or its call that leaves, completes a
    run that ends the auction.

    The run is the players who passed since the last bid (this one included); it ends the auction when
    every other player still in has passed after the high bid, or everybody in has passed
    before any bid.  A call is no bid: it does not break the run, and a call that leaves takes
    its maker out of those who must pass, like a pass.  Players, not passes, are counted: a player whose turn went
    to a call that keeps it in (a push) has not passed, even if the bid's maker passes on its own bid meanwhile."""
    passed = {seat} if passing else set()
    for who, action in reversed(st.history):
        if action.split(" ", 1)[0] == "bid":
            break
        if action == "pass":
            passed.add(who)
    return all(s in passed for s in range(st.rules.seats) if not st.out[s] and s != st.high_bidder)


def apply_bid(st, seat: int, arg) -> None:
    if type(arg) is int:
        st.high, st.high_bidder = arg, seat
    else:
        (st.high, st.high_suit), st.high_bidder = arg, seat
    for opponent in st.seating.opponents[seat]:
        st.push_min[opponent] = None  # an opponent's bid cancels a pending push
    _end_turn(st, seat)


def apply_call(st, seat: int, name: str, value: str | None) -> None:
    call = st.rules.call(name)
    st.calls_made.append((seat, name, value, st.high))
    if call.leaves:
        st.out[seat] = True
        if _ends_by_runs(st) and st.turn == seat and _passes_out(st, seat, passing=False):
            _passed_out(st, seat)  # the others have all passed: leaving, like a pass, ends the auction
            return
    if call.partner_minimum and st.high is not None:
        st.push_min[st.seating.partner[seat]] = (st.high + int(value) + st.rules.bidding.step, name)
    if sum(1 for made in st.calls_made if made[3] == st.high) >= MAX_CALLS_AT_ONE_BID:
        _void(st)
        return
    if st.turn == seat:
        _end_turn(st, seat)
    else:
        _check_end(st)


def _end_turn(st, seat: int) -> None:
    st.spoken[seat] = True
    st.push_min[seat] = None
    if st.rules.bidding.single_round:
        # each player speaks once (`bidding.rounds: 1`): whatever it said on its turn (a bid, a pass, final or not, or
        # a call that keeps a player in elsewhere), it is done; a bid stands
        st.out[seat] = True
    n = st.rules.seats
    st.turn = next((s % n for s in range(seat + 1, seat + n + 1) if not st.out[s % n]), None)
    _check_end(st)


def _check_end(st) -> None:
    if st.high is None:
        if all(st.out):
            _void(st)
        return
    if any(not st.out[s] for s in range(st.rules.seats) if s != st.high_bidder):
        return
    if st.rules.bidding.single_round and not all(st.spoken):
        return
    if st.high == st.rules.bidding.never_stands:
        if st.out[st.high_bidder]:
            _void(st)
        else:
            st.turn = st.high_bidder  # left alone at a bid that never stands: speak again
        return
    _contract(st)


def _void(st) -> None:
    st.phase, st.turn, st.void = "done", None, True


def _contract(st) -> None:
    bidder = st.high_bidder
    if st.rules.against_bidder:
        st.seating = st.seating.against(bidder)
    st.contract_team, st.contract_bidder, st.contract_amount = st.seating.team_of[bidder], bidder, st.high
    st.contract_rank = st.high_rank
    st.phase, st.turn = "trump", None
    if st.rules.widow is not None:  # the bid winner takes or leaves the widow first (widow.py goes on from there)
        widow.open_phase(st)
        return
    st._to_trumps()
