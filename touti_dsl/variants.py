"""Resolve `extends` and flatten a variant into one complete `Spec`.

This runs once, before validation: no later stage ever sees inheritance.  A variant's
rules override the base's rules of the same id in place (keeping the base's order); a
section written `add NAME { ... }` may introduce rules the base lacks; `remove` drops a
rule or a whole section.  Base names resolve only to `NAME.touti` inside the spec
folders (the extending file's own folder, then those of `search_path`): never to an
arbitrary path, nor through a link to a file outside those folders.
"""

from __future__ import annotations

from pathlib import Path

from dataclasses import replace

from . import list_edits
from . import model as m
from . import schema
from .table_sizes import expand_whole_removals, merge_blocks
from .checks import duplicate_rules
from .errors import Diagnostic, ToutiError, did_you_mean
from .parser import parse_file
from .search_path import SYSTEM_ID, find_system, known_systems

MAX_DEPTH = 16


def resolve_base(spec_file: m.SpecFile) -> Path:
    """The file a variant extends; a located error when the name is unsafe or unknown."""
    name = spec_file.extends or ""
    loc = _extends_loc(spec_file)
    if not SYSTEM_ID.match(name):
        raise ToutiError(
            Diagnostic("E020", f'extends "{name}": a base is named by its system id (letters, digits, -), never by a path', loc)
        )
    own = Path(spec_file.path).resolve().parent
    found = find_system(name, own, loc)
    if found is None:
        raise ToutiError(
            Diagnostic("E021", f'extends "{name}": no spec of that name in the spec folders', loc,
                       did_you_mean(name, known_systems(own)) or "`touti systems` lists the systems available here")
        )
    return found


def _extends_loc(spec_file: m.SpecFile) -> m.Loc:
    """Where the `extends "..."` of a file is written (its header when the parser did not say)."""
    return spec_file.extends_loc if spec_file.extends_loc.line > 0 else spec_file.loc


def load_flat(path: str | Path, problems: list[Diagnostic] | None = None) -> m.Spec:
    """Parse a spec file and flatten its chain of bases into one complete Spec.

    Given a `problems` list, a variant's bad overrides and removals (E023, E024, E104) are
    collected there and skipped instead of raised, so checks can report alongside them.
    """
    return flatten(parse_file(path), problems=problems)


def flatten(spec_file: m.SpecFile, _chain: tuple[str, ...] = (), problems: list[Diagnostic] | None = None,
            _first_extends: m.Loc | None = None) -> m.Spec:
    """The complete Spec of a parsed file: its own rules, or its base's with its changes applied."""
    here = str(Path(spec_file.path).resolve())
    names = " -> ".join(Path(p).stem for p in (*_chain, here))
    if here in _chain:
        raise ToutiError(Diagnostic("E022", f"extends cycle: {names}", _extends_loc(spec_file)))
    if len(_chain) > MAX_DEPTH:  # located at the `extends` of the file asked for: the bases themselves are fine
        raise ToutiError(Diagnostic("E022", f"extends chain longer than {MAX_DEPTH} bases: {names}",
                                    _first_extends or _extends_loc(spec_file), "extend a spec nearer the root of the chain"))
    if spec_file.extends is None:
        _refuse_edits_without_base(spec_file, problems)
        return m.Spec(
            system=spec_file.system,
            version=spec_file.version,
            rules=spec_file.rules,
            seat_rules=expand_whole_removals(spec_file.rules, spec_file.seat_rules),
            header_comments=spec_file.header_comments,
            section_comments=spec_file.section_comments,
            footer_comments=spec_file.footer_comments,
            path=spec_file.path,
            loc=spec_file.loc,
            system_loc=spec_file.system_loc,
        )
    base_path = resolve_base(spec_file)
    base = flatten(parse_file(base_path), (*_chain, here), problems, _first_extends or _extends_loc(spec_file))
    if base.system != spec_file.extends:
        mismatch = Diagnostic("E025", f'extends "{spec_file.extends}": {base_path.name} declares system "{base.system}"',
                              _extends_loc(spec_file), "a spec file is named after its system id")
        if problems is None:
            raise ToutiError(mismatch)
        problems.append(mismatch)
    return apply_variant(base, spec_file, problems)


