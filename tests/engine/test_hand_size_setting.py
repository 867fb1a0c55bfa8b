"""A hand size the table chooses: `table.hand_size: 8 (7, 8)` (Tute for two, "eight cards each or, by exception,
seven"): checked at every choice, dealt as chosen (`--set hand_size=7`), and said on the rules pages."""

from __future__ import annotations

import random
import re
import sys

import pytest

from touti_dsl.checks import check_spec
from touti_dsl.cli import main
from touti_dsl.conformance.fuzz import random_round
from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.variants import load_flat

SEVEN_OR_EIGHT = ('touti 1\n\nsystem "seven-or-eight" extends "tute-habanero" {{\n  title: "Seven or eight"\n}}\n\n'
                  "table {{\n  hand_size: {hand_size}\n}}\n")


def _spec_file(tmp_path, hand_size: str = "8 (7, 8)"):
    path = tmp_path / "seven-or-eight.touti"
    path.write_text(SEVEN_OR_EIGHT.format(hand_size=hand_size), encoding="utf-8")
    return path


def _problems(tmp_path, hand_size: str) -> list[tuple[str, str, int]]:
    return [(d.code, d.message, d.loc.line) for d in check_spec(load_flat(_spec_file(tmp_path, hand_size)))]


# ---------------------------------------------------------------- touti check


def test_a_hand_size_the_table_chooses_is_valid(tmp_path):
    assert _problems(tmp_path, "8 (7, 8)") == []


def test_the_deal_is_checked_at_every_choice_and_the_diagnostic_names_it(tmp_path):
    """Two hands of 30 need 60 cards: only the choice 30 is wrong, and E207 says so, located at the setting."""
    assert _problems(tmp_path, "8 (7, 8, 30)") == [
        ("E207", "with table.hand_size 30: the deck has 40 cards and 2 hands of 30 need 60", 8)]


def test_each_wrong_choice_is_named_and_a_problem_of_every_choice_is_said_once(tmp_path):
    assert _problems(tmp_path, "25 (25, 30)") == [
        ("E207", "with table.hand_size 25: the deck has 40 cards and 2 hands of 25 need 50", 8),
        ("E207", "with table.hand_size 30: the deck has 40 cards and 2 hands of 30 need 60", 8)]
    path = _spec_file(tmp_path)
    path.write_text(path.read_text(encoding="utf-8") + "\ndeck {\n  last_trick: -1\n}\n", encoding="utf-8")
    assert [(d.code, d.message) for d in check_spec(load_flat(path))] == [
        ("E209", "deck.last_trick must not be negative (-1)")]


def test_the_default_must_be_a_choice(tmp_path):
    assert _problems(tmp_path, "8 (7, 9)") == [
        ("E600", "table.hand_size default 8 is not among its choices (7, 9)", 8)]


def test_a_setting_inside_a_row_of_a_table_is_refused_with_a_located_hint(tmp_path, capsys):
    assert main(["check", str(_spec_file(tmp_path, "2 = 8 (7, 8)"))]) == 1
    err = capsys.readouterr().err
    assert "seven-or-eight.touti:8:20: error[E002]: unexpected '('" in err
    assert "a setting inside a row of a table is not supported" in err


# ---------------------------------------------------------------- the engine


def test_the_table_deals_the_hand_size_it_chose(tmp_path):
    spec = load_flat(_spec_file(tmp_path))
    eight, seven = Game.from_spec(spec), Game.from_spec(spec, hand_size=7)
    assert [len(h) for h in eight.new_round(seed=1).hands] == [8, 8] and eight.settings == {}
    state = seven.new_round(seed=1)
    assert [len(h) for h in state.hands] == [7, 7] and len(state.stock) == 26 and seven.settings == {"hand_size": 7}
    assert seven.ruleset.tricks_per_round == 20  # the stock takes what the hands leave: every card is still played


def test_a_hand_size_not_offered_is_refused(tmp_path):
    with pytest.raises(ToutiError, match=r"table.hand_size = 9 is not allowed \(choices: 7, 8\)"):
        Game.from_spec(load_flat(_spec_file(tmp_path)), hand_size=9)
    with pytest.raises(ToutiError, match="table.hand_size is fixed by this spec: it is not a setting"):
        Game.from_spec("tute", hand_size=7)


