"""Tute for two (tute's rules, two players and a stock): at the deal the leader may play and the other player, holding
the 7 of trumps, may swap it, so nobody is left to refuse; the opening case is then the positive one alone (the
generator stopped on StopIteration looking for a seat that may not act)."""

from __future__ import annotations

from touti_dsl.cases import outcomes
from touti_dsl.cases.explore import quick_rounds
from touti_dsl.engine import Game

from ..house import house_variant

TUTE_FOR_TWO = "table {\n  seats: 2\n  teams: each\n  hand_size: 8\n  draw: winner_first\n}\n\n" \
               "trump {\n  turned: under_stock\n}\n"


def test_when_every_player_may_act_at_the_deal_the_opening_case_refuses_nobody(tmp_path):
    game = Game.from_spec(house_variant(tmp_path, "tute", TUTE_FOR_TWO))
    record = next(r for r in quick_rounds(game, 1, 200)
                  if set(game.new_round(**r.setup).actors()) == {0, 1})
    cases = outcomes.opening_cases(game, [record])
    assert [case["polarity"] for case in cases] == ["positive"]
    assert cases[0]["steps"][-1]["expect"] == [0, 1]
