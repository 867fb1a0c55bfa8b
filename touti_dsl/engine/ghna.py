"""Declarations after a won trick: ghna (the pair of one suit) and tute (four of a rank).

After a trick, not the last, won by team T, T's window is open until the trick winner
leads the next card.  In it, a seat of T may declare, `ghna.per_trick` times for the
whole team (a tute counts as a declaration), a ghna it holds in its own hand, of a suit
not yet declared this round, if the contract's limit allows it (`ghna.limit`), or a tute
of a rank listed in `ghna.tute`, which wins the hand at once (as does a kind written `wins_hand`:
`st.tute_team` is the side that won the hand by either).

With `ghna.who bid_winner` only the contract's maker declares, and with `ghna.lend once`
it may, once a round and in one of its own declaration windows, `lend`: its partner may
then declare one ghna (or tute), in that window or a later one of the side, under the
usual rules (the per-trick count included).  `st.lent` is NOT_LENT, LENT (not used yet)
or LEND_USED.

The kinds of `ghna.kinds` (declaration_kinds.py) are declared in the same windows, under
the same who, per-trick, lend and contract limits (a kind counts its value in a cap; its
minimum is its own `ghna.minimums` row, else that of a `plain` ghna, or `trump` for a
one-suit kind in trumps), each once per
suit (a one-suit kind) or once (a rank kind) a round; `st.declarations` records them as
`(seat, "kind", (index, suit or None), points)`.
"""

from __future__ import annotations

from . import at_once
from .errors import IllegalAction, play_phase_refusal

NOT_LENT, LENT, LEND_USED = 0, 1, 2


def value(st, suit: int) -> int:
    g = st.rules.ghna
    return g.trump_value if suit == st.trump_suit else g.plain_value


def legal(st, seat: int) -> list[str]:
    """Legal `ghna` and `tute` actions of `seat`, in canonical order."""
    if st.rules.ghna.off or window_refusal(st, seat) is not None:
        return []
    rules = st.rules
    actions = [rules.ghna_text[s] for s in range(len(rules.suits)) if suit_refusal(st, seat, s) is None]
    if rules.ghna.kinds:
        actions.extend(_legal_kinds(st, seat))
    actions.extend(f"tute {r}" for r in rules.ghna.tute_ranks
                   if _holds_all(st, seat, r) and requirement_refusal(st, seat, ("tute", r)) is None)
    if rules.ghna.lend and seat == st.contract_bidder and st.lent == NOT_LENT:
        actions.append("lend")
    return actions


def _legal_kinds(st, seat: int) -> list[str]:
    rules, found = st.rules, []
    for index, kind in enumerate(rules.ghna.kinds):
        texts = rules.kind_text[index]
        if kind.one_suit:
            found.extend(texts[s] for s in range(len(rules.suits)) if kind_refusal(st, seat, index, s) is None)
        elif kind_refusal(st, seat, index, None) is None:
            found.append(texts)
    return found


def who_refusal(st, seat: int) -> tuple[str, str] | None:
    """Why `seat` may never declare now, whatever the window (`ghna.who`), or None."""
    g = st.rules.ghna
    if g.both_teams:
        return None
    if st.seating.team_of[seat] != st.contract_team:
        return "ghna.who", "only the bidding team may declare"
    if g.bid_winner_only and seat != st.contract_bidder and st.lent != LENT:
        lent = " (its partner only once it has lent one declaration)" if g.lend else ""
        return "ghna.who", f"only the player who made the contract may declare{lent}"
    return None


