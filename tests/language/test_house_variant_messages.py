"""Messages a card-site editor met writing house variants (session 15's bug hunt): each names what to write, located
at the variant's own line, and none leaks a Python value or an example of another rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from tests.house import house_variant


def _problems(tmp_path, base: str, body: str) -> list:
    with pytest.raises(ToutiError) as raised:
        load_spec(house_variant(tmp_path, base, body))
    return raised.value.diagnostics


def test_cotos_written_as_a_number_get_an_example_of_cotos(tmp_path):
    found = _problems(tmp_path, "guinote-two-cotos", "match {\n  cotos: 2\n}\n")
    shape = next(d for d in found if d.code == "E101")
    assert shape.hint == "for example `cotos: 2 (1, 2, 3)`"  # it was the target's `cotos: 600 (400, 600, 1000)`


def test_a_require_line_named_after_a_scoring_rule_is_told_to_take_another_name(tmp_path):
    found = _problems(tmp_path, "tute-cabrero", "add scoring {\n  require round: tricks_won(team) > 0\n}\n")
    assert [(d.code, d.loc.line) for d in found] == [("E101", 8)]  # no E310 "... not None" after it
    assert found[0].hint == "round is the name of a scoring rule: give the `require` line another name"
    assert all("None" not in d.message for d in found)


def test_a_widow_that_does_not_fit_the_base_deal_is_located_at_the_widow_with_a_deal_that_fits(tmp_path):
    body = "add widow {\n  size: 3\n  by: bid_winner\n  take: compulsory\n  points: taker\n}\n"
    problem = next(d for d in _problems(tmp_path, "briscola-chiamata", body) if d.code == "E207")
    assert (Path(problem.loc.file).name, problem.loc.line) == ("house.touti", 8)
    assert problem.hint == "table.hand_size: 7 with widow.size: 5"  # it was `widow.size: 0`, itself an error


def test_touti_for_three_each_for_oneself_is_told_how_a_contract_is_played(tmp_path):
    body = "deck {\n  removed: 2o\n}\n\ntable {\n  seats: 3\n  teams: each\n  hand_size: 13\n}\n"
    problem = next(d for d in _problems(tmp_path, "tutti-ma", body) if d.code == "E310")
    assert problem.loc.line == 13  # the variant's teams line
    assert "teams: bidder_against_rest" in problem.hint  # the hint written in, the spec loads
    load_spec(house_variant(tmp_path, "tutti-ma", body.replace("teams: each", "teams: bidder_against_rest")))


def test_a_concession_at_a_table_without_pairs_is_told_it_may_be_taken_out(tmp_path):
    body = "table {\n  seats: 3\n  teams: bidder_against_rest\n  hand_size: 13\n}\n\ndeck {\n  removed: 2o\n}\n"
    problem = next(d for d in _problems(tmp_path, "atlas-carta", body) if d.code == "E310")
    assert problem.hint.startswith("take the concession out: `remove concession`")
