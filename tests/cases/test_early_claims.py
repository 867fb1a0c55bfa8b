"""A table where the rest may be claimed from the first trick (`claim.window: to_play`, no `require` on the trick):
`touti generate` used to run for many minutes, its explorer claiming at once and the engine searching every trick
of a Tute to decide each claim (up to 100 s a claim), and `touti fuzz` of the reference against itself reported a
divergence (the adapter "hung" past the round's 10 s on an early claim).  The random players (the explorer, touti
fuzz, touti play) now claim the rest only in the last five tricks (`engine.claim.costly`), where a claim that holds
and one that does not are still found."""

from __future__ import annotations

import random

import pytest

from touti_dsl.cases.build import generate
from touti_dsl.commands.play import play_round
from touti_dsl.conformance.fuzz import random_round
from touti_dsl.engine import Game
from touti_dsl.engine.claim import CHEAP_CLAIM_TRICKS
from touti_dsl.loader import load_spec

EARLY_CLAIMS = ('touti 1\n\nsystem "tute-claim-early" extends "tute" {\n  title: "Tute, claims at any time"\n}\n\n'
                "add claim {\n  window: to_play\n  false: opponents_take_rest\n}\n")


@pytest.fixture(scope="module")
def spec(tmp_path_factory):
    path = tmp_path_factory.mktemp("early") / "tute-claim-early.touti"
    path.write_text(EARLY_CLAIMS, encoding="utf-8")
    return load_spec(path)


@pytest.fixture(scope="module")
def claim_cases(spec) -> list[dict]:
    groups = generate(spec, rounds=20)
    return [case for group in groups.values() for case in group
            if any(step["op"] == "apply" and step["action"] == "claim" for step in case["steps"])]


def test_every_claim_of_the_rest_in_the_suite_is_made_in_the_last_tricks(claim_cases):
    assert claim_cases
    for case in claim_cases:
        steps = case["steps"]
        at = next(i for i, step in enumerate(steps) if step["op"] == "apply" and step["action"] == "claim")
        plays = sum(1 for step in steps[:at] if step["op"] == "apply" and step["action"].startswith("play "))
        assert plays // 4 >= 10 - CHEAP_CLAIM_TRICKS, case["description"]


def test_a_claim_that_holds_and_one_that_does_not_are_still_found(claim_cases):
    descriptions = " | ".join(case["description"] for case in claim_cases)
    assert {"claim.false"} <= {rule for case in claim_cases for rule in case["rules"]}, descriptions
    assert len({case["description"] for case in claim_cases}) >= 2, descriptions


def _tricks_before_claim(moves: list[tuple[int, str]]) -> int | None:
    at = next((i for i, (_, action) in enumerate(moves) if action == "claim"), None)
    return None if at is None else sum(1 for _, action in moves[:at] if action.startswith("play ")) // 4


def test_touti_fuzz_and_touti_play_claim_the_rest_only_in_the_last_tricks(spec):
    game, rng = Game.from_spec(spec), random.Random(3)
    fuzzed = [_tricks_before_claim([(step["seat"], step["action"]) for step in played.case["steps"] if step["op"] == "apply"])
              for _, played in (random_round(game, rng) for _ in range(150))]
    shown = [_tricks_before_claim(play_round(game.new_round(seed=seed), random.Random(seed))) for seed in range(40)]
    claimed = [tricks for tricks in fuzzed + shown if tricks is not None]
    assert claimed and min(claimed) >= 10 - CHEAP_CLAIM_TRICKS
