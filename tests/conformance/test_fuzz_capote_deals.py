"""`touti fuzz` deals for a capote where a rule reads one: random play seldom lets one side take every trick."""

from __future__ import annotations

import random
import sys

from touti_dsl.cli import main
from touti_dsl.conformance.fuzz import CAPOTE_RATE, play, random_round
from touti_dsl.engine import Game

TOUTI = f"{sys.executable} -m touti_dsl"
# Atlas Carta whose contract counts double after a capote of the bidders: the mutant scores every made contract once
CAPOTE_SCORED_ONCE = """touti 1

system "capote-scored-once" extends "atlas-capote-double" {
  title: "Mutant: a capote scored once"
  summary: "atlas-capote-double that forgets the capote"
  source: "tests"
}

scoring {
  made: contract
}
"""


def _rounds(system: str, count: int):
    game = Game.from_spec(system)
    return game, [random_round(game, random.Random(f"3/{index}"), label=f"3/{index}")[1] for index in range(count)]


def _capote(played) -> bool:
    """Whether one partnership of a four-seat table took every trick (seats 0 and 2 against 1 and 3)."""
    winners = [step["expect"] for step in played.case["steps"] if step["op"] == "trick_winner"]
    return len({seat % 2 for seat in winners}) == 1


def test_some_rounds_are_dealt_for_a_capote_where_a_rule_reads_one():
    _, played = _rounds("atlas-capote-double", 200)
    dealt = [each for each in played if each.capote_deal]
    assert CAPOTE_RATE / 2 * 200 <= len(dealt) <= CAPOTE_RATE * 2 * 200
    others = [each for each in played if not each.capote_deal]
    assert sum(map(_capote, dealt)) >= len(dealt) * 3 / 4  # the strong side mostly takes every trick
    assert sum(map(_capote, others)) < len(others) / 4  # (where a round is conceded, its few tricks may all be one side's)


def test_no_round_is_dealt_for_a_capote_where_no_rule_reads_one():
    _, played = _rounds("atlas-carta", 60)
    assert not any(each.capote_deal for each in played)


def test_a_capote_round_replays_from_its_plan():
    game = Game.from_spec("tute-capote")
    for index in range(60):
        plan, played = random_round(game, random.Random(f"4/{index}"), label=f"4/{index}", brief=True)
        if played.capote_deal:
            assert play(game, plan).case == played.full_case()
            return
    raise AssertionError("no capote deal in 60 rounds")


def test_fuzz_finds_a_capote_scored_once_and_blames_its_rule(capsys, tmp_path):
    mutant = tmp_path / "capote-scored-once.touti"
    mutant.write_text(CAPOTE_SCORED_ONCE, encoding="utf-8")
    code = main(["fuzz", "--impl", f"{TOUTI} adapter {mutant} --as atlas-capote-double", "--system", "atlas-capote-double",
                 "--rounds", "40", "--seed", "5", "--out", str(tmp_path / "found")])
    out = capsys.readouterr().out
    assert code == 1 and "DIVERGENCE on scoring.made" in out and "on capote deals" in out
