"""Mutant: a claim's search takes two cards of one suit and worth in a hand for the same card, though a card still
out lies between them.

A double-dummy shortcut gone too far: a player's cards of a suit that are worth the same are tried once, the
others' cards between them forgotten (the reference merges a run only when no card still out lies between).  A
claim that holds only by playing the higher card over an opponent's one between is called lost, and one the
others break that way called good.  The engine sweep's claim-0076 (claim.py `place[low] + 1` written `- 1`) is
this fault at the deck's first card alone, in the reference's own index of the deck; this mutant makes it at every
card, as an implementation without that index would.  Patched: claim.Search._out_between.
"""

from touti_dsl.engine import claim


def nothing_out_between(search, seat: int, low: int, high: int) -> bool:
    return False


if __name__ == "__main__":  # the tests read the fault without serving it (tests/engine/)
    from _serve import serve_reference

    claim.Search._out_between = nothing_out_between
    serve_reference("tute-claim-the-rest", "claim-run-across-card-out")
