"""Mutant: one declaration per round for a team, instead of one per won trick.

Breaks ghna.per_trick ("one declaration per won trick for the whole team"): here a team
that has declared once may not declare again this round, whatever tricks it wins later.
Patched: the window check of engine/ghna.py (legal sets and refusals both use it).
"""

from _serve import serve_reference

from touti_dsl.engine import ghna

window_refusal = ghna.window_refusal


def one_declaration_per_round(st, seat: int):
    found = window_refusal(st, seat)
    team = st.seating.team_of[seat]
    if found is None and any(st.seating.team_of[who] == team for who, *_ in st.declarations):
        return "ghna.per_trick", "your team has already declared this round"
    return found


ghna.window_refusal = one_declaration_per_round
serve_reference("atlas-carta", "ghna-once-per-round")
