"""Mutant: in an auction on ranks a call may name any rank of the order, not only one after the last call.

Breaks the calling order (`deck.order` in briscola-chiamata-ranks, which writes no `bidding.ranks`): "each call must
name a rank lower than the last".  Patched: bidding._rank_bids (every rank of the order is offered) and
bidding.rank_refusal (only a rank no call names is refused).
"""

from _serve import serve_reference

from touti_dsl.engine import bidding

rank_refusal = bidding.rank_refusal


def any_rank(st, seat: int, required) -> list[str]:
    return [st.rules.rank_bid_text[r] for r in st.rules.bidding.rank_order]


def named_rank_only(st, rank: int):
    return rank_refusal(st, rank) if st.rules.bidding.rank_place(rank) is None else None


bidding._rank_bids = any_rank
bidding.rank_refusal = named_rank_only
serve_reference("briscola-chiamata-ranks", "ranks-any-order")
