"""Table customs the engine does not play (docs only, like `scoring.renounce`): how the first dealer is chosen, a
misdeal, signs between partners, looking back at won tricks.  Each is checked, located, and changes no play."""

from __future__ import annotations

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

# Guiñote as the Asociación Cultural de Fortanete publishes it (elpozuelocuenca.blogspot.com, reglas del guiñote):
# the first dealer "a reyes", no looking back at tricks, a second misdeal passes the deal on; Brisca lets partners
# make signs (juegosmesa.org).
CUSTOMS = ("add rotation {\n  first_dealer: first_king\n  misdeal: redeal_once\n}\n\n"
           "add table {\n  signs: allowed\n  partner_hands: shown\n  partnerships: first_kings\n}\n\n"
           "add trick {\n  review: none\n}\n")


def _write(tmp_path, base: str, body: str):
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n{body}', encoding="utf-8")
    return path


def _problems(tmp_path, base: str, body: str) -> list[tuple[str, int, int, str]]:
    with pytest.raises(ToutiError) as caught:
        load_spec(_write(tmp_path, base, body))
    return [(d.code, d.loc.line, d.loc.column, d.message) for d in caught.value.diagnostics]


def test_the_customs_change_no_play(tmp_path):
    """The same seed plays the same round with or without the customs: the engine does not play them."""
    with_customs = Game.from_spec(_write(tmp_path, "guinote", CUSTOMS)).new_round(seed=11)
    plain = Game.from_spec("guinote").new_round(seed=11)
    for _ in range(12):
        seat = plain.actors()[0]
        assert with_customs.actors() == plain.actors() and with_customs.legal_actions(seat) == plain.legal_actions(seat)
        action = plain.legal_actions(seat)[-1]
        plain.apply(seat, action)
        with_customs.apply(seat, action)


def test_signs_between_partners_need_partners(tmp_path):
    found = _problems(tmp_path, "tute", "table {\n  teams: each\n}\n\nadd table {\n  signs: allowed\n}\n")
    assert [(code, line, column) for code, line, column, _ in found] == [("E108", 12, 10)]
    assert "nobody has one" in found[0][3]
    load_spec(_write(tmp_path, "tute", "table {\n  teams: each\n}\n\nadd table {\n  signs: forbidden\n}\n"))


def test_the_first_dealer_by_kings_needs_kings(tmp_path):
    found = _problems(tmp_path, "tute", "deck {\n  remove ranks: 12\n}\n\nadd rotation {\n  first_dealer: first_king\n}\n")
    assert ("E108", 12, 17) in [(code, line, column) for code, line, column, _ in found]


def test_the_customs_of_the_deal_need_a_dealer(tmp_path):
    found = _problems(tmp_path, "touti-app", "add rotation {\n  misdeal: redeal\n}\n")
    assert [(code, line) for code, line, _, _ in found] == [("E700", 8)], found


def test_hands_shown_to_a_partner_need_partners(tmp_path):
    """Brisca: partners may show each other their hands (es.stringtranslate.com, La brisca; selecciondejuegos)."""
    found = _problems(tmp_path, "tute", "table {\n  teams: each\n}\n\nadd table {\n  partner_hands: shown\n}\n")
    assert [(code, line, column) for code, line, column, _ in found] == [("E108", 12, 18)]
    assert "nobody has one" in found[0][3]
    load_spec(_write(tmp_path, "tute", "table {\n  teams: each\n}\n\nadd table {\n  partner_hands: hidden\n}\n"))


@pytest.mark.parametrize("custom", ["table {\n  partnerships: agreed", "match {\n  next_pair: losers_leave"])
@pytest.mark.parametrize("teams", ["each", "bidder_against_rest", "0 3 | 1 4 | 2 5"])
def test_partnerships_need_two_pairs_of_partners(tmp_path, teams, custom):
    seats = "6" if "|" in teams else "4"
    body = f"table {{\n  seats: {seats}\n  teams: {teams}\n}}\n\nadd {custom}\n}}\n"
    found = _problems(tmp_path, "tute", body)
    column = len(custom.split(": ")[0].split("\n")[1]) + 3  # the value, after `KEY: `
    assert ("E108", 13, column) in [(code, line, column) for code, line, column, _ in found], found
    assert any("two partnerships of two" in message for *_, message in found)


def test_the_partners_by_kings_need_kings(tmp_path):
    found = _problems(tmp_path, "tute", "deck {\n  remove ranks: 12\n}\n\nadd table {\n  partnerships: first_kings\n}\n")
    assert ("E108", 12, 17) in [(code, line, column) for code, line, column, _ in found]
    assert any("partnerships first_kings deals until a king" in message for *_, message in found)
