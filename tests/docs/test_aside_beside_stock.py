"""A turned card set aside beside a stock: the page says it is the first card left, the others the stock (it read "the
card left over", one card, beside "the cards left after the deal form the stock")."""

from __future__ import annotations

from .helpers import said, variant_pages

STOCK = "table {\n  hand_size: 12\n  draw: winner_first\n}\n"


def test_the_card_set_aside_is_the_first_left_and_the_others_the_stock(tmp_path):
    pages = variant_pages(tmp_path, "tute-arrastrado", STOCK)
    assert said(pages["en"], "trump-turned") == ("The first card left after the deal is turned face up to show trumps and set "
                                                 "aside: nobody plays it. The other cards left form the stock.")
    assert "Les autres cartes restantes forment la pioche." in said(pages["fr"], "trump-turned")
    assert "الرزمة" in said(pages["ar"], "trump-turned")


def test_without_a_stock_the_card_left_over_is_set_aside(tmp_path):
    pages = variant_pages(tmp_path, "tute-arrastrado", "table {\n  direction: clockwise\n}\n")
    assert said(pages["en"], "trump-turned").startswith("The card left over after the deal is turned face up")
