"""A chain of swap cards (`trump.swap: 7, 2`) is checked like the rest: located errors, nothing accepted silently."""

from __future__ import annotations

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

HEAD = 'touti 1\n\nsystem "chain" extends "tute" {\n  title: "Chain"\n}\n\n'
# three players, thirteen cards each: the fortieth card is set aside at every size (tute's four players take all forty)
ASIDE_HEAD = HEAD.replace('"tute"', '"tute-arrastrado"')


def _diagnostics(tmp_path, trump: str, head: str = ASIDE_HEAD) -> list:
    path = tmp_path / "chain.touti"
    path.write_text(head + "trump {\n" + trump + "}\n", encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    return [(d.code, d.loc.line, d.loc.column, d.message) for d in caught.value.diagnostics]


def test_a_rank_twice_points_at_the_second(tmp_path):
    found = _diagnostics(tmp_path, "  turned: aside\n  swap: 7, 2, 7\n")
    assert [(code, line, col) for code, line, col, _ in found] == [("E211", 9, 15)]
    assert "twice" in found[0][3]


def test_an_unknown_rank_points_at_it(tmp_path):
    found = _diagnostics(tmp_path, "  turned: aside\n  swap: 7, 9\n")
    assert [(code, line, col) for code, line, col, _ in found] == [("E210", 9, 12)]


def test_a_chain_with_the_turned_card_in_the_dealers_hand(tmp_path):
    found = _diagnostics(tmp_path, "  swap: 7, 2\n", HEAD)
    assert [(code, line) for code, line, _, _ in found] == [("E310", 8)]
    assert "under_stock or aside" in found[0][3]


def test_a_chain_mixed_with_a_formula_does_not_parse(tmp_path):
    found = _diagnostics(tmp_path, "  turned: aside\n  swap: 7 if turned_rank >= 10 else 0, 2\n")
    assert [code for code, *_ in found] == ["E002"]


def test_a_chain_with_the_turned_card_aside_loads(tmp_path):
    path = tmp_path / "chain.touti"
    path.write_text(ASIDE_HEAD + "trump {\n  turned: aside\n  swap: 7, 2\n}\n", encoding="utf-8")
    assert load_spec(path).value("trump.swap").values == (7, 2)


def test_a_chain_with_the_card_set_aside_where_a_table_size_deals_every_card(tmp_path):
    """tute-cabrero sets the fortieth card aside at three, but deals every card at four to six (4 or 5 players dealt
    in): the turned card stays in a hand there, and the engine's next link had no card to take (a traceback)."""
    path = tmp_path / "chain.touti"
    path.write_text('touti 1\n\nsystem "chain" extends "tute-cabrero" {\n  title: "Chain"\n}\n\ntrump {\n  swap: 7, 2\n}\n',
                    encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    [found] = caught.value.diagnostics
    assert (found.code, found.loc.line, found.loc.column) == ("E310", 8, 3)
    assert "with 4 or 5 players dealt in no card is left over" in found.message and "table.hand_size" in found.hint


def test_a_chain_with_the_card_set_aside_where_tute_deals_every_card(tmp_path):
    """tute's four players take all forty cards: `turned: aside` keeps the dealer's last card in hand."""
    found = _diagnostics(tmp_path, "  turned: aside\n  swap: 7, 2\n", HEAD)
    assert [(code, line) for code, line, _, _ in found] == [("E310", 9)] and "with 4 players dealt in" in found[0][3]
