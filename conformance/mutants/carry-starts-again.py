"""Mutant: the count of `match.carry` starts again from zero at each hand, as though only the match score (hands won)
were carried into the next: Briscola in due's "120 points in one or two hands" would then need 120 in one hand.

Breaks match.carry.  Patched: engine/levels.carried, which says what the next round starts from.
"""

from touti_dsl.engine import levels

carried = levels.carried


def carry_nothing(rules, result: dict) -> dict:
    start = carried(rules, result)
    if "carried" in start:
        start["carried"] = [0] * len(start["carried"])
    return start


if __name__ == "__main__":  # the tests read the fault without serving it (tests/cases/)
    from _serve import serve_reference

    levels.carried = carry_nothing
    serve_reference("briscola-two-hands-or-120", "carry-starts-again")
