"""Words that count people agree with the table: «الخصمان» (the dual: two opponents) only where every player has
exactly two opponents, "either team" only at a table of two sides, "the three other players" only at four.

Issue "Rules pages that read right in every language": a condition naming `opponents` read «الخصمان» at Tute
cabrero (three to six players, each for oneself) and at Tute habanero (two players: one opponent).
"""

from __future__ import annotations

import pytest

from touti_dsl.docs.catalog import catalog
from touti_dsl.docs.table_counts import TableCounts, table_counts
from touti_dsl.loader import load_spec

from .helpers import SPEC_DIR, variant_pages

DUTY = "add play {\n  no_load: must no_points when tricks_won(opponents) > 0\n}\n"

# base system -> the opponents' words each language must use, and the words it must not
OPPONENTS = {
    "tute-cabrero": ({"en": "by the opponents", "fr": "par les adversaires", "ar": "ربح فيها الخصوم"},
                     {"en": "both opponents", "fr": "les deux adversaires", "ar": "الخصمان"}),
    "tute": ({"en": "by the opponents", "fr": "par les adversaires", "ar": "ربح فيها الخصمان"},
             {"ar": "الخصوم"}),
    "tute-arrastrado": ({"ar": "ربح فيها الخصمان"}, {"ar": "الخصوم"}),  # three players: two opponents each
    "tute-habanero": ({"en": "by the opponent is", "fr": "par l'adversaire", "ar": "ربح فيها الخصم "},
                      {"en": "opponents", "fr": "adversaires", "ar": "الخصمان"}),
}


@pytest.mark.parametrize("base", sorted(OPPONENTS))
def test_the_opponents_are_counted_as_the_table_seats_them(tmp_path, base):
    pages = variant_pages(tmp_path, base, DUTY)
    right, wrong = OPPONENTS[base]
    for lang, words in right.items():
        assert words in pages[lang], (lang, base)
    duty = {lang: page.split('href="#play-no_load"')[0].rsplit("\n1. ", 1)[1] for lang, page in pages.items()}
    for lang, words in wrong.items():
        assert words not in duty[lang], (lang, base, duty[lang])


def test_the_table_counts_cover_every_round_the_spec_deals():
    cabrero = table_counts(load_spec(SPEC_DIR / "examples" / "tute-cabrero.touti"))  # 3 to 6 seats, sitting out
    assert cabrero.opponents is None and cabrero.sides is None and cabrero.partners == 1
    assert table_counts(load_spec(SPEC_DIR / "tute.touti")) == TableCounts(opponents=2, others=3, sides=2, partners=2,
                                                                           defenders=2, scorers=2)
    # the bid winner faces two, each defender one: no single number of opponents
    three = table_counts(load_spec(SPEC_DIR / "examples" / "tute-subastado-three.touti"))
    assert three.opponents is None and three.defenders == 2 and three.sides == 2 and three.scorers == 3


@pytest.mark.parametrize("lang, three, two", [
    ("en", "the three other players have passed", "the two other players have passed"),
    ("fr", "les trois autres joueurs ont passé", "les deux autres joueurs ont passé"),
    ("ar", "اللاعبون الثلاثة الآخرون قالوا", "اللاعبان الآخران كلاهما قالا"),
])
def test_the_other_players_are_counted(tmp_path, lang, three, two):
    """`last_speaker` ("the three other players have passed or left the bidding, nobody having bid") at four players, and at three."""
    body = "bidding {\n  pass_allowed: not (is_dealer and last_speaker)\n}\n"
    four = variant_pages(tmp_path, "atlas-carta", body)[lang]
    assert three in four and two not in four
    three_players = variant_pages(tmp_path, "tute-subastado-three", body)[lang]
    assert two in three_players and three not in three_players


SIX_IN_THREE_TEAMS = "table {\n  seats: 6\n  teams: 0 3 | 1 4 | 2 5\n  hand_size: 6\n  draw: winner_first\n}\n"


@pytest.mark.parametrize("lang, every, either", [
    ("en", "Every team may declare", "Either team may declare"),
    ("fr", "Chaque équipe peut annoncer", "Les deux équipes peuvent annoncer"),
    ("ar", "يجوز لكل فريق إعلان", "يجوز لكلا الفريقين إعلان"),
])
def test_either_team_only_at_a_table_of_two_sides(tmp_path, lang, every, either):
    three_teams = variant_pages(tmp_path, "guinote-48", SIX_IN_THREE_TEAMS)[lang]
    assert every in three_teams and either not in three_teams
    two_teams = variant_pages(tmp_path, "guinote-48", "")[lang]
    assert either in two_teams and every not in two_teams


def test_a_group_wording_falls_back_to_the_plural():
    arabic = catalog("ar")
    assert arabic.for_group("arg.side.opponents", 2) == "arg.side.opponents#two"
    assert arabic.for_group("arg.side.opponents", 1) == "arg.side.opponents#one"
    assert arabic.for_group("arg.side.opponents", 4) == "arg.side.opponents"
    assert arabic.for_group("arg.side.opponents", None) == "arg.side.opponents"
    assert catalog("en").for_group("arg.side.opponents", 2) == "arg.side.opponents"  # English needs no dual


def test_a_worked_contract_counts_the_players_of_its_side():
    """The contract example said «اللاعبان {players}؛ جمعا» (two players) for any side of partners."""
    arabic = catalog("ar")
    assert "اللاعبان" in arabic.text(arabic.for_group("example.contract_made", 2), amount=1, players="1 و3", counted="1")
    assert "يسجّلان" in arabic.text(arabic.for_group("example.scored.holders", 2), n=1)
    three = arabic.text(arabic.for_group("example.contract_made", 3), amount=1, players="1 و3 و5", counted="1")
    assert "اللاعبون" in three and "اللاعبان" not in three
    assert "يسجّلون" in arabic.text(arabic.for_group("example.scored.holders", 3), n=1)
