"""Mutant: a tute is an ordinary declaration; the hand goes on and is won on points.

Breaks ghna.tute ("four reyes or four caballos sung: tute wins the hand at once").
Patched: the `tute` entry of the state machine's action table.
"""

from _serve import serve_reference

from touti_dsl.engine import state


def tute_as_declaration(st, seat: int, rank: int) -> None:
    st.declarations.append((seat, "tute", rank, 0))
    st.window_count += 1


state._APPLY["tute"] = tute_as_declaration
serve_reference("tute", "tute-no-instant-win")
