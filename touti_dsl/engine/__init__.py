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

from .errors import RESERVED_RULE_IDS, IllegalAction
from .game import Game
from .state import RoundState
from .text import ACTION_KINDS

__all__ = ["Game", "IllegalAction", "RoundState", "RESERVED_RULE_IDS", "ACTION_KINDS"]
