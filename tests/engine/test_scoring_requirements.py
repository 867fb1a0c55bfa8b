"""Scoring's `require` lines: a player who fails one at the end of the hand loses it, before the ranking by place.

Tute cabrón as ludoteka.com publishes it: "the player who doesn't get any trick loses the hand ... if all the players
get some trick and one or two of them are over 100 points, those ... will lose"; Tute cabrero (es.stringtranslate.com):
the place decides "if all took at least one trick".  spec/examples/tute-cabrero-no-trick-loses.touti:
`require took_trick: tricks_won(team) > 0`, then `require at_most_100: points(team) <= 100`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game
from touti_dsl.engine.scoring import standing_judged, trick_counts
from touti_dsl.loader import load_spec

from tests.house import house_codes

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
EXAMPLE = EXAMPLES / "tute-cabrero-no-trick-loses.touti"


def _played(game: Game, seed: int):
    """A round dealt from `seed` and played by seeded random choices, and its actions."""
    rng, state, history = random.Random(seed), game.new_round(seed=seed, dealer=0), []
    while not state.is_terminal():
        seat = state.actors()[0]
        action = rng.choice(state.legal_actions(seat))
        history.append((seat, action))
        state.apply(seat, action)
    return state, history


def _replayed(game: Game, seed: int, history):
    state = game.new_round(seed=seed, dealer=0)
    for seat, action in history:
        state.apply(seat, action)
    return state


# seeds whose random round leaves a player without a trick (41, 88), or, every player with a trick, one over 100
# (34, 56), or neither (0)
@pytest.mark.parametrize("seed", [41, 88, 34, 56, 0])
def test_a_player_without_a_trick_then_one_over_100_loses_before_the_middle(seed):
    game, base = Game.from_spec(load_spec(EXAMPLE)), Game.from_spec(load_spec(EXAMPLES / "tute-cabrero.touti"))
    state, history = _played(game, seed)
    result, tricks = state.round_result(), trick_counts(state, 3)
    middle = _replayed(base, seed, history).round_result()["losers"]  # the same round where the middle loses
    if 0 in tricks:
        expected = [side for side in range(3) if tricks[side] == 0]
    elif max(result["totals"]) > 100:
        expected = [side for side in range(3) if result["totals"][side] > 100]
    else:
        expected = middle
    assert result["losers"] == expected and result["score_changes"] == [int(s in expected) for s in range(3)]
    assert (expected != middle) == (seed != 0), (seed, tricks, result["totals"], middle)


def test_the_first_line_some_player_fails_decides(tmp_path):
    """Written the other way round, the limit of 100 is judged first: a player over 100 loses even where another
    player took no trick."""
    text = EXAMPLE.read_text(encoding="utf-8")
    took = "  require took_trick: tricks_won(team) > 0\n"
    swapped = tmp_path / "swapped.touti"
    swapped.write_text(text.replace(took, "").replace("  require at_most_100: points(team) <= 100\n",
                                                       "  require at_most_100: points(team) <= 100\n" + took),
                       encoding="utf-8")
    game = Game.from_spec(load_spec(swapped))
    assert [rule_id for rule_id, _ in game.ruleset.formulas.standing] == ["scoring.at_most_100", "scoring.took_trick"]
    state, _ = _played(game, 835)  # player 2 took no trick, player 1 has 111
    assert state.round_result()["losers"] == [1] and standing_judged(state)[0] == "scoring.at_most_100"
    state, _ = _played(Game.from_spec(load_spec(EXAMPLE)), 835)  # as the example writes them
    assert state.round_result()["losers"] == [2] and standing_judged(state)[0] == "scoring.took_trick"


def _codes(tmp_path, base: str, lines: str) -> list[tuple[str, int]]:
    return house_codes(tmp_path, base, f"add scoring {{\n{lines}}}\n")


def test_only_a_ranking_by_place_has_losers_to_name(tmp_path):
    assert ("E310", 8) in _codes(tmp_path, "tute", "  require took_trick: tricks_won(team) > 0\n")


@pytest.mark.parametrize("condition, code", [("points(winner) <= 100", "E401"),  # no winner before the ranking
                                             ("holds_trump", "E403"),  # a term of the play
                                             ("points(team)", "E410")])  # a number, not a condition
def test_a_line_is_a_condition_on_the_player_judged(tmp_path, condition, code):
    assert (code, 8) in _codes(tmp_path, "tute-cabrero", f"  require line: {condition}\n")


def test_the_pages_state_it_in_every_language():
    from tests.docs.helpers import spec_pages

    pages = spec_pages(EXAMPLE)
    assert ("At the end of the hand, before the ranking by points, a player loses the hand unless the number of tricks "
            "they won this round is at least 1.") in pages["en"]
    assert "the players who fail the first one that any player fails lose the hand" in pages["en"]
    assert "un joueur perd la main sauf si le nombre de ses propres plis remportés" in pages["fr"]
    assert "يخسر اللاعب اليد إلا إذا كان عدد المرات التي ربح فيها بنفسه لمّة" in pages["ar"]


def test_the_generator_shows_each_line_deciding_and_not():
    """A stacked side leaves a player without a trick (build.py); each line gets a round where it decides and one
    where every player meets it (outcomes.standing_cases)."""
    from touti_dsl.cases import outcomes
    from touti_dsl.cases.explore import Explorer

    game = Game.from_spec(load_spec(EXAMPLE))
    findings = Explorer(game, 20261130).explore(40)
    Explorer(game, 20261130 + 3300, findings=findings, stacked=True).explore(8)
    cases = outcomes.standing_cases(game, findings.rounds)
    assert sorted((case["rules"][0], case["polarity"]) for case in cases) == [
        ("scoring.at_most_100", "negative"), ("scoring.at_most_100", "positive"),
        ("scoring.took_trick", "negative"), ("scoring.took_trick", "positive")]
    decided = next(c for c in cases if c["rules"][0] == "scoring.took_trick" and c["polarity"] == "positive")
    assert decided["steps"][-1]["expect"]["losers"] and "fail" in decided["description"]


def test_an_implementation_without_the_line_is_blamed_on_it(tmp_path):
    """Played without `took_trick`, the round where a player took no trick names another loser: the blame is on the
    line the case shows deciding, not on the ranking."""
    from touti_dsl.cases import outcomes
    from touti_dsl.cases.explore import Explorer
    from touti_dsl.conformance.adapter import ReferenceAdapter
    from touti_dsl.conformance.blame import SystemRules, blamed_rules
    from touti_dsl.conformance.compare import first_mismatch
    from touti_dsl.conformance.protocol import case_request

    game = Game.from_spec(load_spec(EXAMPLE))
    findings = Explorer(game, 20261130 + 3300, stacked=True).explore(8)
    case = next(c for c in outcomes.standing_cases(game, findings.rounds)
                if c["rules"][0] == "scoring.took_trick" and c["polarity"] == "positive")
    case = dict(case, id="c-took-trick", system=game.spec.system)
    mutant = tmp_path / "mutant.touti"
    mutant.write_text('touti 1\n\nsystem "mutant" extends "tute-cabrero-no-trick-loses" {\n  title: "mutant"\n}\n\n'
                      "scoring {\n  remove took_trick\n}\n", encoding="utf-8")
    outputs = ReferenceAdapter(str(mutant), game.spec.system).run_case(case_request(case))["outputs"]
    mismatch = first_mismatch(case, outputs, complete=False)
    assert mismatch is not None
    system = SystemRules(game.spec.system, [case], spec=game.spec)
    assert blamed_rules(case, mismatch, outputs[mismatch.step], system)[:1] == ["scoring.took_trick"]
