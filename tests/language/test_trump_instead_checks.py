"""Where the other contract of `trump.instead` may be written (docs/language.md, "Another contract instead"): only
where the bid winner sets the trumps after the bidding, as another contract than the table's own; each misuse
refused at the rule with E422 (E304 without a bidding)."""

from __future__ import annotations

from .snippets import variant_problems


def test_a_table_whose_trumps_are_turned_has_no_other_contract(tmp_path):
    found = variant_problems(tmp_path, "trump {\n  instead: none\n}\n", base="tute")
    assert ("E422", 8, "trump.instead: none is no other contract here: trump.choice turned_card leaves the bid winner "
                       "no trumps to set after the bidding") in found
    assert any(code == "E304" and line == 8 for code, line, _ in found)


def test_naming_trumps_is_no_other_contract_where_the_bid_winner_names_them(tmp_path):
    found = variant_problems(tmp_path, "trump {\n  instead: bid_winner\n}\n", base="atlas-carta")
    assert {(code, line) for code, line, _ in found} == {("E422", 8)}
    assert "the bid winner already names trumps" in next(message for _, _, message in found)


def test_trumps_named_in_the_bids_leave_no_other_contract(tmp_path):
    found = variant_problems(tmp_path, "trump {\n  instead: none\n}\n", base="atlas-bid-names-trumps")
    assert {code for code, _, _ in found} == {"E422"}

