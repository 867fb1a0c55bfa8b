"""Session 15's bug hunt: Tute for two (a stock, the turned card under it) where a side that has taken eight tricks
wins at once (`match.at_once: tricks_won(team) >= 8`).  A condition that holds by the round alone, whatever the
scores, got no case (the generator only looked for the least starting score that makes it hold), and the rounds it
ends early hid the turned card drawn last (only the first long enough round was tried): coverage said MISSING for
match.at_once and trump.turned."""

from __future__ import annotations

import pytest

from touti_dsl.cases import outcomes
from touti_dsl.cases.explore import Explorer
from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request
from touti_dsl.cases.build import finish_case
from touti_dsl.engine import Game
from touti_dsl.engine.scoring import trick_counts
from touti_dsl.loader import load_spec, spec_hash

from tests.house import house_variant


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = house_variant(tmp_path_factory.mktemp("spec"), "tute-two-games-clean",
                         "add match {\n  at_once: tricks_won(team) >= 8\n}\n")
    game = Game.from_spec(load_spec(path))
    return path, game, list(Explorer(game, 20261130).explore(40).rounds)


def test_a_condition_on_the_round_alone_has_a_round_where_it_holds_and_one_where_it_does_not(played):
    _, game, rounds = played
    cases = outcomes.at_once_condition_cases(game, rounds)
    assert sorted(case["polarity"] for case in cases) == ["negative", "negative", "positive", "positive"]
    assert all(case["setup"]["scores"] == [0, 0] for case in cases)


def test_the_round_where_it_does_not_hold_for_a_side_is_the_nearest_to_it(played):
    """The session-16 sweep: the round chosen on each side of the line is the nearest to it (`_margin_of`), not the
    shortest: the side it does not hold for has taken seven tricks, not none (`>= 7` ends that round otherwise)."""
    _, game, rounds = played
    for case in outcomes.at_once_condition_cases(game, rounds):
        side = int(case["description"].split()[1].rstrip(":"))
        state = game.new_round(**case["setup"])
        for step in case["steps"]:
            if step["op"] == "apply":
                state.apply(step["seat"], step["action"])
        assert trick_counts(state, 2)[side] == (8 if case["polarity"] == "positive" else 7), case["description"]


def test_the_turned_card_drawn_last_is_shown_by_a_round_that_gets_that_far(played):
    _, game, rounds = played
    turned = [case for case in outcomes.stock_cases(game, rounds) if "trump.turned" in case["rules"]]
    assert sorted(case["polarity"] for case in turned) == ["negative", "positive"]


def test_the_reference_passes_them(played):
    path, game, rounds = played
    spec = load_spec(path)
    adapter = ReferenceAdapter(str(path))
    for raw in outcomes.at_once_condition_cases(game, rounds) + outcomes.stock_cases(game, rounds):
        case = finish_case(spec, spec_hash(spec), raw)
        assert first_mismatch(case, adapter.run_case(case_request(case))["outputs"], complete=False) is None, case["id"]


def test_a_capote_that_wins_at_once_is_looked_for_on_stacked_deals(tmp_path):
    """Tute where a capote wins the match (`add match { at_once: capote }`): no random round was a capote, and coverage
    said MISSING for match.at_once; stacked deals find one, and its case says the match is won at once."""
    from touti_dsl.cases.build import _look_for_a_capote

    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute", "add match {\n  at_once: capote\n}\n")))
    findings = Explorer(game, 20261130).explore(4)
    assert not any(outcomes.capote_round(game, record) for record in findings.rounds)
    _look_for_a_capote(game, findings, 20261130)
    cases = outcomes.at_once_cases(game, list(findings.rounds))
    assert [(case["rules"], case["polarity"]) for case in cases] == [(["match.at_once"], "positive")]