def _refuse_edits_without_base(spec_file: m.SpecFile, problems: list[Diagnostic] | None) -> None:
    """`remove` and `add KEY: items` change a base: a spec that extends nothing has none (E029)."""
    found = [Diagnostic("E029", f"remove {r.target}: this spec extends no base, so there is nothing to remove", r.loc,
                        "delete the line, or write `extends \"BASE\"` in the system header")
             for r in spec_file.removals]
    found += [Diagnostic("E029", f"add {r.key}: this spec extends no base, so there is no list to add to", r.loc,
                         f"write `{r.key}: ...` instead")
              for r in spec_file.rules if r.adds]
    if found and problems is None:
        raise ToutiError(found)
    if found:
        problems.extend(found)


def _addable(rule: m.Rule, variant: m.SpecFile, base_sections: set[str]) -> bool:
    """A rule the base lacks may be added: in an `add` block, in the header, or as a rule the language knows by id.

    A free-named rule (a `require` line, a play duty, a call's rule) outside an `add` block
    is refused instead: it is more likely a misspelt override than a new rule.
    """
    if rule.section in variant.added or rule.section == "system":
        return True
    return rule.kind == "section" and rule.id in schema.BY_ID and rule.section in base_sections


def _insert(order: list[str], rule: m.Rule) -> None:
    """Put a new rule after the last rule of its section (or at the end), so sections stay together."""
    same = [i for i, rid in enumerate(order) if rid.split(".", 1)[0] == rule.section]
    order.insert(same[-1] + 1 if same else len(order), rule.id)


def apply_variant(base: m.Spec, variant: m.SpecFile, problems: list[Diagnostic] | None = None) -> m.Spec:
    """Apply a variant's overrides, additions and removals to its flattened base.

    Mistakes are raised together, or appended to `problems` (and skipped) when it is given.
    """
    found: list[Diagnostic] = duplicate_rules(base.rules) + duplicate_rules(variant.rules)
    rules = {rule.id: rule for rule in base.rules}
    order = list(rules)
    changes: list[m.Change] = []
    base_sections = {rule.section for rule in base.rules}
    for rule in variant.rules:
        if rule.adds:
            continue
        if rule.id in rules:
            rules[rule.id] = rule
            changes.append(m.Change(rule.id, "override", rule.loc))
        elif _addable(rule, variant, base_sections):
            _insert(order, rule)
            rules[rule.id] = rule
            changes.append(m.Change(rule.id, "add", rule.loc))
        else:
            candidates = [rid for rid in order if rid.startswith(rule.section + ".")] or order
            hint = did_you_mean(rule.id, candidates)
            if rule.section not in base_sections:
                hint = hint or f"write `add {rule.section} {{ ... }}` to introduce a section the base lacks"
            else:
                hint = hint or f"to add a new rule to {rule.section}, write it in `add {rule.section} {{ ... }}`"
            found.append(
                Diagnostic("E023", f"{rule.id} overrides a rule that base {base.system!r} does not have", rule.loc, hint)
            )
    overridden = {rule.id: rule for rule in variant.rules if not rule.adds}
    for addition in (rule for rule in variant.rules if rule.adds):
        _edit(addition.id, addition.loc, rules, changes, found, overridden,
              lambda base_rule: list_edits.add_items(base_rule, addition), addition.comments)
    dropped = _dropped_blocks(base, variant, found)
    seat_rules, block_changes = merge_blocks(base.seat_rules, variant.seat_rules, set(dropped))
    changes += [m.Change(f"with {n} players", "remove", loc) for n, loc in dropped.items()] + block_changes
    for removal in (r for r in variant.removals if r.kind != "players"):
        clash = overridden.get(removal.target)
        if clash is not None:
            found.append(Diagnostic("E027", f"{removal.target} is both written and removed by this variant", removal.loc,
                                    f"it is written at line {clash.loc.line}: keep one of the two"))
            continue
        if removal.items is not None:
            if _edit(removal.target, removal.loc, rules, changes, found, overridden,
                     lambda base_rule: list_edits.remove_items(base_rule, removal), removal.comments):
                for other in list_edits.cascade(removal.target, removal, rules):
                    changes.append(m.Change(other, "override", removal.loc))
            continue
        doomed = [rid for rid in order if rid == removal.target or (removal.key is None and rid.startswith(removal.target + "."))]
        if not doomed:
            found.append(
                Diagnostic("E024", f"remove {removal.target}: base {base.system!r} has no such rule or section",
                           removal.loc, did_you_mean(removal.target, order + sorted(base_sections)))
            )
        for rid in doomed:
            order.remove(rid)
            del rules[rid]
            changes.append(m.Change(rid, "remove", removal.loc))
    if found and problems is None:
        raise ToutiError(found)
    if found:
        problems.extend(found)
    return m.Spec(
        system=variant.system,
        version=variant.version,
        rules=tuple(rules[rid] for rid in order),
        base=base.system,
        changes=tuple(changes),
        seat_rules=expand_whole_removals(tuple(rules[rid] for rid in order), seat_rules),
        header_comments=variant.header_comments,
        section_comments=base.section_comments + variant.section_comments,
        footer_comments=variant.footer_comments,
        path=variant.path,
        loc=variant.loc,
        system_loc=variant.system_loc,
    )


