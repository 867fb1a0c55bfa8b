"""Mutant: a capote at Tute cabrero makes the player who took every trick lose, as though `scoring.capote_void` (a
house rule of tute-cabrero-sung-capote: "a capote does not count for a player who has sung") always held.

Found by the engine sweep (conformance/mutants/engine_sweep.py, scoring-0084: `side != capote[0]` written `==`;
scoring-0012: `void is not None and ...` written `or`): `scoring.round: middle_loses` makes every other player
lose a capote, and no case of tute-cabrero had one (the generator looked for capotes only where a rule names one).
Ranking a capote by places like any hand is no fault there: the others, who took no trick and so could not sing,
tie at nothing and all lose as well.  Patched: scoring.capote_voided.
"""

from touti_dsl.engine import scoring


def always_void(st, totals: list[int], side: int) -> bool:
    return True


if __name__ == "__main__":  # the tests read the fault without serving it (tests/cases/)
    from _serve import serve_reference

    scoring.capote_voided = always_void
    serve_reference("tute-cabrero", "cabrero-capote-taker-loses")
