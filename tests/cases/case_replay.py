"""Shared by the case tests: a generated case's moves played again on an engine (the reference, or a patched one)."""

from __future__ import annotations

from touti_dsl.engine import Game


def played(game: Game, case: dict):
    """The round state after the case's `apply` steps, dealt from its setup."""
    state = game.new_round(**case["setup"])
    for step in case["steps"]:
        if step["op"] == "apply":
            state.apply(step["seat"], step["action"])
    return state
