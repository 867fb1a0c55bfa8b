"""The page of a table without trumps says so once, in the trump section, says how a trick is won, and speaks of
trumps nowhere else: not in its glossary, not among the rules its base had (spec/examples/briscolone.touti, whose
base Briscola for two turns a card under the stock, and the bidding fixture tests/engine/specs/atlas-no-trumps)."""

from __future__ import annotations

import re

import pytest

from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.render import load_for_docs, render_rules

from .helpers import ROOT

SPECS = {"briscolone": ROOT / "spec" / "examples" / "briscolone.touti",
         "atlas-no-trumps": ROOT / "tests" / "engine" / "specs" / "atlas-no-trumps.touti"}
NO_TRUMPS = {"en": "There are no trumps", "fr": "On joue sans atout", "ar": "لا وجود له في هذه اللعبة"}
TRICK = {"en": "The highest card of the suit led wins the trick.",
         "fr": "La plus haute carte de la couleur demandée remporte le pli.",
         "ar": "إلى أعلى ورقة من اللون المطلوب"}
# the words for trumps: the catalogs' and the glossary's (Guiñote's «الحكم», «حكم»), and the turned card
TRUMP_WORDS = {"en": r"trump|turned", "fr": r"atout|couper|coupé|surcoup|retourn", "ar": r"اللون الرابح|ورقة رابحة|حكم|قطع|مقلوب"}  # «رابح» alone is a winner


def _pages(path) -> dict[str, str]:
    loaded = load_for_docs(path, ROOT)
    return {lang: render_rules(loaded, lang) for lang in LANGUAGES}


def _body(page: str) -> str:
    """The rules as a player reads them: not the header (title, summary, source, house rule, which quote the source)
    nor anchors and rule ids, which are spec text."""
    body = page.split("{ #differences }", 1)[-1] if "{ #differences }" in page else page.split("{ #section-deck }", 1)[1]
    body = re.sub(r"<a class=\"rule-id\"[^>]*>#</a>|\{[:#][^}]*\}|\(#[a-z_-]+\)", "", body)
    return body


@pytest.mark.parametrize("system", SPECS)
def test_the_page_says_there_are_no_trumps_and_how_a_trick_is_won(system):
    for lang, page in _pages(SPECS[system]).items():
        assert NO_TRUMPS[lang] in page and TRICK[lang] in page, lang


@pytest.mark.parametrize("system", SPECS)
def test_no_other_sentence_nor_the_glossary_speaks_of_trumps(system):
    for lang, page in _pages(SPECS[system]).items():
        lines = [line for line in _body(page).splitlines() if NO_TRUMPS[lang] not in line and not line.startswith("#")]
        found = [line for line in lines if re.search(TRUMP_WORDS[lang], line, re.I)]
        assert found == [], (lang, found)
