"""A redeal: a deal that `redeal.when` voids, at once or at the option of the player whose hand meets it.

`redeal.when` is a condition on one seat's hand just dealt (the `deal` context: trumps are
known only when a turned card shows them).  With `redeal.by: automatic` the round is void as
soon as it is dealt when the hand of any seat dealt in meets it: nobody acts, and the round
result is void.  With `by: holder` a seat whose hand meets it may say `redeal` before the
first action of the round (its option: it may play on instead); the round is then void.  A
void round scores nothing, and `redeal.dealer` says who deals the next one (game.next_pivot).
Without the section nothing here runs: the traffic of a spec without it is unchanged.
"""

from __future__ import annotations

from .errors import PHASE, IllegalAction

WHEN, BY = "redeal.when", "redeal.by"


def meets(st, seat: int) -> bool:
    """Whether the hand of `seat`, dealt in, meets `redeal.when`."""
    return seat in st.seating.in_play and bool(st.rules.redeal.test(st, seat, None))


def void_at_deal(st) -> bool:
    """`by: automatic`: whether the deal just made is void (the hand of some seat dealt in meets the condition)."""
    found = st.rules.redeal
    return found is not None and not found.option and any(meets(st, seat) for seat in st.seating.in_play)


def window_open(st) -> bool:
    """`by: holder`: the option lasts until the first action of the round."""
    found = st.rules.redeal
    return found is not None and found.option and not st.history and st.phase != "done"


def offered(st, seat: int) -> bool:
    """Whether `seat` may say `redeal` now."""
    return window_open(st) and meets(st, seat)


def refusal(st, seat: int) -> tuple[str, str] | None:
    """Why `seat` may not say `redeal` now, or None."""
    if st.phase == "done":
        return PHASE, "the round is over"
    if st.history:
        return BY, "a redeal is possible only before the first action of the round"
    if not meets(st, seat):
        return WHEN, "your hand does not call for a redeal (redeal.when)"
    return None


def apply(st, seat: int) -> None:
    st.phase, st.turn, st.to_play, st.void = "done", None, None, True


def redealt(st) -> bool:
    """Whether this finished round was made void by a redeal (not by every player passing)."""
    return st.void and st.rules.redeal is not None and (not st.history or st.history[-1][1] == "redeal")


def refuse(st, seat: int) -> None:
    raise IllegalAction(*refusal(st, seat))
