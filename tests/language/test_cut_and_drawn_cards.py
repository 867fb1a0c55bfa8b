"""The cut and the cards drawn for partners and the first dealer, table customs (docs only).  Brisca as
naipes-casino.com.ar, acanomas.com (Brisca, page 2) and Fournier's leaflet publish it: the player who cuts lifts no
fewer than four cards and leaves no fewer (`rotation.cut: 4`); each player draws a card, the two highest partners
against the two lowest, the highest dealing (`table.partnerships: high_cards`, `rotation.first_dealer: highest_card`;
cabezoalto.es names the draw "a la más alta" beside "a reyes")."""

from __future__ import annotations

import pytest

from touti_dsl.cases.coverage import rule_kind
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from tests.docs.helpers import said, variant_pages
from tests.house import house_codes, house_variant

CUSTOMS = ("add rotation {\n  cut: 4\n  first_dealer: highest_card\n}\n\n"
           "add table {\n  partnerships: high_cards\n}\n")


def test_the_customs_change_no_play(tmp_path):
    with_customs = Game.from_spec(house_variant(tmp_path, "brisca-pairs", CUSTOMS)).new_round(seed=5)
    plain = Game.from_spec("brisca-pairs").new_round(seed=5)
    for _ in range(12):
        seat = plain.actors()[0]
        assert with_customs.legal_actions(seat) == plain.legal_actions(seat)
        action = plain.legal_actions(seat)[0]
        plain.apply(seat, action)
        with_customs.apply(seat, action)


def test_the_cut_is_a_descriptive_rule_of_coverage(tmp_path):
    spec = load_spec(house_variant(tmp_path, "brisca-pairs", CUSTOMS))
    assert rule_kind(spec, spec.rule("rotation.cut")) == "descriptive"


@pytest.mark.parametrize("cut, message", [(0, "a cut lifts at least one card"),
                                          (21, "needs 42 cards, but the deck has 40")])
def test_a_cut_the_deck_cannot_make_is_located(tmp_path, cut, message):
    from touti_dsl.errors import ToutiError

    with pytest.raises(ToutiError) as error:
        load_spec(house_variant(tmp_path, "brisca-pairs", f"add rotation {{\n  cut: {cut}\n}}\n"))
    (problem,) = error.value.diagnostics
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E108", 8, 8) and message in problem.message


def test_the_cut_needs_a_dealer(tmp_path):
    assert house_codes(tmp_path, "touti-app", "add rotation {\n  cut: 4\n}\n") == [("E700", 8)]


def test_cards_drawn_for_the_first_dealer_need_no_king(tmp_path):
    body = "deck {\n  remove ranks: 12\n}\n\nadd rotation {\n  first_dealer: {word}\n}\n"
    assert ("E108", 12) in house_codes(tmp_path, "tute", body.replace("{word}", "first_king"))
    assert ("E108", 12) not in house_codes(tmp_path, "tute", body.replace("{word}", "highest_card"))


def test_the_pages_say_it_in_every_language(tmp_path):
    pages = variant_pages(tmp_path, "brisca-pairs", CUSTOMS)
    assert said(pages["en"], "rotation-cut") == ("The player who cuts the shuffled deck must lift at least 4 cards and "
                                                 "leave at least as many.")
    assert said(pages["fr"], "rotation-cut").startswith("Le joueur qui coupe le paquet battu doit soulever au moins 4")
    assert "أوراق على الأقل" in said(pages["ar"], "rotation-cut")
    assert "the two who draw the highest cards are partners" in said(pages["en"], "table-partnerships")
    assert "celui qui tire la plus haute" in said(pages["fr"], "rotation-first_dealer")
    one = variant_pages(tmp_path, "brisca-pairs", "add rotation {\n  cut: 1\n}\n")
    assert "lift at least one card and leave at least one" in said(one["en"], "rotation-cut")
    assert "ورقة واحدة" in said(one["ar"], "rotation-cut")
