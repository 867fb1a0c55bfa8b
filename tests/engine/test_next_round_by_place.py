"""`rotation.next_round: hand_loser` where a round is ranked by places (`scoring.round: middle_loses` / `place_loses`):
the deal passes to the first player after the dealer among those who lost, as the rules page says; `hand_winner`
names nobody there (W450) and passes the deal to the next seat.  The generator shows each side of the rule."""

from __future__ import annotations

import random

import pytest

from touti_dsl.cases import build, outcomes
from touti_dsl.cases.explore import Explorer
from touti_dsl.checks import check_spec
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from ..house import house_variant
from .helpers import random_play

LOSER_DEALS = "rotation {\n  next_round: hand_loser\n}\n"


def _finished_rounds(game: Game, dealer: int, count: int = 60):
    """Finished rounds after which the match goes on, dealt by `dealer`, played at random."""
    for seed in range(count):
        state = random_play(game.new_round(seed=seed, dealer=dealer), random.Random(seed))
        if not state.match_result()["over"] and not state.void:
            yield state


def _first_after(dealer: int, seats: int, wanted) -> int:
    return next(s % seats for s in range(dealer + 1, dealer + seats + 1) if wanted(s % seats))


@pytest.mark.parametrize("base, seats", [("tute-cabrero-last-loses", 3), ("tute-cabrero", 4)])
def test_the_first_loser_after_the_dealer_deals_next(tmp_path, base, seats):
    game = Game.from_spec(load_spec(house_variant(tmp_path, base, LOSER_DEALS)), seats=seats)
    passed_over = 0  # rounds where a loser other than the next seat deals: the rule differs from next_seat there
    for dealer in range(seats):
        for state in _finished_rounds(game, dealer, 25):
            losers = state.round_result()["losers"]
            team_of = state.seating.team_of
            expected = _first_after(dealer, seats, lambda s: team_of[s] in losers) if losers else (dealer + 1) % seats
            assert state.next_round(seed=7).dealer == expected
            passed_over += expected != (dealer + 1) % seats
    assert passed_over, "no round where the loser sits further than the next seat"


def test_a_round_nobody_loses_passes_the_deal_to_the_next_seat(tmp_path):
    """tute-cabrero-last-loses at five players: a tie for the fewest points makes nobody lose (`place_tie: none`)."""
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-cabrero-last-loses", LOSER_DEALS)), seats=5)
    for seed in range(400):
        state = random_play(game.new_round(seed=seed, dealer=2), random.Random(seed))
        if not state.void and not state.match_result()["over"] and state.round_result()["losers"] == []:
            assert state.next_round(seed=7).dealer == 3
            return
    pytest.skip("no tied round in 400 random rounds")


def test_hand_winner_under_a_ranking_by_places_warns_and_passes_to_the_next_seat(tmp_path):
    path = house_variant(tmp_path, "tute-cabrero-last-loses", "rotation {\n  next_round: hand_winner\n}\n")
    found = [d for d in check_spec(load_spec(path), warnings=True) if d.code == "W450"]
    assert [(d.severity, d.loc.line) for d in found] == [("warning", 8)]
    assert "names nobody" in found[0].message and "place_loses" in found[0].message
    game = Game.from_spec(load_spec(path), seats=3)
    states = list(_finished_rounds(game, 1, 10))
    assert states and all(state.next_round(seed=3).dealer == 2 for state in states)


def test_no_warning_where_the_hand_has_a_winner_or_the_branch_says_hand_loser(tmp_path):
    winner = house_variant(tmp_path, "guinote", "rotation {\n  next_round: hand_winner\n}\n")
    assert not [d for d in check_spec(load_spec(winner), warnings=True) if d.code == "W450"]
    choice = tmp_path / "choice"
    choice.mkdir()
    chosen = house_variant(choice, "tute-cabrero", "rotation {\n  next_round: hand_loser if hand_tied else hand_winner\n}\n")
    found = [d for d in check_spec(load_spec(chosen), warnings=True) if d.code == "W450"]
    assert [(d.loc.line, d.loc.column) for d in found] == [(8, 44)]


def test_the_generator_shows_the_dealers_side_losing_and_another_side_losing(tmp_path):
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-cabrero-last-loses", LOSER_DEALS)))
    rounds = list(Explorer(game, 11, core_only=True).explore(40).rounds)
    cases = outcomes.rotation_cases(game, rounds, build._deal(game, random.Random(11)))
    played = {c["description"].split("after ", 1)[1]: c for c in cases if c["rules"] == ["rotation.next_round"]}
    assert {"a round the dealer's side lost", "a round another side lost"} <= set(played)
    for case in played.values():  # each expectation is the engine's, and the dealer's side losing keeps no dealer
        state = game.new_round(**case["setup"])
        for step in case["steps"][:-1]:
            state.apply(step["seat"], step["action"])
        last = case["steps"][-1]
        assert last["expect"]["dealer"] == state.next_round(**{k: v for k, v in last.items()
                                                               if k not in ("op", "expect")}).dealer
