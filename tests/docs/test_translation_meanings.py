"""French and Arabic say what English says: mechanical checks of the catalogs' meaning, beyond their fields.

A page in any language is a page implementations are written from, so a translation that names another level of
the match, drops the example that fixes a term's reading, or changes a number says another rule.
"""

from __future__ import annotations

import re

import pytest

from touti_dsl.docs.catalog import catalog
from touti_dsl.docs.terms import ARABIC_ARTICLE, TERM_MARK

ENGLISH = catalog("en").texts

# A game of a match played in games (`match.games`, cotos): the level between a hand and the match.  "The game uses a
# Spanish deck" / "The game is played by" name the card game itself, not that level.
GAME = re.compile(r"\bgames?\b")
THE_CARD_GAME = re.compile(r"\bThe game (uses|is played)\b")
# How each language names a round (the catalog's term, and its words written out), never a game.
ROUND = {"en": re.compile(r"\[\[(?:the:|a:)?round\]\]|\brounds?\b"),
         "fr": re.compile(r"\[\[(?:the:|a:)?round\]\]|\bmanches?\b"),
         "ar": re.compile(r"\[\[(?:the:|a:)?round\]\]|جولة|جولات")}
GAME_WORD = {"fr": re.compile(r"\bjeux?\b"), "ar": re.compile(r"شوط|أشواط")}


def _translations(lang: str):
    """(key, English text, translated text) for every sentence, count wordings included."""
    for key, text in catalog(lang).texts.items():
        base = key.split("#")[0]
        if base in ENGLISH:
            yield key, ENGLISH[base], text


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_a_game_of_the_match_is_never_named_as_a_round(lang):
    """French «manche» is a round (`term.round`): a game of a match in games is «jeu», not a second «manche» that
    reads "a claim that does not hold loses the round"."""
    wrong = [key for key, english, text in _translations(lang)
             if GAME.search(english) and not THE_CARD_GAME.search(english)
             and (len(ROUND[lang].findall(text)) > len(ROUND["en"].findall(english)) or not GAME_WORD[lang].search(text))]
    assert not wrong, f"the {lang} catalog names a game as a round (or not as a game): {wrong}"


def _code(text: str) -> list[str]:
    """The `code` spans of a text, file and command placeholders left out (`rules/<system>.md`, `OTHER.touti`)."""
    return sorted(re.sub(r"<[^>]*>|\b[A-Z]{3,}\b", "…", span) for span in re.findall(r"`[^`]*`", text))


def _numbers(text: str) -> list[str]:
    """The numbers written outside code (Arabic «الـ40» too: the tatweel joins the article to the number)."""
    return sorted(re.findall(r"(?<![\w{])\d+(?![\w}])", re.sub(r"`[^`]*`", "", text).replace("\u0640", " ")))


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_translations_keep_the_examples_and_numbers_of_english(lang):
    """An example in code fixes how a term reads (`holds(trump, 2)`: the 2 of trumps, a suit AND a rank): a translation
    keeps it, and every number English writes."""
    wrong = [key for key, english, text in _translations(lang)
             if "#" not in key and (_code(text) != _code(english) or _numbers(text) != _numbers(english))]
    assert not wrong, f"the {lang} catalog drops or changes an example or a number: {wrong}"


def test_arabic_asks_the_article_only_of_a_term_it_can_take():
    """`[[the:TERM]]` prefixes «ال» to the term's word: a word of several words without the article, a construct
    («آخر لفّة», the last trick), would read «الآخر لفّة» ("the other trick"), so it is written `[[TERM]]`."""
    words = catalog("ar")
    wrong = sorted({name for text in words.texts.values() for form, name in TERM_MARK.findall(text)
                    if form == "the:" and " " in (word := words.text(f"term.{name}")) and not word.startswith(ARABIC_ARTICLE)})
    assert not wrong, f"the ar catalog asks the article of {wrong}"


def test_a_call_value_is_glossed_in_every_language_where_english_glosses_it():
    """A call's value reads "pass (“nothing more”)": its players' word, then what it says (words.call_value).  A label
    written as the word itself (Arabic «باص» for the pass signal) left «باص» alone on the page, which reads as a pass
    of the bidding."""
    from touti_dsl import model as m
    from touti_dsl.docs.catalog import LANGUAGES
    from touti_dsl.docs.terms import Terms
    from touti_dsl.loader import load_spec

    from .helpers import ALL_SPECS

    wrong = []
    for path in ALL_SPECS:
        spec = load_spec(path)
        terms = {lang: Terms(catalog(lang), spec) for lang in LANGUAGES}
        for call in spec.calls:
            values = spec.value(f"{call}.values")
            for decl in values.items if isinstance(values, m.Decls) else ():
                if not terms["en"].knows(str(decl.key)):
                    continue  # a value without a players' word reads as its label alone, in every language
                glossed = {lang: decl.label.text(lang) != terms[lang].word(str(decl.key)) for lang in LANGUAGES}
                if len(set(glossed.values())) > 1:
                    wrong.append((path.stem, call, str(decl.key), glossed))
    assert not wrong
