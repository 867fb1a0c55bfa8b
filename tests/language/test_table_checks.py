"""Any table at `touti check`: 2 to 6 seats, sides that share out the seats, a deal that uses the deck."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.checks import check_spec
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec
from touti_dsl.variants import load_flat


def _check(tmp_path, table: str, trump: str = "") -> list[tuple[str, str]]:
    path = tmp_path / "table.touti"
    text = f'touti 1\n\nsystem "table" extends "tute" {{\n  title: "A table"\n}}\n\ntable {{\n{table}}}\n'
    if trump:
        text += f"\ntrump {{\n{trump}}}\n"
    path.write_text(text, encoding="utf-8")
    return [(d.code, d.message) for d in check_spec(load_flat(path))]


@pytest.mark.parametrize("table, trump", [
    ("  seats: 2\n  teams: each\n  hand_size: 8\n  draw: winner_first\n", "  turned: under_stock\n"),
    ("  seats: 3\n  teams: each\n  hand_size: 13\n", "  turned: aside\n  remove swap\n"),
    ("  seats: 4 (3, 4, 5)\n  teams: each\n  hand_size: 3 = 13, 4 = 10, 5 = 8\n", "  turned: aside\n  remove swap\n"),
    ("  seats: 4 (3, 4, 5, 6)\n  teams: each\n  sit_out: 5 = dealer, 6 = dealer\n  hand_size: 3 = 13, 4 = 10, 5 = 8\n",
     "  turned: aside\n  remove swap\n"),
], ids=["two-with-stock", "three-each", "players-setting", "dealer-sits-out"])
def test_tables_of_the_family_are_valid(tmp_path, table, trump):
    assert _check(tmp_path, table, trump) == []


@pytest.mark.parametrize("teams", ["0 2 4 | 1 3 5", "0 3 | 1 4 | 2 5"])
def test_sides_of_any_shape_sit_alternately(tmp_path, teams):
    """Six players as 3+3 or 2+2+2 (the 40 cards do not deal out evenly to six: that is E207's, not E208's)."""
    codes = {code for code, _ in _check(tmp_path, f"  seats: 6\n  teams: {teams}\n  hand_size: 6\n")}
    assert codes == {"E207"}


@pytest.mark.parametrize("table, trump, code, words", [
    ("  seats: 7\n  teams: each\n", "", "E209", "2 to 6 players, not 7"),
    ("  seats: 3\n  teams: each\n  hand_size: 8\n  draw: winner_first\n", "", "E207", "do not go round 3 players"),
    ("  seats: 3\n  teams: each\n  hand_size: 12\n", "", "E207", "leaving 4"),
    ("  seats: 2\n  teams: each\n  hand_size: 21\n", "", "E207", "need 42"),
    ("  seats: 4\n  hand_size: 10\n  draw: winner_first\n", "", "E207", "no card is left to draw"),
    ("  hand_size: 6\n", "  turned: under_stock\n", "E207", "needs a stock"),
    ("  seats: 6\n  teams: 0 1 2 | 3 4 5\n  hand_size: 6\n  draw: winner_first\n", "", "E208", "every 2 seats"),
    ("  seats: 6\n  teams: 0 2 4 | 1 3\n  hand_size: 6\n  draw: winner_first\n", "", "E208", "same number"),
    ("  seats: 4 (3, 4)\n  hand_size: 3 = 13, 4 = 10\n", "  turned: aside\n", "E208", "`each`"),
    ("  seats: 4 (3, 4)\n  teams: each\n  hand_size: 4 = 10\n", "", "E209", "no hand size for 3 players"),
    ("  seats: 5 (4, 5)\n  teams: each\n  sit_out: 5 = dealer\n  hand_size: 5 = 8\n", "", "E209",
     "no hand size for 4 players"),
    ("  seats: 5\n  teams: each\n  sit_out: 5 = dealer\n  hand_size: 8\n", "", "E207", "4 hands of 8 need 32"),
    ("  seats: 4 (4, 5)\n  teams: each\n  sit_out: 6 = dealer\n  hand_size: 10\n", "", "E212", "table.seats does not seat 6"),
    ("  seats: 4 (4, 5)\n  teams: each\n  sit_out: 5 = partner\n  hand_size: 10\n", "", "E212", "`PLAYERS = dealer`"),
    ("  seats: 4 (4, 5)\n  teams: each\n  sit_out: 5 = dealer, 5 = dealer\n  hand_size: 10\n", "", "E212", "twice"),
    ("  seats: 4\n  teams: 0 2 | 1 3\n  sit_out: 4 = dealer\n  hand_size: 13\n", "  turned: aside\n", "E208",
     "leave its side of partners short"),
], ids=["seven-seats", "stock-not-round", "cards-left-over", "too-many-cards", "nothing-to-draw", "under-no-stock",
        "partners-side-by-side", "uneven-sides", "setting-with-groups", "missing-hand-size", "missing-dealt-in-size",
        "sitting-out-deal", "sit-out-not-seated", "sit-out-not-dealer", "sit-out-twice", "sit-out-in-pairs"])
def test_tables_that_cannot_be_dealt_or_seated_are_refused(tmp_path, table, trump, code, words):
    found = _check(tmp_path, table, trump)
    assert any(c == code and words in message for c, message in found), found


def _check_text(tmp_path, base: str, body: str) -> list[tuple[str, str]]:
    path = tmp_path / "rules.touti"
    path.write_text(f'touti 1\n\nsystem "rules" extends "{base}" {{\n  title: "Rules"\n}}\n\n{body}', encoding="utf-8")
    return [(d.code, d.message) for d in check_spec(load_flat(path))]


@pytest.mark.parametrize("base, body, words", [
    ("tute", "scoring {\n  round: middle_loses\n  remove tie\n}\n", "middle_loses needs table.teams each"),
    ("atlas-carta", "table {\n  seats: 2\n  teams: each\n  hand_size: 20\n}\n", "every side of table.teams must be two partners"),
    ("tute", "trump {\n  remove swap\n}\n\nadd trump {\n  swap_duty: compulsory\n}\n", "trump.swap_duty needs a swap"),
], ids=["middle-loses-in-pairs", "concession-without-partners", "swap-duty-without-swap"])
def test_rules_a_table_cannot_honour_are_refused_at_check(tmp_path, base, body, words):
    found = _check_text(tmp_path, base, body)
    assert any(code == "E310" and words in message for code, message in found), found


def test_the_dealer_sitting_out_needs_a_dealer(tmp_path):
    found = _check_text(tmp_path, "touti-app", "table {\n  seats: 5\n  teams: each\n  sit_out: 5 = dealer\n"
                                              "  hand_size: 10\n}\n")
    assert any(code == "E700" and "table.sit_out" in message for code, message in found), found


@pytest.mark.parametrize("body, code, words", [
    ("match {\n  end: elimination\n  remove hands\n  losses: 4 (3, 4)\n}\n", "E103", "match.remaining"),
    ("match {\n  end: elimination\n  remove hands\n  losses: 4 (3, 4)\n  remaining: 4\n}\n", "E606", "below the 4"),
    ("match {\n  end: losses\n  remove hands\n  losses: 4 (3, 4)\n  remaining: 2\n}\n", "E108", "remaining applies"),
    ("match {\n  end: elimination\n  remove hands\n  losses: 4 (3, 4)\n  remaining: 2\n}\n", "E310", "needs table.teams each"),
], ids=["remaining-missing", "remaining-too-many", "remaining-without-elimination", "elimination-in-pairs"])
def test_a_match_by_elimination_is_checked(tmp_path, body, code, words):
    found = _check_text(tmp_path, "tute", body)
    assert any(c == code and words in message for c, message in found), found


def test_the_dealer_resting_while_the_bid_winner_plays_the_rest_checks_clean(tmp_path):
    """Survey 2 (P4, row 15): subastado with four at the table, the dealer rests.  No side is short when the bid winner
    plays against the rest, and the engine seats it (the rest: the other players dealt in): no E208, no E310."""
    found = _check_text(tmp_path, "tute-subastado-three", "table {\n  seats: 4 (3, 4)\n  sit_out: 4 = dealer\n"
                                                         "  hand_size: 3 = 12\n}\n")
    assert found == [], found


def _load_problems(tmp_path, base: str, body: str) -> list:
    """The located problems of loading a variant of `base` (its body starts at line 7)."""
    path = tmp_path / "rules.touti"
    path.write_text(f'touti 1\n\nsystem "rules" extends "{base}" {{\n  title: "Rules"\n}}\n\n{body}', encoding="utf-8")
    with pytest.raises(ToutiError) as raised:
        load_spec(path)
    return raised.value.diagnostics


def test_a_side_count_the_base_cannot_play_is_blamed_on_the_variants_teams(tmp_path):
    """Session 13's bug hunt: a variant splitting atlas-carta into three sides was told "a contract is played by two
    sides" at the base's `bidding.minimum` (or blamed on the variant's other change in that section, the step); the
    message names table.teams, so the variant's line is blamed."""
    found = _load_problems(tmp_path, "atlas-carta", "table {\n  teams: 0 2 | 1 | 3\n}\n\nbidding {\n  step: 20\n}\n")
    contract = next(d for d in found if "a contract is played by two sides" in d.message)
    assert (contract.code, Path(contract.loc.file).name, contract.loc.line) == ("E310", "rules.touti", 8)
    assert "override of table.teams makes it wrong" in contract.message


