"""Mutant: the seat after the trick winner leads the next trick, not the winner.

Breaks trick.next_leader ("the trick winner leads the next trick").  Patched:
RoundState._finish_trick.
"""

from _serve import serve_reference

from touti_dsl.engine.state import RoundState

finish_trick = RoundState._finish_trick


def next_seat_leads(st) -> None:
    finish_trick(st)
    if st.phase == "play":
        st.to_play = (st.to_play + 1) % 4


RoundState._finish_trick = next_seat_leads
serve_reference("atlas-carta", "next-leader-after-winner")
