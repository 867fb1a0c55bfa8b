"""Mutant: a side whose every card is the best of its suit is counted to win every trick, though the others hold trumps.

Found by the engine sweep (conformance/mutants/engine_sweep.py, claim-0024: `trump in theirs` written `not in` where
the claim's search sees a side of masters win at once).  A claim lost to the others' ruff of a master is then
called good.  Patched: claim.Search._all_winners.
"""

from _serve import serve_reference

from touti_dsl.engine import claim


def masters_win(search) -> bool:
    sim, suit, strength, trump = search.sim, search.suit, search.strength, search.sim.trump_suit
    theirs: dict[int, int] = {}
    for seat, hand in enumerate(sim.hands):
        if search.team_of[seat] != search.team:
            for c in hand:
                theirs[suit[c]] = max(theirs.get(suit[c], -1), strength[c])
    return all(strength[c] > theirs.get(suit[c], -1)
               for seat, hand in enumerate(sim.hands) if search.team_of[seat] == search.team for c in hand)


claim.Search._all_winners = masters_win
serve_reference("tute-claim-the-rest", "claim-masters-win-against-trumps")
