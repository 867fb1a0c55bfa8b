"""The reference engine: rounds and matches of any valid spec, interpreted from its model.

    from touti_dsl.engine import Game, IllegalAction, RoundState
    game = Game.from_spec("atlas-carta")
    state = game.new_round(seed=4)
    state.apply(state.actors()[0], "bid 80")

`ruleset.py` compiles the spec once into plain data; `state.py` is the state machine;
`bidding.py`, `play.py`, `ghna.py`, `concession.py` and `scoring.py` hold the rules of
each part of a round; `text.py` is the wire format of cards and actions; `errors.py`
lists the reserved refusal ids.
"""

from __future__ import annotations

__all__ = ["Game", "IllegalAction", "RoundState", "RESERVED_RULE_IDS", "ACTION_KINDS"]


def __getattr__(name: str):
    """Each name is imported on first use (PEP 562): `touti check` reads one table of this package
    (combinations.py) and must not pay for the whole engine (about 0.2 s to import).  The imports are
    written out, so that the stamps' closure of imports (cases/freshness.py) sees them."""
    if name == "Game":
        from .game import Game as value
    elif name == "RoundState":
        from .state import RoundState as value
    elif name == "IllegalAction":
        from .errors import IllegalAction as value
    elif name == "RESERVED_RULE_IDS":
        from .errors import RESERVED_RULE_IDS as value
    elif name == "ACTION_KINDS":
        from .text import ACTION_KINDS as value
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
