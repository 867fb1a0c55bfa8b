"""A table without trumps (`trump.choice: none`) refuses, where it is written, whatever needs trumps (E420), and its
`trick.winner` must say that the led suit alone wins a trick, as only it may (E421).

docs/language.md, "A table without trumps": "Whatever would need trumps is refused where it is written, rather than
read as never true."
"""

from __future__ import annotations

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

# Briscola for two without trumps: every section below the header is written again by a test.
NO_TRUMPS = 'trump {\n  choice: none\n  remove turned\n}\n\ntrick {\n  winner: highest_led\n}\n'


def _load(tmp_path, body: str, base: str = "brisca-two"):
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n{body}', encoding="utf-8")
    return load_spec(path)


def _found(tmp_path, body: str, base: str = "brisca-two") -> list[tuple]:
    with pytest.raises(ToutiError) as caught:
        _load(tmp_path, body, base)
    return [(d.code, d.loc.line, d.message, d.hint) for d in caught.value.diagnostics]


def _codes(found) -> list[tuple[str, int]]:
    return [(code, line) for code, line, _, _ in found]


def test_a_table_without_trumps_checks_clean(tmp_path):
    spec = _load(tmp_path, NO_TRUMPS)
    assert spec.value("trump.choice").value == "none" and spec.value("trick.winner").value == "highest_led"


def test_trumps_taken_away_without_a_new_trick_winner_is_refused_at_the_trick_winner(tmp_path):
    found = _found(tmp_path, 'trump {\n  choice: none\n  remove turned\n}\n')
    assert [code for code, *_ in found] == ["E421"]
    assert "no trumps" in found[0][2] and "highest_led" in found[0][3]


def test_the_led_suit_alone_is_refused_where_trumps_exist(tmp_path):
    found = _found(tmp_path, 'trick {\n  winner: highest_led\n}\n')
    assert _codes(found) == [("E421", 8)]
    assert "turned_card" in found[0][2]


def test_the_turned_card_is_refused_at_its_rule(tmp_path):
    found = _found(tmp_path, NO_TRUMPS.replace("  remove turned\n", ""))
    # brisca-two's turned card comes from Guiñote: the problem is located at the base's rule, named by the variant
    assert [code for code, *_ in found] == ["E420"]
    assert "trump.turned" in found[0][2] and "no trumps" in found[0][2]


@pytest.mark.parametrize("rule", ["swap_window: after_team_trick", "swap_duty: compulsory"])
def test_the_swaps_window_and_duty_are_refused(tmp_path, rule):
    found = _found(tmp_path, NO_TRUMPS.replace("  remove turned\n", f"  remove turned\n  {rule}\n"))
    assert ("E420", 10) in _codes(found)


def test_the_swap_itself_applies_only_with_a_turned_card(tmp_path):
    found = _found(tmp_path, NO_TRUMPS.replace("  remove turned\n", "  remove turned\n  swap: 7\n"))
    assert ("E108", 10) in _codes(found)


@pytest.mark.parametrize("duty", ["trump", "beat_trump", "no_undertrump"])
def test_a_duty_that_plays_trumps_is_refused_at_the_duty(tmp_path, duty):
    found = _found(tmp_path, NO_TRUMPS + f"\nadd play {{\n  ruff: must {duty}\n}}\n")
    assert _codes(found) == [("E420", 17)]
    assert f"must {duty}" in found[0][2]


@pytest.mark.parametrize("condition", ["not trick_trumped", "holds_trump", "turned_rank > 0", "holds(trump, 1)",
                                       "cards_held(trump) > 1"])
def test_a_term_that_reads_trumps_is_refused_in_a_condition(tmp_path, condition):
    found = _found(tmp_path, NO_TRUMPS + f"\nadd play {{\n  follow_suit: must follow when {condition}\n}}\n")
    assert _codes(found) == [("E420", 17)]
    assert "reads trumps" in found[0][2]


GUINOTE_NO_TRUMPS = NO_TRUMPS.replace("  remove turned\n", "  remove turned\n  remove swap\n  remove swap_window\n") + \
    "\nplay {\n  overtake: must beat_led when stock_empty\n  remove trump_when_void\n  remove overtrump\n}\n"


def test_guinote_without_trumps_and_with_plain_songs_checks_clean(tmp_path):
    spec = _load(tmp_path, GUINOTE_NO_TRUMPS + "\nghna {\n  values: plain = 20\n}\n", base="guinote")
    assert [e.key for e in spec.value("ghna.values").entries] == ["plain"]


def test_a_song_in_trumps_is_refused_at_its_row(tmp_path):
    found = _found(tmp_path, GUINOTE_NO_TRUMPS + "\nghna {\n  values: trump = 40, plain = 20\n}\n", base="guinote")
    assert _codes(found) == [("E420", 25)]
    assert "ghna.values" in found[0][2] and "plain" in found[0][3]


def test_songs_without_trumps_still_need_their_plain_value(tmp_path):
    found = _found(tmp_path, GUINOTE_NO_TRUMPS + "\nghna {\n  values: none_of_them = 20\n}\n", base="guinote")
    assert ("E500", 25) in _codes(found)


def test_a_kind_valued_in_trumps_is_refused(tmp_path):
    found = _found(tmp_path, GUINOTE_NO_TRUMPS + "\nghna {\n  values: plain = 20\n  kinds: guinotes = 20 1 3 trump 40\n}\n",
                   base="guinote")
    assert _codes(found) == [("E420", 26)]


def test_a_condition_on_songs_in_trumps_is_refused(tmp_path):
    found = _found(tmp_path, GUINOTE_NO_TRUMPS + "\nghna {\n  values: plain = 20\n}\n\nscoring {\n"
                   "  winner: 2 if declarations(winner, trump) > 0 else 1\n}\n", base="guinote")
    assert _codes(found) == [("E420", 29)]


def test_a_plain_only_cap_and_a_minimum_in_trumps_are_refused(tmp_path):
    body = ("bidding {\n  maximum: 210\n}\n\ntrump {\n  choice: none\n}\n\nplay {\n  overtake: must beat_led\n"
            "  remove trump_when_void\n  remove overtrump\n}\n\ntrick {\n  winner: highest_led\n}\n\n"
            "ghna {\n  values: plain = 20\n  caps: 70 = 0, 80 = 20, 90 = 20 plain_only, 100 = none\n}\n")
    found = _found(tmp_path, body, base="atlas-carta")
    assert _codes(found) == [("E420", 27)]
    assert "plain_only" in found[0][3]
    minimums = body.replace("  caps: 70 = 0, 80 = 20, 90 = 20 plain_only, 100 = none\n",
                            "  limit: minimum\n  remove caps\n  minimums: plain = 80, trump = 90\n")
    assert _codes(_found(tmp_path, minimums, base="atlas-carta")) == [("E420", 29)]
