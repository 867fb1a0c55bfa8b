"""An auction on ranks on the rules pages, in every language (`bidding.bids: ranks`): bids naming ranks, each lower
than the last, then points once the lowest rank is called; the contract of a rank bid, and under a called card the
card called of the winning bid's rank; a written order of the calls."""

from __future__ import annotations

from .helpers import said, variant_pages


def test_bids_on_ranks_and_their_contract_are_said_in_every_language(tmp_path):
    pages = variant_pages(tmp_path, "briscola-chiamata-ranks", "")
    assert said(pages["en"], "bidding-bids").startswith("Instead of a number of points, each bid names a rank")
    assert "the bidding may go on in points" in said(pages["en"], "bidding-bids")
    assert said(pages["en"], "bidding-rank_contract").startswith(
        "A bid on a rank is a contract of 61 points, and the card the winner of the bidding calls must be of the rank")
    assert said(pages["fr"], "bidding-bids").startswith("Au lieu d'un nombre de points, chaque enchère nomme un rang")
    assert "doit être du rang de l'enchère gagnante" in said(pages["fr"], "bidding-rank_contract")
    assert said(pages["ar"], "bidding-bids").startswith("بدلًا من عدد من النقاط، تسمّي كل مزايدة رتبةً")
    assert "يجب أن تكون من رتبة المزايدة الرابحة" in said(pages["ar"], "bidding-rank_contract")


def test_without_a_called_card_the_contract_binds_no_card(tmp_path):
    pages = variant_pages(tmp_path, "atlas-carta", "bidding {\n  bids: ranks\n  rank_contract: 70\n  minimum: 80\n}\n")
    assert said(pages["en"], "bidding-rank_contract") == "A bid on a rank is a contract of 70 points."
    assert said(pages["ar"], "bidding-rank_contract").startswith("المزايدة على رتبةٍ وحدها عقد")


def test_a_written_order_of_the_calls_names_the_ranks(tmp_path):
    pages = variant_pages(tmp_path, "briscola-chiamata-ranks", "bidding {\n  ranks: 1 > 3 > 2\n}\n")
    assert said(pages["en"], "bidding-ranks") == "The ranks are called in this order, from the first to the last: ace, three, two."
