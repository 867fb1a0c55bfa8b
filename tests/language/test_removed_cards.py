"""Single cards out of the deck (`deck.removed: 2b`): "when playing in 3 you must get rid of one of the cards,
typically the 2 of Bastoni" (viniciocoletti.it, Briscola).  Read, formatted, edited by variants and checked with
located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl import model as m
from touti_dsl.errors import ToutiError
from touti_dsl.formatter import format_spec_file
from touti_dsl.loader import load_spec
from touti_dsl.parser import parse_text
from touti_dsl.table_sizes import for_players

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-two-to-four.touti"
HEAD = 'touti 1\n\nsystem "three" extends "brisca-pairs" {\n  title: "Three"\n}\n\n'
THREE = "table {\n  seats: 3\n  teams: each\n}\n\ntrump {\n  remove swap\n  remove swap_window\n}\n\n"


def _load(tmp_path, body: str, name: str = "three"):
    path = tmp_path / f"{name}.touti"
    path.write_text(HEAD.replace('"three"', f'"{name}"') + body, encoding="utf-8")
    return load_spec(path)


def _diagnostics(tmp_path, body: str) -> list[tuple[str, int, int, str]]:
    with pytest.raises(ToutiError) as caught:
        _load(tmp_path, body)
    return [(d.code, d.loc.line, d.loc.column, d.message) for d in caught.value.diagnostics]


def test_cards_are_read_as_the_actions_write_them():
    spec = parse_text(HEAD + "deck {\n  removed: 2b, 12o\n}\n", "three.touti")
    rule = next(r for r in spec.rules if r.id == "deck.removed")
    assert rule.value == m.Cards(("2b", "12o"))
    assert [(loc.line, loc.column) for loc in rule.value.item_locs] == [(8, 12), (8, 16)]


def test_the_formatter_writes_them_back():
    text = HEAD + "deck {\n  removed: 2b, 2o\n}\n"
    assert "  removed: 2b, 2o\n" in format_spec_file(parse_text(text, "three.touti"))


def test_one_card_out_lets_three_players_share_a_stock(tmp_path):
    spec = _load(tmp_path, THREE + "deck {\n  removed: 2b\n}\n")
    assert spec.value("deck.removed").cards == ("2b",)


def test_without_it_the_stock_of_40_does_not_go_round_three(tmp_path):
    found = _diagnostics(tmp_path, THREE)
    assert [code for code, *_ in found] == ["E207"]
    assert "the deck has 40 cards" in found[0][3]


def test_two_cards_out_are_counted_by_the_deal_check(tmp_path):
    found = _diagnostics(tmp_path, THREE + "deck {\n  removed: 2b, 2o\n}\n")
    assert [code for code, *_ in found] == ["E207"]
    assert "the deck has 38 cards" in found[0][3]


def test_an_unknown_rank_or_suit_code_and_a_card_twice_point_at_the_card(tmp_path):
    found = _diagnostics(tmp_path, THREE + "deck {\n  removed: 9b, 2x, 2b, 2b\n}\n")
    line = 18
    assert [(code, at_line, col) for code, at_line, col, _ in found] == [
        ("E218", line, 12), ("E218", line, 16), ("E218", line, 24)]
    assert "no rank 9" in found[0][3] and "no suit of code 'x'" in found[1][3] and "twice" in found[2][3]


def test_a_card_a_song_needs_is_refused(tmp_path):
    path = tmp_path / "songs.touti"
    path.write_text('touti 1\n\nsystem "songs" extends "tute" {\n  title: "Songs"\n}\n\n'
                    "deck {\n  removed: 12o\n}\n\ntable {\n  seats: 3\n  teams: each\n  hand_size: 13\n}\n",
                    encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    found = [(d.code, d.loc.line, d.loc.column, d.message) for d in caught.value.diagnostics]
    assert ("E219", 8, 12) in [(code, line, col) for code, line, col, _ in found]
    assert any("ghna.pair needs it" in message for *_, message in found)


def test_the_card_whose_holder_leads_is_refused(tmp_path):
    found = _diagnostics(tmp_path, THREE + "rotation {\n  first_lead: holder(2, bastos)\n}\n\n"
                                           "deck {\n  removed: 2b\n}\n")
    assert [code for code, *_ in found] == ["E219"]
    assert "rotation.first_lead needs it" in found[0][3]


def test_a_variant_adds_and_removes_cards_item_by_item(tmp_path):
    _load(tmp_path, THREE + "deck {\n  removed: 2b\n}\n", "base-three")
    path = tmp_path / "edited.touti"
    path.write_text('touti 1\n\nsystem "edited" extends "base-three" {\n  title: "Edited"\n}\n\n'
                    "deck {\n  add removed: 2c\n  remove removed: 2b\n}\n", encoding="utf-8")
    spec = load_spec(path)
    assert spec.value("deck.removed").cards == ("2c",)


def test_a_variant_adding_a_card_already_out_is_located(tmp_path):
    _load(tmp_path, THREE + "deck {\n  removed: 2b\n}\n", "base-three")
    path = tmp_path / "twice.touti"
    path.write_text('touti 1\n\nsystem "twice" extends "base-three" {\n  title: "Twice"\n}\n\n'
                    "deck {\n  add removed: 2b\n}\n", encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    assert [(d.code, d.loc.line) for d in caught.value.diagnostics] == [("E028", 8)]


def test_a_block_takes_a_card_out_at_its_number_only():
    spec = load_spec(EXAMPLE)
    assert not for_players(spec, 2).has("deck.removed")
    assert for_players(spec, 3).value("deck.removed").cards == ("2b",)


def test_every_card_of_the_swap_rank_taken_out_is_refused_one_is_not(tmp_path):
    """Bughunt s17: Guiñote with the four sevens taken out checked clean while `trump.swap: 7` could never apply."""
    path = tmp_path / "sevens.touti"
    head = 'touti 1\n\nsystem "sevens" extends "guinote" {\n  title: "Sevens"\n}\n\ndeck {\n  removed: '
    path.write_text(head + "7o, 7c, 7e, 7b\n}\n", encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    (problem,) = caught.value.diagnostics
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E219", 8, 24)
    assert "every card of rank 7" in problem.message and "trump.swap" in problem.message
    path.write_text(head + "7o, 7c, 7e, 2b\n}\n", encoding="utf-8")  # one seven left: its suit may still swap
    assert load_spec(path).value("deck.removed").cards == ("7o", "7c", "7e", "2b")
