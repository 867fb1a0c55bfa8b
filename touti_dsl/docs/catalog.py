"""Translation catalogs of the fixed vocabulary: headings, rule meanings, predicates, duties, words.

English meanings of predicates, duties and terms are read from `vocabulary.py` (the
single source of truth); everything else, and every French and
Arabic text, lives in `i18n/<lang>.json`.  A catalog never holds text about one rule
system: system-specific words (suit and rank labels) come from the spec itself.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from .. import vocabulary
from ..errors import Diagnostic, ToutiError
from ..model import Loc

LANGUAGES = ("en", "fr", "ar")
RTL_LANGUAGES = ("ar",)
# The prefix of a second-person wording (`you:pred.can_win`, "you hold a card that would win the trick"): the
# words of the players of a condition, for a sentence addressed to the reader.  The side `self` has no second-person
# words of its own: it fills texts as their grammatical subject, which French and Arabic conjugate anew for "you", so a
# term given the player's own side reads through its `pred_args_self.*` wording, whose `you:` form is conjugated.
READER = "you:"
I18N_DIR = Path(__file__).resolve().parent / "i18n"
# Numbers written in a right-to-left catalog text are isolated left to right, as the numbers of a spec are.
DIGITS = re.compile(r"[+−-]?[0-9]+(?:[–-][0-9]+)?")


def english_vocabulary() -> dict[str, str]:
    """The catalog keys whose English text is the meaning written in schema.py and vocabulary.py."""
    texts = {f"pred.{p.name}": p.meaning for p in vocabulary.PREDICATES.values()}
    texts.update({f"duty.{d.name}": d.meaning for d in vocabulary.DUTIES.values()})
    texts.update({f"term.{t.name}": t.word for t in vocabulary.TERMS.values()})
    texts.update({f"term_meaning.{t.name}": t.meaning for t in vocabulary.TERMS.values()})
    return texts


def _read(lang: str) -> dict[str, str]:
    path = I18N_DIR / f"{lang}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ToutiError(Diagnostic("D001", f"cannot read the {lang} catalog: {error}", Loc(str(path), 0, 0))) from None


# French contracts a preposition with the article after it: "de les adversaires" is "des adversaires", "à le
# partenaire" "au partenaire".  A catalog text writes "de {side}" once for every side, so the contraction is made
# where a field is filled in, only when the field's value begins with the article (never "de le jouer" inside a
# text, where "le" is a pronoun).
# "si" elides before "il", "que" and "lorsque" before a vowel: "sauf si {condition}" whose condition opens "il n'est
# pas vrai" reads "sauf s'il …", "lorsque {condition}" opening "aucune carte" "lorsqu'aucune carte".
_ELIDED = ("il", "ils", "elle", "elles", "aucun", "aucune", "un", "une", "on")
CONTRACTIONS = {"fr": {("de", "les"): "des", ("de", "le"): "du", ("à", "les"): "aux", ("à", "le"): "au",
                       ("De", "les"): "Des", ("De", "le"): "Du", ("À", "les"): "Aux", ("À", "le"): "Au",
                       ("si", "il"): "s'il", ("si", "ils"): "s'ils", ("Si", "il"): "S'il", ("Si", "ils"): "S'ils",
                       **{(que, word): f"{que[:-1]}'{word}" for que in ("que", "lorsque", "Lorsque") for word in _ELIDED}}}
# The conjunctions a catalog text may put right before a condition's field, and which conjunction of
# conditions.CONJUNCTIONS each is: an Arabic clause after «إذا» / «عندما» that opens with a noun takes «كان» / «يكون».
# The other languages read a condition the same after any conjunction.
CONJUNCTION_WORDS = {"ar": {"إذا": "if", "عندما": "when"}}
_BEFORE_FIELD = re.compile(r"(?<![\w'’])(de|à|si|que|lorsque|De|À|Si|Lorsque) \{(\w+)\}")
_ARTICLE = re.compile(r"(les|le|{}) (?=\S)".format("|".join(sorted(_ELIDED, key=len, reverse=True))))


def _contract(template: str, fields: dict, contractions: dict) -> str:
    """`template` with each "de {field}" / "à {field}" whose value starts with le / les (and "si {field}", "que {field}",
    "lorsque {field}" whose value starts with a word they elide before) written contracted, the value itself put in
    (escaped for `format`)."""
    def contracted(found: re.Match) -> str:
        value = fields.get(found.group(2))
        article = _ARTICLE.match(value) if isinstance(value, str) else None
        if article is None or (found.group(1), article.group(1)) not in contractions:
            return found.group()
        rest = value[article.end():].replace("{", "{{").replace("}", "}}")
        return f"{contractions[found.group(1), article.group(1)]} {rest}"

    return _BEFORE_FIELD.sub(contracted, template)


class Catalog:
    """The texts of one language; a missing key is an explicit error, never a silent fallback."""

    def __init__(self, lang: str, texts: dict[str, str]):
        self.lang = lang
        self.texts = texts

    @property
    def rtl(self) -> bool:
        return self.lang in RTL_LANGUAGES

    def has(self, key: str) -> bool:
        return key in self.texts

    def text(self, key: str, **fields) -> str:
        """The text of `key` with its `{fields}` filled in."""
        try:
            template = self.texts[key]
        except KeyError:
            raise ToutiError(
                Diagnostic("D002", f"the {self.lang} catalog has no text for {key!r}", Loc(str(I18N_DIR / f"{self.lang}.json"), 0, 0),
                           "add it to every catalog in touti_dsl/docs/i18n/")
            ) from None
        template = self.isolate_numbers(template)
        if fields and self.lang in CONTRACTIONS:
            template = _contract(template, fields, CONTRACTIONS[self.lang])
        return template.format(**fields) if fields else template

    def conjunction_before(self, key: str, field: str) -> str | None:
        """The conjunction ("if", "when": CONJUNCTION_WORDS) the text of `key` puts right before its `{field}`, if any:
        «إلا إذا {value}» is "if"."""
        before, found, _ = self.texts.get(key, "").partition(f"{{{field}}}")
        words = before.split()
        if not found or not words:
            return None
        return CONJUNCTION_WORDS.get(self.lang, {}).get(words[-1])

    def isolate_numbers(self, text: str) -> str:
        """On a right-to-left page, every number of a text is isolated left to right (no "10+" for "+10")."""
        return DIGITS.sub(lambda found: f'<bdi dir="ltr">{found.group()}</bdi>', text) if self.rtl else text

    def plural(self, number: int) -> str:
        """The plural category of `number` in this language (CLDR names), for the wordings of a count (`KEY#few`):
        Arabic puts a plural noun after 3 to 10 («10 أوراق») and a singular after 11 to 99 («13 ورقة»)."""
        if self.lang == "ar":
            hundreds = number % 100
            return {0: "zero", 1: "one", 2: "two"}.get(number) or (
                "few" if 3 <= hundreds <= 10 else "many" if 11 <= hundreds <= 99 else "other")
        if self.lang == "fr":
            return "one" if number in (0, 1) else "other"
        return "one" if number == 1 else "other"

    def for_count(self, key: str, number: int) -> str:
        """The wording of `key` for a count of `number` (`KEY#one`, `KEY#two`, `KEY#few`, `KEY#many` by the plural
        category of `number`: «مع لاعبَين» but «مع 4 لاعبين», "they must play the ace" but "one of these cards"), where
        the catalog has one, else `key` itself."""
        counted = f"{key}#{self.plural(number)}"
        return counted if counted in self.texts else key

    def for_group(self, key: str, size: int | None) -> str:
        """The wording of `key` for a group of `size` people at this table (table_counts.TableCounts): `KEY#one` for
        one, `KEY#two` for exactly two (Arabic's dual «الخصمان», "both opponents"), `KEY#three` for exactly three ("the
        three other players"), else `KEY` itself, the plural that is right for any number (also where the number
        differs from round to round: `size` None)."""
        category = {1: "one", 2: "two", 3: "three"}.get(size) if size is not None else None
        return f"{key}#{category}" if category and f"{key}#{category}" in self.texts else key

    def addressing_the_reader(self) -> Catalog:
        """This catalog with each text that has a second-person wording (`you:KEY`) replaced by it: a condition inside
        a sentence that speaks to the reader ("you must …, unless you hold …") then speaks to the reader too."""
        return _addressing_the_reader(self.lang)

    def first(self, *keys: str, **fields) -> str:
        """The text of the first key the catalog has (a specific wording before a general one)."""
        for key in keys[:-1]:
            if key in self.texts:
                return self.text(key, **fields)
        return self.text(keys[-1], **fields)


@lru_cache(maxsize=None)
def catalog(lang: str) -> Catalog:
    """The catalog of `lang` (one of LANGUAGES); English adds the meanings read from the code."""
    texts = _read(lang)
    if lang == "en":
        texts = {**english_vocabulary(), **texts}
    return Catalog(lang, texts)


@lru_cache(maxsize=None)
def _addressing_the_reader(lang: str) -> Catalog:
    texts = catalog(lang).texts
    return Catalog(lang, {**texts, **{key[len(READER):]: text for key, text in texts.items() if key.startswith(READER)}})
