"""`rotation.next_round` as a choice of words by conditions on the finished round: "after a hand tied at 60-60 (nobody
wins the hand), the same dealer deals again" is `next_round: same_seat if hand_tied else next_seat`.

docs/language.md, "Rotation and concession": each condition is judged once the round is over, the first that holds
gives the word; a value of another shape is E101, a word outside the vocabulary E102, a term without a value after the
round E403 — each located where it is written.
"""

from __future__ import annotations

import pytest

from touti_dsl import model as m
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec
from touti_dsl.word_choice import branches


def _load(tmp_path, rotation: str, base: str = "brisca-two", more: str = ""):
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n'
                    f'rotation {{\n  next_round: {rotation}\n}}\n{more}', encoding="utf-8")
    return load_spec(path)


def _found(tmp_path, rotation: str, base: str = "brisca-two", more: str = "") -> list[tuple]:
    with pytest.raises(ToutiError) as caught:
        _load(tmp_path, rotation, base, more)
    return [(d.code, d.loc.line, d.loc.column, d.message) for d in caught.value.diagnostics]


def test_a_choice_reads_as_its_branches_in_order(tmp_path):
    spec = _load(tmp_path, "same_seat if hand_tied else hand_winner if capote(winner) else next_seat")
    found = branches(spec.value("rotation.next_round"))
    assert [b.word for b in found] == ["same_seat", "hand_winner", "next_seat"]
    assert found[0].condition == m.Pred("hand_tied") and found[-1].condition is None


def test_same_seat_is_a_word_of_its_own(tmp_path):
    assert _load(tmp_path, "same_seat").value("rotation.next_round") == m.Word("same_seat")


def test_a_value_that_is_not_a_choice_of_words_is_e101_at_the_value(tmp_path):
    found = _found(tmp_path, "2 + next_seat")
    assert [(code, line, column) for code, line, column, _ in found] == [("E101", 8, 15)]
    assert "WORD if CONDITION else WORD" in found[0][3]


def test_a_word_outside_the_vocabulary_is_e102_at_the_word(tmp_path):
    found = _found(tmp_path, "same_sat if hand_tied else nobody")
    assert [(code, column) for code, _, column, _ in found] == [("E102", 15), ("E102", 42)]
    assert "'same_sat'" in found[0][3] and "'nobody'" in found[1][3]


def test_a_term_without_a_value_after_the_round_is_e403_at_the_term(tmp_path):
    found = _found(tmp_path, "same_seat if hand_tied or can_win else next_seat")
    assert [(code, column) for code, _, column, _ in found] == [("E403", 41)]
    assert "who deals next" in found[0][3]


def test_a_seat_side_is_not_a_side_after_the_round(tmp_path):
    found = _found(tmp_path, "same_seat if tricks_won(self) > 10 else next_seat")
    assert [code for code, *_ in found] == ["E401"]


def test_a_number_where_a_condition_is_wanted_is_e410(tmp_path):
    found = _found(tmp_path, "same_seat if points(winner) else next_seat")
    assert [code for code, *_ in found] == ["E410"]


def test_hand_tied_is_meaningful_only_for_who_deals_next(tmp_path):
    scoring = "\nscoring {\n  winner: 2 if hand_tied else 1\n}\n"
    found = _found(tmp_path, "next_seat", more=scoring)
    assert [code for code, *_ in found] == ["E403"]


def test_the_scoring_terms_may_decide_who_deals_next(tmp_path):
    spec = _load(tmp_path, "same_seat if points(bidders) >= contract else next_seat", base="atlas-carta")
    assert len(branches(spec.value("rotation.next_round"))) == 2


def test_the_dealers_side_is_team_after_the_round(tmp_path):
    spec = _load(tmp_path, "same_seat if won_hand(team) and tricks_won(opponents) < 3 else next_seat", base="guinote")
    assert branches(spec.value("rotation.next_round"))[0].word == "same_seat"
    found = _found(tmp_path, "same_seat if won_hand(partner) else next_seat", base="guinote")
    assert [code for code, *_ in found] == ["E401"] and "'partner' is not a side" in found[0][3]
