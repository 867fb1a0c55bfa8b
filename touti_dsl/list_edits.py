"""`add KEY: items` and `remove KEY: items` in a variant: items put into, or taken out of, a base rule's list.

A variant changes a list (the ranks, the points table, the order of the ranks, a list of
words or numbers) without restating it.  Items are matched by their key: a declared
name or rank, a table row's key, a rank of the order, a word, a number, a card.  Ranks added to
the order are written as a chain that starts at a rank of the base's order: `add order:
10 > 9 > 8` puts 9 and 8 right after 10.  Ranks taken out of `deck.ranks` also leave the
order and the points table.  Every problem is located at the variant's line (E028).
"""

from __future__ import annotations

from dataclasses import replace

from . import model as m
from .errors import Diagnostic

Problem = Diagnostic


def _keys(value: m.Value) -> list:
    """The keys of a value's items, in order (None for a value that is not a list)."""
    if isinstance(value, m.Decls):
        return [d.key for d in value.items]
    if isinstance(value, m.Table):
        return [e.key for e in value.entries]
    if isinstance(value, m.Order):
        return list(value.ranks)
    if isinstance(value, (m.Word, m.WordList)):
        return [value.value] if isinstance(value, m.Word) else list(value.words)
    if isinstance(value, (m.Number, m.Numbers)):
        return [value.value] if isinstance(value, m.Number) else list(value.values)
    if isinstance(value, m.Cards):
        return list(value.cards)
    return None


def _item_locs(value: m.Value) -> list[m.Loc]:
    if isinstance(value, m.Decls):
        return [d.loc for d in value.items]
    if isinstance(value, m.Table):
        return [e.loc for e in value.entries]
    locs = list(getattr(value, "item_locs", ()) or ())
    return locs if len(locs) == len(_keys(value) or ()) else [value.loc] * len(_keys(value) or ())


def _named(keys: list) -> str:
    return ", ".join(map(str, keys))


def _without(value: m.Value, doomed: set) -> m.Value:
    """`value` with the items of the given keys taken out (a one-item list becomes a lone value)."""
    if isinstance(value, m.Decls):
        return replace(value, items=tuple(d for d in value.items if d.key not in doomed))
    if isinstance(value, m.Table):
        return replace(value, entries=tuple(e for e in value.entries if e.key not in doomed))
    if isinstance(value, m.Order):
        return m.Order(tuple(r for r in value.ranks if r not in doomed), loc=value.loc)
    keys = [k for k in _keys(value) if k not in doomed]
    if isinstance(value, m.Cards):
        return m.Cards(tuple(keys), loc=value.loc)
    if isinstance(value, (m.Word, m.WordList)):
        return m.Word(keys[0], loc=value.loc) if len(keys) == 1 else m.WordList(tuple(keys), loc=value.loc)
    return m.Number(keys[0], loc=value.loc) if len(keys) == 1 else m.Numbers(tuple(keys), loc=value.loc)


def remove_items(rule: m.Rule, removal: m.Removal) -> tuple[m.Value | None, list[Problem]]:
    """The base rule's value without the removal's items; problems when an item is not there or nothing is left."""
    present, wanted = _keys(rule.value), _keys(removal.items)
    if present is None or wanted is None:
        return None, [Diagnostic("E028", f"remove {removal.key}: items can only be taken out of a list "
                                         f"(the base's {rule.id} is a single value)", removal.loc,
                                 f"write `{removal.key}: ...` to override it")]
    problems = [Diagnostic("E028", f"remove {removal.key}: {key} is not in the base's {rule.id} ({_named(present)})", loc)
                for key, loc in zip(wanted, _item_locs(removal.items)) if key not in present]
    if problems:
        return None, problems
    if not [k for k in present if k not in set(wanted)]:
        return None, [Diagnostic("E028", f"remove {removal.key}: nothing would be left of {rule.id}", removal.loc,
                                 f"write `remove {removal.key}` to remove the whole rule")]
    return _without(rule.value, set(wanted)), []


