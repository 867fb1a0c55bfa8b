"""Mutant: a player void in the led suit may discard while no trump is in the trick.

Breaks play.trump_when_void ("void in the led suit: must trump if able"); overtrumping a
trump already in the trick is still enforced.  Patched: the "trump" and "beat_trump"
duty filters of play.py, so that neither forces a trump onto an untrumped trick.
"""

from _serve import serve_reference

from touti_dsl.engine import play

beat_trump = play.DUTY_FILTERS["beat_trump"]


def only_overtrump(st, cards: list[int]) -> list[int]:
    return beat_trump(st, cards) if st.best_trump >= 0 else cards


play.DUTY_FILTERS["trump"] = lambda st, cards: cards
play.DUTY_FILTERS["beat_trump"] = only_overtrump
serve_reference("atlas-carta", "no-trump-when-void")
