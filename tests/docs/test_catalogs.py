"""The translation catalogs: French and Arabic say everything English says, in their own words."""

from __future__ import annotations

import re
import string

import pytest

from touti_dsl import schema, vocabulary
from touti_dsl.docs.catalog import LANGUAGES, catalog, english_vocabulary
from touti_dsl.errors import ToutiError

ARABIC_LETTER = re.compile(r"[\u0600-\u06FF]")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_every_english_key_is_translated(lang):
    missing = sorted(set(catalog("en").texts) - set(catalog(lang).texts))
    assert not missing, f"the {lang} catalog lacks {missing}"


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_no_key_is_unknown_to_english(lang):
    extra = sorted(set(catalog(lang).texts) - set(catalog("en").texts))
    assert not extra, f"the {lang} catalog has keys English lacks: {extra}"


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_translations_fill_the_same_fields(lang):
    english = catalog("en").texts
    wrong = [key for key, text in catalog(lang).texts.items() if _fields(text) != _fields(english[key])]
    assert not wrong


def test_arabic_is_written_in_arabic():
    """Every Arabic text with letters in it is written in Arabic script, not copied from English."""
    texts = catalog("ar").texts
    untranslated = [k for k, v in texts.items() if re.search(r"[A-Za-z]{4,}", re.sub(r"`[^`]*`|\{[^}]*\}", "", v))
                    and not ARABIC_LETTER.search(v)]
    assert not untranslated


def test_english_meanings_come_from_the_code():
    words = catalog("en")
    assert words.text("meaning.bidding.minimum") == schema.BY_ID["bidding.minimum"].meaning
    assert words.text("pred.bid_made") == vocabulary.PREDICATES["bid_made"].meaning
    assert set(english_vocabulary()) <= set(words.texts)


def test_every_vocabulary_word_has_words():
    words = catalog("en")
    missing = [f"{r.id}.{w}" for r in (*schema.RULES, *schema.CALL_RULES) for w in r.words
               if not words.has(f"word.{r.id}.{w}")]
    assert not missing


def test_every_condition_term_has_a_negative_form():
    """A truth term is negated in words ("this player is not the dealer"); a term with arguments through its template."""
    words = catalog("en")
    missing = [name for name, info in vocabulary.PREDICATES.items()
               if info.result == "truth" and not words.has(f"pred_args.{name}") and not words.has(f"pred_not.{name}")]
    assert not missing


def test_every_term_with_arguments_has_a_template_or_names_a_call():
    words = catalog("en")
    missing = [name for name, info in vocabulary.PREDICATES.items()
               if info.args and not info.takes_call and not words.has(f"pred_args.{name}")]
    assert not missing


def test_a_missing_key_is_an_explicit_error():
    with pytest.raises(ToutiError, match="no text for 'no.such.key'"):
        catalog("fr").text("no.such.key")


def test_languages_are_english_french_arabic_and_only_arabic_is_rtl():
    assert LANGUAGES == ("en", "fr", "ar")
    assert [lang for lang in LANGUAGES if catalog(lang).rtl] == ["ar"]
