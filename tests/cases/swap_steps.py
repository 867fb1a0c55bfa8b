"""The `swap` steps of a spec's suite, each with a copy of the state before it (for the tests of the swap's cases: a
chain of swap cards, a swap after a won trick)."""

from __future__ import annotations

from pathlib import Path

from touti_dsl.conformance.cases import load_cases
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec


def swap_steps(spec: Path, suite: Path) -> list[tuple[dict, object]]:
    """(the step, a copy of the state before it) for every `swap` step of the swap's own cases (one round each) in
    `suite`, the folder of the suite of `spec` (the `current_suite` fixture gives it)."""
    game = Game.from_spec(load_spec(spec))
    found = []
    for case in load_cases(suite):
        if not any(rule.startswith("trump.swap") for rule in case["rules"]):
            continue
        setup = case["setup"]
        state = game.new_round(hands=setup["hands"], stock=setup.get("stock"), dealer=setup["dealer"])
        for step in case["steps"]:
            if step.get("action") == "swap":
                found.append((step, state.clone()))
            if step["op"] == "apply":
                state.apply(step["seat"], step["action"])
    return found
