"""Who deals next chosen by conditions on the finished round (`rotation.next_round: same_seat if hand_tied else
next_seat`): "a hand of sixty all is not counted" (Regole della Briscola, marittimaravennate.com), so the same player
deals it again; after any other hand the deal passes on (spec/examples/brisca-two-tie-same-dealer.touti)."""

from __future__ import annotations

from pathlib import Path

from touti_dsl.cases.explore import quick_rounds
from touti_dsl.engine import Game

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "brisca-two-tie-same-dealer.touti"


def _finished(game: Game, count: int = 400, seed: int = 5):
    """Finished rounds after which the match goes on, replayed."""
    for record in quick_rounds(game, seed, count):
        state = game.new_round(**record.setup)
        for seat, action in record.history:
            state.apply(seat, action)
        if not state.match_result()["over"]:
            yield state


def _tied(state) -> bool:
    return state.round_result()["winner"] is None


def test_after_a_tied_hand_the_same_player_deals_again_and_after_another_the_deal_passes():
    game = Game.from_spec(EXAMPLE)
    seen = {True: 0, False: 0}
    for state in _finished(game, 1000):
        tied = _tied(state)
        seen[tied] += 1
        assert state.next_round(seed=1).dealer == (state.dealer if tied else 1 - state.dealer)
    assert seen[True] and seen[False]


def test_the_base_passes_the_deal_after_a_tied_hand():
    base = Game.from_spec("brisca-two")
    tied = next(state for state in _finished(base, 1000) if _tied(state))
    assert state_dealer_after(tied) == 1 - tied.dealer


def state_dealer_after(state) -> int:
    return state.next_round(seed=1).dealer


def _variant(tmp_path, base: str, rotation: str) -> Game:
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n'
                    f'rotation {{\n  next_round: {rotation}\n}}\n', encoding="utf-8")
    return Game.from_spec(path)


def test_same_seat_keeps_the_dealer_every_round(tmp_path):
    game = _variant(tmp_path, "tute", "same_seat")
    for state in _finished(game, 20):
        assert state.next_round(seed=3).dealer == state.dealer


def test_without_a_dealer_the_first_speaker_stays_while_the_bidders_take_the_last_trick(tmp_path):
    """touti-app has no dealer: the choice moves the first word (a house rule: the first speaker keeps it when the
    contract's side took the last trick)."""
    game = _variant(tmp_path, "touti-app", "same_seat if last_trick(bidders) else next_seat")
    seen = set()
    for state in _finished(game, 200):
        if state.void:
            continue
        made = state.last_trick_team == state.contract_team
        seen.add(made)
        following = state.next_round(seed=4).first_speaker
        assert following == (state.first_speaker if made else game.ruleset.next_seat[state.first_speaker])
    assert seen == {True, False}


def test_the_first_branch_that_holds_gives_the_word(tmp_path):
    """A chain: the tie first, then the winner of the last trick, else the next seat."""
    game = _variant(tmp_path, "brisca-two", "same_seat if hand_tied else last_trick_winner if card_points(winner) > 80 "
                                            "else next_seat")
    seen = set()
    for state in _finished(game, 1000):
        result = state.round_result()
        if result["winner"] is None:
            expected, branch = state.dealer, 0
        elif result["card_points"][result["winner"]] > 80:
            expected, branch = state.tricks[-1][2], 1
        else:
            expected, branch = 1 - state.dealer, 2
        seen.add(branch)
        assert state.next_round(seed=1).dealer == expected
    assert seen == {0, 1, 2}


def test_the_dealer_keeps_the_deal_while_their_side_wins(tmp_path):
    """"The dealer keeps the deal while their side wins": `team` is the dealer's side after the round."""
    game = _variant(tmp_path, "guinote", "same_seat if won_hand(team) else next_seat")
    seen = set()
    for state in _finished(game, 60):
        kept = state.round_result()["winner"] == state.seating.team_of[state.dealer]
        seen.add(kept)
        assert state.next_round(seed=2).dealer == (state.dealer if kept else (state.dealer + 1) % 4)
    assert seen == {True, False}


def test_a_dealer_put_out_of_the_match_does_not_deal_again(tmp_path):
    """tute-cabrero for four (`match.end elimination`): `same_seat` keeps the dealer, but not one this round put out: the deal
    then passes to the next player still in the match."""
    game = Game.from_spec(_variant_path(tmp_path, "tute-cabrero", "same_seat"), seats=4)
    for seed in range(60):
        state = game.new_round(seed=seed, dealer=0, scores=[3, 0, 0, 0])
        match = _played_out(state, seed).match_result()
        if not match["over"] and 0 in match["out"]:
            break
    else:
        raise AssertionError("no round put the dealer out")
    assert state.next_round(seed=3).dealer == 1


def _variant_path(tmp_path, base: str, rotation: str) -> Path:
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n'
                    f'rotation {{\n  next_round: {rotation}\n}}\n', encoding="utf-8")
    return path


def _played_out(state, seed: int):
    import random

    rng = random.Random(seed)
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_last_trick_winner_put_out_of_the_match_does_not_deal(tmp_path):
    """tute-cabrero for four with `next_round: last_trick_winner`: the winner of the last trick deals, but not one this
    round put out of the match (the engine used to hand it the deal, and the next round refused it): the deal then
    passes to the first player still in the match after the dealer, as the elimination sentence of the pages says."""
    game = Game.from_spec(_variant_path(tmp_path, "tute-cabrero", "last_trick_winner"), seats=4)
    seen = set()
    for seed in range(80):
        state = _played_out(game.new_round(seed=seed, dealer=0, scores=[3, 3, 3, 0]), seed)
        match = state.match_result()
        if match["over"]:
            continue
        winner = state.tricks[-1][2]
        gone = winner in match["out"]
        seen.add(gone)
        expected = next(s for s in (1, 2, 3) if s not in match["out"]) if gone else winner
        assert state.next_round(seed=3).dealer == expected
    assert seen == {True, False}
