"""Rule-by-rule differences of two specs: added, removed, changed (old → new as spec text).

Rules are matched by id, so a reordering is no difference; values are compared as model
nodes, so layout and comments are no difference either.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace

from .. import model as m
from ..table_sizes import block_rule_ids, block_rule_name, for_players
from .spectext import spec_text
from .words import code


@dataclass(frozen=True)
class RuleChange:
    """One difference: `kind` is "added", "removed" or "changed"; absent sides are None."""

    rule_id: str
    kind: str
    old: str | None
    new: str | None
    words: str = ""  # the new rule (or, for a removal, the old one) as an English sentence


@dataclass(frozen=True)
class SpecDiff:
    """The differences from spec `old` to spec `new`, in rule order (old's order, then new's additions)."""

    old: str
    new: str
    changes: tuple[RuleChange, ...]

    def of_kind(self, kind: str) -> tuple[RuleChange, ...]:
        return tuple(c for c in self.changes if c.kind == kind)


def rule_union(specs) -> list[str]:
    """Every rule id of the specs, in first-seen order."""
    seen: dict[str, None] = {}
    for spec in specs:
        for rule_id in spec.rule_ids:
            seen.setdefault(rule_id, None)
    return list(seen)


def value_text(spec: m.Spec, rule_id: str) -> str | None:
    """A rule's value as spec text; None when the spec lacks the rule."""
    value = spec.value(rule_id)
    return None if value is None else spec_text(value)


def _change(old: m.Spec, new: m.Spec, rule_id: str) -> RuleChange | None:
    before, after = old.value(rule_id), new.value(rule_id)
    if before == after:
        return None
    kind = "added" if before is None else "removed" if after is None else "changed"
    described = old if after is None else new
    return RuleChange(rule_id, kind, value_text(old, rule_id), value_text(new, rule_id), _in_words(described, rule_id))


def _in_words(spec: m.Spec, rule_id: str) -> str:
    """The rule's sentence of the English rules page, markup removed (`You must follow suit, if you can.`)."""
    from .catalog import catalog
    from .views import PageWords, is_call_heading

    rule = spec.rule(rule_id)
    if rule is None or rule.section == "system" or is_call_heading(rule):
        return ""  # a title is a name, not a rule to put in words
    text = PageWords(catalog("en"), spec).standalone_sentence(rule)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link to another rule: its words only
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>|\*\*|`", "", text))).strip()


def diff_specs(old: m.Spec, new: m.Spec) -> SpecDiff:
    """Every rule whose value differs between two specs, then every rule of a `with N players` block that differs
    (named `with N players: RULE`)."""
    found = [_change(old, new, rule_id) for rule_id in rule_union((old, new))]
    for players in dict.fromkeys(block.players for spec in (old, new) for block in spec.seat_rules):
        before, after = for_players(old, players), for_players(new, players)
        found += [_block_change(change, players) for change in map(lambda rule_id: _change(before, after, rule_id),
                                                                   _block_rule_ids((old, new), players))]
    return SpecDiff(old.system, new.system, tuple(c for c in found if c is not None))


def _block_rule_ids(specs, players: int) -> list[str]:
    """The ids of the rules the specs' blocks of this number of players write, in first-seen order."""
    blocks = (block for spec in specs for block in spec.seat_rules if block.players == players)
    return list(dict.fromkeys(rule_id for block in blocks for rule_id in block_rule_ids(block)))


def _block_change(change: RuleChange | None, players: int) -> RuleChange | None:
    return None if change is None else replace(change, rule_id=block_rule_name(players, change.rule_id))


# ---------------------------------------------------------------- output formats

_TEXT_MARKS = {"added": "+", "removed": "-", "changed": "~"}


def format_text(diff: SpecDiff) -> str:
    """Plain text, one line per rule: `~ bidding.maximum: 230 → 210`."""
    lines = [f"--- {diff.old}", f"+++ {diff.new}"]
    for change in diff.changes:
        mark = _TEXT_MARKS[change.kind]
        shown = {"added": change.new, "removed": change.old}.get(change.kind) or f"{change.old} → {change.new}"
        lines.append(f"{mark} {change.rule_id}: {shown}")
        if change.words:
            lines.append(f"    {'no longer: ' if change.kind == 'removed' else ''}{change.words}")
    lines.append(_summary(diff))
    return "\n".join(lines) + "\n"


def _summary(diff: SpecDiff) -> str:
    counts = {kind: len(diff.of_kind(kind)) for kind in ("added", "removed", "changed")}
    if not diff.changes:
        return "no differences"
    return ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)


def md_cell(text: str | None) -> str:
    """A spec text as a Markdown table cell: inline code, pipes escaped; an em dash when absent."""
    return "—" if text is None else code(text)


def format_md(diff: SpecDiff, anchors: dict[str, str] | None = None) -> str:
    """A Markdown table: rule, change, old value, new value; rule ids link to `anchors` when given."""
    if not diff.changes:
        return f"`{diff.old}` and `{diff.new}` have the same rules.\n"
    lines = [f"| rule | change | `{diff.old}` | `{diff.new}` |", "|---|---|---|---|"]
    for change in diff.changes:
        rule = f"`{change.rule_id}`"
        if anchors and change.rule_id in anchors:
            rule = f"[{rule}]({anchors[change.rule_id]})"
        lines.append(f"| {rule} | {change.kind} | {md_cell(change.old)} | {md_cell(change.new)} |")
    return "\n".join(lines) + "\n"
