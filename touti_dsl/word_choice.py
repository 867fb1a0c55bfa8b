"""A word rule written as a choice by conditions: `next_round: same_seat if hand_tied else next_seat`.

A rule of schema.WORD_CHOICE_RULES takes one word of its vocabulary, or the expression language's choice
`WORD if CONDITION else ...` ending in a word, chained as long as needed (`same_seat if hand_tied else hand_winner if
capote(winner) else next_seat`).  Read once here into branches, in order: the first branch whose condition holds gives
the word, and the last has no condition.  checks.py reports a value of another shape (E101) and a word outside the
vocabulary (E102), the conditions are typed in the rule's context like every other expression; the engine compiles
each condition once; the generator looks for a round on each branch; the pages say each branch in turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import model as m


@dataclass(frozen=True, slots=True)
class Branch:
    """One branch of a choice: its word, when `condition` holds (always for the last, whose condition is None)."""

    condition: m.Expr | None
    word: str
    loc: m.Loc = m.NOWHERE


def branches(value: m.Value) -> tuple[Branch, ...] | None:
    """The branches of a word or a choice of words, in order; None for a value of another shape."""
    if isinstance(value, m.Word):
        return (Branch(None, value.value, value.loc),)
    if not isinstance(value, m.Formula):
        return None
    found: list[Branch] = []
    expr = value.expr
    while isinstance(expr, m.IfElse):
        word = _word(expr.then)
        if word is None:
            return None
        found.append(Branch(expr.condition, word, expr.then.loc))
        expr = expr.otherwise
    word = _word(expr)
    if word is None or not found:
        return None
    return (*found, Branch(None, word, expr.loc))


def _word(expr: m.Expr) -> str | None:
    """A bare name (`same_seat`) read as a word; None for anything else."""
    return expr.name if isinstance(expr, m.Pred) and not expr.args else None


def conditions(value: m.Value) -> tuple[m.Expr, ...]:
    """The conditions of a choice, in order (none for a lone word or a value of another shape)."""
    return tuple(b.condition for b in branches(value) or () if b.condition is not None)
