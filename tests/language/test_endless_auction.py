"""Issue 12, item 7: a valid spec must not make an auction that never ends.

docs/language.md: "a call that keeps its maker in the bidding (`effect: stay`) must not be
repeatable forever: `touti check` refuses (E311) a call that can be made again with
nothing else happening; the engine ends void an auction with 64 calls at one bid."
"""

from __future__ import annotations

import pytest

from touti_dsl.engine import Game
from touti_dsl.engine.bidding import MAX_CALLS_AT_ONE_BID
from touti_dsl.variants import load_flat

from .snippets import diagnostics, edit, where


def _variant(tmp_path, base: str, body: str):
    path = tmp_path / "loop.touti"
    path.write_text(f'touti 1\n\nsystem "loop" extends "{base}" {{\n  title: "Loop"\n}}\n\n{body}', encoding="utf-8")
    return path


def test_an_off_turn_call_without_a_once_condition_is_refused():
    text = edit("  require new_level: not made_at_level(signal)\n", "")
    (problem,) = [d for d in diagnostics(text)]
    assert problem.code == "E311" and (problem.loc.line, problem.loc.column) == where(text, "effect: stay")
    assert "off-turn, again and again" in problem.message and "not made_at_level(signal)" in problem.hint


def test_an_own_turn_call_that_anyone_can_repeat_is_refused():
    text = edit("  require partner_turn: partner_to_bid and partner_bidding", "  require own_turn: my_turn")
    text = edit("  require new_level: not made_at_level(signal)\n", "", text)
    (problem,) = diagnostics(text)
    assert problem.code == "E311" and "on its turn, round after round" in problem.message


def test_a_once_condition_or_a_state_that_must_change_is_accepted():
    once = edit("  require new_level: not made_at_level(signal)", "  require once: not made(signal)")
    assert diagnostics(once) == []
    # touti-app's push: only the partner of the high bidder may push, so the high bidder must bid or pass between two
    own_turn_with_progress = edit("  require partner_turn: partner_to_bid and partner_bidding",
                                  "  require own_turn: my_turn and partner_holds_high and partner_bidding")
    assert diagnostics(edit("  require new_level: not made_at_level(signal)\n", "", own_turn_with_progress)) == []


def test_touti_app_push_alone_in_the_bidding_loops(tmp_path):
    """Without `partner_bidding`, a pusher whose partner (the high bidder) passed pushes forever."""
    from touti_dsl.checks import check_spec

    spec = load_flat(_variant(tmp_path, "touti-app", "call push {\n  remove partner_bidding\n}\n"))
    problems = check_spec(spec)
    assert [d.code for d in problems] == ["E311"] and "alone in the bidding" in problems[0].message


def test_the_engine_bounds_an_auction_the_check_would_refuse(tmp_path):
    """The stated bound: 64 calls at one highest bid end the round void (found looping 3,000 times before)."""
    spec = load_flat(_variant(tmp_path, "atlas-carta", "call signal {\n  remove new_level\n}\n"))
    state = Game.from_spec(spec).new_round(seed=5, dealer=0)
    for seat, action in ((1, "bid 70"), (2, "pass"), (3, "pass")):  # seat 2, out, may signal while seat 0 speaks
        state.apply(seat, action)
    made = 0
    while not state.is_terminal():
        seat = next(s for s in state.actors() if any(a.startswith("signal") for a in state.legal_actions(s)))
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("signal")))
        made += 1
        assert made <= MAX_CALLS_AT_ONE_BID
    assert made == MAX_CALLS_AT_ONE_BID and state.round_result()["void"]


@pytest.mark.parametrize("system", ["atlas-carta", "tutti-ma", "touti-app", "tute"])
def test_the_seed_systems_have_no_endless_call(system):
    from touti_dsl.loader import load_named

    load_named(system)