def window_refusal(st, seat: int) -> tuple[str, str] | None:
    """Why `seat` may not declare anything now, or None."""
    rules, team = st.rules, st.seating.team_of[seat]
    found = play_phase_refusal(st, "declarations are made during the play, after a won trick") or who_refusal(st, seat)
    if found is not None:
        return found
    if rules.pre_lead_window and before_first_lead(st):
        made = sum(1 for d in st.declarations if st.seating.team_of[d[0]] == team)
        if made >= rules.ghna.per_trick:
            return "ghna.per_trick", f"your team has already declared {made} time(s) before the first lead"
        return None
    if st.window_team != team:
        return "ghna.window", "your team may declare only after winning a trick, before the winner leads again"
    if "after_own_trick" in rules.ghna_windows and st.tricks[-1][2] != seat:
        return "ghna.window", "only the player who won the last trick may declare"
    if st.window_count >= rules.ghna.per_trick:
        return "ghna.per_trick", f"your team has already declared {st.window_count} time(s) for this trick"
    return None


def before_first_lead(st) -> bool:
    """Whether the declaration window before the first lead (`ghna.window before_first_lead`) is open."""
    return st.rules.pre_lead_window and not st.tricks_played and not st.trick_cards


def suit_refusal(st, seat: int, suit: int) -> tuple[str, str] | None:
    """Why `seat` may not declare the ghna of `suit` (its window being open), or None."""
    rules = st.rules
    hand = st.hands[seat]
    first, second = rules.pair_cards[suit]
    if first not in hand or second not in hand:
        return "ghna.in_hand", f"you must hold both {rules.card_name[first]} and {rules.card_name[second]}"
    if suit in st.declared_suits:
        return "ghna.same_suit", f"{rules.suits[suit]} was already declared this round"
    found = limit_refusal(st, st.seating.team_of[seat], [suit])
    if found is None and "ghna" in rules.requirements:
        found = requirement_refusal(st, seat, ("ghna", suit))
    return found


NONE = ()


def requirement_refusal(st, seat: int, act: tuple) -> tuple[str, str] | None:
    """The first `require` line of the ghna section that forbids this declaration, or None."""
    for rule_id, test in st.rules.requirements.get("ghna", NONE):
        if not test(st, seat, act):
            return rule_id, f"this declaration needs: {st.rules.requirement_text[rule_id]}"
    return None


def limit_refusal(st, team: int, suits: list[int]) -> tuple[str, str] | None:
    """Why declaring these suits (together) would break the contract's limit, or None."""
    g = st.rules.ghna
    if g.limit == "none":
        return None
    amount = st.contract_amount
    if g.limit == "minimum":
        return _minimum_refusal(st, amount, suits)
    level, cap, plain_only = _cap_row(g.caps, amount)
    if plain_only and st.trump_suit in suits:
        return "ghna.caps", f"at a contract of {amount} only a plain-suit ghna may be declared"
    total = st.ghna_points[team] + sum(value(st, s) for s in suits)
    if cap is not None and total > cap:
        return "ghna.caps", f"at a contract of {amount} your team may declare at most {cap} (this would make {total})"
    return None


def _cap_row(caps, amount: int) -> tuple[int, int | None, bool]:
    """The row of the greatest level at or below the contract; below every level: cap 0."""
    row = (0, 0, False)
    for candidate in caps:
        if candidate[0] <= amount:
            row = candidate
    return row


def _minimum_refusal(st, amount: int, suits: list[int]) -> tuple[str, str] | None:
    g = st.rules.ghna
    for suit in suits:
        trump = suit == st.trump_suit
        needed = g.minimum_trump if trump else g.minimum_plain
        if amount < needed:
            kind = "trump" if trump else "plain"
            return "ghna.minimums", f"a {kind} ghna needs a contract of at least {needed} (the contract is {amount})"
    return None


def kind_value(st, index: int, suit: int | None) -> int:
    kind = st.rules.ghna.kinds[index]
    return kind.trump_value if suit is not None and suit == st.trump_suit else kind.value


