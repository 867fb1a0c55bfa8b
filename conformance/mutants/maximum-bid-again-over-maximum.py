"""Mutant: a bid equal to the maximum is refused as over the maximum, even where it is refused for another reason.

Found by the engine sweep (conformance/mutants/engine_sweep.py, bidding-0009): the bound of
`bidding.maximum` written `>=` for `>`.  The legal bids are unchanged; only a bid at the
maximum that is refused anyway (the maximum already bid: under the floor of
`bidding.step`) names `bidding.maximum` instead of the floor's rule.  Patched:
bidding.refuse_bid.
"""

from touti_dsl.engine import bidding
from touti_dsl.engine.errors import IllegalAction

refuse_bid = bidding.refuse_bid


def maximum_inclusive(st, seat: int, arg) -> None:
    b = st.rules.bidding
    if not st.out[seat] and st.turn == seat and bidding.points_refusal(st) is None and bidding.bid_amount(arg) == b.maximum:
        raise IllegalAction("bidding.maximum", f"the highest bid is {b.maximum}")
    refuse_bid(st, seat, arg)


if __name__ == "__main__":  # the tests read the fault without serving it (tests/cases/)
    from _serve import serve_reference

    bidding.refuse_bid = maximum_inclusive
    serve_reference("atlas-carta", "maximum-bid-again-over-maximum")
