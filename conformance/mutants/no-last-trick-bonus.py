"""Mutant: the last trick earns no bonus.

Breaks deck.last_trick ("last trick +10").  Not a house spec: the checks rightly refuse
`last_trick: 0` with a maximum bid of 230, which would no longer be makeable.  Patched:
the ruleset compiler as the engine's Game calls it (game.compile_spec).
"""

from _serve import serve_reference

from touti_dsl.engine import game

compile_spec = game.compile_spec


def compile_without_bonus(spec, settings):
    rules = compile_spec(spec, settings)
    rules.last_trick_bonus = 0
    return rules


game.compile_spec = compile_without_bonus
serve_reference("atlas-carta", "no-last-trick-bonus")
