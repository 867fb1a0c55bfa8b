"""A card of a worked example is named as a player says it: French elides «de» before a suit that opens with a vowel
(«six d'Épées», never «six de Épées»), and Arabic names the rank as the first noun of a construct, without its article
(«آس الصبادة», never «الآس الصبادة»); so does a card named in a rule («ورقة كابال الصبادة»)."""

from __future__ import annotations

import re

import pytest

from .helpers import SPEC_DIR, spec_pages

CARD_TITLE = re.compile(r'<span class="card card-(\w+)" title="([^"]+)"')


@pytest.fixture(scope="module")
def atlas_pages():
    return spec_pages(SPEC_DIR / "atlas-carta.touti")


def _card_names(page: str, suit: str) -> set[str]:
    return {name for key, name in CARD_TITLE.findall(page) if key == suit}


def test_french_card_names_elide_before_a_vowel(atlas_pages):
    names = _card_names(atlas_pages["fr"], "espadas") | _card_names(atlas_pages["fr"], "oros")
    assert names and not [name for name in names if re.search(r"\bde [AÉEIOU]", name)]
    assert any(name.endswith("d'Épées") for name in names)


def test_arabic_card_names_take_no_article_on_the_rank(atlas_pages):
    names = {name for suit in ("oros", "copas", "espadas", "bastos") for name in _card_names(atlas_pages["ar"], suit)}
    named_ranks = [name for name in names if not name[0].isdigit()]
    assert named_ranks and not [name for name in named_ranks if name.startswith("ال")]


def test_a_card_named_in_a_rule_reads_as_a_construct_in_arabic():
    page = spec_pages(SPEC_DIR / "examples" / "briscola-accuse-bazzica.touti")["ar"]
    assert "ورقة كابال الصبادة وورقة سوتا الدهب" in page
    assert "ورقة الكابال" not in page


CARD_CHIP = r'<span class="card[^>]*>.*?</span>'
# The refused card's sentence up to its end: the cards the player must play instead, as chips.
MUST_PLAY = {"en": r"they must play (one of )?((?:{chip} ?)+)\.", "fr": r"doit jouer (l'une de ces cartes : )?((?:{chip} ?)+)\.",
             "ar": r"فيجب أن يلعب (إحدى هذه: )?((?:{chip} ?)+)\."}


@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_a_single_card_to_play_is_named_alone_and_several_as_a_choice(atlas_pages, lang):
    """"they must play one of the ace of Espadas" read wrong: one card is the one to play."""
    found = re.findall(MUST_PLAY[lang].format(chip=CARD_CHIP), atlas_pages[lang])
    assert found
    for choice, chips in found:
        assert bool(choice) == (len(re.findall(CARD_CHIP, chips)) > 1), (choice, chips)


def test_a_trick_already_trumped_shows_only_cards_of_the_suit_led():
    """Guiñote has no duty while cards are left to draw: a trick trumped then lets a player play any card, and the
    example saying "may play any card of the suit led" listed cards of every suit."""
    pages = (spec_pages(SPEC_DIR / "examples" / "guinote.touti")["en"], spec_pages(SPEC_DIR / "atlas-carta.touti")["en"])
    blocks = [block for page in pages
              for block in re.findall(r'!!! example "Example: a trick already trumped"\n(.*?)(?=\n\S|\Z)', page, re.S)]
    assert blocks
    for block in blocks:
        led = re.search(r"On the table: player \d played " + CARD_CHIP.replace(".*?", "[^<]*?<b>\\d+</b>[^<]*"), block)
        listed = block.split("any card of the suit led:")[1]
        suits = set(re.findall(r'class="card card-(\w+)"', listed))
        assert len(suits) == 1 and suits == set(re.findall(r'class="card card-(\w+)"', led.group())), block


def test_the_french_pair_names_each_rank_as_a_card_of_the_pair(atlas_pages):
    """«formé du roi et cavalier» gave the article to the first rank only."""
    assert "est formé de deux cartes d'une même couleur tenues dans la même main : roi et cavalier." in atlas_pages["fr"]
    assert "formé du " not in atlas_pages["fr"]


def test_a_kind_of_one_rank_names_its_cards_in_words():
    """"ases: 4 × ace, of different suits" read like the spec; the cards of a kind of one rank are an ace in each of
    four suits."""
    pages = spec_pages(SPEC_DIR / "examples" / "briscola-accuse.touti")
    assert "| ace in 4 different suits | 100 |" in pages["en"] and "×" not in pages["en"]
    assert "as dans 4 couleurs différentes" in pages["fr"]
    assert 'الآس في <bdi dir="ltr">4</bdi> ألوان مختلفة' in pages["ar"]
