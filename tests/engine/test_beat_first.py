"""The duty `beat_first`: beat the card led, not the best card of the trick (tests/engine/specs/tute-beat-the-lead).

A blog's Tute rules: «"montar" significa que deben superar el valor de la carta de salida» (to head the trick is
to beat the card led).  Tute's own `beat_led` asks for more: beating the highest card of the led suit in the trick.
The two differ for the third player once the second has beaten the card led.
"""

from __future__ import annotations

from pathlib import Path

from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from .helpers import game, hands_of, refused, run

BEAT_THE_LEAD = Path(__file__).parent / "specs" / "tute-beat-the-lead.touti"  # a weak source: a fixture
# Trumps are bastos (the dealer's last card, 12b); seat 0 leads the five of oros.
HANDS = hands_of(
    "5o 6o 1c 2c 3c 4c 5c 6c 7c 10c",
    "3o 2o 11c 12c 1e 2e 3e 4e 5e 6e",
    "7o 4o 1o 7e 10e 11e 12e 1b 2b 3b",
    "12o 11o 10o 4b 5b 6b 7b 10b 11b 12b",
)


def _third_to_play(spec: Game):
    return run(spec.new_round(hands=HANDS, dealer=3), "0: play 5o", "1: play 3o")


def test_the_third_player_must_beat_the_card_led_not_the_second_players_card():
    state = _third_to_play(Game.from_spec(load_spec(BEAT_THE_LEAD)))
    assert [a for a in state.legal_actions(2) if a.startswith("play ")] == ["play 1o", "play 7o"]
    message = refused(state, 2, "play 4o", "play.overtake").message
    assert "the card led" in message


def test_tute_asks_to_beat_the_best_card_instead():
    state = _third_to_play(game("tute"))
    assert [a for a in state.legal_actions(2) if a.startswith("play ")] == ["play 1o"]
    refused(state, 2, "play 7o", "play.overtake")


def test_the_second_player_beats_the_card_led_either_way():
    state = Game.from_spec(load_spec(BEAT_THE_LEAD)).new_round(hands=HANDS, dealer=3)
    run(state, "0: play 5o")
    assert [a for a in state.legal_actions(1) if a.startswith("play ")] == ["play 3o"]
