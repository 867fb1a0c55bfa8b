"""The cards a refused declaration is made of, as a page's worked example shows them: a pair, a kind of one suit, a
kind of one rank across suits, a kind of named cards (a suitless kind once read its name as a suit: no cards)."""

from __future__ import annotations

from pathlib import Path

from touti_dsl.docs.examples import declared_cards
from touti_dsl.loader import load_spec

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
HAND = ["12o", "11o", "1o", "3o", "12c", "12e", "12b", "11e", "10o", "4b"]


def _spec(name: str):
    return load_spec(EXAMPLES / f"{name}.touti")


def test_a_pair_is_the_rey_and_caballo_of_its_suit():
    assert declared_cards(_spec("tutti-ma-any-pair-sings"), ["oros"], HAND) == ["12o", "11o"]


def test_a_kind_of_one_suit_is_its_ranks_in_that_suit():
    assert declared_cards(_spec("tutti-ma-any-pair-sings"), ["as_tres", "oros"], HAND) == ["1o", "3o"]


def test_a_kind_of_one_rank_is_every_card_of_that_rank():
    assert declared_cards(_spec("briscola-accuse"), ["reyes"], HAND) == ["12o", "12c", "12e", "12b"]


def test_a_kind_of_named_cards_is_those_cards():
    assert declared_cards(_spec("briscola-accuse-bazzica"), ["bazzica"], HAND) == ["11e", "10o"]
