"""An Arabic condition after «إذا» / «إلا إذا» / «عندما» reads with a verb: «إلا إذا كان عدد …», «عندما يكون …».

A clause that opens with its subject's noun (a comparison, a truth term without a verb of its own) takes «كان» after
«إذا» and «يكون» after «عندما» («كانت» / «تكون» for a feminine subject); a clause that opens with a verb stays as it is
(«إذا ربح …», never «إذا كان ربح …»).  The same clause standing alone (a requirement's bullet) takes no verb.  English
and French read the same after any conjunction.
"""

from __future__ import annotations

import pytest

from touti_dsl import model as m
from touti_dsl.docs.catalog import catalog
from touti_dsl.docs.conditions import (DENIED_SENTENCES, FEMININE_SENTENCES, NOMINAL_SENTENCES, READER_SUBJECTS, Names,
                                       render_condition)

from .helpers import variant_pages

TRICKS = m.Compare(">", m.Pred("tricks_won", ("team",)), m.Num(0))
TURNED = m.Compare("==", m.Pred("turned_rank"), m.Num(1))


@pytest.mark.parametrize("expr, after, opening", [
    (TRICKS, "if", "كان عدد المرات"), (TRICKS, "when", "يكون عدد المرات"),
    (TURNED, "if", "كانت رتبة الورقة المقلوبة تساوي"), (TURNED, "when", "تكون رتبة الورقة المقلوبة تساوي"),
    (m.Pred("bid_winner"), "if", "كان هذا اللاعب هو صاحب العقد"),
    (m.Pred("holds_ace"), "if", "كان هذا اللاعب يملك"),
    (m.Pred("bid_suit"), "if", "كانت [[the:bid]] الجارية"),
])
def test_a_clause_opening_with_a_noun_takes_the_verb_after_a_conjunction(expr, after, opening):
    assert render_condition(expr, "ar", after=after).startswith(opening)
    assert render_condition(expr, "ar").startswith(opening.split(" ", 1)[1])  # alone: no verb


@pytest.mark.parametrize("expr", [m.Pred("won_last", ("team",)), m.Pred("stock_empty"),
                                  m.Not(m.Pred("won_last", ("team",)))])
def test_a_clause_opening_with_a_verb_stays_as_it_is(expr):
    assert render_condition(expr, "ar", after="if") == render_condition(expr, "ar")


@pytest.mark.parametrize("expr, after, opening", [
    (m.Not(m.Pred("bid_winner")), "if", "لم يكن هذا اللاعب هو صاحب العقد"),
    (m.Not(m.Pred("leading")), "when", "لا يكون هذا اللاعب يبدأ"),
    (m.Not(m.Pred("holds", ("trump",))), "if", "لم يكن هذا اللاعب يملك"),
    (m.Not(m.Pred("bid_suit", ("oros",))), "if", "لم تكن [[the:bid]] الجارية"),
    (m.Compare("!=", m.Pred("turned_rank"), m.Num(1)), "if", "لم تكن رتبة الورقة المقلوبة تساوي"),
    (m.Compare("!=", m.Pred("tricks_won", ("team",)), m.Num(0)), "when", "لا يكون عدد المرات"),
    (m.Not(TRICKS), "if", "لم يكن صحيحًا أنّ عدد المرات"),
    (m.Not(m.All((TRICKS, TURNED))), "when", "لا يكون صحيحًا أنّه في آن واحد عدد المرات"),
])
def test_a_denied_clause_after_a_conjunction_puts_the_negation_on_the_verb(expr, after, opening):
    """«إذا لم يكن هذا اللاعب هو صاحب العقد», never «إذا كان هذا اللاعب ليس صاحب العقد»."""
    said = render_condition(expr, "ar", after=after)
    assert said.startswith(opening) and "ليس" not in said and "ليست" not in said
    assert not render_condition(expr, "ar").startswith(opening)  # alone, the sentence keeps its own negation


def test_a_denied_clause_about_the_reader_agrees_with_the_reader():
    reader = Names(to_reader=True)
    assert render_condition(m.Not(m.Pred("holds", ("trump",))), "ar", reader, after="if").startswith("لم تكن تملك")
    assert render_condition(m.Not(m.Pred("is_dealer")), "ar", reader, after="when") == "لا تكون أنت الموزّع"
    assert render_condition(m.Not(m.Pred("partner_winning")), "ar", reader, after="if").startswith("لم يكن شريكك يربح")


