"""Where the bid winner and the called card's holder score for themselves (Briscola chiamata: each player of the
winning side scores the contract), a worked example says each scores it: "The defenders score 61" read as one score
for the side, against the scoring sentence ("each of the other players scores the contract")."""

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
