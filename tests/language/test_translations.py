"""Translatable spec text: texts in several languages, translated notes, the players' words (glossary)."""

from __future__ import annotations

from touti_dsl import model as m
from touti_dsl.formatter import format_text
from touti_dsl.parser import parse_text

from .snippets import MINI, diagnostics, edit, only, where

TRANSLATED = edit('  title: "Mini"', '  title: "Mini" fr "Mini" ar "ميني"\n  summary: "short" fr "court" ar "قصير"')
GLOSSARY = edit('  title: "Mini"', '  title: "Mini"\n  glossary: trick "trick" fr "pli" ar "لفّة" ar "لفة", '
                                   'overtrump "overtrump" fr "surcouper" aka overruff')


def _rule(text: str, rule_id: str) -> m.Rule:
    return next(rule for rule in parse_text(text, "mini.touti").rules if rule.id == rule_id)


def test_a_text_takes_translations_like_a_label():
    summary = _rule(TRANSLATED, "system.summary").value
    assert summary.text("fr") == "court" and summary.text("ar") == "قصير"
    assert summary.text("es") == "short" and not summary.has("es")


def test_translated_texts_survive_formatting():
    formatted = format_text(TRANSLATED)
    assert '  summary: "short" fr "court" ar "قصير"' in formatted
    assert format_text(formatted) == formatted


def test_a_decision_note_and_its_translations():
    text = edit("  step: 10", "  # Decision: steps of ten,\n  # as the source says.\n"
                              "  # Decision[fr]: des pas de dix.\n  # Decision[ar]: خطوات من عشرة.\n  step: 10")
    rule = _rule(text, "bidding.step")
    (note,) = rule.notes
    assert note.kind == "decision"
    assert note.texts == (("en", "steps of ten, as the source says."), ("fr", "des pas de dix."), ("ar", "خطوات من عشرة."))
    assert rule.decisions == ("Decision: steps of ten, as the source says.",)  # the translations are not English text


def test_a_house_rule_note_is_not_a_decision():
    rule = _rule(edit("  step: 10", "  # House rule: steps of twenty.\n  # House rule[fr]: des pas de vingt.\n  step: 10"),
                 "bidding.step")
    assert [(n.kind, n.text("fr")) for n in rule.notes] == [("house", "des pas de vingt.")]
    assert rule.decisions == ()


def test_a_glossary_gives_the_players_words_with_their_other_spellings():
    (trick, overtrump) = _rule(GLOSSARY, "system.glossary").value.items
    assert trick.label.all("ar") == ("لفّة", "لفة") and trick.label.text("fr") == "pli"
    assert overtrump.aliases == ("overruff",)
    assert diagnostics(GLOSSARY) == []


def test_an_unknown_glossary_term_is_located_with_a_suggestion():
    text = edit('  title: "Mini"', '  title: "Mini"\n  glossary: trik "trick" fr "pli"')
    problem = only(text)
    assert problem.code == "E800" and (problem.loc.line, problem.loc.column) == where(text, 'trik "trick"')
    assert problem.hint == "did you mean trick?"


def test_a_glossary_term_given_twice_is_an_error():
    text = edit('  title: "Mini"', '  title: "Mini"\n  glossary: trick "trick", trick "lift"')
    assert only(text).code == "E800"


def test_a_long_translated_text_puts_each_translation_on_its_own_line():
    long = "a summary long enough that the whole rule with its translations does not fit in one line"
    text = edit('  title: "Mini"', f'  title: "Mini"\n  summary: "{long}" fr "{long}" ar "ملخص"')
    formatted = format_text(text)
    assert f'  summary: "{long}"\n    fr "{long}"\n    ar "ملخص"\n' in formatted
    assert _rule(formatted, "system.summary").value == _rule(text, "system.summary").value
    assert format_text(formatted) == formatted
