"""A claim of a condition (`claim.holds` written as one): spec/examples/tute-habanero-announced.touti.

Havanian tute (ludoteka.com): "the winner of every trick has the chance to announce that the 101 points limit
has been reached, and the hand is already won"; a wrong announcement loses.  The spec writes
`holds: score(team) + points(team) >= target` with `false: loses_game`: the claim is judged at once, on the
points taken so far, and one that holds wins the game for the claimant, one that does not for the other player.
"""

from __future__ import annotations

import pytest

from touti_dsl.conformance.blame import SystemRules, blamed_rules
from touti_dsl.conformance.compare import compare_step
from touti_dsl.engine import Game, IllegalAction, RoundState
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import game
from .test_claim import _variant as claim_variant

SYSTEM = "tute-habanero-announced"


def _after_first_trick(scores: list[int]) -> RoundState:
    """Seed 3's round from these scores, played until the first trick is won (the winner may then announce)."""
    state = game(SYSTEM).new_round(seed=3, scores=scores)
    while state.tricks_played < 1:
        seat = state.to_play
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("play ")))
    return state


def test_an_announcement_is_judged_on_the_score_carried_and_the_points_so_far():
    probe = _after_first_trick([0, 0])
    leader = probe.to_play
    taken = probe.card_points[leader]
    needed = 101 - taken  # the least carried score that makes the announcement true
    for carried, held in ((needed, True), (needed - 1, False)):
        scores = [0, 0]
        scores[leader] = carried
        state = _after_first_trick(scores)
        assert "claim" in state.legal_actions(leader)  # with cards still in the stock: an announcement needs no hand
        assert state.stock
        state.apply(leader, "claim")
        result, match = state.round_result(), state.match_result()
        assert state.is_terminal() and result["claim"] == {"seat": leader, "held": held}
        winner = leader if held else 1 - leader
        assert result["winner"] == winner and match["over"] and match["winner"] == winner


def test_no_announcement_before_a_trick_is_won():
    state = game(SYSTEM).new_round(seed=3, scores=[100, 0])
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.to_play, "claim")
    assert caught.value.rule_id == "claim.after_a_trick" and state.to_json() == before


def test_the_announcement_survives_json():
    state = _after_first_trick([0, 0])
    state.apply(state.to_play, "claim")
    again = RoundState.from_json(game(SYSTEM), state.to_json())
    assert again.round_result() == state.round_result() and again.match_result() == state.match_result()


def _variant(tmp_path, lines: str, extra: str = "") -> Game:
    """Tute with a claim made before leading, its other lines as given."""
    return claim_variant(tmp_path, "  window: to_lead\n" + lines, extra)


def test_loses_hand_gives_the_hand_not_the_match(tmp_path):
    variant = _variant(tmp_path, "  holds: tricks_won(team) >= 3\n  false: loses_hand\n")
    state = variant.new_round(seed=5)
    while state.tricks_played < 1:
        state.apply(state.to_play, next(a for a in state.legal_actions(state.to_play) if a.startswith("play ")))
    leader = state.to_play
    state.apply(leader, "claim")
    result, match = state.round_result(), state.match_result()
    other = 1 - state.seating.team_of[leader]
    assert result["claim"] == {"seat": leader, "held": False} and result["winner"] == other
    assert result["score_changes"][other] == 1 and not match["over"]


@pytest.mark.parametrize("lines, extra, message", [
    ("  holds: points(team) >= 101\n  false: play_on\n", "", "needs claim.false loses_hand or loses_game"),
    ("  false: loses_game\n", "table {\n  seats: 3\n  teams: each\n  hand_size: 13\n}\n\n", "two sides"),
    ("  holds: points(team) >= 101\n  false: loses_hand\n", "scoring {\n  round: contract\n}\n\n", "most_points"),
])
def test_what_the_engine_cannot_run(tmp_path, lines, extra, message):
    with pytest.raises(ToutiError) as caught:
        _variant(tmp_path, lines, extra)
    assert any(d.code == "E310" and message in d.message for d in caught.value.diagnostics), caught.value.diagnostics


@pytest.mark.parametrize("holds, hint", [("  holds: points(team) >= 61\n", False), ("", True)])
def test_play_on_is_offered_only_to_a_claim_of_the_rest(tmp_path, holds, hint):
    """A claim of a condition with play_on is E310 too: the two-sides error must not send the editor there."""
    table = "table {\n  seats: 3\n  teams: each\n  hand_size: 13\n}\n\n"
    with pytest.raises(ToutiError) as caught:
        _variant(tmp_path, holds + "  false: loses_game\n", table)
    found = [d.message for d in caught.value.diagnostics if d.code == "E310" and "two sides" in d.message]
    assert found and ("play_on" in found[0]) == hint, caught.value.diagnostics


@pytest.mark.parametrize("holds, code, words", [
    ("points(team) + 1", "E410", "needs a condition"),
    ("points(self) >= 101", "E401", "not a side in the condition a claim states"),
    ("points(team) >= 101 and trick_number > 3", "E403", "cannot be used in the condition a claim states"),
])
def test_a_wrong_condition_is_located(tmp_path, holds, code, words):
    path = tmp_path / "announced.touti"
    path.write_text('touti 1\n\nsystem "announced" extends "tute" {\n  title: "Announced"\n}\n\n'
                    f"add claim {{\n  window: to_lead\n  holds: {holds}\n  false: loses_game\n}}\n", encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    found = [d for d in caught.value.diagnostics if d.code == code]
    assert found and words in found[0].message and found[0].loc.line == 9, caught.value.diagnostics


def test_a_claim_judged_the_other_way_is_blamed_on_claim_holds():
    state = _after_first_trick([0, 0])
    seat = state.to_play
    state.apply(seat, "claim")
    expect = state.round_result()
    step = {"op": "round_result", "expect": expect}
    case = {"system": SYSTEM, "rules": ["claim.false"], "setup": {"hands": []}, "steps": [step]}
    actual = dict(expect, claim={"seat": seat, "held": not expect["claim"]["held"]}, winner=seat)
    mismatch = compare_step(0, step, actual)
    assert blamed_rules(case, mismatch, actual, SystemRules(SYSTEM, [case]))[0] == "claim.holds"
