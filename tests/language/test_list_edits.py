"""`add KEY: items` and `remove KEY: items`: a variant changes a base's list without restating it."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.formatter import format_text
from touti_dsl.loader import load_spec

SPEC_DIR = Path(__file__).resolve().parents[2] / "spec"


def _variant(tmp_path, body: str, base: str = "tute") -> Path:
    path = tmp_path / "edit.touti"
    path.write_text(f'touti 1\n\nsystem "edit" extends "{base}" {{\n  title: "Edit"\n}}\n\n{body}\n', encoding="utf-8")
    return path


def _problems(path: Path) -> list[tuple[str, int, int, str]]:
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    return [(d.code, d.loc.line, d.loc.column, d.message) for d in caught.value.diagnostics]


def test_ranks_added_with_their_place_in_the_order(tmp_path):
    spec = load_spec(_variant(tmp_path, 'deck {\n  add ranks: 8 "eight", 9 "nine"\n  add order: 10 > 9 > 8\n}\n\n'
                                        "table {\n  hand_size: 12\n}"))
    assert [d.key for d in spec.value("deck.ranks").items] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]  # in rank order
    assert spec.value("deck.order").ranks == (1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2)
    assert {c.rule_id for c in spec.changes} == {"deck.ranks", "deck.order", "table.hand_size", "system.title"}
    assert spec.rule("deck.order").loc.line == 9  # located at the variant's line


def test_ranks_removed_leave_the_order_and_the_points(tmp_path):
    spec = load_spec(_variant(tmp_path, "deck {\n  remove ranks: 2, 1\n}\n\ntable {\n  hand_size: 8\n}"))
    assert 2 not in spec.value("deck.order").ranks and 1 not in spec.value("deck.order").ranks
    assert 1 not in [e.key for e in spec.value("deck.points").entries]
    assert {c.rule_id for c in spec.changes} == {"deck.ranks", "deck.order", "deck.points", "table.hand_size",
                                                 "system.title"}


def test_rows_words_and_numbers_are_added_and_removed(tmp_path):
    spec = load_spec(_variant(tmp_path, "deck {\n  add points: 7 = 1\n}\n\nghna {\n"
                                        "  add window: before_first_lead\n}", base="tute"))
    assert [e.key for e in spec.value("deck.points").entries][-2:] == [7, "others"]  # before the closing `others`
    assert spec.value("ghna.window").words == ("after_team_trick", "before_first_lead")
    game = Game.from_spec(spec)
    assert game.ruleset.pre_lead_window


@pytest.mark.parametrize("body, code, line, words", [
    ('deck {\n  add ranks: 7 "again"\n}', "E028", 8, "7 is already in the base's deck.ranks"),
    ("deck {\n  add order: 13 > 9\n}", "E028", 8, "must start at a rank of the base's order"),
    ("deck {\n  add order: 7 > 6\n}", "E028", 8, "6 is already in the base's order"),
    ("deck {\n  remove points: 5\n}", "E028", 8, "5 is not in the base's deck.points"),
    ("deck {\n  remove last_trick: 10\n}", "E028", 8, "nothing would be left of deck.last_trick"),
    ("deck {\n  add order: 1, 2\n}", "E028", 8, "a list of the same kind"),
    ("deck {\n  remove order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2\n}", "E028", 8, "nothing would be left"),
    ("deck {\n  remove nothing: 1\n}", "E024", 8, "the base has no such rule"),
    ('deck {\n  order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2\n  remove order: 2\n}', "E027", 9, "both written and removed"),
    ('deck {\n  add ranks: 8 "eight"\n}', "E204", 8, "missing 8"),
    ("ghna {\n  window: after_own_trick\n  add window: before_first_lead\n}", "E027", 9, "both written and changed"),
])
def test_a_bad_edit_is_located_at_the_variants_line(tmp_path, body, code, line, words):
    problems = _problems(_variant(tmp_path, body))
    assert any(c == code and ln == line and words in msg for c, ln, _, msg in problems), problems


def test_what_removing_a_rank_breaks_in_the_base_is_located_at_the_edit(tmp_path):
    """`remove ranks: 12` changes the ranks, the order and the points at once: the base's hand size and songs it breaks
    are reported at the edit's line, not at the base's lines (they were, with a hint listing the changes)."""
    problems = _problems(_variant(tmp_path, "deck {\n  remove ranks: 12\n}"))
    assert {(code, line) for code, line, _, _ in problems} == {("E207", 8), ("E210", 8)}
    assert all("this variant's override of deck.ranks makes it wrong" in message for *_, message in problems)


def test_edits_need_a_base(tmp_path):
    path = tmp_path / "solo.touti"
    text = (SPEC_DIR / "tute.touti").read_text(encoding="utf-8").replace('system "tute" {', 'system "solo" {')
    path.write_text(text + "\ndeck {\n  remove ranks: 2\n}\n", encoding="utf-8")
    assert [c for c, *_ in _problems(path)] == ["E029"]


def test_the_formatter_keeps_edits_as_written(tmp_path):
    body = ('deck {\n  # the eights and nines\n  add ranks: 8 "eight" fr "huit", 9 "nine"\n  add order: 10 > 9 > 8\n'
            "  remove points: 1\n}\n\nghna {\n  remove window: after_team_trick\n  add window: after_own_trick\n}")
    text = _variant(tmp_path, body).read_text(encoding="utf-8")
    assert format_text(text, "edit.touti") == text


def test_a_48_card_deck_deals_and_ranks_the_eights_and_nines():
    game = Game.from_spec(load_spec(SPEC_DIR / "examples" / "guinote-48.touti"))
    rules = game.ruleset
    assert rules.ncards == 48 and rules.stock_size == 24
    strength = {rules.card_text[c]: rules.card_strength[c] for c in range(rules.ncards)}
    assert strength["10o"] > strength["9o"] > strength["8o"] > strength["7o"]
    assert rules.card_points[rules.vocabulary.cards["9o"]] == 0
    state = game.new_round(seed=11)
    assert sum(len(h) for h in state.hands) + len(state.stock) == 48


def test_a_36_card_deck_has_no_twos():
    game = Game.from_spec(load_spec(SPEC_DIR / "examples" / "guinote-36.touti"))
    assert game.ruleset.ncards == 36 and "2o" not in game.ruleset.vocabulary.cards
    with pytest.raises(ValueError):
        game.new_round(hands=[["2o"] * 6] * 4, dealer=0)
