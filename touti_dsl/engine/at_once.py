"""`match.at_once` written as a condition: a side that meets it during the round wins the game at once.

The condition is evaluated for each side after every trick and after every declaration
(`team` is the side judged, `opponents` the others), on the round so far: the card points
taken, the last-trick bonus once the last trick is played, the declarations, the tricks.
The side that has just acted (the trick's winner, the declarer's side) is judged first,
then the others in side order: the first side the condition holds for ends the round and
wins the game (the match, without `match.games`), whatever the scores and
`match.decide` say.  The cards not yet played are not played and count for nobody; the
round is scored on what each side holds so far (scoring.py).  The words `tute` and
`capote` are not read here: scoring.py reads them at the end of the round.
"""

from __future__ import annotations

from .predicates import Facts
from .scoring import totals_so_far, trick_counts


def judge(st, acting_side: int) -> None:
    """After a trick or a declaration: end the round for the first side that meets `match.at_once`."""
    test = st.rules.at_once_test
    if test is None:
        return
    facts = round_so_far(st)
    seating = st.seating
    for side in _sides_from(st, acting_side):
        seat = next(s for s in seating.in_play if seating.team_of[s] == side)
        if test(st, seat, facts):
            st.at_once_team = side
            st.phase, st.to_play, st.window_team = "done", None, None
            return


def _sides_from(st, first: int) -> list[int]:
    """The sides dealt in, the acting side first, then the others in side order."""
    seating = st.seating
    sides = sorted({seating.team_of[s] for s in seating.in_play})
    return [first] + [side for side in sides if side != first]


def round_so_far(st) -> Facts:
    """The round as it stands, in the shape the scoring formulas read (no winner yet)."""
    totals = totals_so_far(st)
    return Facts(st.contract_team, None, tuple(totals), tuple(st.card_points), tuple(trick_counts(st, len(totals))))
