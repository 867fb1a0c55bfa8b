"""The levels of a match played in games: games won make a coto, cotos won make the match.

`rules.match_levels` gives the wins needed at each level, innermost first (`match.games`,
then `match.cotos`).  Each level keeps one count per side in the state and in a case
setup, under its field name (`games`, `cotos`).  A game won (by `match.end` with
`match.decide`, or at once by `match.at_once`) adds one at the innermost level; a count
that reaches its level's setting wins one unit of the level above (a coto), and reaching
the top level's setting wins the match.  The match result shows the counts after the
round and, per level, the side that has just won one of its units (`game_winner`,
`coto_winner`); the next round starts the scores again from zero after a game won, and
every count below a level whose unit was won from zero too.  With `match.games` alone
there is one level and every field is as it was before levels existed.
"""

from __future__ import annotations

# per level, innermost first: the count field (state, case setup, match result) and the result's winner field
LEVELS = (("games", "game_winner"), ("cotos", "coto_winner"))


def level_fields(rules) -> tuple[tuple[str, str], ...]:
    """The (count, winner) field names of this match's levels, innermost first."""
    return LEVELS[: len(rules.match_levels)]


def level_counts(st) -> list[list[int]]:
    """The counts of each level before this round, innermost first."""
    return [list(getattr(st, field)) for field, _ in level_fields(st.rules)]


def level_result(rules, counts: list[list[int]], game_winner: int | None) -> dict:
    """The match result's `over`, `winner` and level fields once `game_winner` (None: nobody) has won a game.

    A win climbs while it completes its level's unit: a game, then a coto when the
    side's games reach `games`, then the match when its cotos reach `cotos`."""
    counts = [list(count) for count in counts]
    won: list[int | None] = [None] * len(counts)
    side = game_winner
    for level, needed in enumerate(rules.match_levels):
        if side is None:
            break
        counts[level][side] += 1
        won[level] = side
        side = side if counts[level][side] >= needed else None
    result: dict = {"over": side is not None, "winner": side}
    for (field, winner_field), count, who in zip(level_fields(rules), counts, won):
        result[field], result[winner_field] = count, who
    return result


def carried(rules, result: dict) -> dict:
    """What the next round starts from: the scores, and each level's counts (a unit won resets what is below it)."""
    fields = level_fields(rules)
    start: dict = {}
    reset = False  # a unit was won at a level above: this level starts again from zero
    for field, winner_field in reversed(fields):
        start[field] = [0] * len(result[field]) if reset else result[field]
        reset = reset or result[winner_field] is not None
    start["scores"] = [0] * len(result["scores"]) if reset else result["scores"]
    if "carried" in result:  # `match.carry`: kept across the hands of a game, as the scores
        start["carried"] = [0] * len(result["carried"]) if reset else result["carried"]
    return start


def start_counts(rules, given: dict, sides: int) -> dict:
    """Each level's counts before a round (`games=`, `cotos=` of `new_round`), checked; zeros where not given."""
    counts = {}
    for field, _ in LEVELS:
        counts[field] = _start_count(rules, field, given.get(field), sides)
    return counts


def _start_count(rules, field: str, value, sides: int) -> list[int]:
    names = [name for name, _ in level_fields(rules)]
    if field not in names:
        if value is not None:
            raise ValueError(f"{field}= is only for a match played in {field} (match.{field})")
        return []
    if value is None:
        return [0] * sides
    most = rules.match_levels[names.index(field)]
    if not isinstance(value, (list, tuple)) or len(value) != sides or not all(
            type(count) is int and 0 <= count < most for count in value):
        raise ValueError(f"{field} must be a list of {sides} ints from 0 to {most - 1}, one per side")
    return list(value)
