"""Who holds a contract and who scores it in a worked example.

Where the bid winner and the called card's holder score for themselves (Briscola chiamata: each player of the winning
side scores the contract), the example says each scores it: "The defenders score 61" read as one score for the side,
against the scoring sentence ("each of the other players scores the contract").  At a table each for oneself the
contract is one player's."""

from __future__ import annotations

from .helpers import SPEC_DIR, spec_pages


def test_a_missed_contract_is_scored_by_each_other_player():
    pages = spec_pages(SPEC_DIR / "examples" / "briscola-chiamata-solo.touti")
    assert "they take 60 in cards. Each of the other players scores 61." in pages["en"]
    assert "ils font 60 en cartes. Chacun des autres joueurs marque 61." in pages["fr"]
    assert "يسجّل كل واحد من اللاعبين الآخرين" in pages["ar"] and "يسجّل الفريق المدافع" not in pages["ar"]


def test_a_made_contract_is_scored_by_each_partner():
    pages = spec_pages(SPEC_DIR / "examples" / "briscola-chiamata-ranks.touti")
    assert "they take 61 in cards. They score 61 each." in pages["en"]
    assert "Ils marquent 61 chacun." in pages["fr"]
    assert "يسجّل كلٌّ منهما" in pages["ar"]


def test_a_contract_at_a_table_of_two_names_one_player():
    """Tutti-ma for two (each for oneself): the example said "the contract is 70 (players 2 and 4)" at a table with no
    player 4, and "The defenders score 70"."""
    pages = spec_pages(SPEC_DIR / "examples" / "tutti-ma-two.touti")
    assert "the contract is 70 (player 2, alone); this player takes 60 in cards" in pages["en"]
    assert "69 in all. The other player scores 70." in pages["en"]
    assert "players 2 and 4" not in pages["en"] and "players 1 and 3" not in pages["en"]
    assert "L'autre joueur marque 70." in pages["fr"] and "يسجّل اللاعب الآخر" in pages["ar"]
