"""Which sides of its scoring formulas' conditions a suite shows (`touti coverage`).

A formula such as `winner: 3 if capote(winner) else 1` is checked only as far as the
cases show its condition both holding and not holding: a suite whose rounds never show a
capote never checks the 3.  Each case that checks a formula's rule on a finished round is
replayed on the reference engine and the condition judged on that round, as the generator
judges it (outcomes.formula_conditions).  Cases played at another table setting are left
out: their rules are those of that setting's spec.
"""

from __future__ import annotations

from .. import model as m
from ..conformance.adapter import round_fields
from ..engine import Game, IllegalAction
from ..engine.ruleset import describe
from .outcomes import formula_conditions, shown_condition_sides


def unshown_sides(spec: m.Spec, cases: list[dict]) -> dict[str, str]:
    """rule id -> why its formula is checked on one side only: each condition that no case shows holding, or not."""
    game = Game.from_spec(spec)
    formulas = {rule_id: conditions for rule_id, _, conditions in formula_conditions(game) if conditions}
    if not formulas:
        return {}
    checked = ((state, case["rules"]) for case in cases
               if any(rule_id in case["rules"] for rule_id in formulas) and (state := _finished_round(game, case)) is not None)
    shown = shown_condition_sides(game, checked)
    reasons: dict[str, list[str]] = {}
    for (rule_id, place), sides in shown.items():
        sentence = describe(formulas[rule_id][place])
        if sides == {False}:
            reasons.setdefault(rule_id, []).append(f'no case shows "{sentence}" holding')
        elif sides == {True}:
            reasons.setdefault(rule_id, []).append(f'no case shows "{sentence}" not holding')
        elif not sides:
            reasons.setdefault(rule_id, []).append(f'no case shows "{sentence}" either way')
    return {rule_id: "; ".join(found) for rule_id, found in reasons.items()}


def _finished_round(game: Game, case: dict):
    """The case's round played to its last applied action, if the case has a round result and plays to the end."""
    setup, steps = case.get("setup") or {}, case.get("steps") or []
    if setup.get("settings") or not any(step.get("op") == "round_result" for step in steps):
        return None
    try:
        state = game.new_round(hands=setup["hands"], **round_fields(setup))
        for step in steps:
            if step.get("op") == "apply":
                state.apply(step["seat"], step["action"])
    except (IllegalAction, ValueError, KeyError, TypeError):
        return None  # not a round this spec plays: the conformance run reports such a case, not the coverage
    return state if state.phase == "done" else None
