"""A kind of named cards (spec/examples/briscola-accuse-bazzica: `bazzica = 40 11e 10o`): both cards held together
are declared once a round for 40 whatever trumps are; one of them alone is refused with `ghna.kinds`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.loader import load_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-accuse-bazzica.touti"


def _first_state(game: Game, wanted):
    """The first state of seeded random rounds where `wanted(state, seat)` holds for a seat of the trick winner's side."""
    for seed in range(300):
        state, rng = game.new_round(seed=seed), random.Random(seed)
        while not state.is_terminal():
            seat = next((s for s in state.actors() if state.window_team is not None and wanted(state, s)), None)
            if seat is not None:
                return state, seat
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if not a.startswith("ghna")] or
                                         state.legal_actions(seat)))
    raise AssertionError("no seeded round shows it")


def _held(state, seat: int) -> list[str]:
    return [text for text in ("11e", "10o") if state.rules.vocabulary.cards[text] in state.hands[seat]]


def test_both_named_cards_are_declared_once_for_40():
    state, seat = _first_state(Game.from_spec(load_spec(EXAMPLE)), lambda st, s: "ghna bazzica" in st.legal_actions(s))
    assert _held(state, seat) == ["11e", "10o"]
    before = state.ghna_points[state.seating.team_of[seat]]
    state.apply(seat, "ghna bazzica")
    assert state.ghna_points[state.seating.team_of[seat]] == before + 40
    assert state.declarations[-1] == (seat, "kind", (4, None), 40)


def test_one_named_card_alone_is_refused():
    state, seat = _first_state(Game.from_spec(load_spec(EXAMPLE)),
                               lambda st, s: len(_held(st, s)) == 1 and st.window_count == 0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, "ghna bazzica")
    assert refused.value.rule_id == "ghna.kinds"
    assert "needs the caballo of espadas, the sota of oros" in str(refused.value)