def test_play_chooses_the_hand_size(tmp_path, capsys):
    path = str(_spec_file(tmp_path))
    assert main(["play", path, "--seed", "1", "--set", "hand_size=7"]) == 0
    assert "stock (26 cards, drawn in this order)" in capsys.readouterr().out
    assert main(["play", path, "--seed", "1", "--set", "hand_size=9"]) == 2
    assert "--set hand_size=9: 9 is not a choice of table.hand_size in seven-or-eight (choices: 7, 8)" in capsys.readouterr().err
    assert main(["play", "tute", "--seed", "1", "--set", "hand_size=7"]) == 2
    assert "tute has no setting 'hand_size'" in capsys.readouterr().err


def test_fuzz_plays_the_hand_size_chosen_and_each_case_names_it(tmp_path, capsys):
    path = _spec_file(tmp_path)
    touti = f"{sys.executable} -m touti_dsl"
    assert main(["fuzz", "--impl", f"{touti} adapter {path}", "--system", str(path), "--set", "hand_size=7",
                 "--rounds", "10", "--seed", "1", "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.startswith("touti fuzz: no divergence: 10 rounds, ")
    _, played = random_round(Game.from_spec(load_flat(path), hand_size=7), random.Random("1/0"))
    assert played.case["setup"]["settings"] == {"hand_size": 7}
    assert [len(hand) for hand in played.case["setup"]["hands"]] == [7, 7]


def test_the_suite_has_cases_at_the_other_choice_naming_it(tmp_path):
    """The suite's cases are played at the default; the other hand size gets its round, rotation and playthrough
    cases, each setup naming the choice (an implementation that deals eight whatever the table chose fails them)."""
    from touti_dsl.cases.build import other_table_cases

    cases = other_table_cases(load_flat(_spec_file(tmp_path)), 1)
    assert cases and all(case["setup"]["settings"] == {"hand_size": 7} for case in cases)
    assert all(case["description"].endswith("(7 cards each)") for case in cases)
    assert {len(hand) for case in cases for hand in case["setup"]["hands"]} == {7}


# ---------------------------------------------------------------- the rules pages


@pytest.mark.parametrize("lang, sentence", [
    ("en", "Each player is dealt 8 cards. A table may choose 7 instead of 8."),
    ("fr", "Chaque joueur reçoit 8 cartes. Une table peut choisir 7 au lieu de 8."),
    ("ar", "يأخذ كل لاعب 8 أوراق. ويمكن للطاولة أن تختار 7 بدلًا من 8."),
])
def test_the_page_says_the_hand_size_and_the_other_choice(tmp_path, lang, sentence):
    from touti_dsl.docs.catalog import catalog
    from touti_dsl.docs.views import PageWords

    spec = load_flat(_spec_file(tmp_path))
    said = PageWords(catalog(lang), spec).rule_view(spec.rule("table.hand_size")).sentence
    assert re.sub(r'<bdi dir="ltr">(\d+)</bdi>', r"\1", said) == sentence  # Arabic isolates its numerals


def test_a_problem_at_one_number_of_players_and_one_hand_size_says_both_in_one_prefix(tmp_path):
    """Briscola for two to six with ten cards each as a choice: ten each is too many at four to six players only."""
    path = tmp_path / "ten-each.touti"
    path.write_text('touti 1\n\nsystem "ten-each" extends "briscola-two-to-six" {\n  title: "Ten each"\n}\n\n'
                    "table {\n  hand_size: 3 (3, 10)\n}\n", encoding="utf-8")
    assert [d.message for d in check_spec(load_flat(path))] == [
        "with 4 players and table.hand_size 10: the deck has 40 cards and 4 hands of 10 need 40: no card is left to "
        "draw (table.draw winner_first)",
        "with 5 players and table.hand_size 10: the deck has 40 cards and 5 hands of 10 need 50",
        "with 6 players and table.hand_size 10: the deck has 36 cards and 6 hands of 10 need 60"]
