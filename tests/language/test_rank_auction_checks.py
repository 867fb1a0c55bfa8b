"""An auction on ranks (`bidding.bids: ranks`) that cannot be played is refused at the rule that causes it (E312,
docs/language.md "An auction on ranks"): a rank the deck lacks or named twice, a contract outside the bids, a points
stage that does not raise a rank bid, bids naming trumps, the rank rules without `bids: ranks`; E103 without a contract."""

from __future__ import annotations

from touti_dsl.loader import load_spec

from .snippets import VARIANT_HEAD, variant_problems


def _found(tmp_path, body: str, base: str = "briscola-chiamata") -> set[tuple[str, int, str]]:
    return variant_problems(tmp_path, body, base)


def test_a_rank_the_deck_lacks_and_a_rank_named_twice(tmp_path):
    found = _found(tmp_path, "bidding {\n  bids: ranks\n  ranks: 1 > 8 > 3 > 1\n  rank_contract: 61\n  minimum: 62\n}\n")
    assert {(code, line) for code, line, _ in found} == {("E312", 9)}
    messages = " | ".join(message for _, _, message in found)
    assert "rank 8 is not a rank of the deck" in messages and "rank 1 is named twice" in messages


def test_a_points_stage_must_raise_a_rank_bid(tmp_path):
    found = _found(tmp_path, "bidding {\n  bids: ranks\n  rank_contract: 61\n}\n")
    assert [(code, message) for code, _, message in found] == [
        ("E312", "bidding.minimum 61 does not raise the contract of a rank bid (61): bids in points go on above it")]


def test_a_contract_above_the_highest_bid(tmp_path):
    found = _found(tmp_path, "bidding {\n  bids: ranks\n  rank_contract: 130\n  minimum: 131\n}\n")
    assert any(code == "E312" and "rank_contract 130" in message for code, _, message in found)


def test_a_rank_auction_needs_its_contract(tmp_path):
    found = _found(tmp_path, "bidding {\n  bids: ranks\n  minimum: 62\n}\n")
    assert any(code == "E103" and "rank_contract" in message for code, _, message in found)


def test_rank_rules_without_bids_on_ranks(tmp_path):
    found = _found(tmp_path, "bidding {\n  ranks: 1 > 3\n  rank_contract: 61\n}\n")
    assert {(code, line) for code, line, _ in found} == {("E312", 8), ("E312", 9)}


def test_bids_on_ranks_name_no_trumps(tmp_path):
    found = _found(tmp_path, "bidding {\n  bids: ranks\n  rank_contract: 60\n}\n", base="atlas-bid-names-trumps")
    assert any(code == "E312" and line == 8 and "in_bid" in message for code, line, message in found)


def test_an_auction_on_ranks_alone(tmp_path):
    path = tmp_path / "x.touti"
    path.write_text(VARIANT_HEAD.format(base="briscola-chiamata") + "bidding {\n  bids: ranks\n  rank_contract: 61\n  minimum: 61\n"
                    "  maximum: 61\n}\n", encoding="utf-8")
    assert load_spec(path).value("bidding.bids").value == "ranks"  # maximum at the contract: no bids in points
