"""Validation: a list of small checks over a flattened Spec, each returning diagnostics.

Each `check_*` function takes the complete spec and returns a list of located
`Diagnostic`s; `check_spec` runs them all in order and collects every problem, so one
run reports everything at once.
"""

from __future__ import annotations

from typing import Callable

from . import model as m
from .errors import Diagnostic

Check = Callable[[m.Spec], list[Diagnostic]]

CHECKS: list[Check] = []


def check(function: Check) -> Check:
    CHECKS.append(function)
    return function


def check_spec(spec: m.Spec) -> list[Diagnostic]:
    """Every diagnostic of every check, in check order."""
    problems: list[Diagnostic] = []
    for run in CHECKS:
        problems.extend(run(spec))
    return problems
