"""A rules page speaks only of what its table has, and names the spec's things by their words, never by raw values.

Issue "Rules a card site can publish": a truthful signal read "the call being made is <code>las</code>";
Brisca in pairs (no duty of play, no songs) said "A team that breaks a duty of play loses the hand",
kept a "Singing" heading and listed the cante, the tute and the duties in its glossary.
"""

from __future__ import annotations

import re

import pytest

from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.render import load_for_docs, render_rules

from .helpers import ROOT, SPEC_DIR, variant_pages


def _pages(path) -> dict[str, str]:
    loaded = load_for_docs(path, ROOT)
    return {lang: render_rules(loaded, lang) for lang in LANGUAGES}


def _glossary_words(page: str) -> list[str]:
    glossary = page.split("{ #system-glossary }", 1)[1]
    return re.findall(r"^\| \*\*(.+?)\*\* \|", glossary, re.M)


def test_a_call_value_in_a_requirement_is_named_as_the_calls_values_are():
    pages = _pages(ROOT / "tests" / "engine" / "specs" / "atlas-true-signals.touti")
    assert "when the call being made is las (“I have an ace”)" in pages["en"]
    assert "when the call being made is kont (“I have a ghna”)" in pages["en"]
    assert "lorsque l'annonce en cours est las (« j'ai un as »)" in pages["fr"]
    assert "عندما الإعلان الجاري هو لاص («عندي الآس»)" in pages["ar"]
    for lang, page in pages.items():
        assert "<code>las</code>" not in page and "<code>kont</code>" not in page, lang


@pytest.fixture(scope="module")
def brisca() -> dict[str, str]:
    return _pages(SPEC_DIR / "examples" / "brisca-pairs.touti")


def test_no_penalty_for_breaking_a_duty_where_play_has_no_duty(brisca):
    for lang, page in brisca.items():
        assert "scoring-renounce" not in page, lang
    assert "breaks a duty" not in brisca["en"]
    assert "obligation de jeu" not in brisca["fr"].split("{ #section-scoring }")[1]


def test_no_case_links_to_a_rule_the_page_leaves_out():
    """A case's `doc` links to its rule's anchor: the penalty left out of Brisca's page is no case's rule."""
    suite = ROOT / "generated" / "brisca-pairs"
    assert any(suite.rglob("*.json"))
    assert not [p for p in suite.rglob("*.json") if "scoring-renounce" in p.read_text(encoding="utf-8")]


def test_the_penalty_stays_where_play_has_duties(tmp_path):
    pages = variant_pages(tmp_path, "guinote", "remove ghna\n")
    assert "A team that breaks a duty of play loses the hand." in pages["en"]


def test_a_table_without_songs_has_no_singing_heading(brisca):
    for lang, page in brisca.items():
        assert "{ #section-ghna }" not in page, lang
        play = page.split("{ #section-play }")[1].split("\n## ")[0]
        assert 'href="#ghna-none"' in play, lang  # one sentence says so, at the end of the play
    assert "There are no songs: no cards are declared for points." in brisca["en"]
    assert "Il n'y a pas de chants : aucune carte ne s'annonce pour des points." in brisca["fr"]
    assert "لا غناء في هذه اللعبة: لا تُعلن أي أوراق مقابل نقاط." in brisca["ar"]


def test_the_glossary_leaves_out_songs_and_duties_the_table_does_not_have(brisca):
    assert _glossary_words(brisca["en"]) == ["trick", "last trick", "trumps", "trump", "dealer", "match"]
    for lang, page in brisca.items():
        words = " ".join(_glossary_words(page))
        assert not re.search(r"cante|tute|chant|غناء|توتي|follow|fournir", words), (lang, words)


def test_the_glossary_keeps_what_the_table_has(tmp_path):
    page = variant_pages(tmp_path, "guinote", "")["en"]
    assert {"cante", "tute", "follow suit", "head the trick", "overtrump"} <= set(_glossary_words(page))


def test_a_glossary_call_value_goes_with_its_call(tmp_path):
    pages = variant_pages(tmp_path, "touti-app", "remove call push\n")
    assert "push" not in _glossary_words(pages["en"])
    assert "push" in _glossary_words(variant_pages(tmp_path, "touti-app", "")["en"])
