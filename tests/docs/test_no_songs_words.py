"""A table without songs (no `ghna` section) never counts songs in its scoring sentences, in any language.

Each-for-oneself tables (Tute cabrero's middle loses) and the bid winner alone against the
rest (subastado for three) had only the wording with songs: "(cards, last trick and cante)",
"a tute or a capote", "the declared cante".  They now take the `*_no_ghna` wordings that a
table of partners without songs already had.
"""

from __future__ import annotations

import re

import pytest

from touti_dsl.docs.catalog import LANGUAGES, catalog

from .helpers import variant_pages

VARIANTS = {
    "middle_loses": ("tute-cabrero", "remove ghna\n"),
    "place_loses": ("tute-cabrero-second-loses", "remove ghna\n"),
    "bidder_alone": ("tute-subastado-three", "bidding {\n  maximum: 130\n}\n\nremove ghna\n"),
    "pairs_contract": ("tutti-ma", "bidding {\n  maximum: 130\n}\n\nremove ghna\n"),
}
# The words of a song in each language's pages of Tute: the glossary's cante, the tute, and the catalogs' own.
SONG_WORDS = {"en": r"cante|tute|declared|song", "fr": r"cante|tute|annonce|chant", "ar": r"كانتي|توتي|غناء|أعلن"}


def _scoring(page: str) -> str:
    return page.split("{ #section-scoring }")[1].split("\n## ")[0]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_table_without_songs_scores_without_songs(tmp_path, name):
    base, body = VARIANTS[name]
    pages = variant_pages(tmp_path, base, body)
    for lang in LANGUAGES:
        scoring = re.sub(r"<[^>]+>|\[\[|\]\]", "", _scoring(pages[lang]))
        sentences = [line for line in scoring.splitlines() if line and not line.startswith(("{:", "!!!", "    "))]
        assert sentences
        assert not [s for s in sentences if re.search(SONG_WORDS[lang], s, re.I)], (name, lang, sentences)


def test_the_wording_with_songs_is_kept_where_songs_are_played(tmp_path):
    pages = variant_pages(tmp_path, "tute-cabrero", "")
    assert "A tute or a capote" in pages["en"] and "Un tute ou un capot" in pages["fr"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_wording_without_songs_has_its_wording_with_songs(lang):
    """A `*_no_ghna` key is the song-free twin of a key for the same table; it never stands alone."""
    words = catalog(lang)
    for key in words.texts:
        head, rest = key.split(".", 1)
        if head.endswith("_no_ghna"):
            twin = head[: -len("_no_ghna")]
            assert words.has(f"{twin or 'rule'}.{rest}") or words.has(f"rule.{rest}"), key
