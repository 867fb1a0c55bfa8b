"""The translation catalogs: French and Arabic say everything English says, in their own words."""

from __future__ import annotations

import re
import string

import pytest

from touti_dsl import model as m
from touti_dsl import schema, vocabulary
from touti_dsl.docs.catalog import LANGUAGES, catalog, english_vocabulary
from touti_dsl.docs.terms import TERM_MARK
from touti_dsl.docs.views import HEAD_RULES
from touti_dsl.errors import ToutiError

ARABIC_LETTER = re.compile(r"[\u0600-\u06FF]")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _base_keys(lang: str) -> set[str]:
    """A catalog's keys without their count wordings (`KEY#few`): those follow each language's grammar."""
    return {key for key in catalog(lang).texts if "#" not in key}


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_every_english_key_is_translated(lang):
    missing = sorted(_base_keys("en") - _base_keys(lang))
    assert not missing, f"the {lang} catalog lacks {missing}"


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_no_key_is_unknown_to_english(lang):
    extra = sorted(_base_keys(lang) - _base_keys("en"))
    assert not extra, f"the {lang} catalog has keys English lacks: {extra}"


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_translations_fill_the_same_fields(lang):
    english = catalog("en").texts
    wrong = [key for key, text in catalog(lang).texts.items() if "#" not in key and _fields(text) != _fields(english[key])]
    assert not wrong


@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_a_count_wording_is_a_wording_of_a_known_sentence_and_category(lang):
    """`KEY#CAT`: KEY is a sentence of the catalog, CAT a plural category the language uses (or `feminine` and `you`,
    a verb's agreement with a feminine subject or the reader, or `one` / `two` / `three`, a group of exactly that many
    people at the table: Catalog.for_group), and the wording fills no field that KEY lacks (it may drop the number:
    «يلعب لاعبان»)."""
    texts = catalog(lang).texts
    categories = {catalog(lang).plural(n) for n in range(0, 1000)} | {"feminine", "you", "one", "two", "three"}
    for key, text in texts.items():
        if "#" in key:
            base, category = key.split("#")
            assert base in texts and category in categories and _fields(text) <= _fields(texts[base]), key


def test_arabic_is_written_in_arabic():
    """Every Arabic text with letters in it is written in Arabic script, not copied from English."""
    texts = catalog("ar").texts
    untranslated = [k for k, v in texts.items() if re.search(r"[A-Za-z]{4,}", re.sub(r"`[^`]*`|\{[^}]*\}|\[\[[^\]]*\]\]", "", v))
                    and not ARABIC_LETTER.search(v)]
    assert not untranslated


def test_english_meanings_come_from_the_code():
    words = catalog("en")
    assert words.text("pred.bid_made") == vocabulary.PREDICATES["bid_made"].meaning
    assert words.text("term.overtrump") == vocabulary.TERMS["overtrump"].word
    assert set(english_vocabulary()) <= set(words.texts)


def _sentence_keys(rule: schema.RuleSpec) -> list[str]:
    """The catalog keys a rules page needs for a rule: one sentence per word of a one-word rule, else one sentence."""
    if rule.id in HEAD_RULES or rule.id == "call.title":
        return []  # the page's head and the call's heading, not sentences
    if rule.id in WORDS_OR_CARD:  # a word's sentence, or the sentence of the card's holder (`holder(2, oros)`), or of the condition
        return [f"rule.{rule.id}.{word}" for word in rule.words] + list(WORDS_OR_CARD[rule.id])
    only_words = rule.shapes == (m.Word,) or rule.id in LISTED_WORD_SENTENCES
    return [f"rule.{rule.id}.{word}" for word in rule.words] if only_words else [f"rule.{rule.id}"]


# A list of words that reads as each word's sentence in turn (views.word_sentence), never as one sentence of the list:
# `swap_window: before_first_lead, after_team_trick`.
LISTED_WORD_SENTENCES = {"trump.swap_window"}

WORDS_OR_CARD = {"rotation.first_lead": ("rule_holder.rotation.first_lead", "rule_holder_no_dealer.rotation.first_lead"),
                 "claim.holds": ("rule_formula.claim.holds",),  # `rest`, or a condition: never a sentence of its own
                 # a word, or a choice of words by conditions: its branches in turn, each word a clause
                 "rotation.next_round": ("choice.if", "choice.else_if", "choice.otherwise",
                                         *(f"choice.rotation.next_round.{word}" for word in
                                           schema.BY_ID["rotation.next_round"].words))}


def test_every_rule_and_every_word_of_a_one_word_rule_is_a_sentence_of_every_catalog():
    """A new rule id or word (schema.py) fails here until each language says it as a sentence."""
    for lang in LANGUAGES:
        words = catalog(lang)
        missing = [key for rule in (*schema.RULES, *schema.CALL_RULES) for key in _sentence_keys(rule) if not words.has(key)]
        missing += [key for key in ("rule.play.obligation", "rule.ghna.tute.none", "rule.play.partner_exemption.none")
                    if not words.has(key)]
        assert not missing, f"the {lang} catalog lacks {missing}"


def test_every_term_in_a_catalog_text_is_a_term_of_the_language():
    marks = {(lang, mark) for lang in LANGUAGES for text in catalog(lang).texts.values() for _, mark in TERM_MARK.findall(text)}
    assert {mark for _, mark in marks} <= set(vocabulary.TERMS)
    assert all(catalog(lang).has(f"term.{name}") for lang in LANGUAGES for name in vocabulary.TERMS)


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


def test_every_section_that_takes_require_lines_has_their_introduction_in_every_catalog():
    """A `require` line of the bidding, ghna, trump or concession section is listed under what it allows."""
    keys = [f"intro.requirements.{section}" for section in schema.REQUIREMENT_SECTIONS]
    assert not [(lang, key) for lang in LANGUAGES for key in keys if not catalog(lang).has(key)]


def test_every_term_with_arguments_reads_in_every_catalog_and_every_truth_also_negated():
    """A term taking a side or a kind (`tricks_won(team)`) fills `{side}` / `{what}`; a truth has a negative sentence."""
    for lang in LANGUAGES:
        words = catalog(lang)
        for info in vocabulary.PREDICATES.values():
            if info.args and not info.takes_call:
                assert words.has(f"pred_args.{info.name}"), (lang, info.name)
                if info.result == "truth":
                    assert words.has(f"pred_args_not.{info.name}"), (lang, info.name)
            elif info.result == "truth":
                assert words.has(f"pred_not.{info.name}"), (lang, info.name)
