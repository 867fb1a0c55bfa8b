"""Mutant: a contract is made only with more points than the bid, not with exactly as many.

Breaks scoring.round ("total >= contract: it scores the contract").  Patched:
scoring._outcome (`>` instead of `>=`).
"""

from _serve import serve_reference

from touti_dsl.engine import scoring

outcome = scoring._outcome


def made_strictly_above(st, totals: list[int]):
    if st.void or st.rules.scoring != "contract" or totals[st.contract_team] != st.contract_amount:
        return outcome(st, totals)
    changes = [0, 0]
    changes[1 - st.contract_team] = st.contract_amount
    return False, 1 - st.contract_team, changes


scoring._outcome = made_strictly_above
serve_reference("atlas-carta", "made-needs-more")
