"""Shrink a fuzz divergence to a minimal case that still fails on the same rule.

Delta debugging in three passes, each candidate run on the implementation and kept only
when it still fails with the same blamed rule:

1. the plan: drop every refusal probe, the scores, then set blocks of choices to 0
   (option 0 is the plainest move: a pass, the first legal card), halving the blocks;
2. the case: cut every step after the first mismatch (the steps after it only add checks);
3. the case: drop the checks before it (actors, legal sets, trick winners, probes),
   in halving blocks, keeping the moves that lead to the mismatch.

`Trial` runs one candidate; the budget bounds the number of runs, and the time: a
program that hangs costs the whole timeout a run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Callable

from .cases import case_id
from .fuzz import Plan, play

QUERIES = ("actors", "legal", "trick_winner", "refuse")

Trial = Callable[[dict], "tuple[str, int] | None"]  # a candidate case -> (the rule it fails on, the failing step), or None


@dataclass
class Shrunk:
    """The smallest failing case found, its rule, and how many candidates were run."""

    case: dict
    rule: str
    runs: int
    cut_short: str = ""  # the budget that stopped the shrinking before it was done ("runs", "seconds"), else ""


class Shrinker:
    """Keeps the best failing case and the run count while the passes try candidates."""

    def __init__(self, game, absent: frozenset[str], trial: Trial, rule: str, budget: int = 400,
                 seconds: float | None = None):
        self.game, self.absent, self.trial, self.rule, self.budget = game, absent, trial, rule, budget
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.runs = 0
        self.cut_short = ""

    def failing_step(self, case: dict) -> int | None:
        """The step where the case still fails on the rule, or None (also once the budget is spent)."""
        if self.runs >= self.budget:
            self.cut_short = self.cut_short or "runs"
            return None
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.cut_short = self.cut_short or "seconds"
            return None
        self.runs += 1
        found = self.trial(case)
        return found[1] if found is not None and found[0] == self.rule else None

    def fails(self, case: dict) -> bool:
        return self.failing_step(case) is not None

    def shrink(self, plan: Plan, case: dict) -> Shrunk:
        plan, case = self._shrink_plan(plan, case)
        case = self._cut_after_mismatch(case)
        case = self._drop_checks(case)
        return Shrunk(case, self.rule, self.runs, self.cut_short)

    # ------------------------------------------------------------------ the plan

    def _try_plan(self, plan: Plan) -> dict | None:
        try:
            case = play(self.game, plan, self.absent).case
        except ValueError:  # a simplified setup the table refuses: seat 0 dealing while another seat was left out
            return None     # of the deal (table.sit_out), or the scores dropped of a seat out of the match, holding none
        return case if self.fails(case) else None

    def _shrink_plan(self, plan: Plan, case: dict) -> tuple[Plan, dict]:
        for simplify in (_without_scores, _seat_zero, _without_probes):
            candidate = simplify(plan)
            found = self._try_plan(candidate) if candidate != plan else None
            if found is not None:
                plan, case = candidate, found
        size = len(plan.choices)
        while size >= 1:
            start = 0
            while start < len(plan.choices):
                block = plan.choices[start : start + size]
                if any(block):
                    candidate = replace(plan, choices=plan.choices[:start] + ((0, 0),) * len(block) + plan.choices[start + size :])
                    found = self._try_plan(candidate)
                    if found is not None:
                        plan, case = candidate, found
                start += size
            size //= 2
        return plan, case

    # ------------------------------------------------------------------ the case

    def _cut_after_mismatch(self, case: dict) -> dict:
        step = self.failing_step(case)
        if step is None or step + 1 >= len(case["steps"]):
            return case
        candidate = _with_steps(case, case["steps"][: step + 1])
        return candidate if self.fails(candidate) else case

    def _drop_checks(self, case: dict) -> dict:
        last = len(case["steps"]) - 1
        queries = [i for i, step in enumerate(case["steps"][:last]) if step["op"] in QUERIES]
        size = len(queries)
        while size >= 1 and queries:
            start = 0
            while start < len(queries):
                drop = set(queries[start : start + size])
                candidate = _with_steps(case, [s for i, s in enumerate(case["steps"]) if i not in drop])
                if self.fails(candidate):
                    case = candidate
                    queries = _renumber(queries, drop)
                else:
                    start += size
            size //= 2
        return case


def _without_scores(plan: Plan) -> Plan:
    return replace(plan, setup={k: v for k, v in plan.setup.items() if k != "scores"})


def _seat_zero(plan: Plan) -> Plan:
    """Seat 0 deals (or speaks first): the same deal read from the first seat."""
    return replace(plan, setup={k: (0 if k in ("dealer", "first_speaker") else v) for k, v in plan.setup.items()})


def _without_probes(plan: Plan) -> Plan:
    return replace(plan, choices=tuple((pick, 0) for pick, _ in plan.choices))


def _renumber(queries: list[int], dropped: set[int]) -> list[int]:
    """Indices of the remaining queries once the dropped steps are gone."""
    kept = [i for i in queries if i not in dropped]
    return [i - sum(d < i for d in dropped) for i in kept]


def _with_steps(case: dict, steps: list[dict]) -> dict:
    body = {"setup": case["setup"], "steps": steps}
    return dict(case, id=case_id(body), steps=steps)
