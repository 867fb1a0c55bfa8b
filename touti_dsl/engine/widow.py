"""The widow: cards left out of the deal, face down, that the bid winner may take.

With a `widow` section the deal leaves `widow.size` cards out of the hands (game.split_deck).
When the bidding ends in a contract the round enters the phase "widow" before trumps are
named (or, under `trump.choice in_bid`, before the first lead): the bid winner alone acts.
It says `take widow` (the cards join its hand) or, when `widow.take` is `optional`,
`leave widow` (they stay where they lie, out of the round).  After taking it, it puts
aside as many cards of its hand, one `discard CARD` at a time, any card it holds (the
ones just taken included).  With `widow.points: taker` the cards put aside count as card
points of the taker's side, as if won in a trick, as soon as the last one is put aside;
with `nobody`, and for a widow left where it lies, they count for nobody.  Then the
contract maker names trumps (phase "trump") or, trumps named in the bid, play starts.

Without the section nothing here runs: the traffic of a spec without it is unchanged.
"""

from __future__ import annotations

from bisect import insort

from .errors import NOT_HELD, PHASE, IllegalAction

BY, TAKE = "widow.by", "widow.take"


def open_phase(st) -> None:
    """After the contract: the widow's phase (module docstring)."""
    st.phase, st.turn = "widow", None


def taken(st) -> bool:
    return st.widow_taker is not None


def legal(st, seat: int) -> list[str]:
    """The widow actions of `seat` in the phase "widow" (only the bid winner's)."""
    if seat != st.contract_bidder:
        return []
    if taken(st):
        text = st.rules.card_text
        return [f"discard {text[card]}" for card in st.hands[seat]]
    return ["take widow"] if st.rules.widow.compulsory else ["take widow", "leave widow"]


def refusal(st, seat: int, kind: str, card: int | None) -> tuple[str, str]:
    """Why `seat` may not `take` / `leave` the widow or `discard` a card now (the action is not legal)."""
    if st.phase != "widow":
        return PHASE, "the widow is taken or left after the bidding, before trumps are named and the first lead"
    if kind == "discard" and not taken(st):
        return PHASE, "the widow must be taken before a card is put aside"
    if kind != "discard" and taken(st):
        return PHASE, "the widow has been taken: put aside as many cards (discard)"
    if seat != st.contract_bidder:
        return BY, f"only the bid winner (seat {st.contract_bidder}) takes the widow and puts cards aside"
    if kind == "leave":
        return TAKE, "the bid winner must take the widow"
    return NOT_HELD, f"you do not hold {st.rules.card_name[card]}"


def refusal_rules(st, seat: int, kind: str, card: int | None) -> list[str]:
    """Every rule that forbids the action (refusals.py), the first one being `refusal`'s."""
    first = refusal(st, seat, kind, card)[0]
    if first == PHASE:
        return [PHASE]
    found = [BY] if seat != st.contract_bidder else []
    if kind == "leave" and st.rules.widow.compulsory:
        found.append(TAKE)
    if kind == "discard" and card not in st.hands[seat]:
        found.append(NOT_HELD)
    return found


def refuse(st, seat: int, kind: str, card: int | None) -> None:
    raise IllegalAction(*refusal(st, seat, kind, card))


def apply_take(st, seat: int, _arg) -> None:
    st.widow_taker = seat
    for card in st.widow:
        insort(st.hands[seat], card)
    st.widow = []


def apply_leave(st, seat: int, _arg) -> None:
    _close(st)


def apply_discard(st, seat: int, card: int) -> None:
    st.hands[seat].remove(card)
    st.discards.append(card)
    if len(st.discards) == st.rules.widow.size:
        if st.rules.widow.discards_count:
            st.card_points[st.seating.team_of[seat]] += sum(st.rules.card_points[c] for c in st.discards)
        _close(st)


def _close(st) -> None:
    """The widow settled: on to trumps, as after a contract without a widow."""
    st._to_trumps()
