"""Mutant: a kind of named cards (`bazzica = 40 11e 10o`, briscola-accuse-bazzica) is declared with any one of its
cards in hand, as though it were a rank kind that counts cards, instead of with every card it names.  Patched:
ghna.kind_holding_refusal (one card held is enough; a kind already declared is still refused)."""

from touti_dsl.engine import ghna

_reference = ghna.kind_holding_refusal


def one_card_enough(st, seat: int, index: int, suit):
    kind, cards = st.rules.ghna.kinds[index], st.rules.kind_cards[index]
    declared = any(d[1] == "kind" and d[2] == (index, suit) for d in st.declarations)
    if kind.cards and not declared and any(card in st.hands[seat] for card in cards):
        return None
    return _reference(st, seat, index, suit)


if __name__ == "__main__":
    from _serve import serve_reference

    ghna.kind_holding_refusal = one_card_enough
    serve_reference("briscola-accuse-bazzica", "bazzica-one-card-enough")
