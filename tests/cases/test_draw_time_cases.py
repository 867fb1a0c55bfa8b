"""The cases of `table.draw_time after_window` (spec/examples/tute-habanero-swap-before-draw): a card led before the
trick winner's `draw` refused, and the last draw where the winner swaps the seven of trumps for the turned card and
the other player draws the seven, a case that the other timing (the mutant drawing right after the trick) fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.cases import load_cases
from touti_dsl.engine import Game, IllegalAction
from touti_dsl.loader import load_spec

from .case_replay import played

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "spec" / "examples" / "tute-habanero-swap-before-draw.touti"
OTHER_TIMING = ROOT / "conformance" / "mutants" / "habanero-draws-after-trick.touti"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return load_cases(current_suite(EXAMPLE))


def _last_draw_case(cases: list[dict]) -> dict:
    return next(case for case in cases if case["rules"] == ["table.draw_time", "trump.swap_window"])


def test_a_card_led_before_the_draw_is_refused(cases):
    assert any(case["polarity"] == "negative" and case["steps"][-1]["op"] == "refuse"
               and case["steps"][-1]["rule"] == "table.draw_time" for case in cases)


def test_at_the_last_draw_the_other_player_draws_the_seven(cases):
    case = _last_draw_case(cases)
    state = played(Game.from_spec(load_spec(EXAMPLE)), case)
    winner = state.last_trick_winner()
    seven = state.rules.rank_cards[7][state.trump_suit]
    assert not state.stock and seven in state.hands[1 - winner] and state.turned in state.hands[winner]
    assert case["steps"][-1]["action"] == state.rules.play_text[seven] and case["steps"][-1]["rule"] == "action.not_held"


def test_drawn_right_after_the_trick_the_swap_of_that_case_is_refused(cases):
    case = _last_draw_case(cases)
    game = Game.from_spec(load_spec(OTHER_TIMING))
    state = game.new_round(**case["setup"])
    applied = [step for step in case["steps"] if step["op"] == "apply"]
    swap_at = next(i for i, step in enumerate(applied) if step["action"] == "swap")
    for step in applied[:swap_at]:
        if step["action"] != "draw":  # that timing has no `draw`: its players draw as the trick ends
            state.apply(step["seat"], step["action"])
    with pytest.raises(IllegalAction) as refused:
        state.apply(applied[swap_at]["seat"], "swap")
    assert refused.value.rule_id == "trump.swap_window"
