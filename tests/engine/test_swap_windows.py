"""`trump.swap_window: before_first_lead, after_team_trick` (tests/engine/specs/tute-swap-both-windows): the seven of
trumps takes the turned card before the first lead, or later after a trick won by its holder's side while the dealer
still holds it; one window alone plays exactly as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine import claim
from touti_dsl.engine.refusals import forbidding_rules
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .test_swap_after_trick import HANDS, _card, _play

ROOT = Path(__file__).resolve().parents[2]
BOTH = Path(__file__).resolve().parent / "specs" / "tute-swap-both-windows.touti"


def _round(hands=HANDS, dealer: int = 3):
    return Game.from_spec(load_spec(BOTH)).new_round(hands=[list(h) for h in hands], dealer=dealer)


def test_both_windows_are_read_as_a_set():
    assert Game.from_spec(load_spec(BOTH)).ruleset.swap_windows == {"before_first_lead", "after_team_trick"}
    assert Game.from_spec(load_spec(ROOT / "spec" / "tute.touti")).ruleset.swap_windows == {"before_first_lead"}


def test_the_seven_swaps_before_the_first_lead():
    state = _round()
    assert "swap" in state.legal_actions(0) and claim.swap_to_come(state)
    state.apply(0, "swap")
    assert _card(state, "10b") in state.hands[0] and _card(state, "7b") in state.hands[3]
    with pytest.raises(IllegalAction) as again:
        state.apply(0, "swap")
    assert again.value.rule_id == "trump.swap"  # once a round, whichever window it was made in


def test_during_the_first_trick_the_swap_waits_for_a_won_trick():
    state = _round()
    _play(state, "11e")
    assert "swap" not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap")
    assert refused.value.rule_id == "trump.swap_window"
    assert refused.value.message == ("the swap is possible only before the first lead or after a trick won by your "
                                     "side, before the next lead")


def test_after_a_trick_won_by_the_holders_side_the_seven_still_swaps():
    state = _round()
    _play(state, "11e", "1e", "1b", "2e")  # seat 2 trumps: seats 0 and 2 win the trick
    assert "swap" in state.legal_actions(0)
    state.apply(0, "swap")
    assert _card(state, "10b") in state.hands[0] and _card(state, "7b") in state.hands[3]


def test_after_a_trick_won_by_the_other_side_the_swap_is_refused_by_the_window():
    state = _round()
    _play(state, "10o", "3o", "1o", "4b")  # seats 1 and 3 win
    assert forbidding_rules(state, 0, "swap") == ["trump.swap_window"]


def test_once_the_dealer_has_played_the_turned_card_the_late_window_is_gone():
    state = _round()
    _play(state, "5b", "11b", "1b", "10b")  # the dealer plays the turned 10; seats 0 and 2 win
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap")
    assert refused.value.message == "the turned card has been played: it can no longer be taken"
    assert not claim.swap_to_come(state)


def test_the_dealer_never_swaps_in_either_window():
    hands = [list(h) for h in HANDS]
    hands[0][5], hands[3][0] = hands[3][0], hands[0][5]  # the dealer holds the 7 of bastos and the turned 10
    state = _round(hands)
    assert forbidding_rules(state, 3, "swap") == ["trump.swap"]


@pytest.mark.parametrize("window", ["after_team_trick, after_team_trick", "before_first_lead, before_first_lead"])
def test_a_window_named_twice_is_refused_located(tmp_path, window):
    path = tmp_path / "twice.touti"
    path.write_text(f'touti 1\n\nsystem "twice" extends "tute" {{\n  title: "Twice"\n}}\n\ntrump {{\n  swap_window: {window}\n}}\n',
                    encoding="utf-8")
    with pytest.raises(ToutiError) as error:
        load_spec(path)
    assert "E211" in str(error.value) and "twice.touti:8:" in str(error.value)


LATE_CABRERO = 'trump {\n  swap: 7\n  swap_window: after_team_trick\n}\n'


def _cabrero_late_swap(tmp_path, seats: int) -> Game:
    path = tmp_path / "late.touti"
    path.write_text(f'touti 1\n\nsystem "late" extends "tute-cabrero" {{\n  title: "Late"\n}}\n\n{LATE_CABRERO}',
                    encoding="utf-8")
    return Game.from_spec(load_spec(path), seats=seats)


def _until_seat_wins(state, seat: int) -> None:
    """Play each seat's first legal card until `seat` wins a trick (the turned card still in its holder's hand)."""
    while state.last_trick_winner() != seat:
        state.apply(state.to_play, next(a for a in state.legal_actions(state.to_play) if a.startswith("play")))


def test_tute_cabrero_at_four_keeps_the_turned_card_in_the_dealers_hand_and_the_seven_takes_it(tmp_path):
    """With four each for oneself every card is dealt: the last card dealt shows trumps and stays with the dealer, the
    dealer-hand rule of the swap (the page says it: tests/docs/test_swap_window_pages.py)."""
    game = _cabrero_late_swap(tmp_path, 4)
    assert game.ruleset.deals[4].turned_place == "dealer_hand" and game.ruleset.deals[3].turned_place == "aside"
    state = game.new_round(hands=[list(h) for h in HANDS], dealer=3)
    assert state.turned == _card(state, "10b") and "swap" not in state.legal_actions(0)
    _until_seat_wins(state, 0)
    assert _card(state, "10b") in state.hands[3]
    state.apply(0, "swap")
    assert _card(state, "10b") in state.hands[0] and _card(state, "7b") in state.hands[3]


def _tute_with(window: str | None, folder: Path):
    text = (ROOT / "spec" / "tute.touti").read_text(encoding="utf-8")
    if window is not None:
        text = text.replace("  swap: 7\n", f"  swap: 7\n  swap_window: {window}\n")
    (folder / "tute.touti").write_text(text, encoding="utf-8")
    return Game.from_spec(load_spec(folder / "tute.touti")).new_round(hands=[list(h) for h in HANDS], dealer=3)


@pytest.mark.parametrize("window, rule_id", [(None, "trump.swap"), ("before_first_lead", "trump.swap_window")])
def test_a_swap_after_the_first_card_breaks_the_window_rule_where_it_is_written(window, rule_id, tmp_path):
    """Bughunt s17: Guiñote with every card dealt wrote `swap_window: before_first_lead`, and `touti coverage` said
    MISSING for it: the late swap was refused by trump.swap, so no case named the window's rule."""
    state = _tute_with(window, tmp_path)
    _play(state, "11e")
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap")
    assert refused.value.rule_id == rule_id
    assert refused.value.message == "the swap is possible once, before the first card of the round is played"


def test_a_second_swap_before_the_first_card_stays_the_swaps_own_refusal(tmp_path):
    state = _tute_with("before_first_lead", tmp_path)
    state.apply(0, "swap")
    with pytest.raises(IllegalAction) as again:
        state.apply(0, "swap")
    assert again.value.rule_id == "trump.swap"