def test_elimination_down_to_fewer_players_needs_their_hand_size(tmp_path):
    """Session 15's bug hunt: tute cabrero played down to `remaining: 1` checked clean, then every other command
    failed with the engine's E310 at the base's hand sizes (no row for 2 players, the table elimination leaves).
    `touti check` says so at the variant's line that causes it."""
    found = next(d for d in _load_problems(tmp_path, "tute-cabrero", "match {\n  remaining: 1\n}\n")
                 if "no hand size for 2 players" in d.message)
    assert (found.code, Path(found.loc.file).name, found.loc.line) == ("E209", "rules.touti", 8)
    assert "elimination" in found.message and found.hint == "add a row `2 = N`"


def test_elimination_down_to_two_players_deals_the_deck_checked(tmp_path):
    """A row for the players elimination leaves must still use the deck (E207 names why that table is dealt)."""
    found = _check_text(tmp_path, "tute-cabrero", "table {\n  hand_size: 2 = 15, 3 = 13, 4 = 10, 5 = 8\n}\n\n"
                                                  "match {\n  remaining: 1\n}\n")
    assert any(code == "E207" and "2 players" in message and "elimination" in message for code, message in found), found


def test_a_row_of_the_base_for_a_number_the_variant_no_longer_seats_is_blamed_on_its_seats(tmp_path):
    """Session 15's bug hunt: tute cabrero seated at three or four only: the base's `sit_out: 5 = dealer, 6 = dealer`
    was shown at the base's line with a hint listing the variant's changes; the variant's `table.seats` is blamed."""
    found = _load_problems(tmp_path, "tute-cabrero", "table {\n  seats: 4 (3, 4)\n  hand_size: 3 = 13, 4 = 10\n}\n")
    rows = [d for d in found if d.code == "E212"]
    assert [(Path(d.loc.file).name, d.loc.line) for d in rows] == [("rules.touti", 8)] * 2, rows
    assert "tute-cabrero.touti:20" in rows[0].message


@pytest.mark.parametrize("seats, hand_size, hint", [(3, 13, "`teams: each`: 3 players"), (6, 6, "`teams: 0 2 4 | 1 3 5`")])
def test_a_variant_seating_a_number_its_base_sides_do_not_fit_is_blamed_at_its_seats(tmp_path, seats, hand_size, hint):
    """Bughunt s17: Tute for three players (`seats: 3`, `hand_size: 13` over tute's `teams: 0 2 | 1 3`) was told the
    split was wrong at the base's teams line, and advised `teams: 0 2 | 1`, which the same check refuses."""
    body = f"table {{\n  seats: {seats}\n  hand_size: {hand_size}\n}}\n"
    teams = next(d for d in _load_problems(tmp_path, "tute", body) if d.code == "E208")
    assert (Path(teams.loc.file).name, teams.loc.line) == ("rules.touti", 8)
    assert "override of table.seats makes it wrong" in teams.message and hint in teams.hint
