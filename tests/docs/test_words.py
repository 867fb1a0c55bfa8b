"""Model nodes in words and back to spec text: conditions, duties, values."""

from __future__ import annotations

import pytest

from touti_dsl import model as m
from touti_dsl.docs.catalog import catalog
from touti_dsl.docs.spectext import rule_text, spec_text
from touti_dsl.docs.words import ExprWords, ValueWords
from touti_dsl.loader import load_spec
from touti_dsl.parser import parse_text

from .helpers import ALL_SPECS, SYSTEM_SPECS


def words_of(condition: m.Expr, lang: str = "en") -> str:
    return ExprWords(catalog(lang)).visit(condition)


def test_a_conjunction_reads_all_of():
    condition = m.All((m.Pred("self_out"), m.Pred("bid_made")))
    assert words_of(condition) == (
        "all of: this player is out of the bidding (passed, or made a call that leaves it); "
        "a bid has been made this round"
    )


def test_a_negated_predicate_uses_its_negative_sentence_and_names_the_call():
    condition = m.Not(m.Pred("made", "signal"))
    assert words_of(condition) == "this player has not made that call yet this round (the call <code>signal</code>)"


def test_a_negated_compound_says_not():
    condition = m.Not(m.Any_((m.Pred("my_turn"), m.Pred("bid_made"))))
    assert words_of(condition, "fr").startswith("non : l'une de ces conditions : ")


def test_a_node_type_without_words_fails_loudly():
    with pytest.raises(TypeError, match="no rendering for a Entry node"):
        ExprWords(catalog("en")).visit(m.Entry("x", 1))


def test_the_overtake_duty_reads_as_the_rule():
    """RULES.md: 'when following, must beat the highest card of the led suit ... lifted when the trick is already trumped'."""
    spec = load_spec(SYSTEM_SPECS[0])
    rule = spec.rule("play.overtake")
    shown = ValueWords(catalog("en"), spec, rule, "play.obligation").visit(rule.value)
    assert shown.inline == (
        "must play a card of the led suit higher than the highest card of the led suit in the trick, if able, "
        "unless a trump has been played to this trick and the led suit is not trumps"
    )


def test_ranks_show_their_labels_in_the_page_language():
    spec = load_spec(SYSTEM_SPECS[0])
    rule = spec.rule("ghna.pair")
    assert ValueWords(catalog("fr"), spec, rule, rule.id).visit(rule.value).inline == "roi (12), cavalier (11)"
    assert ValueWords(catalog("ar"), spec, rule, rule.id).visit(rule.value).inline == "الري (12)، الكابال (11)"


def test_caps_table_rows_by_contract_level():
    spec = load_spec(SYSTEM_SPECS[2])  # touti-app: 80 = 0, 90 = 20 plain_only, 100 = 40, 110 = none
    rule = spec.rule("ghna.caps")
    shown = ValueWords(catalog("en"), spec, rule, rule.id).visit(rule.value)
    assert shown.headers == ("contract from", "total declared at most")
    assert shown.rows == (("80", "0"), ("90", "20, plain suits only"), ("100", "40"), ("110", "no cap"))


def _rebuilt(spec: m.Spec) -> str:
    """The spec's rules written back as source, block by block, from spec_text alone."""
    blocks: dict[tuple[str, str], list[str]] = {}
    for rule in spec.rules:
        blocks.setdefault((rule.kind, rule.section), []).append("  " + rule_text(rule))
    out = ["touti 1", ""]
    for (kind, section), lines in blocks.items():
        head = f'system "{spec.system}"' if section == "system" else f"call {section}" if kind == "call" else section
        out += [head + " {", *lines, "}", ""]
    return "\n".join(out)


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_spec_text_reads_back_to_the_same_rules(path):
    spec = load_spec(path)
    again = parse_text(_rebuilt(spec))
    assert {r.id: r.value for r in again.rules} == {r.id: r.value for r in spec.rules}


def test_spec_text_groups_compound_conditions():
    condition = m.All((m.Not(m.Any_((m.Pred("a"), m.Pred("b")))), m.Pred("c")))
    assert spec_text(condition) == "not (a or b) and c"


def test_minimum_contracts_become_a_table_by_contract_level():
    """RULES.md (tutti-ma): a 20 needs a contract of at least 80, a 40 at least 90."""
    spec = load_spec(SYSTEM_SPECS[1])
    rule = spec.rule("ghna.minimums")
    shown = ValueWords(catalog("en"), spec, rule, rule.id).visit(rule.value)
    assert shown.rows == (("70", "none"), ("80", "20 in a plain suit"), ("90", "20 in a plain suit, 40 in trumps"))
