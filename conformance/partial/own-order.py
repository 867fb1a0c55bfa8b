"""Not a fault: an adapter that checks the rules in its own order and names the last rule that forbids a move.

Every refusal names a rule that truly forbids the action, but not the one the documented
precedence puts first (docs/conformance/refusals.md).  `touti conform` must pass it by
default (`--refusal any`) and fail it only under `--refusal exact`.

    python conformance/partial/own-order.py SYSTEM
"""

from __future__ import annotations

import sys

from touti_dsl.conformance.adapter import ReferenceAdapter, serve
from touti_dsl.engine import IllegalAction, state
from touti_dsl.engine.refusals import forbidding_rules

apply = state.RoundState.apply


def apply_naming_the_last_rule(st, seat, action):
    try:
        apply(st, seat, action)
    except IllegalAction as refusal:
        state.RoundState.apply = apply  # forbidding_rules asks the engine's own apply
        try:
            rules = forbidding_rules(st, seat, action)
        finally:
            state.RoundState.apply = apply_naming_the_last_rule
        raise IllegalAction(rules[-1] if rules else refusal.rule_id, refusal.message) from None


state.RoundState.apply = apply_naming_the_last_rule

if __name__ == "__main__":
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    sys.exit(serve(ReferenceAdapter(sys.argv[1]), sys.stdin, sys.stdout))
