"""Which cards a deck holds: every suit × rank, less the single cards `deck.removed` takes out.

A card is written as the actions write it: its rank, then its suit's code (`2c`, the 2 of
copas).  The checks count the deck and the points it holds with it, the engine numbers
its cards from it (a card taken out has no index: nobody is dealt, draws, turns or plays
it), and the pages name the cards taken out.
"""

from __future__ import annotations

import re

from . import model as m

CARD = re.compile(r"([0-9]+)([a-z])")


def card_parts(text: str) -> tuple[int, str]:
    """`12c` gives (12, "c"): the rank and the suit's code of a card as written."""
    found = CARD.fullmatch(text)
    return int(found.group(1)), found.group(2)


def removed_cards(spec: m.Spec) -> tuple[tuple[int, str], ...]:
    """The (rank, suit code) of each card `deck.removed` takes out, once each, in the order written."""
    value = spec.value("deck.removed")
    if not isinstance(value, m.Cards):
        return ()
    return tuple(dict.fromkeys(card_parts(card) for card in value.cards))

