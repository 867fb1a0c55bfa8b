"""Expectation steps computed from a reference state, with what fair comparison needs.

A refuse step lists every rule that forbids the action (the engine's own first, in the
documented precedence of engine/refusals.py); an actors step says which seats act only
through an optional feature (`only_through`), so that a runner can read it for an
implementation without that feature (conformance/features.py).
"""

from __future__ import annotations

from ..conformance.features import actors_only_through, kind_names
from ..engine.refusals import forbidding_rules


def refuse_step(state, seat: int, action: str, named: str) -> dict:
    """`refuse` with the rule the engine names and every rule that forbids the action."""
    rules = forbidding_rules(state, seat, action) or [named]
    return {"op": "refuse", "seat": seat, "action": action, "rule": rules[0], "rules": rules}


def actors_step(state) -> dict:
    """`actors`, and the seats that may act only through an optional feature."""
    actors = state.actors()
    step = {"op": "actors", "expect": actors}
    only = actors_only_through({seat: state.legal_actions(seat) for seat in actors}, kind_names(state.rules))
    return dict(step, only_through=only) if only else step
