"""A chain of swap cards (`trump.swap: 7, 2`): the 7 takes the turned card, then the 2 may take the 7 it left.

Each link is offered to the holder of its card only after the link before it, in the windows the spec gives
(`trump.swap_window`), as a duty where `trump.swap_duty: compulsory`, and under the trump section's requirements, which
read the card that link would take."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction, RoundState
from touti_dsl.loader import load_spec

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
CHAIN = EXAMPLES / "guinote-two-takes-seven.touti"


def _inline(tmp_path, base: str, body: str) -> Game:
    path = tmp_path / "inline.touti"
    path.write_text(f'touti 1\n\nsystem "inline" extends "{base}" {{\n  title: "Inline"\n}}\n\n{body}\n', encoding="utf-8")
    return Game.from_spec(load_spec(path))


def _holder(state, rank: int) -> int:
    card = state.rules.rank_cards[rank][state.trump_suit]
    return next(seat for seat in range(state.rules.seats) if card in state.hands[seat])


def _play_until_swaps(state, swaps: int, seen: list) -> bool:
    """Play (first legal card) until `swaps` swaps have been made, swapping whenever a swap is offered; record in
    `seen` each (seat, swaps made before) that was offered a swap."""
    while not state.is_terminal():
        if state.swapped >= swaps:
            return True
        offered = [seat for seat in range(state.rules.seats) if "swap" in state.legal_actions(seat)]
        if offered:
            seen.extend((seat, int(state.swapped)) for seat in offered)
            state.apply(offered[0], "swap")
            continue
        seat = state.to_play
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("play ")))
    return state.swapped >= swaps


def test_the_two_takes_the_seven_under_the_stock_after_the_seven_took_the_turned_card():
    game = Game.from_spec(load_spec(CHAIN))
    for seed in range(300):
        state = game.new_round(seed=seed)
        rules = state.rules
        turned, two_seat = state.turned, _holder(state, 2)
        seven = rules.rank_cards[7][state.trump_suit]
        two = rules.rank_cards[2][state.trump_suit]
        seen: list = []
        if not _play_until_swaps(state, 1, seen) or state.stock[-1] != seven:
            continue
        assert all(done == 0 for _, done in seen)  # before the seven's swap, nobody was offered the seven
        if two_seat not in [s for s in range(state.rules.seats) if two in state.hands[s]]:
            continue
        if not _play_until_swaps(state, 2, seen):
            continue
        offered_second = [seat for seat, done in seen if done == 1]
        assert offered_second and all(two in state.hands[s] or seven in state.hands[s] for s in offered_second)
        assert state.stock[-1] == two and turned not in state.stock  # the two lies under the stock now
        assert "swap" not in [a for s in range(state.rules.seats) for a in state.legal_actions(s)]
        refusal = pytest.raises(IllegalAction, state.apply, 0, "swap")
        assert refusal.value.rule_id in ("trump.swap", "trump.swap_window")
        return
    raise AssertionError("no round in 300 seeds where the two took the seven")


def test_without_the_chain_the_two_never_takes_the_seven():
    """The base guinote: after the seven's swap no swap is ever offered (the test fails without the rule)."""
    game = Game.from_spec("guinote")
    offered_after = 0
    for seed in range(120):
        seen: list = []
        _play_until_swaps(game.new_round(seed=seed), 2, seen)
        offered_after += sum(1 for _, done in seen if done >= 1)
    assert offered_after == 0
    chained = Game.from_spec(load_spec(CHAIN))
    offered_after = 0
    for seed in range(120):
        seen = []
        _play_until_swaps(chained.new_round(seed=seed), 2, seen)
        offered_after += sum(1 for _, done in seen if done >= 1)
    assert offered_after > 0


