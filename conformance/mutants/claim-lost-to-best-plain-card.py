"""Mutant: a claim is lost as soon as the others hold the best card out of trumps (as if it were the best trump).

Found by the engine sweep (conformance/mutants/engine_sweep.py, claim-0058): `suit == trump` written `!=` where
the claim's search looks for the strongest trump still out.  A claim that holds by trumping the others' best
cards is then called false: the opponents take the rest.  Patched: claim.Search._lost_to_top_trump.
"""

from touti_dsl.engine import claim


def lost_to_best_plain_card(search) -> bool:
    sim, trump = search.sim, search.sim.trump_suit
    best = max(((search.strength[c], seat) for seat, hand in enumerate(sim.hands) for c in hand if search.suit[c] != trump),
               default=None)
    return best is not None and search.team_of[best[1]] != search.team


if __name__ == "__main__":  # the tests read the fault without serving it (tests/cases/)
    from _serve import serve_reference

    claim.Search._lost_to_top_trump = lost_to_best_plain_card
    serve_reference("tute-claim-the-rest", "claim-lost-to-best-plain-card")
