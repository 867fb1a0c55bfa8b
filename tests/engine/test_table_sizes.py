"""Rules by the number of players in play: the table as seated plays its `with N players` block.

Survey 5, row 9 (Tute for two, three or four, juegoscartasgratis.blogspot.com): "at two, 8 cards each and the rest a
stock drawn after each trick (winner first), trumps turned under the stock; at three, 13 each; at four, 10 each, the
last card dealt shows trumps".
"""

from __future__ import annotations

import random

import pytest

from touti_dsl.loader import load_spec
from touti_dsl.table_sizes import for_players

from tests.conftest import SPEC_DIR

from .helpers import game

SPEC = str(SPEC_DIR / "examples" / "tute-two-three-four.touti")


def _play_out(state) -> None:
    rng = random.Random(7)
    while not state.is_terminal():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_at_two_the_rest_is_a_stock_drawn_winner_first_with_trumps_under_it():
    rules = game(SPEC, seats=2).ruleset
    assert (rules.seats, rules.hand_size, rules.stock_size, rules.turned_place, rules.draw) == (2, 8, 24, "under_stock", True)
    state = game(SPEC, seats=2).new_round(seed=5)
    assert len(state.stock) == 24 and state.stock[-1] == state.turned  # the turned card is drawn last
    _play_out(state)
    assert state.round_result() is not None and rules.tricks_per_round == 20


def test_at_three_the_card_left_over_shows_trumps_aside():
    rules = game(SPEC, seats=3).ruleset
    assert (rules.hand_size, rules.stock_size, rules.turned_place, rules.draw) == (13, 0, "aside", False)
    state = game(SPEC, seats=3).new_round(seed=5)
    assert [len(hand) for hand in state.hands] == [13, 13, 13] and state.turned is not None
    _play_out(state)


@pytest.mark.parametrize("settings", [{}, {"seats": 4}], ids=["default", "chosen"])
def test_at_four_every_card_is_dealt_and_the_dealer_keeps_the_last(settings):
    rules = game(SPEC, **settings).ruleset
    assert (rules.seats, rules.hand_size, rules.stock_size, rules.turned_place, rules.draw) == (4, 10, 0, "dealer_hand", False)
    assert game(SPEC, **settings).settings.get("seats", 4) == 4


def test_the_game_holds_the_ordinary_spec_of_its_number_of_players():
    spec = load_spec(SPEC)
    assert spec.seat_rules and not game(SPEC, seats=2).spec.seat_rules
    assert game(SPEC, seats=2).spec == for_players(spec, 2)


def test_a_number_the_table_does_not_seat_is_refused_with_the_choices():
    from touti_dsl.errors import ToutiError

    with pytest.raises(ToutiError) as raised:
        game(SPEC, seats=5)
    assert "choices: 2, 3, 4" in raised.value.diagnostics[0].message


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_reference_adapter_builds_the_game_of_each_number(seats):
    """A case's `setup.settings` chooses the number of players: the adapter's game plays that number's rules."""
    from touti_dsl.conformance.adapter import ReferenceAdapter

    played = ReferenceAdapter(SPEC).game({"seats": seats})
    assert played.ruleset.seats == seats and played.ruleset.draw == (seats == 2)


BRISCOLA = str(SPEC_DIR / "examples" / "briscola-two-to-six.touti")


@pytest.mark.parametrize("seats, cards", [(2, 40), (3, 36), (4, 40), (5, 40), (6, 36)])
def test_briscola_takes_the_twos_out_at_three_and_six(seats, cards):
    """Survey 5, row 14 (gist.github.com/iscrz, Briscola Rules): "2, 4, or 5 players: play all 40 cards; 3 or 6
    players: remove all 2's (36 cards)"; three cards each, the turned card at the bottom of the deck."""
    played = game(BRISCOLA, seats=seats)
    rules = played.ruleset
    assert rules.ncards == cards and rules.hand_size == 3 and rules.turned_place == "under_stock"
    assert ("2o" in rules.card_text) == (cards == 40)
    state = played.new_round(seed=seats)
    assert len(state.stock) == cards - 3 * seats
    _play_out(state)
