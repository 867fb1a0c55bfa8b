"""Rules by the number of players: `with N players { ... }` parsed, formatted, checked at each number, and changed
by a variant.

Survey 5, row 9 (Tute for two, three or four): "at two, 8 cards each and the rest a stock drawn after each trick,
trumps turned under the stock; at three, 13 each; at four, 10 each".
"""

from __future__ import annotations

import pytest

from touti_dsl import model as m
from touti_dsl.checks import check_spec
from touti_dsl.errors import ToutiError
from touti_dsl.formatter import format_text
from touti_dsl.loader import load_spec
from touti_dsl.parser import parse_text
from touti_dsl.table_sizes import for_players
from touti_dsl.variants import load_flat

HEADER = 'touti 1\n\nsystem "sizes" extends "tute" {\n  title: "Tute by the number of players"\n}\n\n'
TABLE = "table {\n  seats: 4 (2, 3, 4)\n  teams: each\n  hand_size: 2 = 8, 3 = 13, 4 = 10\n}\n"
AT_TWO = "\nwith 2 players {\n  table {\n    draw: winner_first\n  }\n  trump {\n    turned: under_stock\n  }\n}\n"
AT_THREE = "\nwith 3 players {\n  trump {\n    turned: aside\n  }\n}\n"


def _write(tmp_path, text: str, name: str = "sizes.touti"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _problems(tmp_path, text: str) -> list[tuple[str, int, str]]:
    path = _write(tmp_path, text)
    return [(d.code, d.loc.line, d.message) for d in check_spec(load_flat(path))]


def test_a_block_is_parsed_apart_from_the_spec_rules():
    spec_file = parse_text(HEADER + TABLE + AT_TWO, "sizes.touti")
    assert [block.players for block in spec_file.seat_rules] == [2]
    assert [rule.id for rule in spec_file.seat_rules[0].rules] == ["table.draw", "trump.turned"]
    assert not any(rule.id == "table.draw" for rule in spec_file.rules)
    assert spec_file.seat_rules[0].loc.line == 13


def test_the_formatter_keeps_a_block_and_its_comments():
    text = HEADER + TABLE + "\n# at two\nwith 2 players {\n  table {\n    # drawn\n    draw: winner_first  # a stock\n  }\n}\n"
    assert format_text(text) == text
    assert format_text("\n".join(line.strip() for line in text.splitlines()) + "\n") == text


def test_the_spec_of_each_number_of_players_has_its_block_written_over(tmp_path):
    path = _write(tmp_path, HEADER + TABLE + AT_TWO + AT_THREE)
    spec = load_spec(path)
    assert spec.value("table.draw") is None
    at_two, at_three, default = for_players(spec, 2), for_players(spec, 3), for_players(spec)
    assert at_two.value("table.draw") == m.Word("winner_first") and at_two.value("trump.turned") == m.Word("under_stock")
    assert at_three.value("trump.turned") == m.Word("aside") and at_three.value("table.draw") is None
    assert default.table_size == 4 and default.value("trump.turned") is None and not default.seat_rules
    # a new rule joins its section: the page and the engine read sections in one piece
    ids = [rule.id for rule in at_two.rules]
    assert ids.index("table.draw") == ids.index("table.hand_size") + 2


def test_without_the_block_the_deal_at_two_is_refused_and_says_at_which_number(tmp_path):
    problems = _problems(tmp_path, HEADER + TABLE + AT_THREE)
    assert problems == [("E207", 10, "with 2 players: the deck has 40 cards and 2 hands of 8 need 16, leaving 24: deal them "
                                     "all, set one aside as the turned card, or draw them (table.draw)")]


def test_with_every_block_the_table_is_valid(tmp_path):
    assert _problems(tmp_path, HEADER + TABLE + AT_TWO + AT_THREE) == []


def test_a_problem_of_a_block_rule_is_located_at_it(tmp_path):
    bad_two = AT_TWO.replace("draw: winner_first", "draw: none")
    problems = _problems(tmp_path, HEADER + TABLE + bad_two + AT_THREE)
    assert ("E207", 18, "with 2 players: trump.turned under_stock needs a stock to draw from (table.draw winner_first)") \
        in problems


@pytest.mark.parametrize("block, code, line, words", [
    ("with 5 players {\n  trump {\n    turned: aside\n  }\n}\n", "E214", 28, "does not seat 5 players (it seats 2, 3, 4)"),
    ("with 4 players {\n  table {\n    seats: 3\n  }\n}\n", "E215", 30, "table.seats cannot change"),
    ("with 4 players {\n  table {\n    draw_first: 1\n  }\n}\n", "E216", 30, "table.draw_first is no rule"),
    ("with 3 players {\n  trump {\n    turned: aside\n  }\n}\n", "E217", 28, "with 3 players is written twice"),
], ids=["not-seated", "seats-in-block", "unknown-key", "twice"])
def test_bad_blocks_are_refused_where_they_are_written(tmp_path, block, code, line, words):
    problems = _problems(tmp_path, HEADER + TABLE + AT_TWO + AT_THREE + "\n" + block)
    assert [(c, at) for c, at, _ in problems] == [(code, line)] and words in problems[0][2], problems


def test_a_block_of_a_fixed_table_of_another_number_is_refused(tmp_path):
    text = HEADER + AT_TWO
    assert [c for c, _, _ in _problems(tmp_path, text)] == ["E214"]


def test_a_spec_whose_seats_are_misshapen_is_still_checked_whole(tmp_path):
    text = HEADER + TABLE.replace("seats: 4 (2, 3, 4)", "seats: four") + AT_TWO
    codes = [code for code, _, _ in _problems(tmp_path, text)]
    assert "E101" in codes and "E214" in codes


def test_groups_of_partners_fit_the_number_of_their_block(tmp_path):
    """A setting of seats takes `each` as its sides; a block may seat partners at the number that has them."""
    pairs = "\nwith 4 players {\n  table {\n    teams: 0 2 | 1 3\n  }\n}\n"
    assert _problems(tmp_path, HEADER + TABLE + AT_TWO + AT_THREE + pairs) == []
    wrong = pairs.replace("with 4", "with 3")
    problems = _problems(tmp_path, HEADER + TABLE + AT_TWO + wrong)
    assert any(code == "E208" and message.startswith("with 3 players:") for code, _, message in problems), problems


def test_bad_input_is_a_located_error_never_a_traceback(tmp_path):
    path = _write(tmp_path, HEADER + TABLE + "\nwith players {\n}\n")
    with pytest.raises(ToutiError) as raised:
        load_spec(path)
    assert raised.value.diagnostics[0].code == "E002" and raised.value.diagnostics[0].loc.line == 13


# ---------------------------------------------------------------- variants


def test_a_variant_changes_a_block_rule_by_rule_adds_one_and_drops_one(tmp_path):
    base = HEADER.replace('"sizes" extends "tute"', '"sizes-base" extends "tute"') + TABLE + AT_TWO + AT_THREE
    _write(tmp_path, base, "sizes-base.touti")
    variant = ('touti 1\n\nsystem "sizes-variant" extends "sizes-base" {\n  title: "Changed"\n}\n\n'
               "table {\n  seats: 4 (2, 4)\n}\n\n"
               "with 2 players {\n  trump {\n    swap_window: after_team_trick\n  }\n}\n\n"
               "with 4 players {\n  table {\n    teams: 0 2 | 1 3\n  }\n}\n\nremove with 3 players\n")
    spec = load_spec(_write(tmp_path, variant, "sizes-variant.touti"))
    assert [block.players for block in spec.seat_rules] == [2, 4]
    at_two = for_players(spec, 2)
    assert at_two.value("table.draw") == m.Word("winner_first")  # kept from the base's block
    assert at_two.value("trump.swap_window") == m.Word("after_team_trick")  # added by the variant's
    assert isinstance(for_players(spec).value("table.teams"), m.Groups)
    assert {(c.rule_id, c.action) for c in spec.changes if c.rule_id.startswith("with ")} == {
        ("with 2 players", "override"), ("with 4 players", "add"), ("with 3 players", "remove")}


def test_a_variant_removing_a_block_its_base_lacks_is_refused(tmp_path):
    variant = HEADER + "remove with 2 players\n"
    with pytest.raises(ToutiError) as raised:
        load_spec(_write(tmp_path, variant))
    assert [(d.code, d.loc.line) for d in raised.value.diagnostics] == [("E024", 7)]


def test_removing_a_block_the_table_needs_is_blamed_on_the_removal(tmp_path):
    base = HEADER.replace('"sizes" extends "tute"', '"sizes-base" extends "tute"') + TABLE + AT_TWO + AT_THREE
    _write(tmp_path, base, "sizes-base.touti")
    variant = 'touti 1\n\nsystem "sizes-variant" extends "sizes-base" {\n  title: "Changed"\n}\n\nremove with 3 players\n'
    with pytest.raises(ToutiError) as raised:
        load_spec(_write(tmp_path, variant, "sizes-variant.touti"))
    problem = raised.value.diagnostics[0]
    assert problem.code == "E207" and problem.loc.line == 7 and problem.message.startswith("with 3 players:")


# ---------------------------------------------------------------- a rule removed at one number of players

NO_OVERTRUMP_AT_TWO = ("\nwith 2 players {\n  table {\n    draw: winner_first\n  }\n  trump {\n    turned: under_stock\n  }\n"
                       "  play {\n    # Decision: at two there is no duty to overtrump.\n    remove overtrump\n  }\n}\n")


def test_a_block_removes_a_rule_at_its_number_only(tmp_path):
    spec = load_spec(_write(tmp_path, HEADER + TABLE + NO_OVERTRUMP_AT_TWO + AT_THREE))
    assert not for_players(spec, 2).has("play.overtrump")
    assert for_players(spec, 3).has("play.overtrump") and for_players(spec, 4).has("play.overtrump")
    assert [removal.target for removal in spec.seat_rules[0].removed] == ["play.overtrump"]
    assert spec.seat_rules[0].removed[0].notes[0].text() == "at two there is no duty to overtrump."


def test_the_formatter_keeps_a_removal_in_its_section(tmp_path):
    text = HEADER + TABLE + NO_OVERTRUMP_AT_TWO + AT_THREE
    assert format_text(text) == text


@pytest.mark.parametrize("member, words", [
    ("remove overtrumpp", "the spec has no rule play.overtrumpp"),
    ("remove follow_suit: x", "a block removes a whole rule, not items"),
])
def test_a_bad_removal_in_a_block_is_refused_where_it_is_written(tmp_path, member, words):
    block = "\nwith 2 players {\n  table {\n    draw: winner_first\n  }\n  trump {\n    turned: under_stock\n  }\n" \
            f"  play {{\n    {member}\n  }}\n}}\n"
    text = HEADER + TABLE + block + AT_THREE
    problems = _problems(tmp_path, text)
    assert [(code, line) for code, line, _ in problems] == [("E220", _line_of(text, member))] and words in problems[0][2]


def test_removing_a_rule_every_table_needs_is_refused_at_the_removal(tmp_path):
    block = AT_TWO.replace("  trump {", "  deck {\n    remove order\n  }\n  trump {")
    text = HEADER + TABLE + block + AT_THREE
    problems = _problems(tmp_path, text)
    assert [(code, line) for code, line, _ in problems] == [("E220", _line_of(text, "remove order"))]
    assert "every table needs deck.order" in problems[0][2]


def _line_of(text: str, words: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if words in line)


def test_a_variant_undoes_or_adds_a_removal_in_its_base_s_block(tmp_path):
    base = HEADER.replace('"sizes" extends "tute"', '"sizes-base" extends "tute"') + TABLE + NO_OVERTRUMP_AT_TWO + AT_THREE
    _write(tmp_path, base, "sizes-base.touti")
    head = 'touti 1\n\nsystem "sizes-variant" extends "sizes-base" {\n  title: "Changed"\n}\n\n'
    undo = head + "with 2 players {\n  play {\n    overtrump: must beat_trump\n  }\n}\n"
    assert for_players(load_spec(_write(tmp_path, undo, "undo.touti")), 2).has("play.overtrump")
    more = head + "with 3 players {\n  trump {\n    remove swap\n  }\n}\n"
    spec = load_spec(_write(tmp_path, more, "more.touti"))
    assert not for_players(spec, 3).has("trump.swap") and for_players(spec, 4).has("trump.swap")
    assert not for_players(spec, 2).has("play.overtrump")  # the base's removal kept


# ---------------------------------------------------------------- an optional section taken away at one number

# Touti for two or four (touti.ma: two to four people play touti): at two nobody has a partner to answer a
# concession, so the block takes Atlas Carta's concession away at two, all its rules together.
TOUTI_TWO_OR_FOUR = ('touti 1\n\nsystem "two-or-four" extends "atlas-carta" {\n  title: "Touti for two or four"\n}\n\n'
                     "table {\n  seats: 4 (2, 4)\n}\n\nremove call signal\nremove call preannounce\n\n"
                     "with 2 players {\n  table {\n    teams: each\n    draw: winner_first\n  }\n"
                     "  play {\n    remove overtrump\n  }\n  concession {\n    remove who\n    remove consent\n"
                     "    remove proposer\n    remove award\n  }\n}\n")


def test_a_block_removing_every_rule_of_an_optional_section_takes_the_section_away_at_its_number(tmp_path):
    from touti_dsl.engine import Game

    spec = load_spec(_write(tmp_path, TOUTI_TWO_OR_FOUR))
    assert for_players(spec, 4).has("concession.who") and not for_players(spec, 2).has("concession.who")
    state = Game.from_spec(spec, seats=2).new_round(seed=1)
    assert not any(action.startswith("concede") for seat in range(2) for action in state.legal_actions(seat))


def test_removing_only_some_required_rules_of_an_optional_section_is_still_refused(tmp_path):
    text = TOUTI_TWO_OR_FOUR.replace("    remove award\n", "")
    refused = [(code, line) for code, line, _ in _problems(tmp_path, text) if code == "E220"]
    assert refused == [("E220", _line_of(text, f"remove {key}")) for key in ("who", "consent", "proposer")]
    hint = next(d.hint for d in check_spec(load_flat(_write(tmp_path, text))) if d.code == "E220")
    assert hint.endswith("take the concession section away at 2 players: `remove concession` in the block")


# `remove SECTION` / `remove call NAME` in a block: every rule of the section or call, in one line
WHOLE_AT_TWO = TOUTI_TWO_OR_FOUR.replace("remove call signal\nremove call preannounce\n\n", "").replace(
    "  concession {\n    remove who\n    remove consent\n    remove proposer\n    remove award\n  }\n",
    "  # Decision: nobody has a partner at two.\n  remove concession\n  remove call signal\n  remove call preannounce\n")


def test_a_block_takes_a_whole_section_or_call_away_in_one_line(tmp_path):
    spec = load_spec(_write(tmp_path, WHOLE_AT_TWO))
    at_two, at_four = for_players(spec, 2), for_players(spec, 4)
    for rule_id in ("concession.who", "concession.award", "signal.values", "preannounce.values"):
        assert not at_two.has(rule_id) and at_four.has(rule_id), rule_id
    assert at_two.has("table.draw") and not at_two.has("play.overtrump")
    rule_by_rule = load_spec(_write(tmp_path, TOUTI_TWO_OR_FOUR.replace("remove call signal\nremove call preannounce\n",
                                                                        ""), "rule-by-rule.touti"))
    the_same = for_players(rule_by_rule, 2)
    assert [rule.id for rule in at_two.rules if not rule.id.startswith(("signal.", "preannounce."))] == \
        [rule.id for rule in the_same.rules if not rule.id.startswith(("signal.", "preannounce."))]
    assert not check_spec(spec)
    # its Decision is carried once, by the first rule it takes away
    notes = [removal.comments for removal in spec.seat_rules[0].removed if removal.comments]
    assert notes == [("Decision: nobody has a partner at two.",)]


def test_the_formatter_writes_whole_removals_after_the_block_s_sections():
    text = WHOLE_AT_TWO.replace("with 2 players {\n", "with 2 players {\n  remove call preannounce\n").replace(
        "  remove call preannounce\n}\n", "}\n")
    formatted = format_text(text)
    # after the sections, in the order written
    assert formatted == WHOLE_AT_TWO.replace("  # Decision", "  remove call preannounce\n  # Decision").replace(
        "  remove call preannounce\n}\n", "}\n")
    assert format_text(formatted) == formatted


@pytest.mark.parametrize("line, message, hint", [
    ("remove concesion", "with 2 players: remove concesion: the spec has no rule in concesion to remove",
     "did you mean concession?"),
    ("remove call signall", "with 2 players: remove call signall: the spec has no rule in signall to remove",
     "did you mean signal?"),
    ("remove play", "with 2 players: remove play: every table needs the play section",
     "write the rules of play that differ at 2 players instead"),
])
def test_a_whole_removal_the_spec_cannot_make_is_refused_once_on_its_line(tmp_path, line, message, hint):
    text = WHOLE_AT_TWO.replace("  remove concession\n", f"  remove concession\n  {line}\n")
    found = [d for d in check_spec(load_flat(_write(tmp_path, text))) if d.code == "E220"]
    assert [(d.loc.line, d.message, d.hint) for d in found] == [(_line_of(text, line), message, hint)]


def test_a_variant_s_whole_removal_takes_its_base_block_s_rules_of_that_section_too(tmp_path):
    ghna_at_two = AT_TWO.replace("  trump {", "  ghna {\n    per_trick: 2\n  }\n  trump {")
    base = HEADER.replace('"sizes" extends "tute"', '"sizes-base" extends "tute"') + TABLE + ghna_at_two + AT_THREE
    assert for_players(load_spec(_write(tmp_path, base, "sizes-base.touti")), 2).value("ghna.per_trick") == m.Number(2)
    head = 'touti 1\n\nsystem "sizes-variant" extends "sizes-base" {\n  title: "Changed"\n}\n\n'
    variant = load_spec(_write(tmp_path, head + "with 2 players {\n  remove ghna\n}\n", "variant.touti"))
    assert not any(rule.section == "ghna" for rule in for_players(variant, 2).rules)
    assert for_players(variant, 2).has("table.draw") and for_players(variant, 3).has("ghna.pair")
