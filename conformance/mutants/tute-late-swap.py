"""Mutant: the 7 of trumps may still be swapped for the turned card during the first trick.

Breaks trump.swap ("once, before the first lead").  Patched: RoundState._swap_refusal,
which here ignores the cards already on the table in the first trick.
"""

from _serve import serve_reference

from touti_dsl.engine.state import RoundState

swap_refusal = RoundState._swap_refusal


def swap_refusal_ignoring_first_trick(st, seat: int):
    if st.swapped or st.tricks_played or not st.trick_cards or st.phase != "play":
        return swap_refusal(st, seat)
    on_table, st.trick_cards = st.trick_cards, []
    try:
        return swap_refusal(st, seat)
    finally:
        st.trick_cards = on_table


RoundState._swap_refusal = swap_refusal_ignoring_first_trick
serve_reference("tute", "tute-late-swap")
