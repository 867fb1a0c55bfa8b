"""Guiñote's own cards: the sota above the caballo, worth 3 against 2, and the song of rey and sota.

The sources (abelp.net, the Escuela de guiñote, pronosticoreservado.es) rank As, Tres, Rey,
Sota, Caballo: Tute's order with the two figures the other way round.
"""

from __future__ import annotations

from pathlib import Path

from touti_dsl.engine import Game
from touti_dsl.variants import load_flat

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
SPEC = Path(__file__).resolve().parents[2] / "spec"


def _rules(path: Path):
    return Game.from_spec(load_flat(path)).ruleset


def _card(rules, text: str) -> int:
    return rules.card_text.index(text)


def test_the_sota_beats_the_caballo_in_guinote_and_not_in_tute():
    guinote, tute = _rules(EXAMPLES / "guinote.touti"), _rules(SPEC / "tute.touti")
    for rules, sota_higher in ((guinote, True), (tute, False)):
        sota, caballo = _card(rules, "10o"), _card(rules, "11o")
        assert (rules.card_strength[sota] > rules.card_strength[caballo]) is sota_higher
    assert (guinote.card_points[_card(guinote, "10o")], guinote.card_points[_card(guinote, "11o")]) == (3, 2)


def test_the_guinote_song_is_the_rey_and_the_sota():
    rules = _rules(EXAMPLES / "guinote.touti")
    copas = rules.suits.index("copas")
    assert sorted(rules.card_text[c] for c in rules.pair_cards[copas]) == ["10c", "12c"]


def test_the_48_card_guinote_puts_the_nine_and_eight_after_the_caballo():
    rules = _rules(EXAMPLES / "guinote-48.touti")
    strength = [rules.card_text[c] for c in sorted((_card(rules, f"{r}b") for r in (10, 11, 9, 8, 7)),
                                                    key=lambda c: -rules.card_strength[c])]
    assert strength == ["10b", "11b", "9b", "8b", "7b"]
