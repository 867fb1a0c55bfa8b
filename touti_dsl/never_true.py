"""Terms of a condition that are never true at the table as seated: the proof behind checks.py's W440.

Unlike never_decisive.py's findings, the rule itself may still decide (`must beat_led unless trick_trumped or
partner_winning` still refuses cards where every player plays alone): only the term is dead, so `touti coverage` does
not count the rule as never decisive.

- W440: a condition that reads a partner (`partner_bidding`, `partner_winning`, ...) where every player plays alone
  (`table.teams: each`, or groups of one seat): nobody is ever the partner of anyone, so the term is never true.
"""

from __future__ import annotations

from typing import Iterator

from . import model as m
from .never_decisive import NeverDecisive

PARTNER_TERM = "partner_"  # the truth terms of the vocabulary that ask about this player's partner


def partner_never_seated(spec: m.Spec) -> Iterator[NeverDecisive]:
    """Every rule whose conditions read a partner term at a table where every player plays alone."""
    teams = spec.value("table.teams")
    alone = (isinstance(teams, m.Word) and teams.value == "each"
             or isinstance(teams, m.Groups) and all(len(group) == 1 for group in teams.groups))
    if not alone:
        return
    for rule in spec.rules:
        terms = sorted({node.name for expr in _conditions(rule.value) for node in m.expr_nodes(expr)
                        if isinstance(node, m.Pred) and node.name.startswith(PARTNER_TERM)})
        if terms:
            named = ", ".join(f"`{term}`" for term in terms)
            where = (f"at this number of players (`with {spec.table_size} players {{ {rule.section} {{ remove {rule.key} }} }}`)"
                     if spec.table_size is not None else "")
            yield NeverDecisive(
                rule.id, "W440",
                f"{rule.id} reads a partner ({named}), but every player plays alone here (table.teams): "
                f"{'it is' if len(terms) == 1 else 'they are'} never true",
                f"write {rule.id} without the partner" + (f", or take it away {where}" if where else
                                                           ", or seat the players in teams (table.teams)"), rule.loc)


def _conditions(value: m.Value) -> list[m.Expr]:
    """The conditions and formulas a rule's value holds."""
    if isinstance(value, m.Requirement):
        return [e for e in (value.condition, value.when, value.unless) if e is not None]
    if isinstance(value, m.Obligation):
        return [e for e in (value.when, value.unless) if e is not None]
    expr = m.as_expr(value)
    return [expr] if expr is not None else []
