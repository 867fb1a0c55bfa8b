"""Mutant: a concession awards the cards still in hand but not those of the trick in progress.

Breaks concession.award ("the bidding team takes every remaining card, the current trick
included").  Patched: concession._award.
"""

from _serve import serve_reference

from touti_dsl.engine import concession

award = concession._award


def award_without_trick(st) -> None:
    on_table = list(st.trick_cards)
    award(st)
    st.card_points[st.contract_team] -= sum(st.rules.card_points[c] for c in on_table)


concession._award = award_without_trick
serve_reference("atlas-carta", "concession-award-skips-trick")
