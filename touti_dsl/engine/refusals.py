"""Every rule that forbids an action, in the documented precedence.

`RoundState.apply` names one rule: the first one in its checks.  An implementation may
check in another order and name another rule that forbids the same action just as
truly, so a conformance case lists them all, the engine's own first.  The precedence,
for every kind of action (docs/conformance/refusals.md):

1. `action.syntax`, then `action.phase`: nothing else is meaningful after these; a card
   `deck.removed` takes out of the deck is refused as it is read, with `deck.removed`
   (and `action.syntax`, as a card not of the deck);
2. `concession.consent` while a concession awaits its vote;
3. who may act: `bidding.pass` (out of the bidding), `rotation.turn_order`,
   `ghna.who`, `ghna.lend` (a `lend` by another than the bid winner), `ghna.window`, `ghna.per_trick`,
   `concession.who`, `concession.proposer`, `claim.window`, `table.draw_time` (a card led before the draw), `redeal.by` (a redeal after the round's
   first action), `widow.by` (a widow action by another than the bid winner), `trump.choice` (a card called by
   another than the bid winner);
4. what is held: `action.not_held`, `ghna.in_hand`;
5. what the action itself may be: `bidding.bids` (a bid in points before the last rank of an auction on ranks),
   the calling order of a rank bid (`bidding.ranks`, else `deck.order`), `bidding.minimum`, `bidding.maximum`, `bidding.step`,
   the bid floor's rule, a call's values then its requirements in spec order, a swap that must come first (`trump.swap_duty`), the play obligations in spec order, `ghna.same_suit`, the contract's ghna
   limit, `bidding.bids` (a called card not of the rank the contract named), `trump.call_own` (a card of the caller's own hand), `ghna.lend` (lent already this round), `claim.false` (a claim of the side did not hold,
   under `play_on`), `redeal.when` (a hand that does not call for a redeal), `widow.take` (a widow left
   that must be taken); last, the section's own
   `require` lines (bidding, ghna, concession, claim) in spec order.

Only the public helpers of the engine's modules are used, so the refusals and the legal
sets cannot drift apart: the first rule listed is always the rule `apply` names.
"""

from __future__ import annotations

from . import bidding, called, claim, concession, ghna, play, redeal, widow
from .errors import CONCESSION_PENDING, DRAW_TIME, NOT_HELD, PHASE, REMOVED, TURN_ORDER, IllegalAction
from .text import parse_action


def forbidding_rules(state, seat: int, action: str) -> list[str]:
    """The rule ids that forbid `action` by `seat` now, the one `apply` names first; [] when legal."""
    found = refusal(state, seat, action)
    return [] if found is None else found[1]


def refusal(state, seat: int, action: str,
            legal: list[str] | None = None) -> tuple[IllegalAction, list[str]] | None:
    """The refusal `apply` makes of `action` by `seat` now, and every rule that forbids it (its rule first); None when legal.

    `apply` is asked on the state itself, not a copy: the seat's legal set is known by
    then (cached), so `apply` refuses an action outside it without touching the state.
    `legal`: the seat's legal set, when the caller has it already (touti fuzz's probes).
    """
    if action in (state.legal_actions(seat) if legal is None else legal):
        return None
    named = refused_by_apply(state, seat, action)
    if named.rule_id in ("action.syntax", PHASE):
        return named, [named.rule_id]
    if named.rule_id == REMOVED:  # no such card: read as the syntax refuses a card not of the deck, and as truly
        return named, [REMOVED, "action.syntax"]
    kind, arg = parse_action(action, state.rules.vocabulary, state.rules.parse_cache)  # (apply parsed it: no syntax error)
    found = _COLLECT.get(kind, _none)(state, seat, arg)
    return named, _unique([named.rule_id] + found)


def refused_by_apply(state, seat: int, action: str) -> IllegalAction:
    """The refusal `apply` makes of an action outside the seat's legal set; the state is left as it was."""
    try:
        state.apply(seat, action)
    except IllegalAction as refused:
        # kept without its traceback: that would hold this frame, which holds the refusal (a cycle), and with it every
        # caller's frame until the garbage collector runs (touti fuzz probes a few refusals a round)
        return refused.with_traceback(None)
    raise AssertionError(f"engine bug: {action!r} by seat {seat} is neither legal nor refused")  # pragma: no cover


def _unique(rules: list[str]) -> list[str]:
    return list(dict.fromkeys(rules))


def _none(state, seat: int, arg) -> list[str]:
    return []


def _pending(state) -> list[str]:
    return [CONCESSION_PENDING[0]] if state.concede_pending is not None else []


def _turn(state, seat: int) -> list[str]:
    found = ["bidding.pass"] if state.out[seat] else []
    return found + ([TURN_ORDER] if state.turn != seat else [])


def _bid(state, seat: int, arg) -> list[str]:
    b, amount = state.rules.bidding, bidding.bid_amount(arg)
    found = _turn(state, seat)
    found += [bidding.points_refusal(state)[0]] if bidding.points_refusal(state) is not None else []
    found += ["bidding.minimum"] if amount < b.minimum else []
    found += ["bidding.maximum"] if amount > b.maximum else []
    found += ["bidding.step"] if amount % b.step else []
    floor, rule, _ = bidding.bid_floor(state, seat)
    found += [rule] if amount < floor else []
    return found + _failing_requirements(state, "bidding", seat, arg)


