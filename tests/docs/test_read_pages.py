"""Defects found by reading the generated pages of the seeds and of varied examples, fixed in the general templates.

Issue "Rules pages that read right in every language", step 3: each test quotes the page it comes from.
"""

from __future__ import annotations

import re

from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.render import load_for_docs, render_rules

from .helpers import ROOT, SPEC_DIR, variant_pages


def _pages(name: str) -> dict[str, str]:
    path = SPEC_DIR / f"{name}.touti" if (SPEC_DIR / f"{name}.touti").is_file() else SPEC_DIR / "examples" / f"{name}.touti"
    loaded = load_for_docs(path, ROOT)
    return {lang: re.sub(r"<[^>]+>", "", render_rules(loaded, lang)) for lang in LANGUAGES}


def _reads(pages: dict[str, str], right: dict[str, str], wrong: dict[str, str]) -> None:
    """Each language's page says its right words and never its wrong ones."""
    for lang, words in right.items():
        assert words in pages[lang], (lang, words)
    for lang, words in wrong.items():
        assert words not in pages[lang], (lang, words)


def test_the_deal_passes_without_a_hedge_where_a_dealer_deals():
    """atlas-carta: "At the next round the deal (or the first word) passes": a dealer deals, the deal passes (the
    table without a dealer has its own wording, where the first word passes)."""
    _reads(_pages("atlas-carta"),
           {"en": "At the next round the deal passes to the next player.",
            "fr": "À la manche suivante, la donne passe au joueur suivant.",
            "ar": "في الجولة التالية ينتقل التوزيع إلى اللاعب التالي."},
           {"en": "first word", "fr": "première parole", "ar": "الكلمة الأولى"})


def test_the_ranks_left_out_are_listed_in_the_pages_language():
    """tute-subastado-three: «تُنزع هذه الرتب …: 2, 8, 9» joined by a Latin comma on an Arabic page."""
    pages = _pages("tute-subastado-three")
    assert "These ranks of the full Spanish deck are left out: 2, 8 and 9." in pages["en"]
    assert "Ces valeurs du jeu espagnol complet sont retirées : 2, 8 et 9." in pages["fr"]
    assert "تُنزع هذه الرتب من الكارطة الإسبانية الكاملة: 2، 8 و9." in pages["ar"]


def test_the_target_of_a_game_is_not_called_the_match_target():
    """guinote-vueltas (a match in games): "… is at least the target: the score that wins the match" — 101 wins a game;
    and English named the side judged "their own" and its opponents "its opponents"."""
    pages = _pages("guinote-vueltas")
    assert "plus the match score their opponents carried into the round" in pages["en"]
    _reads(pages, {"en": "is at least the target score.", "fr": "vaut au moins le score à atteindre.",
                   "ar": "يساوي عدد النقاط المطلوب على الأقل"},
           {"en": "score that wins the match", "fr": "le score qui gagne la partie", "ar": "الذي يربح المباراة"})


def test_the_bid_winner_is_the_winner_of_the_bidding_in_arabic():
    """tute-subastado-three: «يلعب رابح مزايدة وحده» (the winner of *a* bid) for the winner of the bidding."""
    assert "يلعب رابح المزايدة وحده ضد جميع الآخرين" in _pages("tute-subastado-three")["ar"]


def test_a_french_comparison_needs_no_agreement(tmp_path):
    """"… vaut plus que 30": "dépasse 30" (guinote-vueltas's `… > 0` reads "vaut au moins 1")."""
    assert "au début de la manche vaut au moins 1" in _pages("guinote-vueltas")["fr"]
    page = variant_pages(tmp_path, "tute-cabrero", "add scoring {\n  require many: points(team) > 30\n}\n")["fr"]
    assert "dépasse 30" in page and "vaut plus que" not in page


def test_a_dealer_who_always_sits_out_is_not_at_some_numbers_of_players():
    """tute-subastado-dealer-rests (four seats, the dealer out of every hand): "At some numbers of players one player
    sits out"; tute-cabrero (three to six, out at five and six) keeps it."""
    rests, cabrero = _pages("tute-subastado-dealer-rests"), _pages("tute-cabrero")
    assert "One player sits out of each hand: the dealer deals" in rests["en"]
    assert "À chaque main, un joueur ne joue pas : le donneur distribue" in rests["fr"]
    assert "في كل يد لا يلعب أحد اللاعبين" in rests["ar"]
    assert "At some numbers of players one player sits out of each hand" in cabrero["en"]
    assert "some numbers" not in rests["en"]


def test_two_sides_that_reach_the_target_together_are_both_not_several():
    """guinote-cotos (two pairs): «إذا بلغت عدّة فرق الهدف» ("when several teams reach the goal") at a table of two."""
    _reads(_pages("guinote-cotos"),
           {"en": "When both teams reach the goal after the same hand",
            "fr": "Quand les deux équipes atteignent le but après la même main",
            "ar": "إذا بلغ الفريقان كلاهما الهدف بعد اليد نفسها"},
           {"en": "several teams", "fr": "plusieurs équipes", "ar": "عدّة فرق"})
    # three players scoring each for oneself (the bid winner alone against the others): several players
    assert "When several players reach the target after the same hand" in _pages("tute-subastado-three")["en"]


def test_an_arabic_word_with_its_article_reads_indefinite_where_the_sentence_needs_it():
    """touti-app names the dealer «الموزّع»: «لا يوجد الموزّع» ("there is not the dealer") for a table without one."""
    from touti_dsl.docs.catalog import catalog
    from touti_dsl.docs.terms import Terms
    from touti_dsl.loader import load_spec

    assert "لا يوجد موزّع." in _pages("touti-app")["ar"]
    terms = Terms(catalog("ar"), load_spec(SPEC_DIR / "touti-app.touti"))
    assert terms.fill("[[a:dealer]] / [[the:dealer]] / [[dealer]] / [[a:trick]]") == "موزّع / الموزّع / الموزّع / لفّة"
    assert Terms(catalog("en"), load_spec(SPEC_DIR / "touti-app.touti")).fill("[[a:dealer]]") == "dealer"


def test_arabic_names_the_trick_by_the_specs_word_and_counts_the_claims_opponents():
    """brisca-pairs (whose trick is «لمّة»): «رابح اللفّة أولًا» named it by another game's word; tute-claim-the-rest
    gave the rest «للخصوم» (a plural) for the two opponents of a table of pairs."""
    brisca = _pages("brisca-pairs")["ar"]
    assert "يسحب كل لاعب منها ورقة، رابح اللمّة أولًا ثم الباقون" in brisca  # (a Decision note quoted keeps its words)
    assert "لونها هو الحكم، وهي آخر ورقة تُسحب" in brisca
    claim = _pages("tute-claim-the-rest")["ar"]
    assert "يعطي كل لمّة باقية للخصمين: فيأخذان" in claim  # (the title is the spec's own words)


def test_a_rank_above_another_is_named_not_read_as_card_strength():
    """tute-arrastrado-swap: `turned_rank >= 10` read "the rank … is at least sota", which a player reads as card
    strength (an ace and a three outrank the sota): the ranks it holds for are named."""
    pages = _pages("tute-arrastrado-swap")
    assert "the rank of the turned-up card is sota, caballo or rey" in pages["en"]
    assert "le rang de la carte retournée vaut sota, cavalier ou roi" in pages["fr"]
    assert "رتبة الورقة المقلوبة تساوي السوتا أو الكابال أو الري" in pages["ar"]
    assert "at least sota" not in pages["en"]
