"""Mutant: a ghna may be declared when the rey and the caballo are split between partners.

Breaks ghna.in_hand ("rey + caballo of one suit in the same hand").  Patched:
ghna.suit_refusal, which here looks at the whole team's cards.
"""

from _serve import serve_reference

from touti_dsl.engine import ghna

suit_refusal = ghna.suit_refusal


def suit_refusal_for_the_team(st, seat: int, suit: int):
    partner = st.rules.partner[seat]
    own, st.hands[seat] = st.hands[seat], st.hands[seat] + st.hands[partner]
    try:
        return suit_refusal(st, seat, suit)
    finally:
        st.hands[seat] = own


ghna.suit_refusal = suit_refusal_for_the_team
serve_reference("atlas-carta", "ghna-split-pair")
