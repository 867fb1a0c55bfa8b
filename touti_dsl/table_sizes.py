"""The spec of one number of players: a `with N players { ... }` block written over the spec's rules.

Like `extends`, this runs before any later stage: the engine (`Game.from_spec(spec, seats=N)`),
the case generator and the checks of each number of players see an ordinary spec, in which
the block's rules replace the rules of the same id (in place) or join their section.  The
default number of players uses its own block too.  Which blocks are well formed is
`checks.check_seat_rules`'s; this module applies the blocks it is given.
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import model as m


def default_players(spec: m.Spec) -> int | None:
    """The number of players of a table that nobody chose: the setting's default, or the fixed number."""
    value = spec.value("table.seats")
    if isinstance(value, m.Setting):
        return value.default
    if isinstance(value, m.Number):
        return value.value
    return None


def block_rule_name(players: int, rule_id: str) -> str:
    """How a rule of a `with N players` block is named wherever it stands apart from the spec's own rules (diff,
    coverage, blame): `with 2 players: table.draw`."""
    return f"with {players} players: {rule_id}"


def split_rule_name(name: str) -> tuple[int | None, str]:
    """A block rule's name as its number of players and rule id (`with 2 players: table.draw` -> 2, `table.draw`);
    a plain rule id as (None, the id)."""
    found = re.fullmatch(r"with (\d+) players: (\S+)", name)
    return (int(found.group(1)), found.group(2)) if found else (None, name)


def rule_name_at(spec: m.Spec, players: int | None, rule_id: str) -> str:
    """A rule's name at a table of `players`: the block's rule name when that number's block writes (or removes) the
    rule."""
    block = block_for(spec, players) if players is not None else None
    written = block is not None and rule_id in block_rule_ids(block)
    return block_rule_name(players, rule_id) if written else rule_id


def block_rule_ids(block: m.SeatRules) -> list[str]:
    """The ids of the rules a block writes, then of those it removes, in the order written."""
    return list(dict.fromkeys([*(rule.id for rule in block.rules), *(removal.target for removal in block.removed)]))


def block_for(spec: m.Spec, players: int) -> m.SeatRules | None:
    """The `with N players` block of that number of players (the first, when a spec wrongly writes two)."""
    return next((block for block in spec.seat_rules if block.players == players), None)


def for_players(spec: m.Spec, players: int | None = None, usable=None) -> m.Spec:
    """The ordinary spec of a table of `players` (the default number when None), its `table_size` set.

    A rule the block removes (`remove KEY`) is left out of the table's spec.  `usable(rule or removal)` may leave out
    rules and removals of the block (the checks leave out those they refuse)."""
    count = default_players(spec) if players is None else players
    block = block_for(spec, count) if count is not None else None
    gone = {removal.target for removal in block.removed
            if removal.items is None and (usable is None or usable(removal))} if block is not None else set()
    rules = [rule for rule in spec.rules if rule.id not in gone]
    for rule in block.rules if block is not None else ():
        if usable is not None and not usable(rule):
            continue
        place = next((i for i, old in enumerate(rules) if old.id == rule.id), None)
        if place is not None:
            rules[place] = replace(rule, kind=rules[place].kind)
        else:
            kind = "call" if spec.is_call(rule.section) else "section"
            rules.insert(_after_section(rules, rule.section), replace(rule, kind=kind))
    return replace(spec, rules=tuple(rules), seat_rules=(), table_size=count)


def _after_section(rules: list[m.Rule], section: str) -> int:
    """Where a new rule of `section` goes: after the section's last rule (or at the end), so sections stay together."""
    same = [i for i, rule in enumerate(rules) if rule.section == section and rule.kind == "section"]
    return same[-1] + 1 if same else len(rules)


def merge_blocks(base: tuple[m.SeatRules, ...], variant: tuple[m.SeatRules, ...],
                 dropped: set[int]) -> tuple[tuple[m.SeatRules, ...], list[m.Change]]:
    """A variant's blocks over its base's: a block of the same number of players changes the base's block rule by
    rule (as a variant's rules change its base), a new number adds a block; `dropped` numbers lose the base's block.

    A variant that writes one number twice keeps both blocks, for the checks to refuse (E217)."""
    blocks = [block for block in base if block.players not in dropped]
    changes, written = [], set()
    for block in variant:
        at = next((i for i, old in enumerate(blocks) if old.players == block.players), None)
        if at is None or block.players in written:
            blocks.append(block)
            changes.append(m.Change(f"with {block.players} players", "add", block.loc))
        else:
            blocks[at] = _merged_block(blocks[at], block)
            changes.append(m.Change(f"with {block.players} players", "override", block.loc))
        written.add(block.players)
    return tuple(blocks), changes


def _merged_block(old: m.SeatRules, new: m.SeatRules) -> m.SeatRules:
    """The base's block changed by the variant's of the same number: a rule the variant writes replaces the base's (and
    undoes its removal); a rule the variant removes, or whose whole section it removes, leaves the base's block too."""
    removed_now = {removal.target for removal in new.removed}
    written_now = {rule.id for rule in new.rules}
    rules = {rule.id: rule for rule in old.rules if rule.id not in removed_now and rule.section not in removed_now}
    rules.update((rule.id, rule) for rule in new.rules)
    removed = {removal.target: removal for removal in old.removed if removal.target not in written_now}
    removed.update((removal.target, removal) for removal in new.removed)
    return replace(old, rules=tuple(rules.values()), removed=tuple(removed.values()), loc=new.loc)


def expand_whole_removals(rules: tuple[m.Rule, ...], blocks: tuple[m.SeatRules, ...]) -> tuple[m.SeatRules, ...]:
    """The blocks with each `remove SECTION` / `remove call NAME` written as the removal of every rule the spec has
    there, each `whole`, the first carrying the line's comments (its Decision is said once); later stages see only
    removals of single rules.  A rule the block writes itself is kept, not removed.  A name the spec has no rule of
    is left as written, for the checks to refuse (E220)."""
    return tuple(_expanded(rules, block) if any(removal.key is None for removal in block.removed) else block
                 for block in blocks)


def _expanded(rules: tuple[m.Rule, ...], block: m.SeatRules) -> m.SeatRules:
    written = {rule.id for rule in block.rules}
    removed: list[m.Removal] = []
    for removal in block.removed:
        taken = [rule for rule in rules if rule.section == removal.section and rule.id not in written] if removal.key is None else ()
        if not taken:
            removed.append(removal)
            continue
        removed += [replace(removal, key=rule.key, whole=True, comments=removal.comments if at == 0 else ())
                    for at, rule in enumerate(taken)]
    return replace(block, removed=tuple(dict((removal.target, removal) for removal in removed).values()))