def _rank_bid(state, seat: int, rank: int) -> list[str]:
    found = _turn(state, seat)
    found += [bidding.rank_refusal(state, rank)[0]] if bidding.rank_refusal(state, rank) is not None else []
    return found + _failing_requirements(state, "bidding", seat, state.rules.bidding.rank_contract)


def _failing_requirements(state, section: str, seat: int, act) -> list[str]:
    """The `require` lines of a section (bidding, ghna, concession) that forbid this act, in spec order."""
    return [rule_id for rule_id, test in state.rules.requirements.get(section, ()) if not test(state, seat, act)]


def _call(state, seat: int, arg) -> list[str]:
    name, value = arg
    call = state.rules.call(name)
    found = [f"{name}.values"] if call.values is not None and value not in call.values else []
    return found + [rule_id for rule_id, test in call.requirements if not test(state, seat, value)]  # as bidding.py asks


def _play(state, seat: int, card: int) -> list[str]:
    found = _pending(state)
    found += [TURN_ORDER] if seat != state.to_play else []
    found += [DRAW_TIME] if state.draw_pending() else []
    if card not in state.hands[seat]:
        return found + [NOT_HELD]
    found += ["trump.swap_duty"] if state.swap_due() is not None else []
    return found + _obligations(state, seat, card)


def _obligations(state, seat: int, card: int) -> list[str]:
    """Every obligation that, in its turn in the narrowing, keeps other cards but not this one."""
    if not state.trick_cards:
        return []
    found = []
    cards = state.hands[seat]
    for ob in play.in_force(state, seat):
        kept = play.DUTY_FILTERS[ob.duty](state, cards)
        if kept:
            if card not in kept:
                found.append(ob.rule_id)
            cards = kept
    return found


def _declaration(state, seat: int, kind: str, arg: int) -> list[str]:
    rules, team = state.rules, state.seating.team_of[seat]
    found = _pending(state)
    found += ["ghna.who"] if ghna.who_refusal(state, seat) else []
    found += ["ghna.window"] if state.window_team != team else []
    found += ["ghna.per_trick"] if state.window_team == team and state.window_count >= rules.ghna.per_trick else []
    if kind == "tute":
        refusal = ghna.tute_refusal(state, seat, arg)
        return found + ([refusal[0]] if refusal else [])
    if kind == "kind":
        holding = ghna.kind_holding_refusal(state, seat, *arg)
        found += [holding[0]] if holding else []
        if rules.ghna.both_teams or team == state.contract_team:
            limit = ghna.kind_limit_refusal(state, team, *arg)
            found += [limit[0]] if limit else []
        return found + _failing_requirements(state, "ghna", seat, ("kind", arg))
    first, second = rules.pair_cards[arg]
    found += ["ghna.in_hand"] if first not in state.hands[seat] or second not in state.hands[seat] else []
    found += ["ghna.same_suit"] if arg in state.declared_suits else []
    if rules.ghna.both_teams or team == state.contract_team:  # the limit is the declaring team's
        limit = ghna.limit_refusal(state, team, [arg])
        found += [limit[0]] if limit else []
    return found + _failing_requirements(state, "ghna", seat, ("ghna", arg))


def _lend(state, seat: int) -> list[str]:
    found = _pending(state)
    found += ["ghna.lend"] if seat != state.contract_bidder else []
    window = ghna.window_refusal(state, seat)
    found += [window[0]] if window and window[0] not in ("ghna.who", CONCESSION_PENDING[0]) else []
    return found + (["ghna.lend"] if state.lent != ghna.NOT_LENT else [])


def _concede(state, seat: int, kind: str) -> list[str]:
    if kind != "concede":
        refusal = concession.refusal(state, seat, kind)
        return [refusal[0]] if refusal else []
    found = _pending(state)
    found += ["concession.who"] if state.seating.team_of[seat] == state.contract_team else []
    team = state.seating.team_of[seat]
    late = ((seat != state.to_play and not state.rules.concession_any_defender)
            or state.concede_trick[team] == state.tricks_played)
    found += ["concession.proposer"] if late else []
    return found + _failing_requirements(state, "concession", seat, None)


def _claim(state, seat: int) -> list[str]:
    found = _pending(state)
    window = claim.window_refusal(state, seat)
    found += [window[0]] if window else []
    found += [claim.FALSE] if claim.barred(state, seat) else []
    return found + _failing_requirements(state, "claim", seat, None)


def _redeal(state, seat: int) -> list[str]:
    return ([redeal.BY] if state.history else []) + ([] if redeal.meets(state, seat) else [redeal.WHEN])


