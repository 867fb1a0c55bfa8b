"""An engine written by someone else from the rules alone (conformance/independent/), and what its author's questions
changed: results read without the keys a game has no use for, and blame on the rule that decides what a round of
Tute writes and what a round a tute ended counts."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from touti_dsl.cli import main
from touti_dsl.conformance.blame import SystemRules, blamed_rules
from touti_dsl.conformance.cases import load_cases
from touti_dsl.conformance.compare import compare_step

ROOT = Path(__file__).resolve().parents[2]
INDEPENDENT_TUTE = f"{sys.executable} {ROOT / 'conformance' / 'independent' / 'tute.py'}"


def test_the_independent_tute_engine_passes_the_tute_suite(capsys):
    code = main(["conform", "--impl", INDEPENDENT_TUTE, "--system", "tute", "--refusal", "exact", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, {rule: counts for rule, counts in report["rules"].items() if counts["failed"] or counts["errored"]}
    assert report["totals"]["passed"] == len(load_cases(ROOT / "generated" / "tute"))


TUTE_ROUND_RESULT = {"void": False, "contract": None, "trump": "espadas", "card_points": [23, 0], "last_trick": None,
                     "ghna": [0, 0], "totals": [23, 0], "made": None, "conceded": False, "tute": 0, "winner": 0,
                     "score_changes": [1, 0]}


def _round_result_step(expect: dict) -> dict:
    return {"op": "round_result", "expect": expect}


def test_a_result_without_the_keys_of_features_its_game_lacks_meets_the_expectation():
    """A Tute engine has no contract, concession nor void deal: leaving those keys out says none happened."""
    without = {key: value for key, value in TUTE_ROUND_RESULT.items() if key not in ("void", "contract", "made", "conceded")}
    assert compare_step(0, _round_result_step(TUTE_ROUND_RESULT), without) is None


def test_an_absent_key_still_fails_where_the_expectation_says_something_happened():
    made_false = dict(TUTE_ROUND_RESULT, made=False)
    without_made = {key: value for key, value in TUTE_ROUND_RESULT.items() if key != "made"}
    assert compare_step(0, _round_result_step(made_false), without_made).actual == '{"made": "<absent>"}'
    without_tute = {key: value for key, value in TUTE_ROUND_RESULT.items() if key != "tute"}
    assert compare_step(0, _round_result_step(TUTE_ROUND_RESULT), without_tute) is not None
    conceded = dict(TUTE_ROUND_RESULT, conceded=True)
    assert compare_step(0, _round_result_step(conceded), without_made) is not None


def _tute_cases() -> list[dict]:
    return load_cases(ROOT / "generated" / "tute")


def _blamed_at_round_result(case: dict, **changed) -> list[str]:
    """The rules blamed when an implementation answers the case's (first) round result with `changed` fields."""
    index = next(i for i, step in enumerate(case["steps"]) if step["op"] == "round_result" and step["expect"])
    step = case["steps"][index]
    actual = dict(step["expect"], **changed)
    mismatch = compare_step(index, step, actual)
    assert mismatch is not None
    return blamed_rules(case, mismatch, actual, SystemRules("tute", _tute_cases()))


def _ended_by_a_tute(case: dict) -> bool:
    return any(step["op"] == "round_result" and (step["expect"] or {}).get("tute") is not None for step in case["steps"])


def test_points_written_on_the_score_sheet_of_a_match_in_hands_are_blamed_on_what_the_match_counts():
    # an engine writing the winner's points (77) where a hand won counts one was blamed on whatever rule the case
    # was made for: deck.points, deck.last_trick, ghna.values, scoring.round
    played = [case for case in _tute_cases() if not _ended_by_a_tute(case)
              and any(step["op"] == "round_result" and step["expect"] for step in case["steps"])]
    for case in played:
        expect = next(step["expect"] for step in case["steps"] if step["op"] == "round_result" and step["expect"])
        points = [total if change else 0 for total, change in zip(expect["totals"], expect["score_changes"])]
        assert _blamed_at_round_result(case, score_changes=points) == ["match.end"], case["id"]


def test_what_a_round_a_tute_ended_counts_is_blamed_on_the_tute_not_on_the_cards_points():
    case = next(case for case in _tute_cases() if _ended_by_a_tute(case))
    expect = next(step["expect"] for step in case["steps"] if step["op"] == "round_result")
    tute_team, nobody = expect["tute"], [0] * len(expect["card_points"])
    every_card = [120 if team == tute_team else 0 for team in range(len(nobody))]
    assert _blamed_at_round_result(case, card_points=nobody, totals=nobody) == ["ghna.tute"]
    assert _blamed_at_round_result(case, card_points=every_card, totals=every_card) == ["ghna.tute"]
    bonus = [total + (10 if team == tute_team else 0) for team, total in enumerate(expect["totals"])]
    assert _blamed_at_round_result(case, last_trick=tute_team, totals=bonus) == ["ghna.tute"]
    assert _blamed_at_round_result(case, totals=bonus) == ["ghna.tute"]


def _tute_deal() -> dict:
    """Seat 3 deals and turns the ace of oros (its last card); seat 2 holds the seven of oros; seat 0 leads."""
    cards = [f"{rank}{suit}" for suit in "ceb" for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
    oros = [f"{rank}o" for rank in (2, 3, 4, 5, 6, 10, 11, 12)]
    hands = [cards[:10], cards[10:20], cards[20:29] + ["7o"], oros + cards[29:30] + ["1o"]]
    return {"hands": hands, "dealer": 3}


def test_a_swap_out_of_its_time_names_the_swap_rule_not_the_phase():
    """refusals.md: `action.phase` is for an action no rule places at this point; the swap's own rule says "before
    the first lead", so a late swap is `trump.swap` (an engine naming `action.phase` there failed two cases)."""
    from touti_dsl.conformance.adapter import ReferenceAdapter

    steps = [{"op": "refuse", "seat": 1, "action": "swap"}, {"op": "apply", "seat": 0, "action": "play 1c"},
             {"op": "refuse", "seat": 2, "action": "swap"}]
    request = {"type": "case", "id": "c-swap", "system": "tute", "setup": _tute_deal(), "steps": steps}
    outputs = ReferenceAdapter("tute", "tute").run_case(request)["outputs"]
    assert [output.get("rule") for output in outputs] == ["trump.swap", None, "trump.swap"]
    before = dict(request, steps=[{"op": "apply", "seat": 2, "action": "swap"}])
    assert ReferenceAdapter("tute", "tute").run_case(before)["outputs"] == [{"ok": True}]
    assert "`action.phase`\n   is for an action no rule places at this point" in (
        ROOT / "docs" / "conformance" / "refusals.md").read_text(encoding="utf-8")
