"""Mutant: a ghna already declared may be declared again while both cards are still in hand.

Breaks ghna.same_suit ("the same suit never twice").  Patched: ghna.suit_refusal.
"""

from _serve import serve_reference

from touti_dsl.engine import ghna


def suit_refusal_forgetting_declared(st, seat: int, suit: int):
    rules = st.rules
    first, second = rules.pair_cards[suit]
    if first not in st.hands[seat] or second not in st.hands[seat]:
        return "ghna.in_hand", f"you must hold both {rules.card_name[first]} and {rules.card_name[second]}"
    return ghna.limit_refusal(st, rules.team_of[seat], [suit])


ghna.suit_refusal = suit_refusal_forgetting_declared
serve_reference("atlas-carta", "ghna-same-suit-twice")
