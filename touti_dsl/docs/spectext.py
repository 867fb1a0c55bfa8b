"""Rule values back as `.touti` source text, one line each: what `touti diff` shows.

The formatter owns the spec syntax; this module only picks its one-line renderings.
"""

from __future__ import annotations

from .. import model as m
from ..formatter import render_expr, render_scopes, render_value


def spec_text(node: m.Value | m.Expr) -> str:
    """One value or condition as `.touti` source text."""
    if isinstance(node, m.Expr):
        return render_expr(node)
    if isinstance(node, m.Requirement):
        return render_expr(node.condition) + render_scopes(node)
    return render_value(node)


def rule_text(rule: m.Rule) -> str:
    """A whole rule as its source statement: `minimum: 70`, `require bid_made: bid_made`."""
    prefix = "require " if isinstance(rule.value, m.Requirement) else ""
    return f"{prefix}{rule.key}: {spec_text(rule.value)}"
