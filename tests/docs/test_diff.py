"""`touti diff`: rule-by-rule differences, as text and as Markdown."""

from __future__ import annotations

from touti_dsl.cli import main
from touti_dsl.docs.diff import diff_specs, format_md, format_text
from touti_dsl.loader import load_spec

from .helpers import SPEC_DIR

ATLAS = SPEC_DIR / "atlas-carta.touti"
NO_SIGNALS = SPEC_DIR / "examples" / "atlas-no-signals.touti"


def test_a_spec_has_no_differences_with_itself():
    spec = load_spec(ATLAS)
    found = diff_specs(spec, spec)
    assert found.changes == ()
    assert format_text(found).endswith("no differences\n")


def test_removing_the_calls_removes_each_of_their_rules():
    found = diff_specs(load_spec(ATLAS), load_spec(NO_SIGNALS))
    removed = {c.rule_id for c in found.of_kind("removed")}
    assert "signal.bid_made" in removed and "preannounce.once" in removed
    assert {c.rule_id for c in found.of_kind("changed")} == {"system.title", "system.summary", "system.source"}
    assert not found.of_kind("added")


def test_a_change_shows_old_and_new_as_spec_text():
    found = diff_specs(load_spec(ATLAS), load_spec(SPEC_DIR / "touti-app.touti"))
    assert "~ bidding.maximum: 230 → 210" in format_text(found).splitlines()
    assert "+ bidding.never_stands: 70" in format_text(found).splitlines()


def test_markdown_escapes_pipes_inside_cells():
    found = diff_specs(load_spec(ATLAS), load_spec(SPEC_DIR / "tute.touti"))
    table = format_md(found)
    assert table.startswith("| rule | change | `atlas-carta` | `tute` |")
    assert all(line.count(" | ") == 3 for line in table.splitlines()[2:])


def test_cli_diff_exits_zero_with_or_without_differences(capsys):
    assert main(["diff", "atlas-carta", "tutti-ma", "--format", "md"]) == 0
    assert "| `ghna.limit` | changed | <code>cap</code> | <code>minimum</code> |" in capsys.readouterr().out
    assert main(["diff", str(ATLAS), str(ATLAS)]) == 0


def test_cli_diff_of_a_missing_file_is_a_located_error(capsys, tmp_path):
    assert main(["diff", str(ATLAS), str(tmp_path / "nope.touti")]) == 1
    err = capsys.readouterr().err
    assert "nope.touti" in err and "error[E010]" in err and "Traceback" not in err


def test_a_condition_naming_sides_is_put_in_words_at_a_table_whose_blocks_change_the_deck(capsys, tmp_path):
    """Briscola for two to six takes the twos out at three and six in `with N players` blocks.  A variant whose dealer
    rule names the hand's sides was refused by `touti diff` (E310: 31 cards left at three players): the words counted
    the table's players at every size without each size's block.  Each size is now seated with its block."""
    house = tmp_path / "loser-deals.touti"
    house.write_text('touti 1\n\nsystem "loser-deals" extends "briscola-two-to-six" {\n  title: "The loser deals"\n}\n\n'
                     "rotation {\n  next_round: same_seat if hand_tied else hand_loser\n}\n", encoding="utf-8")
    assert main(["diff", "briscola-two-to-six", str(house)]) == 0
    out = capsys.readouterr().out
    assert "If the hand ends level (nobody wins it), the same player deals again" in out