def kind_holding_refusal(st, seat: int, index: int, suit: int | None) -> tuple[str, str] | None:
    """Why `seat` does not hold the kind (in that suit), or has declared it already this round, or None."""
    rules = st.rules
    kind, hand = rules.ghna.kinds[index], st.hands[seat]
    if kind.one_suit or kind.cards:  # every card of the suit's combination, or every card named
        cards = rules.kind_cards[index][suit] if kind.one_suit else rules.kind_cards[index]
        if any(c not in hand for c in cards):
            names = ", ".join(rules.card_name[c] for c in cards)
            where = f" in {rules.suits[suit]}" if kind.one_suit else ""
            return "ghna.kinds", f"{kind.name}{where} needs {names} in your hand"
    elif sum(1 for c in rules.kind_cards[index] if c in hand) < kind.count:
        return "ghna.kinds", f"{kind.name} needs {kind.count} cards of rank {kind.ranks[0]} in your hand"
    if any(d[1] == "kind" and d[2] == (index, suit) for d in st.declarations):
        where = f" in {rules.suits[suit]}" if kind.one_suit else ""
        return "ghna.kinds", f"{kind.name}{where} was already declared this round"
    return None


def kind_refusal(st, seat: int, index: int, suit: int | None) -> tuple[str, str] | None:
    """Why `seat` may not declare kind `index` (in `suit`), its window being open, or None."""
    found = kind_holding_refusal(st, seat, index, suit)
    if found is None:
        found = kind_limit_refusal(st, st.seating.team_of[seat], index, suit)
    if found is None and "ghna" in st.rules.requirements:
        found = requirement_refusal(st, seat, ("kind", (index, suit)))
    return found


def kind_limit_refusal(st, team: int, index: int, suit: int | None) -> tuple[str, str] | None:
    """Why declaring this kind would break the contract's limit, or None."""
    g = st.rules.ghna
    if g.limit == "none":
        return None
    amount = st.contract_amount
    trump = suit is not None and suit == st.trump_suit
    name = g.kinds[index].name
    if g.limit == "minimum":
        own = g.kind_minimums[index]
        needed = own if own is not None else g.minimum_trump if trump else g.minimum_plain
        if amount < needed:
            return "ghna.minimums", f"{name} needs a contract of at least {needed} (the contract is {amount})"
        return None
    level, cap, plain_only = _cap_row(g.caps, amount)
    if plain_only and trump:
        return "ghna.caps", f"at a contract of {amount} nothing may be declared in trumps"
    total = st.ghna_points[team] + kind_value(st, index, suit)
    if cap is not None and total > cap:
        return "ghna.caps", f"at a contract of {amount} your team may declare at most {cap} (this would make {total})"
    return None


def tute_refusal(st, seat: int, rank: int) -> tuple[str, str] | None:
    """Why `seat` may not declare a tute of `rank` (its window being open), or None."""
    rules = st.rules
    if rank not in rules.ghna.tute_ranks:
        listed = ", ".join(map(str, rules.ghna.tute_ranks)) or "none"
        return "ghna.tute", f"a tute is four cards of a rank in ghna.tute ({listed}), not {rank}"
    if not _holds_all(st, seat, rank):
        return "ghna.tute", f"a tute of {rank} needs all four cards of rank {rank} in your hand"
    return requirement_refusal(st, seat, ("tute", rank))


def _holds_all(st, seat: int, rank: int) -> bool:
    hand = st.hands[seat]
    return all(c in hand for c in st.rules.rank_cards[rank])


def lend_refusal(st, seat: int) -> tuple[str, str] | None:
    """Why `seat` may not `lend` now, or None: the bid winner, in its declaration window, once a round."""
    found = play_phase_refusal(st, "the partner is lent a declaration during the play")
    if found is not None:
        return found
    if seat != st.contract_bidder:
        return "ghna.lend", "only the player who made the contract may let the partner declare"
    found = window_refusal(st, seat)
    if found is not None:
        return found
    if st.lent != NOT_LENT:
        return "ghna.lend", "the partner may be lent one declaration once a round"
    return None


