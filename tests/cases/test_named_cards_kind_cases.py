"""The cases of a kind of named cards (spec/examples/briscola-accuse-bazzica: `bazzica = 40 11e 10o`, the queen of
spades and the jack of diamonds of the Piccola enciclopedia di giuochi, p. 94, read as the caballo of espadas and the
sota of oros): declared with both cards in hand, refused with one of them only, and refused once one was played."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.cases import load_cases
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "spec" / "examples" / "briscola-accuse-bazzica.touti"
BAZZICA = ("11e", "10o")


@pytest.fixture(scope="module")
def declarations(current_suite) -> list[tuple[dict, dict, list[str], list[str]]]:
    """(the case, its `ghna bazzica` step, the declarer's hand before it, the cards it played before it)."""
    game = Game.from_spec(load_spec(EXAMPLE))
    found = []
    for case in load_cases(current_suite(EXAMPLE)):
        state = game.new_round(**case["setup"])
        played = {seat: [] for seat in range(game.ruleset.seats)}
        for step in case["steps"]:
            if step["op"] == "next_round":  # (a match case: its first round is enough)
                break
            if step.get("action") == "ghna bazzica":
                hand = [state.rules.card_text[c] for c in state.hands[step["seat"]]]
                found.append((case, step, hand, list(played[step["seat"]])))
            if step["op"] == "apply":
                state.apply(step["seat"], step["action"])
                if step["action"].startswith("play "):
                    played[step["seat"]].append(step["action"][5:])
    return found


def test_the_bazzica_is_declared_with_both_cards_in_hand(declarations):
    assert any(step["op"] == "apply" and all(card in hand for card in BAZZICA) for _, step, hand, _ in declarations)


def test_the_bazzica_is_refused_with_one_of_its_cards_only(declarations):
    assert any(step["op"] == "refuse" and step["rule"] == "ghna.kinds" and sum(card in hand for card in BAZZICA) == 1
               for _, step, hand, _ in declarations)


def test_the_bazzica_is_refused_once_one_of_its_cards_was_played(declarations):
    assert any(step["op"] == "refuse" and step["rule"] == "ghna.kinds" and any(card in played for card in BAZZICA)
               for _, step, _, played in declarations)
