"""Mutant: a side whose every card is the best of its suit is counted to win every trick, though the others hold trumps.

Found by the engine sweep (conformance/mutants/engine_sweep.py, claim-0024: `trump in theirs` written `not in` where
the claim's search sees a side of masters win at once).  A claim lost to the others' ruff of a master is then
called good.  Patched: claim.Search._all_winners.
"""

from touti_dsl.engine import claim


def masters_win(search) -> bool:
    sim, suit, strength = search.sim, search.suit, search.strength
    theirs: dict[int, int] = {}  # the others' best card of each suit, trumps or not
    for seat, hand in enumerate(sim.hands):
        if search.team_of[seat] != search.team:
            for c in hand:
                theirs[suit[c]] = max(theirs.get(suit[c], -1), strength[c])
    return all(strength[c] > theirs.get(suit[c], -1)
               for seat, hand in enumerate(sim.hands) if search.team_of[seat] == search.team for c in hand)


if __name__ == "__main__":  # the tests read the fault without serving it (tests/cases/)
    from _serve import serve_reference

    claim.Search._all_winners = masters_win
    serve_reference("tute-claim-the-rest", "claim-masters-win-against-trumps")
