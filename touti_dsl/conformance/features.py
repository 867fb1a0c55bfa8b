"""Optional features: the parts of a spec an implementation may declare it does not have.

A feature is named after the actions it adds: each call by its name (`signal`,
`preannounce`, `push`, `as`), `concession` (`concede`, `agree`, `refuse`), `swap`,
`tute`, `lend` (`ghna.lend`), `claim` (the claim section), `widow` (`take widow`,
`leave widow`, `discard CARD`: the widow section) and `kinds` (the declarations of
`ghna.kinds`: `ghna guinotes copas`, `ghna ases`).  The bidding, trumps, the play and the ghna pair are the game
itself, never optional.

A kind's action starts with `ghna` like the pair's, and `ghna ases` has the shape of
`ghna copas`: only the spec's kind names tell them apart.  So the functions that read an
action take those names (`kinds`; a case of a spec with kinds lists them in its `kinds`
field, the generator and the fuzzer read them from the compiled rules: `kind_names`).
An implementation declares its absent features in its hello (`"without": [...]`,
protocol 2) or the runner is told with `--without FEATURE`.  Then a case that applies or
tries an action of an absent feature is skipped, and the expectations of the others are
read without it: its actions leave the expected legal sets, and a seat that could act
only through it leaves the expected actors (the `only_through` of an actors step).
"""

from __future__ import annotations

from functools import lru_cache

# `call CARD` (trump.choice called_card) is core: no call of a spec is named like an action (E310)
CORE_HEADS = frozenset({"pass", "bid", "trump", "call", "play", "ghna"})
FEATURE_OF_HEAD = {"concede": "concession", "agree": "concession", "refuse": "concession", "swap": "swap", "tute": "tute",
                   "take": "widow", "leave": "widow", "discard": "widow"}
ACTION_OPS = ("apply", "refuse")
KINDS = "kinds"  # the feature of the declarations of ghna.kinds
NO_KINDS: frozenset[str] = frozenset()


@lru_cache(maxsize=8192)
def feature_of(action: str, kinds: frozenset[str] = NO_KINDS) -> str | None:
    """The optional feature an action text belongs to (a call's feature is its name), or None for the core game.

    `kinds` are the names of the spec's declaration kinds: `ghna NAME ...` with one of them is of `kinds`.
    """
    head, _, rest = action.partition(" ")
    if head in CORE_HEADS:
        return KINDS if kinds and head == "ghna" and rest.split(" ", 1)[0] in kinds else None
    return FEATURE_OF_HEAD.get(head, head)


def kind_names(rules) -> frozenset[str]:
    """The names of the declaration kinds of a compiled ruleset (engine/ruleset.py)."""
    return frozenset(kind.name for kind in rules.ghna.kinds)


def case_kinds(case: dict) -> frozenset[str]:
    """The kind names a case lists (its `kinds` field: only a case of a spec with ghna.kinds has one)."""
    return frozenset(case.get("kinds", NO_KINDS))


def features_used(case: dict) -> set[str]:
    """The features whose actions a case applies or tries."""
    kinds = case_kinds(case)
    found = {feature_of(step["action"], kinds) for step in case["steps"] if step["op"] in ACTION_OPS}
    return {feature for feature in found if feature}


def spec_features(spec) -> list[str]:
    """The optional features a (flattened) spec has, sorted."""
    found = set(spec.calls)
    found |= {"swap"} if spec.has("trump.swap") else set()
    found |= {"tute"} if spec.has("ghna.tute") else set()
    found |= {"lend"} if spec.has("ghna.lend") else set()
    found |= {"claim"} if spec.has("claim.window") else set()
    found |= {"widow"} if spec.has("widow.size") else set()
    found |= {KINDS} if spec.has("ghna.kinds") else set()
    found |= {"concession"} if any(rule.section == "concession" for rule in spec.rules) else set()
    return sorted(found)


def case_features(cases: list[dict]) -> set[str]:
    """The features that actions of these cases (or their expected legal sets) belong to."""
    found: set[str] = set()
    for case in cases:
        found |= features_used(case)
        kinds = case_kinds(case)
        for step in case["steps"]:
            if step["op"] == "legal":
                found |= {feature_of(action, kinds) for action in step["expect"] if isinstance(action, str)} - {None}
    return found


def unknown_features(names: list[str], cases: list[dict]) -> tuple[list[str], list[str]]:
    """The names (of --without) that are no optional feature of these cases' systems, and the features they have.

    A misspelt feature would silently skip nothing, so the runners refuse it.
    """
    from ..errors import ToutiError
    from ..loader import load_named

    known = set(case_features(cases))
    for system in {case["system"] for case in cases}:
        try:
            known |= set(spec_features(load_named(system)))
        except ToutiError:
            pass  # not a bundled system: its cases tell its features
    return sorted(set(names) - known), sorted(known)


def actors_only_through(seat_actions: dict[int, list[str]], kinds: frozenset[str] = NO_KINDS) -> dict[str, list[str]]:
    """For an actors step: each actor whose every legal action belongs to an optional feature, and those features."""
    only = {}
    for seat, actions in sorted(seat_actions.items()):
        features = {feature_of(action, kinds) for action in actions}
        if actions and None not in features:
            only[str(seat)] = sorted(features)
    return only


def without_features(step: dict, absent: frozenset[str], kinds: frozenset[str] = NO_KINDS) -> dict:
    """A step's expectation as an implementation without the `absent` features must meet it (`kinds`: the case's)."""
    if not absent:
        return step
    if step["op"] == "legal":
        return dict(step, expect=[a for a in step["expect"]
                                  if not isinstance(a, str) or feature_of(a, kinds) not in absent])
    if step["op"] == "actors" and step.get("only_through"):
        dropped = {int(seat) for seat, features in step["only_through"].items() if set(features) <= absent}
        return dict(step, expect=[seat for seat in step["expect"] if seat not in dropped])
    return step
