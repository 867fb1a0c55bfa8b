"""Truthful signals: `calling(VALUE)` reads the value of the call being made; holdings are read in the bidding.

RULES.md: "Signals and pre-announcements need not be true."  A house rule (survey 3, rows 15
and 16) makes `signal las` ("I have an ace") truthful only with an ace and `signal kont`
("I have a ghna") only with a pair in hand; tests/engine/specs/atlas-true-signals.touti
writes it in two rule lines.  Before `calling`, kont could not be written at all (E403).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import game, refused, run

TRUE_SIGNALS = Path(__file__).parent / "specs" / "atlas-true-signals.touti"  # RULES.md's other reading: a fixture
SIGNAL_READY = ("1: bid 70", "2: bid 80", "3: pass", "0: bid 90")  # dealer 0: seat 3 may signal to seat 1


def _holds(state, seat: int) -> tuple[bool, bool]:
    """Whether `seat` holds an ace, and a rey+caballo of one suit."""
    rules, hand = state.rules, state.hands[seat]
    ace = any(rules.card_rank[c] == rules.top_rank for c in hand)
    pair = any(first in hand and second in hand for first, second in rules.pair_cards)
    return ace, pair


def test_las_and_kont_are_offered_and_accepted_only_when_true():
    truthful = Game.from_spec(load_spec(TRUE_SIGNALS))
    seen = set()
    for seed in range(80):
        state = run(truthful.new_round(seed=seed, dealer=0), *SIGNAL_READY)
        ace, pair = _holds(state, 3)
        legal = state.legal_actions(3)
        assert ("signal las" in legal) == ace and ("signal kont" in legal) == pair, seed
        assert "signal plus10" in legal and "signal pass" in legal  # the other values bind nothing
        if not ace:
            refused(state, 3, "signal las", "signal.truthful_las")
        if not pair:
            refused(state, 3, "signal kont", "signal.truthful_kont")
        seen.add((ace, pair))
        base = run(game("atlas-carta").new_round(seed=seed, dealer=0), *SIGNAL_READY)
        assert {"signal las", "signal kont"} <= set(base.legal_actions(3))  # the base lets a signal lie
    assert {ace for ace, _ in seen} == {pair for _, pair in seen} == {True, False}  # both sides of both rules


def _spec(tmp_path, block: str):
    path = tmp_path / "inline.touti"
    path.write_text('touti 1\n\nsystem "inline" extends "atlas-carta" {\n  title: "Inline"\n}\n\n' + block,
                    encoding="utf-8")
    return load_spec(path)


@pytest.mark.parametrize("block, code, words, line", [
    ("add call signal {\n  require x: holds_ace when calling(ace)\n}\n", "E402", "not a value of this call", 8),
    ("add call ace {\n  effect: leave\n  require own_turn: my_turn\n  require x: calling(las)\n}\n", "E402",
     "this call takes no value", 10),
    ("add bidding {\n  require x: amount >= 80 when calling(las)\n}\n", "E403", "calling cannot be used in", 8),
])
def test_calling_outside_a_call_or_with_a_value_it_lacks_is_a_located_error(tmp_path, block, code, words, line):
    with pytest.raises(ToutiError) as error:
        _spec(tmp_path, block)
    text = str(error.value)
    assert code in text and words in text and f"inline.touti:{line}:" in text, text


def test_holds_pair_and_a_rank_may_be_read_in_a_call_requirement(tmp_path):
    spec = _spec(tmp_path, "add call signal {\n  require x: holds(1) when calling(las)\n"
                           "  require y: holds_pair(oros) when calling(kont)\n}\n")
    state = run(Game.from_spec(spec).new_round(seed=3, dealer=0), *SIGNAL_READY)
    rules, hand = state.rules, state.hands[3]
    oros = all(c in hand for c in rules.pair_cards[0])
    assert ("signal kont" in state.legal_actions(3)) == oros
    assert ("signal las" in state.legal_actions(3)) == any(rules.card_rank[c] == 1 for c in hand)


def test_a_value_bound_requirement_does_not_hide_an_endless_call(tmp_path):
    """E311 still reads a call whose requirements name `calling(VALUE)`: such a line binds one value, not the call."""
    with pytest.raises(ToutiError) as error:
        _spec(tmp_path, "call signal {\n  remove new_level\n  require truthful: holds_ace when calling(las)\n}\n")
    assert "E311" in str(error.value), str(error.value)
