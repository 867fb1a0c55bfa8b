"""A card set aside as the turned card beside a stock to draw: the deal, the case setup and the round agree.

Three players of twelve cards leave four: one is turned face up and set aside, three make the
stock that each player draws from once, after the first trick.  The stock's size counted the
card set aside (four), while the deal put three in it, so every round prepared by touti fuzz
failed to parse its own setup.
"""

from __future__ import annotations

import random

from touti_dsl.conformance.fuzz import random_round
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

SPEC = ('touti 1\n\nsystem "aside-stock" extends "tute-arrastrado" {\n  title: "Twelve each, a stock of three"\n}\n\n'
        'table {\n  hand_size: 12\n  draw: winner_first\n}\n')


def test_the_card_set_aside_is_not_in_the_stock(tmp_path):
    path = tmp_path / "aside-stock.touti"
    path.write_text(SPEC, encoding="utf-8")
    game = Game.from_spec(load_spec(path))
    assert game.ruleset.stock_size == 3
    for index in range(20):
        _, played = random_round(game, random.Random(index))
        setup = played.case["setup"]
        assert len(setup["stock"]) == 3 and "turned" in setup
        state = game.new_round(**setup)
        assert len(state.stock) == 3
        for step in played.case["steps"]:
            if step["op"] == "apply":
                state.apply(step["seat"], step["action"])
        assert state.is_terminal() and not state.stock
        assert sum(len(trick[1]) for trick in state.tricks) == 39  # every card but the one set aside is played
