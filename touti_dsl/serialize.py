"""The model as plain data: stable, sorted JSON for `touti show --format json` and spec hashes."""

from __future__ import annotations

import dataclasses
import json

from . import model as m


def node_to_data(node, with_comments: bool = True):
    """A model node as JSON-ready data, tagged with its node type; locations left out."""
    if isinstance(node, m.Node) and dataclasses.is_dataclass(node):
        data = {"node": type(node).__name__.rstrip("_")}
        for field in dataclasses.fields(node):
            if not field.compare:  # locations and paths: layout, not meaning
                continue
            if not with_comments and field.name in ("comments", "trailing"):
                continue
            data[field.name] = node_to_data(getattr(node, field.name), with_comments)
        return data
    if isinstance(node, (tuple, list)):
        return [node_to_data(item, with_comments) for item in node]
    return node


def spec_to_data(spec: m.Spec, with_comments: bool = True) -> dict:
    """The flattened spec: header, then its rules keyed by id (sorted on output)."""
    rules = _rules_data(spec.rules, with_comments)
    data = {"system": spec.system, "version": spec.version, "base": spec.base, "rules": rules}
    if spec.seat_rules:  # written only where there are blocks, so that the hash of every other spec stays the same
        data["seat_rules"] = {str(block.players): _rules_data(block.rules, with_comments) for block in spec.seat_rules}
        removed = {str(block.players): sorted(r.target for r in block.removed) for block in spec.seat_rules if block.removed}
        if removed:  # (likewise only where a block removes a rule)
            data["seat_removals"] = removed
    if with_comments:
        data["changes"] = [{"rule": c.rule_id, "action": c.action} for c in spec.changes]
    return data


def _rules_data(rules: tuple[m.Rule, ...], with_comments: bool) -> dict:
    """Rules keyed by id: kind, value, and (with comments) their Decision notes and comments."""
    found = {}
    for rule in rules:
        entry = {"kind": rule.kind, "value": node_to_data(rule.value, with_comments)}
        if with_comments:
            entry["decisions"] = list(rule.decisions)
            entry["comments"] = list(rule.comments) + ([rule.trailing] if rule.trailing else [])
        found[rule.id] = entry
    return found


def spec_to_json(spec: m.Spec) -> str:
    return json.dumps(spec_to_data(spec), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
