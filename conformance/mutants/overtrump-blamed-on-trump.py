"""Mutant: the right cards are refused, but a missed overtrump is blamed on the duty to trump.

Breaks play.overtrump as reported: a refusal names the rule that forbids the move, and
here "must overtrump" is reported as play.trump_when_void.  Patched: the `play` entry of
the state machine's refusal table.
"""

from _serve import serve_reference

from touti_dsl.engine import IllegalAction, state

refuse_play = state._REFUSE["play"]


def refuse_naming_trump_duty(st, seat: int, card: int) -> None:
    try:
        refuse_play(st, seat, card)
    except IllegalAction as refusal:
        if refusal.rule_id == "play.overtrump":
            raise IllegalAction("play.trump_when_void", refusal.message) from None
        raise


state._REFUSE["play"] = refuse_naming_trump_duty
serve_reference("atlas-carta", "overtrump-blamed-on-trump")
