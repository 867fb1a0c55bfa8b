"""Mutant: leading the next trick does not close the declaration window.

Breaks ghna.window ("after a trick won by one's team, before the next lead"): here the
team may still declare while the next trick is being played.  Patched: the `play`
entry of the state machine's action table.
"""

from _serve import serve_reference

from touti_dsl.engine import state

play_card = state._APPLY["play"]


def play_keeping_window(st, seat: int, card: int) -> None:
    window = (st.window_team, st.window_count) if not st.trick_cards else None
    play_card(st, seat, card)
    if window is not None and st.trick_cards:
        st.window_team, st.window_count = window


state._APPLY["play"] = play_keeping_window
serve_reference("atlas-carta", "ghna-window-stays-open")
