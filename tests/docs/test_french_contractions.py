"""French contracts a preposition with the article after it: "des adversaires", never "de les adversaires".

The catalogs write "de {side}" once for every side; `Catalog.text` contracts where the field is
filled in (de les → des, de le → du, à les → aux, à le → au), and only then: a pronoun inside a
text ("de le jouer") is left alone.
"""

from __future__ import annotations

import re

import pytest

from touti_dsl import model as m
from touti_dsl.docs.catalog import catalog
from touti_dsl.docs.conditions import render_condition

from .helpers import DOCS_DIR

UNCONTRACTED = re.compile(r"(?<![\w'’])(de|à|De|À) (<[^>]*>|\[)*(les|le)\b(?! ?\{)")


@pytest.mark.parametrize("side, words", [("opponents", "des adversaires"), ("partner", "du partenaire de ce joueur"),
                                         ("team", "de l'équipe de ce joueur"), ("self", "de ce joueur")])
def test_a_side_after_de_is_contracted_with_its_article(side, words):
    for term in ("points", "score"):
        text = render_condition(m.Compare(">", m.Pred(term, (side,)), m.Num(0)), "fr")
        assert words in text and not UNCONTRACTED.search(text), text


def test_each_preposition_and_article_and_nothing_else():
    french = catalog("fr")
    french.texts["test.contract"] = "de {a}, à {b}, de {c}, à {d}, De {a}, de {e}, à {f}, dans {a}"
    try:
        text = french.text("test.contract", a="les adversaires", b="les joueurs", c="le donneur", d="le partenaire",
                           e="lesquels {x}", f="l'équipe")
    finally:
        del french.texts["test.contract"]
    assert text == ("des adversaires, aux joueurs, du donneur, au partenaire, Des adversaires, de lesquels {x}, "
                    "à l'équipe, dans les adversaires")


def test_no_french_page_writes_an_uncontracted_article():
    """"de le" may be a pronoun before a verb ("de le jouer"): the pages are searched for the forms that never are."""
    plural = re.compile(r"(?<![\w'’])(de|à|De|À) (<[^>]*>|\[)*les\b|(?<![\w'’])(à|À) (<[^>]*>|\[)*le\b")
    pages = sorted(DOCS_DIR.rglob("*.fr.md"))
    assert pages
    found = [(page.name, hit.group()) for page in pages for hit in plural.finditer(page.read_text(encoding="utf-8"))]
    assert not found


def test_si_elides_before_il():
    # "Un joueur ne peut dire « passe » que si il n'est pas vrai …" read wrong: "que s'il n'est pas vrai"
    french = catalog("fr")
    text = render_condition(m.Not(m.All((m.Pred("is_dealer"), m.Pred("last_speaker")))), "fr")
    assert text.startswith("il n'est pas vrai")
    assert french.text("duty.unless", condition=text).startswith(", sauf s'il n'est pas vrai")
    assert french.text("duty.unless", condition="ils jouent") == ", sauf s'ils jouent"
    assert french.text("duty.unless", condition="ilôt") == ", sauf si ilôt"


def test_lorsque_and_que_elide_before_a_vowel():
    # guinote: "Vous devez jouer une carte de la couleur demandée, si vous le pouvez, lorsque aucune carte ne reste …"
    french = catalog("fr")
    assert french.text("duty.when", condition="aucune carte ne reste à piocher") == ", lorsqu'aucune carte ne reste à piocher"
    assert french.text("duty.when", condition="le joueur mène") == ", lorsque le joueur mène"
    assert french.text("expr.not", item="il reste des cartes") == "il n'est pas vrai qu'il reste des cartes"
    assert french.text("expr.not", item="une équipe") == "il n'est pas vrai qu'une équipe"
