"""`touti show FILE [--format text|json]`: the flattened, validated model of a spec.

With --format json: stable JSON (sorted keys), the same data as `serialize.spec_to_data`.
Without: a readable summary, rules by section in spec order with their Decision notes,
and for a variant what it changed from its base.
"""

from __future__ import annotations

import argparse

from .. import model as m
from ..formatter import render_expr, render_value
from ..loader import find_spec, load_spec
from ..serialize import spec_to_json
from ._options import add_format_option

NAME = "show"
HELP = "print the flattened model of a spec: a readable summary, or sorted JSON with --format json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a spec file or a bundled system id")
    add_format_option(parser, ("text", "json"), legacy_json=True)


def run(args: argparse.Namespace) -> int:
    spec = load_spec(find_spec(args.file))
    print(spec_to_json(spec) if args.format == "json" else summary(spec), end="")
    return 0


def summary(spec: m.Spec) -> str:
    """The spec as readable text: header, changes from the base, then each section's rules."""
    title = spec.value("system.title")
    lines = [f"{spec.system}: {title.value if isinstance(title, m.Text) else ''}",
             f"touti {spec.version}, {len(spec.rules)} rules, {len(_decisions(spec))} decisions"]
    if spec.base:
        lines += ["", f"changes from {spec.base}:"]
        lines += _change_lines(spec.changes)
    for heading, rules in _by_block(spec):
        lines += ["", heading]
        for rule in rules:
            lines += _rule_lines(rule, _changed(spec, rule.id))
    for block in spec.seat_rules:
        lines += ["", f"with {block.players} players"]
        for rule in block.rules:
            lines += _rule_lines(rule, "  ", f"{rule.section}.")
        lines += [f"   {removal.target}: removed" for removal in block.removed]
    return "\n".join(lines) + "\n"


def _change_lines(changes: tuple[m.Change, ...]) -> list[str]:
    """One line per change; the rules dropped by one `remove SECTION` are listed on one line."""
    lines: list[str] = []
    grouped: dict[tuple, list[str]] = {}
    for change in changes:
        section, _, key = change.rule_id.partition(".")
        if change.action != "remove" or not key:  # a rule kept as it is, or a whole `with N players` block
            lines.append(f"  {change.action:<8} {change.rule_id}")
            continue
        group = (change.loc, section)
        if group not in grouped:
            grouped[group] = []
            lines.append(group)
        grouped[group].append(key)
    return [line if isinstance(line, str) else _removed(line[1], grouped[line]) for line in lines]


def _removed(section: str, keys: list[str]) -> str:
    return f"  remove   {section}.{keys[0]}" if len(keys) == 1 else f"  remove   {section} ({', '.join(keys)})"


def _by_block(spec: m.Spec) -> list[tuple[str, list[m.Rule]]]:
    blocks: dict[tuple[str, str], list[m.Rule]] = {}
    for rule in spec.rules:
        blocks.setdefault((rule.kind, rule.section), []).append(rule)
    return [(f"call {name}" if kind == "call" else name, rules) for (kind, name), rules in blocks.items()]


def _rule_lines(rule: m.Rule, marker: str, section: str = "") -> list[str]:
    if isinstance(rule.value, m.Requirement):
        text = f"require {section}{rule.key}: {render_expr(rule.value.condition)}"
    elif isinstance(rule.value, m.Decls):
        text = f"{section}{rule.key}: " + ", ".join(_short_decl(d) for d in rule.value.items)
    else:
        text = f"{section}{rule.key}: {render_value(rule.value)}"
    return [f"{marker} {text}"] + [f"      {_NOTE_TITLES[note.kind]}: {note.text()}" for note in rule.notes]


_NOTE_TITLES = {kind: title for title, kind in m.NOTE_KINDS.items()}


def _short_decl(decl: m.Decl) -> str:
    code = f"/{decl.code}" if decl.code else ""
    return f'{decl.key}{code} "{decl.label.text()}"'


def _changed(spec: m.Spec, rule_id: str) -> str:
    """A margin mark: `*` for a rule the variant overrides, `+` for one it adds."""
    actions = {c.action for c in spec.changes if c.rule_id == rule_id}
    return " *" if "override" in actions else " +" if "add" in actions else "  "


def _decisions(spec: m.Spec) -> list[str]:
    rules = (*spec.rules, *(rule for block in spec.seat_rules for rule in block.rules))
    return [note for rule in rules for note in rule.decisions]
