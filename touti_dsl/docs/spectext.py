"""Rule values back as `.touti` source text, one line each: what `touti diff` shows.

A visitor on the node type, like every back-end; an unknown node type is an error.
"""

from __future__ import annotations

from .. import model as m
from .words import Visitor


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _scalar(value) -> str:
    return "none" if value is None else str(value)


class SpecText(Visitor):
    """The source text of a value or condition, on one line."""

    def visit_Number(self, node: m.Number) -> str:
        return str(node.value)

    def visit_Word(self, node: m.Word) -> str:
        return node.value

    def visit_WordList(self, node: m.WordList) -> str:
        return ", ".join(node.words)

    def visit_Numbers(self, node: m.Numbers) -> str:
        return ", ".join(str(n) for n in node.values)

    def visit_Text(self, node: m.Text) -> str:
        return _quote(node.value)

    def visit_Order(self, node: m.Order) -> str:
        return " > ".join(str(r) for r in node.ranks)

    def visit_Groups(self, node: m.Groups) -> str:
        return " | ".join(" ".join(str(s) for s in group) for group in node.groups)

    def visit_Setting(self, node: m.Setting) -> str:
        return f"{node.default} ({', '.join(str(c) for c in node.choices)})"

    def visit_Table(self, node: m.Table) -> str:
        return ", ".join(self.visit(entry) for entry in node.entries)

    def visit_Entry(self, node: m.Entry) -> str:
        return " ".join([f"{_scalar(node.key)} = {_scalar(node.value)}", *node.flags])

    def visit_Decls(self, node: m.Decls) -> str:
        return ", ".join(self.visit(decl) for decl in node.items)

    def visit_Decl(self, node: m.Decl) -> str:
        head = str(node.key) + (f"/{node.code}" if node.code else "")
        aliases = ["aka", *node.aliases] if node.aliases else []
        return " ".join([head, self.visit(node.label), *aliases])

    def visit_Label(self, node: m.Label) -> str:
        parts = [_quote(node.texts[0][1])]
        parts += [f"{lang} {_quote(text)}" for lang, text in node.texts[1:]]
        return " ".join(parts)

    def visit_Requirement(self, node: m.Requirement) -> str:
        return self.visit(node.condition)

    def visit_Obligation(self, node: m.Obligation) -> str:
        parts = ["must", node.duty]
        if node.when is not None:
            parts += ["when", self.visit(node.when)]
        if node.unless is not None:
            parts += ["unless", self.visit(node.unless)]
        return " ".join(parts)

    def visit_Pred(self, node: m.Pred) -> str:
        return node.name if node.arg is None else f"{node.name}({node.arg})"

    def visit_Not(self, node: m.Not) -> str:
        return "not " + self._grouped(node.operand)

    def visit_All(self, node: m.All) -> str:
        return " and ".join(self._grouped(o) for o in node.operands)

    def visit_Any_(self, node: m.Any_) -> str:
        return " or ".join(self._grouped(o) for o in node.operands)

    def _grouped(self, node) -> str:
        text = self.visit(node)
        compound = isinstance(node, (m.All, m.Any_)) and len(node.operands) > 1
        return f"({text})" if compound else text


def spec_text(node) -> str:
    """One value or condition as `.touti` source text."""
    return SpecText().visit(node)


def rule_text(rule: m.Rule) -> str:
    """A whole rule as its source statement: `minimum: 70`, `require bid_made: bid_made`."""
    prefix = "require " if isinstance(rule.value, m.Requirement) else ""
    return f"{prefix}{rule.key}: {spec_text(rule.value)}"
