"""`scoring.capote_void`: Tute cabrero where "a capote does not count for a player who has sung; that player loses
instead" (es.stringtranslate.com, Tute cabrero): spec/examples/tute-cabrero-sung-capote.touti,
`capote_void: declarations(winner) > 0`.  The engine, the check, the pages and the generated cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.cases.explore import capote_hands, stacked_hands
from touti_dsl.engine import Game
from touti_dsl.engine.scoring import capote_side
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "tute-cabrero-sung-capote.touti"


def _capote(game: Game, sings: bool, dealer: int = 0):
    """A round where the strongest player, dealt the trumps too, takes every trick, singing its 40 or not."""
    setup = stacked_hands(game, 0, dealer)
    state = game.new_round(**capote_hands(game, setup, dict(setup, dealer=dealer)), dealer=dealer)
    strong = max(range(game.ruleset.seats), key=lambda s: sum(game.ruleset.card_strength[c] for c in state.hands[s]))
    sang = False
    while not state.is_terminal():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        songs = [a for a in legal if a.startswith("ghna ")]
        if seat == strong and sings and songs:
            action, sang = songs[0], True
        else:
            plays = [a for a in legal if a.startswith("play ")] or legal
            strength = game.ruleset.card_strength
            pick = max if seat == strong else min
            action = pick(plays, key=lambda a: strength[game.ruleset.vocabulary.cards[a.split()[1]]] if a.startswith("play ") else -1)
        state.apply(seat, action)
    assert capote_side(state) == strong and sang == sings
    return state, strong


@pytest.mark.parametrize("sings", [True, False])
def test_a_capote_after_a_song_makes_its_taker_lose_alone(sings):
    variant, base = Game.from_spec(load_spec(EXAMPLE)), Game.from_spec(load_spec(EXAMPLE.parent / "tute-cabrero.touti"))
    for game, voided in ((variant, sings), (base, False)):
        state, strong = _capote(game, sings)
        losers = state.round_result()["losers"]
        assert losers == ([strong] if voided else [s for s in range(3) if s != strong]), (game.spec.system, sings)
        assert state.round_result()["score_changes"] == [1 if s in losers else 0 for s in range(3)]


def test_capote_void_applies_only_where_the_middle_loses(tmp_path):
    path = tmp_path / "house.touti"
    path.write_text('touti 1\n\nsystem "house" extends "tute" {\n  title: "House"\n}\n\n'
                    "add scoring {\n  capote_void: declarations(winner) > 0\n}\n", encoding="utf-8")
    with pytest.raises(ToutiError) as error:
        load_spec(path)
    found = [(d.code, d.loc.line) for d in error.value.diagnostics]
    assert ("E108", 8) in found and "middle_loses" in str(error.value)
    path.write_text(path.read_text(encoding="utf-8").replace('extends "tute"', 'extends "tute-cabrero"')
                    .replace("declarations(winner) > 0", "holds_trump"), encoding="utf-8")
    with pytest.raises(ToutiError) as error:
        load_spec(path)
    assert "E403" in str(error.value)  # a term of the play, not of a finished round


def test_the_pages_state_it_in_every_language(tmp_path):
    from tests.docs.helpers import spec_pages

    pages = spec_pages(EXAMPLE)
    assert ("A capote does not count for a player who took every trick when the number of declarations of any kind "
            "they made this round is at least 1: that player alone loses the hand instead.") in pages["en"]
    assert "Un capot ne compte pas pour le joueur qui a fait tous les plis quand" in pages["fr"]
    assert "لا يُحسب الكابوت للاعب الذي أخذ كل لمّة إذا" in pages["ar"]


def test_the_generator_finds_a_capote_on_each_side():
    """The stacked explorer on deals where the strong player also holds the trumps, singing or not (build.py), and an
    outcome case for each side of the condition (outcomes.capote_cases)."""
    from touti_dsl.cases import outcomes
    from touti_dsl.cases.explore import Explorer

    game = Game.from_spec(load_spec(EXAMPLE))
    rounds = []
    for seed, sings in ((3100, False), (3200, True)):
        explorer = Explorer(game, seed, stacked=True, sings=sings)
        explorer.explore(4)
        rounds += explorer.findings.rounds
    cases = outcomes.capote_cases(game, rounds)
    assert [(case["polarity"], case["rules"]) for case in cases] == [
        ("negative", ["scoring.capote_void", "scoring.round"]), ("positive", ["scoring.capote_void", "scoring.round"])]
    assert cases[1]["steps"][-1]["expect"]["losers"] != cases[0]["steps"][-1]["expect"]["losers"]
