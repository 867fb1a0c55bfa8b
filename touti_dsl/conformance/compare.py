"""Compare an implementation's outputs with a case's expectations, step by step.

Refusals are compared by rule id only, never by message text: by default any rule the
case lists as forbidding the action is accepted (`REFUSAL_MODES`); legal actions and
actors as sets; results on the keys the case gives.  The first mismatch is what a report
shows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Mismatch:
    """The first step where the implementation differs: what was expected and what it did."""

    step: int
    op: str
    expected: str
    actual: str


def _show(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def same_json(expected, actual) -> bool:
    """Equal as JSON values: Python's `==` would take `true` for 1 and `1.0` for 1, which JSON tells apart."""
    if type(expected) is not type(actual):
        return False
    if type(expected) is dict:
        return expected.keys() == actual.keys() and all(same_json(expected[key], actual[key]) for key in expected)
    if type(expected) is list:
        return len(expected) == len(actual) and all(map(same_json, expected, actual))
    return expected == actual


def _field(output, key: str, op: str):
    if not isinstance(output, dict) or key not in output:
        raise ValueError(f"not a valid output for {op!r} (needs {key!r}): {_show(output)}")
    return output[key]


def _verdict_text(output) -> str:
    if _field(output, "ok", "apply") is True:
        return "accepted"
    return f"refused by rule {output.get('rule')!r}" + (f" ({output['message']})" if output.get("message") else "")


def _check_apply(step, output):
    actual = _verdict_text(output)
    return None if actual == "accepted" else ("accepted", actual)


REFUSAL_MODES = {
    "any": "any rule the case lists as forbidding the action (the default)",
    "exact": "the first rule listed, the one the documented precedence puts first",
    "any-id": "any refusal at all, whatever rule it names (an implementation that only says 'illegal')",
}


def forbidding(step: dict) -> list[str]:
    """The rules a refuse step lists as forbidding its action, in precedence order (old cases: the one rule)."""
    listed = step.get("rules")
    return list(listed) if isinstance(listed, list) and listed else [step["rule"]]


def _refusal_wanted(step: dict, mode: str) -> str:
    rules = forbidding(step)
    if mode == "any-id":
        return "refused (any rule)"
    if mode == "exact" or len(rules) == 1:
        return f"refused by rule {rules[0]!r}"
    return "refused by one of the rules " + ", ".join(repr(rule) for rule in rules)


def _check_refuse(step, output, mode: str = "any"):
    actual = _verdict_text(output)
    if output.get("ok") is False:
        rules = forbidding(step)
        if mode == "any-id" or output.get("rule") == rules[0] or (mode == "any" and output.get("rule") in rules):
            return None
    return _refusal_wanted(step, mode), actual


PLAIN = (str, int)


def _set_difference(expected: list, actual) -> tuple[str, str] | None:
    if not isinstance(actual, list):
        raise ValueError(f"not a list: {_show(actual)}")
    if len(actual) == len(expected) and all(type(x) in PLAIN for x in actual) and set(actual) == set(expected):
        return None  # the common case, without a JSON text per element
    want, got = set(map(_show, expected)), set(map(_show, actual))
    if want == got and len(actual) == len(got):
        return None
    notes = []
    if want - got:
        notes.append("missing " + ", ".join(sorted(want - got)))
    if got - want:
        notes.append("unexpected " + ", ".join(sorted(got - want)))
    if len(actual) != len(got):
        notes.append("duplicates")
    return _show(sorted(expected, key=_show)), _show(sorted(actual, key=_show)) + " (" + "; ".join(notes) + ")"


def _check_legal(step, output):
    return _set_difference(step["expect"], _field(output, "actions", "legal"))


def _check_actors(step, output):
    return _set_difference(step["expect"], _field(output, "seats", "actors"))


def _check_trick_winner(step, output):
    seat = _field(output, "seat", "trick_winner")
    return None if same_json(step["expect"], seat) else (_show(step["expect"]), _show(seat))


# A game without bidding, concession or a tute has no use for `contract`, `made`, `conceded`, `void` or `tute` in its
# results: a key an output leaves out reads as nothing happened, null, or false for what a round may have been.
ABSENT_READS_AS = {"void": False, "conceded": False}


