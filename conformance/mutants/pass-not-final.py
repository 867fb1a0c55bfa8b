"""Mutant: a pass only skips one turn; a seat that passed speaks again when its turn comes.

Breaks bidding.pass ("pass is final for the round").  The bidding still ends once every
seat but the high bidder has passed.  Patched: bidding._end_turn (the turn goes to the
next seat, passed or not).
"""

from _serve import serve_reference

from touti_dsl.engine import bidding


def next_seat_speaks(st, seat: int) -> None:
    st.spoken[seat] = True
    st.push_min[seat] = None
    st.turn = (seat + 1) % 4
    bidding._check_end(st)


bidding._end_turn = next_seat_speaks
serve_reference("atlas-carta", "pass-not-final")