def _dropped_blocks(base: m.Spec, variant: m.SpecFile, found: list[Diagnostic]) -> dict[int, m.Loc]:
    """The numbers of players whose base block `remove with N players` drops (E024 when the base has none, E027 when
    the variant writes that block too)."""
    dropped = {}
    for removal in (r for r in variant.removals if r.kind == "players"):
        players = int(removal.section)
        written = next((b for b in variant.seat_rules if b.players == players), None)
        if not any(b.players == players for b in base.seat_rules):
            found.append(Diagnostic("E024", f"remove {removal.target}: base {base.system!r} has no such block", removal.loc,
                                    did_you_mean(removal.target, [f"with {b.players} players" for b in base.seat_rules])))
        elif written is not None:
            found.append(Diagnostic("E027", f"{removal.target} is both written and removed by this variant", removal.loc,
                                    f"it is written at line {written.loc.line}: keep one of the two"))
        else:
            dropped[players] = removal.loc
    return dropped


def _edit(rule_id: str, loc: m.Loc, rules: dict[str, m.Rule], changes: list[m.Change], found: list[Diagnostic],
          overridden: dict[str, m.Rule], edit, comments: tuple[str, ...]) -> bool:
    """Apply a list edit to the base rule `rule_id`; the edited rule is located at the variant's line."""
    base_rule = rules.get(rule_id)
    if base_rule is None:
        found.append(Diagnostic("E024", f"{rule_id}: the base has no such rule to change", loc,
                                did_you_mean(rule_id, list(rules)) or f"write `{rule_id.split('.', 1)[1]}: ...` in an `add` block to add it"))
        return False
    clash = overridden.get(rule_id)
    if clash is not None:
        found.append(Diagnostic("E027", f"{rule_id} is both written and changed item by item by this variant", loc,
                                f"it is written at line {clash.loc.line}: keep one of the two"))
        return False
    value, problems = edit(base_rule)
    if problems:
        found.extend(problems)
        return False
    rules[rule_id] = replace(base_rule, value=value, loc=loc, comments=base_rule.comments + comments, adds=False)
    changes.append(m.Change(rule_id, "override", loc))
    return True
