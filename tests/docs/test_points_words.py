"""`points(side)` names what a side's total holds at this table: a Brisca (no songs, no last-trick bonus) scores "their
own card points", never "(cards, last trick bonus and declarations)", which it has none of (survey 7: Briscola in due
to 120, spazioinwind.libero.it)."""

from __future__ import annotations

import pytest

from .helpers import variant_pages

SCORING = "scoring {\n  winner: points(winner)\n  loser: points(loser)\n}\n"


@pytest.mark.parametrize("base, body, words", [
    ("brisca-two", SCORING, {"en": "the total of their own card points", "fr": "le total de ses propres points de cartes",
                             "ar": "مجموع نقاط الأوراق التي أخذها بنفسه"}),
    ("tute", "remove ghna\n\n" + SCORING, {"en": "their own total (cards and last trick bonus)",
                                           "fr": "son propre total (cartes et prime du dernier pli)",
                                           "ar": "مجموع نقاطه الخاصة (الأوراق ومكافأة آخر لمّة)"}),
    ("tute", SCORING, {"en": "their own total (cards, last trick bonus and declarations)",
                       "fr": "son propre total (cartes, prime du dernier pli et annonces)",
                       "ar": "مجموع نقاطه الخاصة (الأوراق ومكافأة آخر لمّة والإعلانات)"}),
])
def test_a_total_names_only_what_the_table_counts(tmp_path, base, body, words):
    pages = variant_pages(tmp_path, base, body)
    for lang, said in words.items():
        assert said in pages[lang], (lang, base)


def test_a_win_at_once_speaks_of_a_player_and_of_no_declaration_where_there_is_none(tmp_path):
    """Briscola for two has no songs and each plays for oneself: "A team wins … after a trick or a declaration" was
    wrong twice."""
    pages = variant_pages(tmp_path, "brisca-two", "add match {\n  at_once: points(team) >= 100\n}\n")
    said = {"en": "A player wins the match at once, whatever the scores, as soon as this holds for them after a trick "
                  "(the player who has just taken the trick is judged first",
            "fr": "Un joueur gagne aussitôt la partie, quels que soient les scores, dès que ceci est vrai pour lui après "
                  "un pli (on juge d'abord le joueur qui vient de prendre le pli ;",
            "ar": "يربح اللاعب المباراة فورًا، مهما كانت النقاط، متى تحقق له هذا بعد لمّة (يُنظر أولًا في اللاعب"}
    for lang, text in said.items():
        assert text in pages[lang], lang
    assert "the total of their own card points is at least 100" in pages["en"]
    assert "declaration" not in pages["en"].split('id="match-at_once"')[0].rsplit("\n\n", 1)[-1]


def test_a_count_above_zero_reads_as_at_least_one(tmp_path):
    """`tricks_won(team) > 0` (Tute cabrero: a player who took no trick loses) reads "is at least 1": every term counts
    in whole numbers, and "more than 0" made the reader work it out.  A rank compared with 0 keeps its own words."""
    pages = variant_pages(tmp_path, "tute-cabrero", "add scoring {\n  require took_trick: tricks_won(team) > 0\n}\n")
    said = {"en": "the number of tricks they won this round is at least 1",
            "fr": "le nombre de ses propres plis remportés dans cette manche vaut au moins 1",
            "ar": "عدد المرات التي ربح فيها بنفسه لمّة في هذه الجولة يساوي <bdi dir=\"ltr\">1</bdi> على الأقل"}
    for lang, text in said.items():
        assert text in pages[lang], lang
    assert "more than 0" not in pages["en"] and "dépasse 0" not in pages["fr"]
