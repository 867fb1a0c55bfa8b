"""How many people the table's groups hold, for the words that agree with a number: a player's opponents, the other
players, the sides, a side's players.  Read from the engine's deals (every table size a spec seats, a dealer
sitting out, players put out of the match), so that «الخصمان» (two opponents) is written only where it is true.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .. import model as m
from ..table_sizes import for_players


def deals_by_players(spec: m.Spec) -> dict:
    """The engine's deal for every number of players a round of this spec may deal in, at every table size the spec
    seats (players put out of a match by elimination and a dealer sitting out included)."""
    from ..engine.ruleset import compile_spec  # the engine's deal is the one truth; imported late: docs need it rarely

    sizes = m.seat_counts(spec) if isinstance(spec.value("table.seats"), m.Setting) else (None,)  # (N,) for one number
    deals = {}
    for size in sizes:  # each size with its `with N players` block written over the spec, as the engine seats it
        seated = for_players(spec, size) if spec.seat_rules and size is not None else spec
        deals.update(compile_spec(seated, {} if size is None else {"seats": size}).deals)
    return deals


@dataclass(frozen=True)
class TableCounts:
    """How many people a sentence about the table's groups speaks of, each None where rounds differ (a table size to
    choose, a dealer sitting out, players put out) or where players differ (the bid winner alone against the rest):
    a wording for exactly two («الخصمان», "both opponents") is right only where the count is 2 for everyone."""

    opponents: int | None = None  # a player's opponents
    others: int | None = None  # the other players dealt in
    sides: int | None = None
    partners: int | None = None  # the players of one side (1 each for oneself)
    defenders: int | None = None  # the players of the side against the contract
    scorers: int | None = None  # the sides of the match's score (a player each where the bid winner plays alone)


def _only(values) -> int | None:
    values = set(values)
    return values.pop() if len(values) == 1 else None


@lru_cache(maxsize=64)
def table_counts(spec: m.Spec) -> TableCounts:
    """The table's counts (TableCounts) over every round the spec may deal."""
    players = tuple(deals_by_players(spec))
    teams = spec.value("table.teams")
    if isinstance(teams, m.Groups):
        size = _only(len(group) for group in teams.groups)
        return TableCounts(opponents=_only(p - len(g) for p in players for g in teams.groups),
                           others=_only(p - 1 for p in players), sides=len(teams.groups), partners=size, defenders=size,
                           scorers=len(teams.groups))
    if teams == m.Word("bidder_against_rest"):  # the bid winner faces every other player, each of them one player
        return TableCounts(opponents=_only([1, *(p - 1 for p in players)]), others=_only(p - 1 for p in players),
                           sides=2, partners=None, defenders=_only(p - 1 for p in players), scorers=_only(players))
    if teams == m.Word("bidder_and_called"):  # the called partner's side or the bid winner alone: sizes differ by round
        return TableCounts(opponents=None, others=_only(p - 1 for p in players), sides=2, partners=None, defenders=None,
                           scorers=_only(players))
    return TableCounts(opponents=_only(p - 1 for p in players), others=_only(p - 1 for p in players),
                       sides=_only(players), partners=1, scorers=_only(players))
