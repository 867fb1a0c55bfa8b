"""Mutant: after an auction on ranks the bid winner may call any card of the deck, not only one of the rank its
winning bid named.

Breaks bidding.bids ("the card called is of the contract's rank") of briscola-chiamata-ranks.  Patched:
called._other_rank (no card is of another rank).
"""

from _serve import serve_reference

from touti_dsl.engine import called

called._other_rank = lambda st, card: False
serve_reference("briscola-chiamata-ranks", "ranks-call-any-card")