def refuse_lend(st, seat: int, _arg) -> None:
    raise IllegalAction(*lend_refusal(st, seat))


def apply_lend(st, seat: int, _arg) -> None:
    st.lent = LENT


def _spend_lend(st, seat: int) -> None:
    if st.rules.ghna.bid_winner_only and seat != st.contract_bidder:
        st.lent = LEND_USED


def refuse(st, seat: int, kind: str, arg: int) -> None:
    """Raise the refusal of `ghna <suit>` or `tute <rank>` (the caller knows it is not legal)."""
    found = window_refusal(st, seat)
    if found is None:
        if kind == "kind":
            found = kind_refusal(st, seat, *arg)
        else:
            found = suit_refusal(st, seat, arg) if kind == "ghna" else tute_refusal(st, seat, arg)
    raise IllegalAction(*found)


def apply_ghna(st, seat: int, suit: int) -> None:
    team = st.seating.team_of[seat]
    points = value(st, suit)
    st.ghna_points[team] += points
    st.declared_suits.append(suit)
    st.declarations.append((seat, "ghna", suit, points))
    st.window_count += 1
    _spend_lend(st, seat)
    if st.rules.at_once_test is not None:
        at_once.judge(st, team)


def apply_kind(st, seat: int, arg: tuple) -> None:
    team = st.seating.team_of[seat]
    points = kind_value(st, *arg)
    st.ghna_points[team] += points
    st.declarations.append((seat, "kind", arg, points))
    st.window_count += 1
    _spend_lend(st, seat)
    if st.rules.ghna.kinds[arg[0]].wins_hand:  # as a tute: the round ends, this side winning the hand
        st.tute_team = team
        st.phase, st.to_play = "done", None
    if st.rules.at_once_test is not None:
        at_once.judge(st, team)


def apply_tute(st, seat: int, rank: int) -> None:
    st.declarations.append((seat, "tute", rank, 0))
    st.window_count += 1
    _spend_lend(st, seat)
    st.tute_team = st.seating.team_of[seat]
    st.phase, st.to_play = "done", None
    if st.rules.at_once_test is not None:
        at_once.judge(st, st.tute_team)


def held_undeclared(st, team: int, judged: bool = True) -> list[tuple[str, object]]:
    """The declarations a seat of `team` that may declare holds in one hand and has not made: `("ghna", suit)` for a
    pair, then `("kind", (index, suit or None))` for a kind of ghna.kinds (in spec order, a one-suit kind by suit).

    `judged`: only those whose holder also meets the ghna section's `require` lines that read no moment of the play
    (`rules.held_requirements`: `bid_winner`, the hand, the declaration itself), judged as if it declared them now; the
    lines about the window, the trick, the counts so far or the stock are left out, the round ending before any window."""
    rules = st.rules
    seats = [s for s in range(rules.seats) if st.seating.team_of[s] == team
             and not (rules.ghna.bid_winner_only and who_refusal(st, s))]
    tests = rules.held_requirements if judged else ()
    allowed = lambda seat, act: all(test(st, seat, act) for _, test in tests)
    held: list[tuple[str, object]] = [
        ("ghna", suit)
        for suit, pair in enumerate(rules.pair_cards)
        if suit not in st.declared_suits and any(pair[0] in st.hands[s] and pair[1] in st.hands[s]
                                                 and allowed(s, ("ghna", suit)) for s in seats)
    ]
    for index, kind in enumerate(rules.ghna.kinds):
        for suit in range(len(rules.suits)) if kind.one_suit else (None,):
            if any(kind_holding_refusal(st, s, index, suit) is None and allowed(s, ("kind", (index, suit)))
                   for s in seats):
                held.append(("kind", (index, suit)))
    return held


def held_value(st, item: tuple[str, object]) -> int:
    """The points of a held declaration of `held_undeclared`."""
    what, arg = item
    return value(st, arg) if what == "ghna" else kind_value(st, *arg)