def add_items(rule: m.Rule, addition: m.Rule) -> tuple[m.Value | None, list[Problem]]:
    """The base rule's value with the addition's items put in; problems when they clash or do not fit."""
    base, new = rule.value, addition.value
    present, wanted = _keys(base), _keys(new)
    where = f"add {addition.key}"
    if present is None or wanted is None or (isinstance(base, m.Order) != isinstance(new, m.Order)):
        return None, [Diagnostic("E028", f"{where}: items can only be put into a list of the same kind "
                                         f"(the base's {rule.id} is {_shape(base)}, not {_shape(new)})", addition.loc,
                                 f"write `{addition.key}: ...` to override it")]
    if isinstance(base, m.Order):
        return _insert_ranks(base, new, addition)
    problems = [Diagnostic("E028", f"{where}: {key} is already in the base's {rule.id}", loc,
                           f"write `{addition.key}: ...` to change it, or `remove {addition.key}: {key}` first")
                for key, loc in zip(wanted, _item_locs(new)) if key in present]
    if problems:
        return None, problems
    if isinstance(base, m.Decls):
        items = base.items + new.items
        if all(isinstance(d.key, int) for d in items) and list(present) == sorted(present):
            items = tuple(sorted(items, key=lambda d: d.key))  # ranks stay in their natural order
        return replace(base, items=items), []
    if isinstance(base, m.Table):
        # a new row goes before a closing `others = ...`, which reads as "the rest"
        rest = [e for e in base.entries if e.key == "others"]
        rows = tuple(e for e in base.entries if e.key != "others")
        return replace(base, entries=rows + new.entries + tuple(rest)), []
    keys = present + wanted
    if isinstance(base, m.Cards) != isinstance(new, m.Cards):
        return None, [Diagnostic("E028", f"{where}: items can only be put into a list of the same kind "
                                         f"(the base's {rule.id} is {_shape(base)}, not {_shape(new)})", addition.loc)]
    if isinstance(base, m.Cards):
        return m.Cards(tuple(keys), loc=base.loc), []
    if isinstance(base, (m.Word, m.WordList)):
        return m.WordList(tuple(keys), loc=base.loc), []
    return m.Numbers(tuple(keys), loc=base.loc), []


def _shape(value: m.Value) -> str:
    return {m.Decls: "a list of names", m.Table: "a table", m.Order: "an order of ranks", m.Word: "a word",
            m.WordList: "a list of words", m.Number: "a number", m.Numbers: "a list of numbers", m.Cards: "a list of cards"}.get(
        type(value), "a single value")


def _insert_ranks(base: m.Order, chain: m.Order, addition: m.Rule) -> tuple[m.Order | None, list[Problem]]:
    """`add order: 10 > 9 > 8`: the chain starts at a rank of the base's order; the others go right after it."""
    first, *new = chain.ranks
    locs = _item_locs(chain)
    if first not in base.ranks:
        return None, [Diagnostic("E028", f"add {addition.key}: the chain must start at a rank of the base's order; "
                                         f"{first} is not in it", locs[0],
                                 f"for example `add {addition.key}: {base.ranks[-1]} > ...` puts ranks after {base.ranks[-1]}")]
    clashes = [Diagnostic("E028", f"add {addition.key}: {rank} is already in the base's order", loc)
               for rank, loc in zip(new, locs[1:]) if rank in base.ranks]
    if not new:
        clashes.append(Diagnostic("E028", f"add {addition.key}: name the new ranks after {first} (`{first} > ...`)",
                                  addition.loc))
    if clashes:
        return None, clashes
    at = base.ranks.index(first) + 1
    return m.Order(base.ranks[:at] + tuple(new) + base.ranks[at:], loc=base.loc), []


# Rules whose items are ranks: taking ranks out of the deck takes them out of these too
RANK_KEYED = ("deck.order", "deck.points")


def cascade(rule_id: str, removal: m.Removal, rules: dict[str, m.Rule]) -> list[str]:
    """Take the ranks removed from `deck.ranks` out of the order and the points table; the ids changed."""
    if rule_id != "deck.ranks":
        return []
    doomed = set(_keys(removal.items))
    changed = []
    for other in RANK_KEYED:
        rule = rules.get(other)
        if rule is not None and doomed & set(_keys(rule.value) or ()):
            rules[other] = replace(rule, value=_without(rule.value, doomed), loc=removal.loc)
            changed.append(other)
    return changed

