"""The players' words on a page: `[[trick]]` in a catalog sentence becomes the spec's word for it in the page's language.

A spec names its terms in `system.glossary` (first the word the pages use, then other
spellings); a term the spec does not name takes the catalog's `term.<name>`.  So one
catalog sentence reads «لفّة» on an Atlas Carta page and «لمّة» on a Tute page.
`[[the:trick]]` asks for the definite form: Arabic prefixes «ال» unless the word has it; `[[a:dealer]]` the
indefinite form, where a spec's Arabic word carries its article («لا يوجد موزّع», never «لا يوجد الموزّع»).
"""

from __future__ import annotations

import re

from .. import model as m
from ..vocabulary import TERMS
from .catalog import Catalog

TERM_MARK = re.compile(r"\[\[(the:|a:)?([a-z_]+)\]\]")
ARABIC_ARTICLE = "ال"


def glossary(spec: m.Spec) -> dict[str, m.Decl]:
    """The spec's glossary entries by term name."""
    value = spec.value("system.glossary")
    return {decl.key: decl for decl in value.items} if isinstance(value, m.Decls) else {}


def without_article(word: str, lang: str) -> str:
    """`word` without its Arabic article: the indefinite form, and the first noun of a construct («آس الصبادة», the
    ace of espadas, never «الآس الصبادة»); a word of one letter after the article keeps it."""
    if lang == "ar" and word.startswith(ARABIC_ARTICLE) and len(word) > len(ARABIC_ARTICLE) + 1:
        return word[len(ARABIC_ARTICLE):]
    return word


class Terms:
    """The words of the terms for one spec in one language."""

    def __init__(self, words: Catalog, spec: m.Spec):
        self.words = words
        self.entries = glossary(spec)

    def knows(self, name: str) -> bool:
        return name in self.entries

    def spellings(self, name: str) -> tuple[str, ...]:
        """Every word the spec gives for the term in this language (the first is the one pages use)."""
        entry = self.entries.get(name)
        own = entry.label.all(self.words.lang) if entry is not None else ()
        return own or (self.words.text(f"term.{name}"),)

    def word(self, name: str) -> str:
        return self.spellings(name)[0]

    def definite(self, name: str) -> str:
        word = self.word(name)
        if self.words.lang == "ar" and not word.startswith(ARABIC_ARTICLE):
            return ARABIC_ARTICLE + word
        return word

    def indefinite(self, name: str) -> str:
        return without_article(self.word(name), self.words.lang)

    def fill(self, text: str) -> str:
        """Replace every `[[term]]` mark; an unknown term is an error naming it, never left on the page."""
        def replace(match: re.Match) -> str:
            if match.group(2) not in TERMS:
                raise KeyError(f"unknown term [[{match.group(2)}]] in a {self.words.lang} catalog text")
            form = {"the:": self.definite, "a:": self.indefinite}.get(match.group(1) or "", self.word)
            return form(match.group(2))
        return TERM_MARK.sub(replace, text)
