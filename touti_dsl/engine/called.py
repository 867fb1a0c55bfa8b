"""The called card (`trump.choice called_card` with `table.teams bidder_and_called`).

After the bidding the contract maker calls one card of the deck (`call 3c`): its suit is
trumps, and whoever holds it is the bid winner's partner for the round, the three others
(or however many are left) playing against them.  A bid winner who calls a card of its own
hand (or one nobody holds: put aside from a widow, in the stock) plays alone against all the others, unless
`trump.call_own: refused` forbids it: then only a card another player holds may be called, while one does.
After an auction on ranks (`bidding.bids: ranks`) the card called is of the contract's rank.
The holder is found once, when the card is called, and kept in the state (`called_holder`):
the card may leave its hand during the play.
Where `trump.instead` lets the bid winner make another contract (`trump none`, or `trump copas`
under `instead: bid_winner`), no card is called: the bid winner plays alone (`called_holder`
is its own seat, `called_card` stays None).
"""

from __future__ import annotations

from .errors import PHASE, IllegalAction
from .ruleset import Seating

CHOICE, OWN, RANK = "trump.choice", "trump.call_own", "bidding.bids"


def legal(st, seat: int) -> list[str]:
    """The bid winner's calls: every card of the deck (of the contract's rank after an auction on ranks), only those
    another player holds when `trump.call_own: refused` (not its own, nor one nobody holds: put aside from a widow, or
    in the stock)."""
    if seat != st.contract_bidder:
        return []
    texts = st.rules.call_text
    own_refused = _own_refused(st, seat)
    return [texts[c] for c in range(len(texts)) if (not own_refused or _held_by_another(st, seat, c))
            and not _other_rank(st, c)]


def _held_by_another(st, seat: int, card: int) -> bool:
    """Whether a player other than `seat` holds the card (`trump.call_own: refused` allows only such a call: a card
    nobody holds would leave the bid winner alone as surely as its own)."""
    return any(card in hand for other, hand in enumerate(st.hands) if other != seat)


def _own_refused(st, seat: int) -> bool:
    """Whether `trump.call_own: refused` binds the bid winner now: only while another player holds a card it may call
    (of the contract's rank after an auction on ranks).  When none does (it holds all four cards of its rank, or the
    others are put aside or in the stock) every card of the rank may be called, and it plays alone: the round goes
    on rather than wait for a call that cannot be made."""
    return not st.rules.call_own and any(_held_by_another(st, seat, c) and not _other_rank(st, c)
                                         for c in range(len(st.rules.call_text)))


def _other_rank(st, card: int) -> bool:
    """Whether the card is not of the rank the contract named (an auction on ranks)."""
    return st.contract_rank is not None and st.rules.card_rank[card] != st.contract_rank


def refusal(st, seat: int, card: int) -> tuple[str, str] | None:
    """Why `seat` may not call `card` now, or None."""
    if st.phase != "trump":
        return PHASE, "the card is called after the bidding, before the play"
    if seat != st.contract_bidder:
        return CHOICE, f"seat {st.contract_bidder}, who made the contract, calls the card"
    if _other_rank(st, card):
        return RANK, f"the contract named the rank {st.contract_rank}: call a card of that rank"
    if not _held_by_another(st, seat, card) and _own_refused(st, seat):
        why = "you hold" if card in st.hands[seat] else "no other player holds"
        return OWN, f"{why} {st.rules.card_name[card]}: call a card another player holds"
    return None


def refuse(st, seat: int, card: int) -> None:
    raise IllegalAction(*refusal(st, seat, card))


def refusal_rules(st, seat: int, card: int) -> list[str]:
    """Every rule that forbids the call, in precedence order (refusals.py)."""
    if st.phase != "trump":
        return []
    found = [CHOICE] if seat != st.contract_bidder else []
    found += [RANK] if _other_rank(st, card) else []
    return found + ([OWN] if not _held_by_another(st, seat, card) and _own_refused(st, seat) else [])


def apply(st, seat: int, card: int) -> None:
    st.called_card = card
    # a card no hand holds (put aside from a widow, or never dealt) makes the bid winner play alone
    st.called_holder = next((holder for holder, hand in enumerate(st.hands) if card in hand), seat)
    st.seating = sides(st)
    st.trump_suit = st.rules.card_suit[card]
    st._start_play()


def instead_legal(st, seat: int) -> list[str]:
    """The contract of `trump.instead` the bid winner may make in place of the table's own: `trump none`, or where a
    card is called, trumps it names itself."""
    rules = st.rules
    if seat != st.contract_bidder:
        return []
    named = [f"trump {suit}" for suit in rules.suits] if is_instead(rules, False) else []
    return named + (["trump none"] if is_instead(rules, True) else [])


def is_instead(rules, no_trump: bool) -> bool:
    """Whether `trump none` (`no_trump`) or `trump SUIT` is the other contract of `trump.instead`, not the table's own:
    a suit is named instead only where a card is called."""
    if no_trump:
        return rules.trump_instead == "none"
    return rules.trump_instead == "bid_winner" and bool(rules.call_text)


def alone(st, seat: int) -> None:
    """No card called (`trump.instead`): the bid winner plays alone against all the others, as when it calls its own."""
    st.called_holder = seat
    st.seating = sides(st)


def sides(st) -> Seating:
    """The round's seating once the card is called: the bid winner and the holder (side 0) against the others."""
    seating, bidder, holder = st.seating, st.contract_bidder, st.called_holder
    out = [s for s in range(len(seating.team_of)) if s not in seating.in_play]
    return Seating.of(tuple(0 if s in (bidder, holder) else 1 for s in range(len(seating.team_of))), out, seating.deal)


def partner(st) -> int | None:
    """The bid winner's partner of the round: the holder of the called card, None when the bid winner called its own."""
    if st.called_holder is None or st.called_holder == st.contract_bidder:
        return None
    return st.called_holder
