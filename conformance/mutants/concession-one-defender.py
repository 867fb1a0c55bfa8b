"""Mutant: one defender's concession ends the round; the partner is never asked.

Breaks concession.consent ("only if both defenders agree").  Patched: concession.apply.
"""

from _serve import serve_reference

from touti_dsl.engine import concession

apply_vote = concession.apply


def concede_alone(st, seat: int, kind: str) -> None:
    apply_vote(st, seat, kind)
    if kind == "concede":
        apply_vote(st, concession.voter(st), "agree")


concession.apply = concede_alone
serve_reference("atlas-carta", "concession-one-defender")
