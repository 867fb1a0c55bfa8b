"""Mutant: a concession credits the held declarations up to the contract's whole cap, whatever the team declared.

Found by the engine sweep (conformance/mutants/engine_sweep.py, ghna-0060: `cap - declared` written `cap + declared`
where a concession's award measures the room the cap leaves).  Breaks concession.award with ghna.caps: the points
the team has declared already count against the cap.  Patched: ghna._cap_room.
"""

from touti_dsl.engine import ghna


def whole_cap(st, team: int) -> int | None:
    g = st.rules.ghna
    if g.limit in ("none", "minimum"):
        return None
    return ghna._cap_row(g.caps, st.contract_amount)[1]


if __name__ == "__main__":  # the tests read the fault without serving it (tests/cases/)
    from _serve import serve_reference

    ghna._cap_room = whole_cap
    serve_reference("atlas-carta", "concession-cap-room-ignores-declared")
