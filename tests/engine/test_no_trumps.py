"""A table without trumps (`trump.choice: none`, `trick.winner: highest_led`).

Il Briscolone (spec/examples/briscolone.touti): «non viene girata nessuna carta di Briscola. Prende chi ha la carta
più alta del seme della carta giocata per prima» — no card is turned, and the highest card of the suit led takes the
trick.  tests/engine/specs/atlas-no-trumps.touti plays Atlas Carta's bidding and songs the same way (a fixture).
"""

from __future__ import annotations

from pathlib import Path

from touti_dsl.engine import Game

from .helpers import hands_of, play_first_cards, refused, run

BRISCOLONE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscolone.touti"
ATLAS_NO_TRUMPS = Path(__file__).parent / "specs" / "atlas-no-trumps.touti"
# Seat 1 (after the dealer, seat 0) leads; the stock holds the other thirty cards in drawing order.
HANDS = [["5o", "6o", "1c", "2c", "3c"], ["4o", "1e", "3e", "12b", "1b"]]
TAKEN = {"5o", "6o", "1c", "2c", "3c", "4o", "1e", "3e", "12b", "1b"}


def _briscolone_round():
    game = Game.from_spec(BRISCOLONE)
    stock = [text for text in game.ruleset.card_text if text not in TAKEN]
    return game.new_round(hands=HANDS, stock=stock, dealer=0)


def test_no_card_is_turned_and_play_starts_at_once():
    state = _briscolone_round()
    assert state.trump_suit is None and state.turned is None
    assert state.phase == "play" and state.to_play == 1
    assert state.to_json()["trump"] is None and state.observation(1)["trump"] is None


def test_the_highest_card_of_the_led_suit_wins_even_over_an_ace_of_another_suit():
    """"A card of another suit never wins": the four of oros led takes the ace of copas."""
    state = run(_briscolone_round(), "1: play 4o", "0: play 1c")
    assert state.last_trick_winner() == 1
    assert state.to_play == 1  # the winner draws first and leads the next trick


def test_a_higher_card_of_the_led_suit_wins():
    state = run(_briscolone_round(), "1: play 4o", "0: play 5o")
    assert state.last_trick_winner() == 0


def test_the_round_result_reports_no_trumps():
    state = play_first_cards(_briscolone_round())
    result = state.round_result()
    assert result["trump"] is None and sum(result["card_points"]) == 120


ATLAS_HANDS = hands_of(
    "1o 3o 12o 11o 10o 1c 3c 12c 11c 10c",
    "7o 6o 5o 4o 2o 7c 6c 5c 4c 2c",
    "1e 3e 12e 11e 10e 1b 3b 12b 11b 10b",
    "7e 6e 5e 4e 2e 7b 6b 5b 4b 2b",
)


def _contract_made():
    state = Game.from_spec(ATLAS_NO_TRUMPS).new_round(hands=ATLAS_HANDS, dealer=3)
    return run(state, "0: bid 80", "1: pass", "2: pass", "3: pass")


def test_after_the_contract_nobody_names_trumps_and_the_first_speaker_leads():
    state = _contract_made()
    assert state.phase == "play" and state.trump_suit is None and state.to_play == 0
    error = refused(state, 0, "trump copas", "trump.choice")
    assert "without trumps" in error.message
    assert not any(a.startswith("trump ") for a in state.legal_actions(0))


def test_a_song_is_worth_its_plain_value_in_any_suit():
    state = run(_contract_made(), "0: play 1o", "1: play 7o", "2: play 1b", "3: play 2e")
    assert state.last_trick_winner() == 0  # the ace of bastos, of another suit, does not win
    assert "ghna copas" in state.legal_actions(0)
    state.apply(0, "ghna copas")
    assert state.ghna_points[state.seating.team_of[0]] == 20
