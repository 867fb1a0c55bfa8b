"""The redeal section: a hand just dealt that voids the deal, at once or at its holder's option, and who deals again.

"Si algún jugador tuviera como único triunfo la pequeña podría reclamar que se anulara el
reparto y se procediera a uno nuevo. En este caso la mano no corre y vuelve a dar el mismo
jugador" (Reglamento del Tarot, acanomas.com): the rule of spec/examples/tute-lone-two.touti.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction, redeal
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.engine.views import from_json
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"


def _spec(tmp_path, body: str, base: str = "tute"):
    path = tmp_path / "inline.touti"
    path.write_text(f'touti 1\n\nsystem "inline" extends "{base}" {{\n  title: "Inline"\n}}\n\n{body}', encoding="utf-8")
    return load_spec(path)


def _redeal(when: str, by: str, dealer: str = "same_seat") -> str:
    return f"add redeal {{\n  when: {when}\n  by: {by}\n  dealer: {dealer}\n}}\n"


def _first_deal(game: Game, calls: bool, start: int = 0):
    """The first seeded deal (dealer: seed % 4) where some hand calls for a redeal, or none does."""
    for seed in range(start, start + 500):
        pivot = "dealer" if game.ruleset.has_dealer else "first_speaker"
        state = game.new_round(seed=seed, **{pivot: seed % 4})
        if any(redeal.meets(state, seat) for seat in state.seating.in_play) == calls:
            return seed, state
    raise AssertionError("no such deal in 500 seeds")


def test_a_lone_two_of_trumps_lets_its_holder_call_a_redeal_that_the_base_refuses():
    """The rule of tute-lone-two takes effect: without it (tute) the same `redeal` is not an action at all."""
    lone, base = Game.from_spec(load_spec(EXAMPLES / "tute-lone-two.touti")), Game.from_spec("tute")
    seed, state = _first_deal(lone, calls=True)
    seat = next(s for s in range(4) if redeal.meets(state, s))
    hand = [state.rules.card_text[c] for c in state.hands[seat] if state.rules.card_suit[c] == state.trump_suit]
    assert hand == [f"2{state.trump[0]}"]  # its only trump is the 2
    assert "redeal" in state.legal_actions(seat) and seat in state.actors()
    state.apply(seat, "redeal")
    assert state.is_terminal() and state.round_result()["void"] and state.round_result()["score_changes"] == [0, 0]
    assert state.next_round(seed=1).dealer == state.dealer  # "la mano no corre"
    without = base.new_round(seed=seed, dealer=seed % 4)
    with pytest.raises(IllegalAction) as refused:
        without.apply(seat, "redeal")
    assert refused.value.rule_id == "action.syntax"


def test_only_the_holder_may_call_it_and_only_before_the_first_action():
    game = Game.from_spec(load_spec(EXAMPLES / "tute-lone-two.touti"))
    _, state = _first_deal(game, calls=True)
    holder = next(s for s in range(4) if redeal.meets(state, s))
    other = next(s for s in range(4) if not redeal.meets(state, s))
    assert "redeal" not in state.legal_actions(other)
    assert forbidding_rules(state, other, "redeal") == ["redeal.when"]
    state.apply(state.to_play, next(a for a in state.legal_actions(state.to_play) if a.startswith("play ")))
    assert "redeal" not in state.legal_actions(holder)
    assert forbidding_rules(state, holder, "redeal")[0] == "redeal.by"


def test_a_deal_without_such_a_hand_is_played_as_in_the_base():
    lone, base = Game.from_spec(load_spec(EXAMPLES / "tute-lone-two.touti")), Game.from_spec("tute")
    seed, state = _first_deal(lone, calls=False)
    plain = base.new_round(seed=seed, dealer=seed % 4)
    assert state.actors() == plain.actors()
    assert all(state.legal_actions(s) == plain.legal_actions(s) for s in range(4))


def test_an_automatic_redeal_voids_the_deal_before_anyone_acts(tmp_path):
    game = Game.from_spec(_spec(tmp_path, _redeal("not holds(1)", "automatic", "next_seat")))
    seed, state = _first_deal(game, calls=True)
    assert state.is_terminal() and state.actors() == [] and state.round_result()["void"]
    assert state.match_result()["scores"] == [0, 0]
    assert state.next_round(seed=1).dealer == (state.dealer + 1) % 4
    _, played = _first_deal(game, calls=False)
    assert not played.is_terminal() and played.actors()


def test_a_redealt_round_survives_json(tmp_path):
    game = Game.from_spec(_spec(tmp_path, _redeal("hand_points < 20", "holder")))
    _, state = _first_deal(game, calls=True)
    again = from_json(type(state), game, state.to_json())
    assert again.legal_actions(again.to_play) == state.legal_actions(state.to_play)
    holder = next(s for s in range(4) if redeal.meets(state, s))
    state.apply(holder, "redeal")
    assert from_json(type(state), game, state.to_json()).next_round(seed=2).dealer == state.dealer


def test_the_redeal_dealer_is_its_own_rule_not_after_void(tmp_path):
    """All passing still follows rotation.after_void; a redeal follows redeal.dealer."""
    spec = _spec(tmp_path, _redeal("not holds(1)", "holder", "next_seat"), base="touti-app")
    game = Game.from_spec(spec)
    _, state = _first_deal(game, calls=True)
    holder = next(s for s in range(4) if redeal.meets(state, s))
    assert "redeal" in state.legal_actions(holder)  # offered in the bidding too
    redealt = state.clone()
    redealt.apply(holder, "redeal")
    assert redealt.next_round(seed=1).first_speaker == game.ruleset.next_seat[state.first_speaker]


@pytest.mark.parametrize("body, base, code, line, column, words", [
    (_redeal("holds_trump", "holder"), "touti-app", "E412", 8, 9, "holds_trump in redeal.when names trumps"),
    (_redeal("cards_held(led) > 0", "holder"), "tute", "E412", 8, 9, "no card has been led"),
    (_redeal("trick_number > 1", "holder"), "tute", "E403", 8, 9, "trick_number cannot be used in a redeal condition"),
    (_redeal("hand_points", "holder"), "tute", "E410", 8, 9, "needs a condition"),
    ("add redeal {\n  when: hand_points < 10\n  by: holder\n}\n", "tute", "E103", None, None, "redeal.dealer"),
    (_redeal("hand_points < 10", "sometimes"), "tute", "E102", 9, 7, "sometimes"),
], ids=["trumps-unknown", "led", "play-term", "a-number", "missing-dealer", "unknown-word"])
def test_a_bad_redeal_section_is_a_located_error(tmp_path, body, base, code, line, column, words):
    with pytest.raises(ToutiError) as error:
        _spec(tmp_path, body, base)
    text = str(error.value)
    where = f"inline.touti:{line}:{column}: " if line else ""
    assert f"{where}error[{code}]" in text and words in text, text
