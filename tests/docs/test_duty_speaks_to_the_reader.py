"""A duty speaks to the reader in every clause, its conditions on the player's own side too.

Issue "Rules pages that read right in every language": `must no_points unless won_last(self)` read "You must play
a card worth no points …, unless the last trick was won by this player".
"""

from __future__ import annotations

import pytest

from .helpers import variant_pages

DUTY = "add play {\n  no_load: must no_points when tricks_won(SIDE) > 0 unless won_last(SIDE)\n}\n"

YOU = {"en": ("the number of tricks you have won this round", "unless you won the last trick"),
       "fr": ("le nombre de plis que vous avez remportés dans cette manche", "sauf si vous avez remporté le dernier pli"),
       "ar": ("عدد المرات التي ربحتَ فيها لمّة في هذه الجولة", "إلا إذا ربحتَ آخر لمّة لُعبت")}
THIRD_PERSON = {"en": "this player", "fr": "ce joueur", "ar": "هذا اللاعب"}


def _duty(page: str) -> str:
    return page.split('href="#play-no_load"')[0].rsplit("\n1. ", 1)[1]


@pytest.mark.parametrize("base, side", [("tute", "self"), ("tute-cabrero", "self"), ("tute-habanero", "team")])
def test_a_condition_on_the_players_own_side_says_you(tmp_path, base, side):
    """`self` anywhere, and `team` where each plays for oneself (the team is the player)."""
    pages = variant_pages(tmp_path, base, DUTY.replace("SIDE", side))
    for lang, (count, unless) in YOU.items():
        duty = _duty(pages[lang])
        assert count in duty and unless in duty, (lang, duty)
        assert THIRD_PERSON[lang] not in duty, (lang, duty)


def test_a_team_of_partners_stays_your_team(tmp_path):
    pages = variant_pages(tmp_path, "tute", DUTY.replace("SIDE", "team"))
    assert "the last trick was not won by your team" not in _duty(pages["en"])
    assert "unless the last trick was won by your team" in _duty(pages["en"])
    assert "sauf si le dernier pli a été remporté par votre équipe" in _duty(pages["fr"])
    assert "إلا إذا ربح فريقك آخر لمّة لُعبت" in _duty(pages["ar"])


def test_a_requirement_keeps_the_third_person(tmp_path):
    # a requirement is not addressed to the reader: "this player"
    pages = variant_pages(tmp_path, "tute", "add ghna {\n  require first: won_last(self)\n}\n")
    assert "this player won the last trick" in pages["en"]
    assert "ce joueur a remporté le dernier pli" in pages["fr"]
    assert "ربح هذا اللاعب آخر لمّة لُعبت" in pages["ar"]
