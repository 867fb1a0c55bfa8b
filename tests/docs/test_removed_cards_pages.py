"""A card taken out of the deck (`deck.removed`) on the rules pages, in `touti diff` and `touti show`: "At three the 2
of bastos is taken out of the deck (39 cards)", in English, French and Arabic, by the deck's own labels."""

from __future__ import annotations

from touti_dsl.cli import main
from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.render import load_for_docs, render_rules

from .helpers import ROOT, SPEC_DIR, variant_pages

SPEC = SPEC_DIR / "examples" / "briscola-two-to-four.touti"


def test_the_page_says_which_card_leaves_the_deck_at_three_in_every_language():
    loaded = load_for_docs(SPEC, ROOT)
    pages = {lang: render_rules(loaded, lang) for lang in LANGUAGES}
    assert "With 3 players: The two of Bastos is taken out of the deck (39 cards)." in pages["en"]
    assert "À 3 joueurs : Le deux de Bâtons est retiré du jeu (39 cartes)." in pages["fr"]
    assert ('مع <bdi dir="ltr">3</bdi> لاعبين: تُنزع ورقة 2 الكحل من الكارطة، فتبقى فيها <bdi dir="ltr">39</bdi> ورقة.'
            in pages["ar"])


def test_several_cards_read_as_a_list_with_the_plural_verb_and_french_elides(tmp_path):
    body = "deck {\n  removed: 2o, 2c, 2e, 1b\n}\n\ntable {\n  hand_size: 9\n}\n"
    pages = variant_pages(tmp_path, "tute", body)
    assert "The two of Oros, the two of Copas, the two of Espadas and the ace of Bastos are taken out of the deck " \
           "(36 cards)." in pages["en"]
    assert ("Le deux de Deniers, le deux de Coupes, le deux d'Épées et l'as de Bâtons sont retirés du jeu "
            "(36 cartes).") in pages["fr"]
    assert 'فتبقى فيها <bdi dir="ltr">36</bdi> ورقة.' in pages["ar"]


def test_diff_and_show_name_the_card(capsys):
    assert main(["diff", "brisca-pairs", str(SPEC)]) == 0
    out = capsys.readouterr().out
    assert "+ with 3 players: deck.removed: 2b\n    The two of Bastos is taken out of the deck (39 cards)." in out
    main(["show", str(SPEC)])
    assert "removed: 2b" in capsys.readouterr().out
