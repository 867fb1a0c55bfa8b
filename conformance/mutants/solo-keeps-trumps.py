"""Mutant: the contract without trumps of `trump.instead: none` (Briscola chiamata's solo call) keeps trumps, as
though the bid winner had called its own strongest card: that card's suit is trumps, and the bid winner plays alone.

Breaks trump.instead ("the hand is played without trumps"): a card of that suit played off the led suit takes the
trick.  Patched: the engine's action for `trump`, for `trump none` only.
"""

from touti_dsl.engine import state

apply_trump = state._APPLY["trump"]


def keeps_trumps(st, seat: int, suit: int | None) -> None:
    if suit is None:
        strongest = max(st.hands[seat], key=lambda card: (st.rules.card_strength[card], -card))
        apply_trump(st, seat, None)
        st.trump_suit = st.rules.card_suit[strongest]
        return
    apply_trump(st, seat, suit)


if __name__ == "__main__":  # the tests read the fault without serving it (tests/cases/)
    from _serve import serve_reference

    state._APPLY["trump"] = keeps_trumps
    serve_reference("briscola-chiamata-solo", "solo-keeps-trumps")
