"""A called card on the rules pages, in every language: the call after the bidding and its suit as trumps
(`trump.choice called_card`), who plays with whom (`table.teams bidder_and_called`: the holder is the partner, the
bid winner alone with its own card), whether the caller's own card may be called, and a contract scored by the bid
winner and its partner."""

from __future__ import annotations

from .helpers import said, variant_pages


def test_the_call_who_plays_with_whom_and_trumps_are_said_in_every_language(tmp_path):
    pages = variant_pages(tmp_path, "briscola-chiamata", "")
    assert said(pages["en"], "trump-choice").startswith("After the bidding, its winner calls one card of the deck aloud")
    assert "its suit is trumps" in said(pages["en"], "trump-choice")
    assert said(pages["en"], "table-teams").startswith(
        "In each hand, the player who wins the bidding calls a card: whoever holds it is that player's partner")
    assert "plays alone against all the others" in said(pages["en"], "table-teams")
    assert "appelle à voix haute une carte" in said(pages["fr"], "trump-choice")
    assert "son partenaire pour la main" in said(pages["fr"], "table-teams")
    assert "ينادي الفائز فيها" in said(pages["ar"], "trump-choice")
    assert "يكون شريكه" in said(pages["ar"], "table-teams")


def test_the_contract_is_scored_by_the_bid_winner_and_its_partner(tmp_path):
    pages = variant_pages(tmp_path, "briscola-chiamata", "")
    assert said(pages["en"], "scoring-round") == (
        "The player who wins the bidding and their partner count the card points they took. If the total reaches the "
        "contract, each of them scores the contract and the other players score nothing; otherwise each of the other "
        "players scores the contract. Card points themselves are never written down.")
    assert said(pages["fr"], "scoring-round").startswith("Le joueur qui remporte les enchères et son partenaire")


def test_a_caller_who_may_not_call_its_own_card_is_told_so(tmp_path):
    pages = variant_pages(tmp_path, "briscola-chiamata", "trump {\n  call_own: refused\n}\n")
    assert said(pages["en"], "trump-call_own") == "The bid winner must call a card that another player holds."
    assert said(pages["fr"], "trump-call_own") == "Le preneur doit appeler une carte que tient un autre joueur."
    assert said(pages["ar"], "trump-call_own") == "على الفائز في المزايدة أن ينادي على ورقة يملكها لاعب آخر."


def test_after_an_auction_on_ranks_the_page_says_what_a_caller_holding_the_whole_rank_calls(tmp_path):
    """engine/called.py: `call_own: refused` binds while another player holds a card of the rank won; the page of an
    auction on ranks says what happens when none does (a bid winner holding all four)."""
    pages = variant_pages(tmp_path, "briscola-chiamata-ranks", "trump {\n  call_own: refused\n}\n")
    assert said(pages["en"], "trump-call_own") == (
        "The bid winner must call a card that another player holds. When no other player holds a card of the rank it "
        "won, it calls any of them and plays alone.")
    assert said(pages["fr"], "trump-call_own").endswith("il en appelle une quelconque et joue seul.")
    assert said(pages["ar"], "trump-call_own").endswith("نادى على أيّ منها ولعب وحده.")