def result_field(output: dict, key: str):
    """A key of a result as compared (and as blame reads it): its value, or what its absence says."""
    return output[key] if key in output else ABSENT_READS_AS.get(key)


def _check_keys(expect, output, op: str):
    """Compare only the keys the case gives; None expected means 'not over yet'."""
    if expect is None or output is None:
        return None if expect is output else (_show(expect), _show(output))
    if not isinstance(output, dict):
        raise ValueError(f"not a valid output for {op!r}: {_show(output)}")
    differing = [key for key in sorted(expect) if not same_json(expect[key], result_field(output, key))]
    if not differing:
        return None
    actual = {key: output.get(key, "<absent>") for key in differing}
    return _show({key: expect[key] for key in differing}), _show(actual)


def _check_round_result(step, output):
    return _check_keys(step["expect"], output, "round_result")


def _check_match_result(step, output):
    return _check_keys(step["expect"], output, "match_result")


def _check_next_round(step, output):
    return _check_keys(step["expect"], output, "next_round")


CHECKS = {
    "apply": _check_apply,
    "legal": _check_legal,
    "actors": _check_actors,
    "trick_winner": _check_trick_winner,
    "round_result": _check_round_result,
    "match_result": _check_match_result,
    "next_round": _check_next_round,
}


def compare_step(index: int, step: dict, output, refusal: str = "any") -> Mismatch | None:
    """The mismatch at one step, or None when the output meets the expectation."""
    try:
        found = _check_refuse(step, output, refusal) if step["op"] == "refuse" else CHECKS[step["op"]](step, output)
    except ValueError as error:
        found = (expected_words(step, refusal), str(error))
    return None if found is None else Mismatch(index, step["op"], *found)


def expected_words(step: dict, refusal: str = "any") -> str:
    if step["op"] == "apply":
        return "accepted"
    if step["op"] == "refuse":
        return _refusal_wanted(step, refusal)
    return _show(step.get("expect"))


ONLY_STR, ONLY_INT = frozenset({str}), frozenset({int})


def surely_passes(steps: list[dict], outputs: list, refusal: str = "any") -> bool:
    """True only when `first_mismatch` would find nothing: one quick pass for the outputs of a passing case.

    False says nothing (the caller then asks `first_mismatch`, which finds and words the
    mismatch): every test here is at least as strict as the check it stands for, so a
    case never passes here that fails there.  A fuzz round is over a hundred steps, and
    judging it step by step cost as much as playing it.
    """
    if len(outputs) != len(steps):
        return False
    for step, output in zip(steps, outputs):
        op = step["op"]
        if type(output) is not dict:
            return False
        if op == "legal":  # only strings: true would equal 1 in a set
            actual, expect = output.get("actions"), step["expect"]
            if (type(actual) is not list or len(actual) != len(expect) or not set(map(type, actual)) <= ONLY_STR
                    or (actual != expect and set(actual) != set(expect))):
                return False
        elif op == "apply":
            if output.get("ok") is not True:
                return False
        elif op == "actors":  # a seat must be a JSON integer: true or 1.0 would equal 1
            actual, expect = output.get("seats"), step["expect"]
            if (type(actual) is not list or len(actual) != len(expect) or not set(map(type, actual)) <= ONLY_INT
                    or set(actual) != set(expect)):
                return False
        elif op == "trick_winner":  # as _check_trick_winner
            if "seat" not in output or not same_json(step["expect"], output["seat"]):
                return False
        elif compare_step(0, step, output, refusal) is not None:
            return False
    return True


def first_mismatch(case: dict, outputs: list, refusal: str = "any", complete: bool = True) -> Mismatch | None:
    """The first step whose output differs from the expectation (missing outputs included when `complete`).

    `complete=False` compares the outputs an errored reply gathered before it stopped.
    """
    steps = case["steps"]
    for index, step in enumerate(steps):
        if index >= len(outputs):
            if not complete:
                return None
            return Mismatch(index, step["op"], expected_words(step, refusal), f"no output ({len(outputs)} outputs for {len(steps)} steps)")
        mismatch = compare_step(index, step, outputs[index], refusal)
        if mismatch:
            return mismatch
    if len(outputs) > len(steps):
        return Mismatch(len(steps), "-", f"{len(steps)} outputs", f"{len(outputs)} outputs")
    return None