def test_the_two_is_refused_before_the_seven_has_swapped(tmp_path):
    game = _inline(tmp_path, "tute-arrastrado", "trump {\n  turned: aside\n  swap: 7, 2\n}")
    for seed in range(200):
        state = game.new_round(seed=seed)
        if state.rules.card_rank[state.turned] in (7, 2):
            continue
        two_seat, seven_seat = _holder(state, 2), _holder(state, 7)
        if two_seat == seven_seat:
            continue
        assert "swap" not in state.legal_actions(two_seat)
        with pytest.raises(IllegalAction) as refusal:
            state.apply(two_seat, "swap")
        assert refusal.value.rule_id == "trump.swap" and "you must hold" in refusal.value.message
        assert state.legal_actions(seven_seat)[0] == "swap"
        turned = state.turned
        state.apply(seven_seat, "swap")
        seven = state.rules.rank_cards[7][state.trump_suit]
        assert state.turned == seven and turned in state.hands[seven_seat]
        assert "swap" in state.legal_actions(two_seat) and "swap" not in state.legal_actions(seven_seat)
        state.apply(two_seat, "swap")
        assert state.turned == state.rules.rank_cards[2][state.trump_suit] and seven in state.hands[two_seat]
        assert state.swapped == 2 and not any("swap" in state.legal_actions(s) for s in range(state.rules.seats))
        view = state.to_json()
        assert view["swapped"] is True and view["swaps"] == 2
        again = RoundState.from_json(game, view)
        assert again.swapped == 2 and again.to_json() == view
        return
    raise AssertionError("no deal with the 7 and the 2 of trumps in two hands")


def test_the_duty_passes_to_the_two_after_the_seven(tmp_path):
    game = _inline(tmp_path, "tute-arrastrado", "trump {\n  turned: aside\n  swap: 7, 2\n  swap_duty: compulsory\n}")
    for seed in range(200):
        state = game.new_round(seed=seed)
        if state.rules.card_rank[state.turned] in (7, 2) or _holder(state, 2) == _holder(state, 7):
            continue
        two_seat, seven_seat = _holder(state, 2), _holder(state, 7)
        assert state.swap_due() == seven_seat and state.actors() == [seven_seat]
        state.apply(seven_seat, "swap")
        assert state.swap_due() == two_seat and state.actors() == [two_seat]
        card = state.rules.card_text[state.hands[state.to_play][0]]
        if state.to_play != two_seat:
            with pytest.raises(IllegalAction) as refusal:
                state.apply(state.to_play, f"play {card}")
            assert refusal.value.rule_id == "trump.swap_duty"
        state.apply(two_seat, "swap")
        assert state.swap_due() is None and any(a.startswith("play ") for a in state.legal_actions(state.to_play))
        return
    raise AssertionError("no deal with the 7 and the 2 of trumps in two hands")


def test_a_requirement_reads_the_card_each_link_would_take(tmp_path):
    """The seven takes only a card above it: after its swap the card to take is the seven itself, so the two's
    swap is refused by the same requirement (it reads the seven, not the turned card)."""
    game = _inline(tmp_path, "tute-arrastrado", "trump {\n  turned: aside\n  swap: 7, 2\n}\n\nadd trump {\n"
                   "  require high: turned_rank == 1 or turned_rank == 3 or turned_rank >= 10\n}")
    for seed in range(200):
        state = game.new_round(seed=seed)
        if state.rules.card_rank[state.turned] not in (1, 3, 10, 11, 12) or _holder(state, 2) == _holder(state, 7):
            continue
        state.apply(_holder(state, 7), "swap")
        with pytest.raises(IllegalAction) as refusal:
            state.apply(_holder(state, 2), "swap")
        assert refusal.value.rule_id == "trump.high"
        return
    raise AssertionError("no deal with a high turned card")


def test_one_swap_card_serialises_as_before():
    """`swapped` stays a bool and no `swaps` field is written without a chain, before and after the swap."""
    game = Game.from_spec("tute-seven-or-two")
    for seed in range(50):
        state = game.new_round(seed=seed)
        view = state.to_json()
        assert view["swapped"] is False and "swaps" not in view
        offered = [seat for seat in range(state.rules.seats) if "swap" in state.legal_actions(seat)]
        if not offered:
            continue
        state.apply(offered[0], "swap")
        view = state.to_json()
        assert view["swapped"] is True and "swaps" not in view
        assert RoundState.from_json(game, view).to_json() == view
        return
    raise AssertionError("no swap offered in 50 seeds")
