"""The engine's refusal: an action that is not legal now, and why.

Every refusal names a rule id.  Most are the ids of spec rules (`bidding.step`,
`play.overtake`, `signal.bid_made`); four are reserved pseudo ids that no spec declares,
for refusals that follow from the action protocol itself:

- `action.syntax`: the text is not an action of this spec (malformed, or an action kind
  the spec does not define, such as `swap` without `trump.swap`);
- `action.phase`: that kind of action is not possible now (a bid during play, anything
  after the round ended, `agree` with no concession proposed);
- `action.not_held`: playing a card that is not in the player's hand;
- `rotation.turn_order`: it is not this seat's turn to speak or to play.
"""

from __future__ import annotations

SYNTAX = "action.syntax"
REMOVED = "deck.removed"  # a card of the spec's notation that `deck.removed` takes out: refused as it is read
PHASE = "action.phase"
NOT_HELD = "action.not_held"
TURN_ORDER = "rotation.turn_order"

RESERVED_RULE_IDS = (SYNTAX, PHASE, NOT_HELD, TURN_ORDER)

# Under `table.draw_time after_window` no card is led while the stock waits for the trick winner's `draw`.
DRAW_TIME = "table.draw_time"

# While a concession awaits the other defender's vote, every other action is refused so.
CONCESSION_PENDING = ("concession.consent", "a concession is proposed: only the other defender may act")


def play_phase_refusal(st, outside_play: str) -> tuple[str, str] | None:
    """The first two refusals of an action made during the play (a declaration, a lend, a claim): the phase, then a
    concession awaiting its vote; `outside_play` says when the action is possible."""
    if st.phase != "play":
        return PHASE, outside_play
    if st.concede_pending is not None:
        return CONCESSION_PENDING
    return None


class IllegalAction(Exception):
    """An action refused by the engine: the rule that forbids it and a plain-words reason."""

    def __init__(self, rule_id: str, message: str):
        # no super().__init__: `args` is (rule_id, message) as given, and the text is written only when asked for
        # (a refusal is raised several times a fuzz round, on both sides of its pipe, and rarely shown)
        self.rule_id = rule_id
        self.message = message

    def __str__(self) -> str:
        return f"{self.rule_id}: {self.message}"
