"""Mutant: a signaller may signal again at the same bid level.

Breaks signal.new_level ("not made_at_level(signal)").  Patched: the compiled
requirement always holds.  Written in Python, not as a house spec: a spec without that
requirement lets a signal be repeated forever, which `touti check` refuses (E311); this
wrong implementation still ends, by the engine's bound of 64 calls at one bid.
"""

import dataclasses

from _serve import serve_reference

from touti_dsl.engine import ruleset

compile_call = ruleset._compile_call


def signal_without_new_level(spec, name):
    call = compile_call(spec, name)
    requirements = tuple((rule_id, (lambda st, seat: True) if rule_id == "signal.new_level" else test)
                         for rule_id, test in call.requirements)
    return dataclasses.replace(call, requirements=requirements)


ruleset._compile_call = signal_without_new_level
serve_reference("atlas-carta", "signal-same-level")
