"""The engine's deck less the cards `deck.removed` takes out: Briscola for three "gets rid of one of the cards,
typically the 2 of Bastoni" (viniciocoletti.it), so 39 cards make three hands of three and a stock of 30."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.loader import load_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-two-to-four.touti"


@pytest.fixture(scope="module")
def three() -> Game:
    return Game.from_spec(load_spec(EXAMPLE), seats=3)


def test_at_three_the_deck_has_39_cards_and_no_two_of_bastos(three):
    rules = three.ruleset
    assert rules.ncards == 39 and "2b" not in rules.card_text and rules.removed_text == ("2b",)
    assert (rules.hand_size, rules.stock_size, rules.tricks_per_round) == (3, 30, 13)


def test_at_two_and_four_the_whole_deck_is_dealt():
    spec = load_spec(EXAMPLE)
    for seats in (2, 4):
        rules = Game.from_spec(spec, seats=seats).ruleset
        assert rules.ncards == 40 and "2b" in rules.card_text and rules.removed_text == ()


def test_a_seeded_deal_shares_out_the_39_cards(three):
    state = three.new_round(seed=7)
    dealt = [c for hand in state.hands for c in hand] + list(state.stock)
    texts = {three.ruleset.card_text[c] for c in dealt}
    assert len(dealt) == 39 and len(texts) == 39 and "2b" not in texts


def test_a_setup_that_deals_the_removed_card_is_refused(three):
    hands = [["2b", "2o", "3c"], ["10o", "4e", "2c"], ["10b", "3e", "7c"]]
    with pytest.raises(ValueError, match=r"'2b' is taken out of this deck \(deck.removed\)"):
        three.new_round(hands=hands, stock=[], dealer=1)


def test_playing_the_removed_card_is_refused_with_deck_removed(three):
    state = three.new_round(seed=3)
    seat = state.actors()[0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, "play 2b")
    assert caught.value.rule_id == "deck.removed"
    assert forbidding_rules(state, seat, "play 2b") == ["deck.removed", "action.syntax"]
    assert all("2b" not in action for action in state.legal_actions(seat))


def test_a_swap_whose_card_is_out_of_the_deck_is_refused(tmp_path):
    # Guiñote with the swap before the first lead, the 7 of copas and three twos out: 36 cards, a stock of 12.
    path = tmp_path / "no-seven.touti"
    path.write_text('touti 1\n\nsystem "no-seven" extends "guinote" {\n  title: "No seven of copas"\n}\n\n'
                    "deck {\n  removed: 7c, 2o, 2e, 2b\n}\n\ntrump {\n  swap_window: before_first_lead\n}\n",
                    encoding="utf-8")
    game = Game.from_spec(load_spec(path))
    cards = [t for t in game.ruleset.card_text]
    stock = [t for t in cards if t.endswith("c")][-1:]  # the turned card, under the stock: copas are trumps
    rest = [t for t in cards if t not in stock]
    hands = [rest[i * 6:(i + 1) * 6] for i in range(4)]
    state = game.new_round(hands=hands, stock=rest[24:] + stock, dealer=3)
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, "swap")
    assert caught.value.rule_id == "trump.swap" and "no such card" in caught.value.message