def test_each_alternative_denied_after_its_conjunction():
    either = render_condition(m.Any_((m.Not(m.Pred("is_dealer")), TURNED)), "ar", after="if")
    assert either.startswith("إمّا لم يكن هذا اللاعب هو الموزّع") and "، أو كانت رتبة" in either


def test_a_denied_sentence_is_said_with_an_affirmative_that_opens_with_its_noun():
    texts = catalog("ar").texts
    for negative, affirmative in DENIED_SENTENCES["ar"].items():
        assert negative in texts and affirmative in texts, negative
        if negative.split(".")[0].removeprefix("you:") in ("pred_not", "pred_args_not"):
            assert negative in NOMINAL_SENTENCES["ar"] or negative in READER_SUBJECTS["ar"], negative
    assert READER_SUBJECTS["ar"] <= set(DENIED_SENTENCES["ar"])


def test_the_sentences_said_to_open_with_a_noun_are_in_the_catalog():
    texts = catalog("ar").texts
    assert all(key in texts for key in NOMINAL_SENTENCES["ar"]) and FEMININE_SENTENCES["ar"] <= NOMINAL_SENTENCES["ar"]


def test_only_the_head_of_a_list_takes_the_verb_and_each_alternative_does():
    both = render_condition(m.All((TRICKS, TURNED)), "ar", after="if")
    assert both.startswith("كان عدد") and "، ورتبة الورقة المقلوبة" in both and "كانت" not in both
    either = render_condition(m.Any_((TURNED, TRICKS)), "ar", after="if")
    assert either.startswith("إمّا كانت رتبة") and "، أو كان عدد" in either


def test_a_choice_s_condition_follows_its_if():
    choice = render_condition(m.IfElse(TRICKS, m.Num(10), m.Num(0)), "ar")
    assert "إذا كان عدد المرات" in choice


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_english_and_french_read_the_same_after_a_conjunction(lang):
    for expr in (TRICKS, TURNED, m.Pred("bid_winner"), m.Any_((TURNED, TRICKS))):
        assert render_condition(expr, lang, after="if") == render_condition(expr, lang)


def test_the_catalog_says_which_conjunction_a_field_follows():
    arabic = catalog("ar")
    assert arabic.conjunction_before("duty.unless", "condition") == "if"
    assert arabic.conjunction_before("duty.when", "condition") == "when"
    assert arabic.conjunction_before("rule.require.claim", "value") == "if"
    assert arabic.conjunction_before("expr.not", "item") is None
    assert catalog("en").conjunction_before("duty.unless", "condition") is None


def test_a_variant_s_arabic_page_reads_with_the_verb(tmp_path):
    body = ("add play {\n  no_load: must no_points when tricks_won(opponents) > 0 unless won_last(self)\n"
            "  no_trump_load: must no_points unless not holds(trump)\n  dealer_load: must no_points when not is_dealer\n}\n"
            "add claim {\n  require later: trick_number >= 7\n}\n"
            "add ghna {\n  require tute_only: declaring(tute)\n}\n")
    arabic = variant_pages(tmp_path, "tute-claim-the-rest", body)["ar"]
    for right in ("عندما يكون عدد المرات التي ربح فيها", "إلا إذا ربحتَ آخر لمّة",
                  "لا يجوز الادّعاء إلا إذا كان رقم اللمّة الجارية", "إلا إذا كان الإعلان الجاري", "إلا إذا لم تكن تملك",
                  "عندما لا تكون أنت الموزّع"):
        assert right in arabic, right
    for wrong in ("عندما عدد", "إلا إذا الإعلان", "إلا إذا رقم", "إذا كان ربح", "إلا إذا كان لم", "إذا كان أنت",
                  "إلا إذا لا تملك", "عندما لست"):
        assert wrong not in arabic, wrong
    assert "\n- رقم اللمّة الجارية" in arabic  # the requirement's bullet stands alone: no verb


def test_a_trumped_trick_agrees_with_any_word_for_a_trump(tmp_path):
    """Tute calls a trump «حكم» (masculine), the seeds «ورقة رابحة» (feminine): «لُعبت حكم» was wrong; the trick, the
    subject of «قُطعت», is feminine in every spec."""
    for base, trump in (("tute", "بحكم"), ("atlas-carta", "بورقة رابحة")):
        page = variant_pages(tmp_path, base, "play {\n  overtake: must beat_led when trick_trumped\n}\n")["ar"]
        assert f"قُطعت هذه {'اللمّة' if base == 'tute' else 'اللفّة'} {trump} واللون المطلوب ليس" in page, base
        assert "لُعبت حكم" not in page
