"""Each comparison inside `redeal.when` of `and` / `or` has deals where it alone decides the condition (the session-18
sweep: tute-no-trump-redeal's `not holds_trump or hand_points == 0` read with `hand_points == 1` escaped: every void
deal came from a hand without trumps, and a hand without points comes once in thousands of deals)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.cases.redeals import redeal_cases
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from tests.blames import house_blames

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "tute-no-trump-redeal"


@pytest.fixture(scope="module")
def cases() -> list[dict]:
    found = redeal_cases(Game.from_spec(load_spec(ROOT / "spec" / "examples" / f"{SYSTEM}.touti")), seed=3)
    return [dict(case, id=f"redeal-{index}", system=SYSTEM) for index, case in enumerate(found)]


def test_a_hand_with_trumps_and_no_points_voids_a_deal(cases):
    game = Game.from_spec(load_spec(ROOT / "spec" / "examples" / f"{SYSTEM}.touti"))
    pointless = []
    for case in cases:
        state = game.new_round(**case["setup"])
        pointless += [seat for seat in state.seating.in_play
                      if state.is_terminal() and sum(state.rules.card_points[c] for c in state.hands[seat]) == 0
                      and any(state.rules.card_suit[c] == state.trump_suit for c in state.hands[seat])]
    assert pointless


@pytest.mark.parametrize("misread", ["hand_points == 1", "hand_points < 0"])
def test_the_pointless_hand_misread_is_caught_on_redeal_when(tmp_path, cases, misread):
    blamed = house_blames(tmp_path, SYSTEM, f"redeal {{\n  when: not holds_trump or {misread}\n}}\n", cases)
    assert blamed and all(rules[0] == "redeal.when" for rules in blamed), blamed


def test_a_deal_voided_by_its_holder_rather_than_at_once_is_blamed_on_who_voids_it(tmp_path, cases):
    # `by: holder` offers `redeal` to the seat whose hand calls for it, where the deal is void at once: that seat,
    # said to act beyond those a standing deal starts with, is the holder's option, not the condition
    blamed = house_blames(tmp_path, SYSTEM, "redeal {\n  by: holder\n}\n", cases, "actors")
    assert any(rules[0] == "redeal.by" for rules in blamed), blamed