def best_held(st, team: int, judged: bool = True) -> list[tuple[str, object]]:
    """The held, undeclared declarations worth most that fit the limit together (a concession's award).

    Each must be allowed alone (a minimum, `plain_only`, and for `judged` the ghna `require` lines that read no
    moment of the play, judged for its holder: `held_undeclared`; of a partner lent one declaration, one only), and
    together they fit what the
    cap leaves; among the sets worth most, the fewest declarations, then the first in the
    order of `held_undeclared`.  A subset sum over the totals: kinds may make many held
    declarations, too many to try every set of them.
    """
    held = [item for item in held_undeclared(st, team, judged)
            if held_value(st, item) > 0 and _alone_refusal(st, team, item) is None]
    lent = _lent_only(st, held)
    if len(lent) > 1:  # the partner was lent one declaration (`ghna.lend`): at most one of its own counts
        choices = [_best_of(st, team, [item for item in held if item not in lent or item == one]) for one in lent]
        return min(choices, key=lambda chosen: (-sum(held_value(st, item) for item in chosen), len(chosen),
                                                [held.index(item) for item in chosen]))
    return _best_of(st, team, held)


def _best_of(st, team: int, held: list) -> list[tuple[str, object]]:
    """The held declarations of `held` that best_held takes: all of them without a cap, else the fittest set."""
    room = _cap_room(st, team)
    if room is None:
        return held
    return [held[position] for position in fittest([held_value(st, item) for item in held], room)]


def _lent_only(st, held: list) -> list[tuple[str, object]]:
    """The held declarations that only the bid winner's partner holds, where it may declare only because it was lent
    one declaration (`ghna.who bid_winner`, `ghna.lend once`, the lend not used yet): as if it declared at the
    concession, it may make one of them."""
    if not (st.rules.ghna.bid_winner_only and st.lent == LENT):
        return []
    bidder, hand, pairs = st.contract_bidder, st.hands[st.contract_bidder], st.rules.pair_cards
    return [(what, arg) for what, arg in held
            if not (pairs[arg][0] in hand and pairs[arg][1] in hand if what == "ghna"
                    else kind_holding_refusal(st, bidder, *arg) is None)]


def fittest(values: list[int], room: int) -> tuple[int, ...]:
    """The positions of the values to take for the most points within `room`: among the sets worth most, the
    fewest, then the first in lexicographic order (as trying every set, the smallest first, would find it)."""
    best: dict[int, tuple[int, ...]] = {0: ()}  # total -> the first smallest set of positions making it
    for position, points in enumerate(values):
        for total, chosen in list(best.items()):
            grown, candidate = total + points, chosen + (position,)
            if grown <= room and (grown not in best or (len(candidate), candidate) < (len(best[grown]), best[grown])):
                best[grown] = candidate
    return best[max(best)]


def _alone_refusal(st, team: int, item: tuple[str, object]) -> tuple[str, str] | None:
    """Why the contract's limit forbids this held declaration even alone (a minimum, `plain_only`), or None."""
    g = st.rules.ghna
    what, arg = item
    if g.limit == "minimum":
        return _minimum_refusal(st, st.contract_amount, [arg]) if what == "ghna" else kind_limit_refusal(st, team, *arg)
    if g.limit == "none":
        return None
    _, _, plain_only = _cap_row(g.caps, st.contract_amount)
    trump = (arg if what == "ghna" else arg[1]) == st.trump_suit
    return ("ghna.caps", "only a plain-suit declaration") if plain_only and trump else None


def _cap_room(st, team: int) -> int | None:
    """The points `team` may still declare under the contract's cap, or None without a cap."""
    g = st.rules.ghna
    if g.limit in ("none", "minimum"):
        return None
    _, cap, _ = _cap_row(g.caps, st.contract_amount)
    return None if cap is None else cap - st.ghna_points[team]
