"""The swap's window on the rules pages: both windows said (`swap_window: before_first_lead, after_team_trick`), and a
turned card set aside said true at every table size, where a deal that leaves no card over keeps it in a hand."""

from __future__ import annotations

from .helpers import said, variant_pages

LATE_SWAP = "trump {\n  swap: 7\n  swap_window: after_team_trick\n}\n"


def test_both_windows_are_said_the_earlier_as_also(tmp_path):
    pages = variant_pages(tmp_path, "tute", "trump {\n  swap_window: before_first_lead, after_team_trick\n}\n")
    assert said(pages["en"], "trump-swap_window") == (
        "The exchange is made after a trick won by the holder's side, before the next lead, while the dealer still holds "
        "the turned-up card: once the dealer has played it, the exchange is gone. The dealer, who holds the turned-up "
        "card already, never exchanges. The exchange may also be made before the first lead.")
    assert said(pages["fr"], "trump-swap_window").endswith("L'échange peut aussi se faire avant la première entame.")
    assert said(pages["ar"], "trump-swap_window").endswith("ويجوز التبديل أيضًا قبل أول لعبة.")
    assert said(pages["en"], "trump-swap") == "The player who holds the seven of trumps may exchange it for the turned-up card, once."


def test_the_windows_read_alike_in_either_order(tmp_path):
    first = variant_pages(tmp_path, "tute", "trump {\n  swap_window: after_team_trick, before_first_lead\n}\n")["en"]
    second = variant_pages(tmp_path, "tute", "trump {\n  swap_window: before_first_lead, after_team_trick\n}\n")["en"]
    assert said(first, "trump-swap_window") == said(second, "trump-swap_window")


def test_a_late_swap_on_tute_cabrero_says_where_the_turned_card_is_at_each_size(tmp_path):
    """tute-cabrero seats 3 to 6: at three the fortieth card is set aside; at four, five and six (the dealer out at five
    and six: 4, 4 and 5 players dealt in) none is left over, the last card dealt stays in its hand, and the engine lets
    the seven take it from there while that player holds it (tests/engine/test_swap_windows.py)."""
    pages = variant_pages(tmp_path, "tute-cabrero", LATE_SWAP)
    assert said(pages["en"], "trump-swap_window") == (
        "The exchange is made after a trick won by the holder's side, before the next lead; the turned-up card stays on "
        "the table until then. When 4 or 5 players are dealt in, the exchange after a won trick is made only while the "
        "player dealt the last card still holds the turned-up card, and that player never exchanges.")
    assert "Quand 4 ou 5 joueurs reçoivent des cartes, l'échange après un pli gagné" in said(pages["fr"], "trump-swap_window")
    assert "لا يكون التبديل بعد لمّة رابحة إلا ما دامت" in said(pages["ar"], "trump-swap_window")
    assert said(pages["en"], "trump-turned").endswith(
        "When 4 or 5 players are dealt in, no card is left over: the last card dealt shows trumps and stays in the hand "
        "of the player it was dealt to.")


def test_a_swap_before_the_first_lead_needs_no_word_on_sizes(tmp_path):
    page = variant_pages(tmp_path, "tute-cabrero", "trump {\n  swap: 7\n}\n")["en"]
    assert "dealt in" not in said(page, "trump-swap")


def test_a_table_that_always_sets_a_card_aside_says_nothing_more(tmp_path):
    page = variant_pages(tmp_path, "tute-arrastrado-swap", "")["en"]
    assert "dealt in" not in page
