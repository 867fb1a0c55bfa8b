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

import importlib

# Each name is imported on first use (PEP 562): `touti check` reads one table of this package
# (combinations.py) and must not pay for the whole engine (about 0.2 s to import).
_EXPORTS = {"Game": ".game", "IllegalAction": ".errors", "RESERVED_RULE_IDS": ".errors", "RoundState": ".state",
            "ACTION_KINDS": ".text"}

__all__ = ["Game", "IllegalAction", "RoundState", "RESERVED_RULE_IDS", "ACTION_KINDS"]


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
