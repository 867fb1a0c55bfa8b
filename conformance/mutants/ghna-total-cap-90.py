"""Mutant: a total cap of 40 at a contract of 90, in a system that has none.

Breaks ghna.minimums (tutti-ma: "a 20 needs a contract of at least 80, a 40 at least 90",
and no total cap): here, at a contract of 90, the team's declarations may not add up to
more than 40, as in atlas-carta.  Patched: the limit check of engine/ghna.py.
"""

from _serve import serve_reference

from touti_dsl.engine import ghna

limit_refusal = ghna.limit_refusal


def capped_at_ninety(st, team: int, suits: list[int]):
    found = limit_refusal(st, team, suits)
    total = st.ghna_points[team] + sum(ghna.value(st, s) for s in suits)
    if found is None and st.contract_amount == 90 and total > 40:
        return "ghna.minimums", f"at a contract of 90 your team may declare at most 40 (this would make {total})"
    return found


ghna.limit_refusal = capped_at_ninety
serve_reference("tutti-ma", "ghna-total-cap-90")
