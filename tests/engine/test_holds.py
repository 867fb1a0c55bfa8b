"""`holds` with a rank and a suit, trumps or the led suit: one card, as `cards_held` counts it.

`holds(trump, 2)` used to hold for any trump (the rank was dropped when trumps or a suit
were named); the engine now asks for the card itself, the pages say "the 2 of trumps",
and a suit named together with `trump` / `led` is refused (E401).
"""

from __future__ import annotations

import pytest

from touti_dsl.engine import Game, redeal
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec


def _spec(tmp_path, when: str):
    path = tmp_path / "inline.touti"
    path.write_text('touti 1\n\nsystem "inline" extends "tute" {\n  title: "Inline"\n}\n\n'
                    f"add redeal {{\n  when: {when}\n  by: automatic\n  dealer: same_seat\n}}\n", encoding="utf-8")
    return load_spec(path)


def _cards(state, seat):
    rules = state.rules
    return [(rules.card_rank[c], rules.card_suit[c]) for c in state.hands[seat]]


@pytest.mark.parametrize("when, wanted", [
    ("holds(trump, 2)", lambda cards, trump: (2, trump) in cards),
    ("holds(2, trump)", lambda cards, trump: (2, trump) in cards),
    ("holds(oros, 1)", lambda cards, trump: (1, 0) in cards),
    ("holds(trump)", lambda cards, trump: any(s == trump for _, s in cards)),
    ("holds(12)", lambda cards, trump: any(r == 12 for r, _ in cards)),
])
def test_holds_names_one_card_when_a_rank_and_a_suit_or_trumps_are_named(tmp_path, when, wanted):
    game = Game.from_spec(_spec(tmp_path, when))
    seen = {True: 0, False: 0}
    narrower = 0  # hands with a card of the suit but not that card: where the old reading went wrong
    for seed in range(60):
        state = game.new_round(seed=seed, dealer=seed % 4)
        for seat in state.seating.in_play:
            cards = _cards(state, seat)
            expected = wanted(cards, state.trump_suit)
            assert redeal.meets(state, seat) == expected, (seed, seat, when)
            seen[expected] += 1
            narrower += not expected and any(s == state.trump_suit for _, s in cards)
    assert seen[True] and seen[False]
    if "trump, 2" in when or "2, trump" in when:
        assert narrower  # the case the bug got wrong did occur


def test_a_suit_named_with_trumps_or_the_led_suit_is_a_located_error(tmp_path):
    for when in ("holds(oros, trump)", "cards_held(led, copas, 2) > 0"):
        with pytest.raises(ToutiError) as error:
            _spec(tmp_path, when)
        text = str(error.value)
        assert "E401" in text and "at once" in text and "inline.touti:8" in text, text


def test_the_pages_say_the_card(tmp_path):
    from tests.docs.helpers import variant_pages

    pages = variant_pages(tmp_path, "tute", "add redeal {\n  when: holds(trump, 2)\n  by: automatic\n"
                                            "  dealer: same_seat\n}\n")
    assert "this player holds the two of trumps" in pages["en"]
    assert "ce joueur a le deux d'atout" in pages["fr"]
    assert "هذا اللاعب يملك 2 من الحكم" in pages["ar"]