_COLLECT = {
    "call_card": called.refusal_rules,
    "pass": lambda st, seat, _arg: _turn(st, seat),
    "bid": _bid,
    "rank_bid": _rank_bid,
    "call": _call,
    "play": _play,
    "ghna": lambda st, seat, arg: _declaration(st, seat, "ghna", arg),
    "tute": lambda st, seat, arg: _declaration(st, seat, "tute", arg),
    "kind": lambda st, seat, arg: _declaration(st, seat, "kind", arg),
    "lend": lambda st, seat, _arg: _lend(st, seat),
    "concede": lambda st, seat, _arg: _concede(st, seat, "concede"),
    "agree": lambda st, seat, _arg: _concede(st, seat, "agree"),
    "refuse": lambda st, seat, _arg: _concede(st, seat, "refuse"),
    "claim": lambda st, seat, _arg: _claim(st, seat),
    "redeal": lambda st, seat, _arg: _redeal(st, seat),
    "take": lambda st, seat, arg: widow.refusal_rules(st, seat, "take", arg),
    "leave": lambda st, seat, arg: widow.refusal_rules(st, seat, "leave", arg),
    "discard": lambda st, seat, arg: widow.refusal_rules(st, seat, "discard", arg),
    "draw": lambda st, seat, _arg: (_pending(st) + ([TURN_ORDER] if seat != st.to_play else [])
                                    + (["trump.swap_duty"] if st.swap_due() is not None else [])),
}


def precedence(rules) -> dict[str, list[str]]:
    """For each kind of action of a ruleset, every rule that may forbid it, in the order they are listed.

    The per-system tables of docs/conformance/refusals.md are this, written out (a test
    compares them).  `action.syntax` and `action.phase`, which come before all and stand
    alone, are left out.
    """
    b, g = rules.bidding, rules.ghna
    turn = ["bidding.pass", TURN_ORDER]
    by_kind: dict[str, list[str]] = {}
    if b is not None:
        by_kind["pass"] = turn + (["bidding.pass_allowed"] if b.pass_allowed is not None else [])
        raises = [f"{call.name}.raise" for call in rules.calls if call.partner_minimum]
        last = ["bidding.last_speaker_minimum"] if b.last_speaker_minimum is not None else []
        points_first = ["bidding.bids"] if b.rank_order else []
        by_kind["bid"] = turn + points_first + ["bidding.minimum", "bidding.maximum", "bidding.step"] + raises + last + _section(rules, "bidding")
        if b.rank_order:
            by_kind["bid rank"] = turn + [b.rank_order_rule] + _section(rules, "bidding")
        by_kind["trump"] = ["trump.choice"]
        if rules.call_text:
            by_kind["call CARD"] = ["trump.choice"] + (["bidding.bids"] if b.rank_order else []) + ([] if rules.call_own else ["trump.call_own"])
    for call in rules.calls:
        by_kind[call.name] = ([f"{call.name}.values"] if call.values is not None else []) + [rule_id for rule_id, _ in call.requirements]
    pending = [CONCESSION_PENDING[0]] if rules.concession is not None else []
    swap_first = ["trump.swap_duty"] if rules.swap_compulsory else []
    draw_first = [DRAW_TIME] if rules.draw_after_window else []
    by_kind["play"] = pending + [TURN_ORDER] + draw_first + [NOT_HELD] + swap_first + [ob.rule_id for ob in rules.obligations]
    who = pending + ([] if g.both_teams else ["ghna.who"]) + ["ghna.window", "ghna.per_trick"]
    limit = {"cap": ["ghna.caps"], "minimum": ["ghna.minimums"]}.get(g.limit, [])
    by_kind["ghna"] = who + ["ghna.in_hand", "ghna.same_suit"] + limit + _section(rules, "ghna")
    if g.kinds:
        by_kind["ghna KIND"] = who + ["ghna.kinds"] + limit + _section(rules, "ghna")
    if g.tute_ranks:
        by_kind["tute"] = who + ["ghna.tute"]
    if g.lend:
        by_kind["lend"] = pending + ["ghna.lend", "ghna.window", "ghna.per_trick"]
    if rules.swap_rank is not None:
        by_kind["swap"] = ["trump.swap"] + _section(rules, "trump")
    if rules.concession is not None:
        by_kind["concede"] = pending + ["concession.who", "concession.proposer"] + _section(rules, "concession")
        by_kind["agree / refuse"] = ["concession.consent"]
    if rules.claim is not None:
        barred = [claim.FALSE] if rules.claim.false == "play_on" else []
        by_kind["claim"] = pending + [claim.WINDOW] + barred + _section(rules, "claim")
    if rules.redeal is not None and rules.redeal.option:
        by_kind["redeal"] = [redeal.BY, redeal.WHEN]
    if rules.widow is not None:
        by_kind["take widow"] = [widow.BY]
        by_kind["leave widow"] = [widow.BY] + ([widow.TAKE] if rules.widow.compulsory else [])
        by_kind["discard"] = [widow.BY, NOT_HELD]
    if rules.draw_after_window:
        by_kind["draw"] = pending + [TURN_ORDER] + swap_first
    return by_kind


def _section(rules, section: str) -> list[str]:
    return [rule_id for rule_id, _ in rules.requirements.get(section, ())]
