"""Any table: 2 to 6 seats, sides of any shape or each for oneself, a stock drawn after each trick.

The examples of spec/examples that seat another table than their base (tute-habanero for
two, tute-arrastrado for three, guinote with a stock) are played here: the deal, the draw,
duties that wait for the stock to be empty, the swap under the stock, results for more
than two sides, and random rounds that keep every card and end.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game, IllegalAction, RoundState
from touti_dsl.errors import ToutiError
from touti_dsl.variants import load_flat

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
TABLES = ("tute-habanero", "tute-arrastrado", "guinote", "tute-cabrero", "tute-subastado-three", "guinote-48", "guinote-36")


def _game(name: str, **settings) -> Game:
    return Game.from_spec(load_flat(EXAMPLES / f"{name}.touti"), **settings)


def _refusal(state: RoundState, seat: int, action: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.clone().apply(seat, action)
    return refused.value.rule_id


def _every_card(state: RoundState) -> list[int]:
    cards = [c for hand in state.hands for c in hand] + list(state.stock) + list(state.trick_cards)
    cards += [c for trick in state.tricks for c in trick[1]]
    if state.rules.turned_place == "aside":
        cards.append(state.turned)
    return sorted(cards)


# ---------------------------------------------------------------- the deal


def test_two_players_get_eight_cards_and_the_turned_card_lies_under_the_stock():
    game = _game("tute-habanero")
    state = game.new_round(seed=11)
    rules = game.ruleset
    assert rules.seats == 2 and rules.sides == 2 and rules.partners == ((), ())
    assert [len(h) for h in state.hands] == [8, 8] and len(state.stock) == 24
    assert state.stock[-1] == state.turned and rules.card_suit[state.turned] == state.trump_suit
    assert rules.tricks_per_round == 20
    assert _every_card(state) == list(range(40))


def test_three_players_get_thirteen_cards_and_the_fortieth_is_set_aside():
    game = _game("tute-arrastrado")
    state = game.new_round(seed=5)
    assert [len(h) for h in state.hands] == [13, 13, 13] and state.stock == []
    assert all(state.turned not in hand for hand in state.hands)
    assert game.ruleset.tricks_per_round == 13 and game.ruleset.swap_rank is None
    assert _every_card(state) == list(range(40))


def test_guinote_deals_six_cards_to_two_pairs_and_ten_tricks_are_played():
    game = _game("guinote")
    rules = game.ruleset
    assert rules.team_of == (0, 1, 0, 1) and rules.partners == ((2,), (3,), (0,), (1,))
    state = game.new_round(seed=2)
    assert [len(h) for h in state.hands] == [6] * 4 and len(state.stock) == 16 and rules.tricks_per_round == 10


def test_explicit_hands_need_the_stock_and_every_card_once():
    game = _game("tute-habanero")
    dealt = game.new_round(seed=3)
    text = game.ruleset.card_text
    hands = [[text[c] for c in h] for h in dealt.hands]
    stock = [text[c] for c in dealt.stock]
    again = game.new_round(hands=hands, stock=stock, dealer=0)
    assert again.hands == dealt.hands and again.stock == dealt.stock and again.turned == dealt.turned
    with pytest.raises(ValueError, match="stock="):
        game.new_round(hands=hands, dealer=0)
    with pytest.raises(ValueError, match="dealt twice"):
        game.new_round(hands=hands, stock=stock[:-1] + [hands[0][0]], dealer=0)
    with pytest.raises(ValueError, match="list of 2 lists"):
        game.new_round(hands=hands + [[]], stock=stock, dealer=0)
    with pytest.raises(ValueError, match="from 0 to 1"):
        game.new_round(hands=hands, stock=stock, dealer=2)


# ---------------------------------------------------------------- the draw and the duties


def _play_first_trick(state: RoundState) -> None:
    while state.tricks_played == 0:
        seat = state.to_play
        card = next(a for a in state.legal_actions(seat) if a.startswith("play "))
        state.apply(seat, card)


def test_after_a_trick_each_player_draws_one_card_the_winner_first():
    state = _game("tute-habanero").new_round(seed=21)
    stock = list(state.stock)
    _play_first_trick(state)
    winner = state.tricks[-1][2]
    assert stock[0] in state.hands[winner] and stock[1] in state.hands[1 - winner]
    assert [len(h) for h in state.hands] == [8, 8] and state.stock == stock[2:]


def _habanero(hands: list[str], stock: list[str], dealer: int = 1) -> RoundState:
    return _game("tute-habanero").new_round(hands=[h.split() for h in hands], stock=stock.split(), dealer=dealer)


# Seat 0 leads; trumps are bastos (the 12b under the stock).
HABANERO = (["1o 3o 12o 11o 10o 7o 6o 5o", "4o 2o 1c 3c 12c 11c 10c 7c"],
             "6c 5c 4c 2c 1e 3e 12e 11e 10e 7e 6e 5e 4e 2e 1b 3b 11b 10b 7b 6b 5b 4b 2b 12b")


def test_no_duty_to_follow_while_cards_are_left_to_draw():
    state = _habanero(*HABANERO)
    state.apply(0, "play 1o")
    assert "play 1c" in state.legal_actions(1)  # seat 1 holds oros, and may discard a copa


def test_the_duties_apply_once_the_stock_is_empty():
    state = _habanero(*HABANERO)
    state.stock.clear()  # as if the last cards had been drawn
    state._legal = [None, None]
    state.apply(0, "play 1o")
    assert "play 1c" not in state.legal_actions(1)
    assert _refusal(state, 1, "play 1c") == "play.follow_suit"


def test_play_until_the_stock_is_empty_then_twelve_more_cards_each():
    state = _habanero(*HABANERO)
    while state.stock:
        seat = state.to_play
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("play ")))
    assert state.tricks_played == 12 and [len(h) for h in state.hands] == [8, 8]


def test_the_seven_of_trumps_takes_the_turned_card_after_a_won_trick_only():
    # trumps are oros (1o under the stock); seat 1 holds the 7 of oros
    hands = ["3c 12c 11c 10c 6c 5c 4c 6e", "7o 1c 1e 3e 12e 11e 10e 7e"]
    dealt = set(" ".join(hands).split())
    every = _game("tute-habanero").ruleset.card_text
    stock = " ".join([c for c in every if c not in dealt and c != "1o"] + ["1o"])
    state = _habanero(hands, stock)
    assert "swap" not in state.legal_actions(1)
    assert _refusal(state, 1, "swap") == "trump.swap_window"
    state.apply(0, "play 4c")
    state.apply(1, "play 1c")  # seat 1 wins the trick
    assert state.tricks[-1][2] == 1 and "swap" in state.legal_actions(1)
    state.apply(1, "swap")
    assert state.stock[-1] == state.rules.vocabulary.cards["7o"] and state.rules.vocabulary.cards["1o"] in state.hands[1]
    assert _refusal(state, 1, "swap") == "trump.swap"


def test_songs_only_while_the_stock_lasts():
    state = _game("tute-habanero").new_round(seed=1)
    state.stock.clear()  # as if the last cards had been drawn
    rules = state.rules
    state.window_team = 0
    king, horse = rules.pair_cards[0]
    state.hands[0] = sorted({*state.hands[0][:6], king, horse})
    state._legal = [None, None]
    assert _refusal(state, 0, f"ghna {rules.suits[0]}") == "ghna.while_stock"


# ---------------------------------------------------------------- results for more than two sides


def test_three_sides_score_each_for_oneself():
    game = _game("tute-arrastrado")
    rng = random.Random(4)
    state = game.new_round(seed=8)
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.round_result()
    assert len(result["totals"]) == 3 and len(result["score_changes"]) == 3
    if result["tute"] is None and result["winner"] is not None:
        assert result["totals"][result["winner"]] == max(result["totals"])
        assert sorted(result["score_changes"]) == [0, 0, 1]
    assert len(state.match_result()["scores"]) == 3


@pytest.mark.parametrize("name", TABLES)
def test_random_rounds_keep_every_card_and_end(name):
    game = _game(name)
    rules = game.ruleset
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_round(seed=seed)
        steps = 0
        while not state.is_terminal():
            assert _every_card(state) == list(range(rules.ncards))
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
            assert steps < 400
        if state.tute_team is None and not state.void:
            assert state.tricks_played == rules.tricks_per_round and not any(state.hands) and not state.stock
            result = state.round_result()
            aside = rules.card_points[state.turned] if rules.turned_place == "aside" else 0
            assert sum(result["card_points"]) == sum(rules.card_points) - aside
        copy = RoundState.from_json(game, state.to_json())
        assert copy.to_json() == state.to_json()


def test_an_observation_shows_the_stock_size_and_the_face_up_card_only():
    state = _game("tute-habanero").new_round(seed=9)
    seen = state.observation(0)
    assert seen["stock_size"] == 24 and seen["stock_bottom"] == seen["turned"]
    assert "stock" not in seen and "hands" not in seen and seen["hand_sizes"] == [8, 8]


def test_four_seat_systems_keep_their_json_without_a_stock():
    state = Game.from_spec("tute").new_round(seed=1)
    assert "stock" not in state.to_json() and "stock_size" not in state.observation(0)


# ---------------------------------------------------------------- the table as a setting


def _cabrero_like(tmp_path) -> Path:
    path = tmp_path / "any-table.touti"
    path.write_text('touti 1\n\nsystem "any-table" extends "tute" {\n  title: "Each for oneself"\n}\n\n'
                    "table {\n  seats: 4 (3, 4, 5)\n  teams: each\n  hand_size: 3 = 13, 4 = 10, 5 = 8\n}\n\n"
                    "trump {\n  turned: aside\n  remove swap\n}\n", encoding="utf-8")
    return path


def test_the_number_of_players_is_a_table_setting(tmp_path):
    from touti_dsl.checks import check_spec

    spec = load_flat(_cabrero_like(tmp_path))
    assert check_spec(spec) == []
    five = Game.from_spec(spec, seats=5)
    state = five.new_round(seed=1)
    assert [len(h) for h in state.hands] == [8] * 5 and five.ruleset.sides == 5
    assert five.settings == {"seats": 5}
    with pytest.raises(ToutiError, match="choices: 3, 4, 5"):
        Game.from_spec(spec, seats=6)


# ---------------------------------------------------------------- touti play


def test_play_shows_the_dealer_sitting_out(capsys):
    from touti_dsl.cli import main

    assert main(["play", str(EXAMPLES / "tute-cabrero.touti"), "--seed", "3", "--set", "seats=5"]) == 0
    out = capsys.readouterr().out
    assert "  seat 0: sits out of this round (dealt no card)" in out
    assert "-- trick 10:" in out and "-- trick 11:" not in out


def test_play_shows_the_stock_and_each_draw(capsys):
    from touti_dsl.cli import main

    assert main(["play", str(EXAMPLES / "tute-habanero.touti"), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "face up under the stock" in out and "stock (24 cards, drawn in this order)" in out
    assert out.count("-- draw: ") == 12 and "-- trick 20:" in out and "(team" not in out


def test_play_json_rounds_replay_with_their_stock(capsys):
    import json

    from touti_dsl.cli import main

    assert main(["play", str(EXAMPLES / "guinote.touti"), "--seed", "5", "--format", "json"]) == 0
    played = json.loads(capsys.readouterr().out.splitlines()[0])
    state = _game("guinote").new_round(hands=played["hands"], stock=played["stock"], dealer=played["dealer"])
    for seat, action in played["actions"]:
        state.apply(seat, action)
    assert state.round_result() == played["result"]


def test_play_chooses_the_number_of_players(tmp_path, capsys):
    from touti_dsl.cli import main

    path = str(_cabrero_like(tmp_path))
    assert main(["play", path, "--seed", "1", "--set", "seats=5"]) == 0
    assert "  seat 4: " in capsys.readouterr().out
    assert main(["play", path, "--seed", "1", "--set", "seats=6"]) == 2
    assert "not a choice of table.seats" in capsys.readouterr().err


# ---------------------------------------------------------------- the middle score loses (tute cabrero)


def _losers(totals, tricks_won=None, tute=None, seats=3, out=None):
    from types import SimpleNamespace

    from touti_dsl.engine.ruleset import Seating
    from touti_dsl.engine.scoring import _losers_by_place

    won = tricks_won or [s for s in range(seats) if s != out]
    state = SimpleNamespace(tute_team=tute, at_once_team=None, claims=[], conceded=None, tricks=[(0, (), seat) for seat in won],
                            seating=Seating.of(tuple(range(seats)), out=out),
                            rules=SimpleNamespace(scoring="middle_loses", place_tie="share",
                                                  formulas=SimpleNamespace(capote_void=None, standing=())))  # no scoring.capote_void
    return _losers_by_place(state, totals)


def test_the_middle_score_loses():
    assert _losers([40, 60, 30]) == [0]
    assert _losers([40, 40, 50]) == [0, 1]  # tied with the middle place, both lose
    assert _losers([10, 40, 30, 50], seats=4) == [1, 2]  # four players: the two middle places
    assert _losers([10, 40, 30, 50, 20], seats=5) == [2]


def test_a_capote_or_a_tute_makes_every_other_player_lose():
    assert _losers([130, 0, 0], tricks_won=[0, 0, 0]) == [1, 2]
    assert _losers([10, 60, 60], tute=0) == [1, 2]


def test_only_the_players_dealt_in_are_ranked():
    """The dealer sitting out (0 points) is not a place: of 67, 44, 19 and 0 the two middle places lose."""
    assert _losers([0, 67, 19, 0, 44], seats=5, out=0) == [2, 4]
    assert _losers([0, 67, 19, 5, 44, 3], seats=6, out=0) == [2]
    assert _losers([0, 130, 0, 0, 0], tricks_won=[1, 1, 1, 1], seats=5, out=0) == [2, 3, 4]
    assert _losers([0, 10, 60, 60, 5], tute=2, seats=5, out=0) == [1, 3, 4]


# ---------------------------------------------------------------- the dealer sits out (tute cabrero at five and six)


@pytest.mark.parametrize("players, dealt_in, cards", [(5, 4, 10), (6, 5, 8)])
def test_at_five_and_six_the_dealer_deals_but_sits_out(players, dealt_in, cards):
    """"Cuando se juega de a 5 ó 6 personas, quien reparte la mano no juega" (the dealer does not play the hand)."""
    game = _game("tute-cabrero", seats=players)
    assert game.ruleset.players == dealt_in and game.ruleset.tricks_per_round == cards
    for dealer in range(players):
        state = game.new_round(seed=dealer, dealer=dealer)
        assert [len(h) for h in state.hands] == [0 if s == dealer else cards for s in range(players)]
        assert state.seating.in_play == tuple(s for s in range(players) if s != dealer)
        before = dealer - 1 if dealer else players - 1  # dealt the last card, which shows trumps
        assert state.turned in state.hands[before] and state.rules.card_suit[state.turned] == state.trump_suit
        rng = random.Random(dealer)
        while not state.is_terminal():
            assert dealer not in state.actors()
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert all(len(cards_played) == dealt_in for _, cards_played, _ in state.tricks)
        result = state.round_result()
        assert result["totals"][dealer] == 0 and dealer not in result["losers"] and result["score_changes"][dealer] == 0
        assert _every_card(state) == list(range(40))


def test_up_to_four_everybody_plays():
    for players, cards in ((3, 13), (4, 10)):
        state = _game("tute-cabrero", seats=players).new_round(seed=2, dealer=1)
        assert [len(h) for h in state.hands] == [cards] * players and state.seating.in_play == tuple(range(players))


def test_the_seat_dealt_the_trump_card_cannot_swap_for_it(tmp_path):
    """With the dealer out, the trump card is the last card dealt, in the hand of the seat before the dealer: that seat
    holds it already, as a dealer would, and may not exchange the 7 of trumps for it."""
    path = tmp_path / "cabrero-swap.touti"
    path.write_text('touti 1\n\nsystem "cabrero-swap" extends "tute-cabrero" {\n  title: "Swap"\n}\n\n'
                    "trump {\n  swap: 7\n}\n", encoding="utf-8")
    game = Game.from_spec(load_flat(path), seats=5)
    rules = game.ruleset
    for seed in range(400):
        state = game.new_round(seed=seed, dealer=0)
        seven = rules.rank_cards[7][state.trump_suit]
        if seven in state.hands[4] and rules.card_rank[state.turned] != 7:
            break
    assert state.turned in state.hands[4] and "swap" not in state.legal_actions(4)
    assert _refusal(state, 4, "swap") == "trump.swap"


def test_the_next_dealer_sits_out_the_next_round():
    game = _game("tute-cabrero", seats=5)
    state = game.new_round(seed=4, dealer=0)
    rng = random.Random(4)
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    following = state.next_round(seed=9)
    assert following.dealer == 1 and following.hands[1] == [] and following.first_speaker == 2
    assert following.scores == state.match_result()["scores"]


def test_explicit_hands_leave_the_dealer_empty_handed():
    game = _game("tute-cabrero", seats=5)
    dealt = game.new_round(seed=6, dealer=3)
    hands = [[game.ruleset.card_text[c] for c in hand] for hand in dealt.hands]
    again = game.new_round(hands=hands, dealer=3)
    assert again.to_json()["hands"] == dealt.to_json()["hands"]
    with pytest.raises(ValueError, match="hand of seat 3 must be empty: seat 3 sits out of this round"):
        game.new_round(hands=hands[:3] + [hands[4], hands[3]], dealer=3)


def test_a_round_with_a_seat_sitting_out_survives_json():
    game = _game("tute-cabrero", seats=6)
    state = game.new_round(seed=8, dealer=4)
    for _ in range(7):
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    again = RoundState.from_json(game, state.to_json())
    assert again.to_json() == state.to_json() and again.seating == state.seating
    assert again.legal_actions(again.to_play) == state.legal_actions(state.to_play)


def _play_out(state: RoundState, rng: random.Random) -> RoundState:
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_player_with_four_porotos_leaves_and_the_others_play_on():
    """"Cuando un jugador ha perdido en cuatro manos se retira del partido. El partido termina cuando quedan menos de
    tres jugadores" (tute.com.ar): of five players one is out; the four left play as a table of four (nobody sits out,
    ten cards each), and the deal passes the player out by."""
    game = _game("tute-cabrero", seats=5)
    state = game.new_round(seed=2, dealer=0, scores=[0, 4, 0, 0, 0])
    assert [len(h) for h in state.hands] == [10, 0, 10, 10, 10] and state.seating.in_play == (0, 2, 3, 4)
    assert state.to_play == 2 and 1 not in state.actors()
    match = _play_out(state, random.Random(2)).match_result()
    assert match["scores"][1] == 4 and 1 in match["out"] and state.round_result()["score_changes"][1] == 0
    assert not match["over"] and match["winners"] == []
    following = state.next_round(seed=3)
    assert following.dealer == 2 and following.hands[1] == []


def test_six_players_end_with_fewer_than_three_left():
    game = _game("tute-cabrero", seats=6)
    state, rng = game.new_round(seed=7, dealer=0), random.Random(7)
    for _ in range(200):
        _play_out(state, rng)
        match = state.match_result()
        if match["over"]:
            break
        out = set(match["out"])
        state = state.next_round(seed=rng.randrange(10**6))
        assert state.dealer not in out and all(state.hands[s] == [] for s in out)
        left = 6 - len(out)
        assert sum(1 for h in state.hands if h) == (left - 1 if left >= 5 else left)  # at five left the dealer sits out
    assert match["over"] and len(match["winners"]) <= 2 and sorted(match["winners"] + match["out"]) == list(range(6))
    with pytest.raises(ValueError, match="out of the match"):
        game.new_round(seed=1, dealer=2, scores=[0, 0, 4, 0, 0, 0])


def test_cabrero_rounds_give_porotos_until_a_player_has_four():
    game = _game("tute-cabrero")
    state = game.new_round(seed=3, scores=[3, 3, 3])
    rng = random.Random(3)
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result, match = state.round_result(), state.match_result()
    assert result["losers"] and all(result["score_changes"][s] == 1 for s in result["losers"])
    assert match["over"] and match["winners"] == [s for s in range(3) if s not in result["losers"]]
    assert "losers" not in Game.from_spec("tute").new_round(seed=1).to_json()


# ---------------------------------------------------------------- the bid winner against the others (tute subastado)


def _auction_won_by(game: Game, seed: int) -> RoundState:
    """A round where the first speaker bids the minimum and the others pass."""
    state = game.new_round(seed=seed)
    first = state.turn
    state.apply(first, f"bid {game.ruleset.bidding.minimum}")
    while state.phase == "bidding":
        state.apply(state.turn, "pass")
    return state


def test_the_bid_winner_plays_alone_against_the_two_others():
    game = _game("tute-subastado-three")
    assert game.ruleset.ncards == 36 and game.ruleset.tricks_per_round == 12
    state = _auction_won_by(game, 7)
    bidder = state.contract_bidder
    others = [s for s in range(3) if s != bidder]
    assert state.seating.team_of[bidder] == 0 and all(state.seating.team_of[s] == 1 for s in others)
    assert state.seating.partners[others[0]] == (others[1],) and state.contract["team"] == 0
    assert state.legal_actions(bidder)[0].startswith("trump ")
    copy = RoundState.from_json(game, state.to_json())
    assert copy.seating == state.seating


def test_each_defender_scores_what_the_defending_side_scores():
    game = _game("tute-subastado-three")
    state = _auction_won_by(game, 11)
    rng = random.Random(2)
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.round_result()
    bidder = state.contract_bidder
    assert len(result["totals"]) == 2 and len(result["score_changes"]) == 3
    side = {True: result["score_changes"][bidder], False: [result["score_changes"][s] for s in range(3) if s != bidder]}
    if result["made"]:
        assert side[True] == 60 and side[False] == [0, 0]
    else:
        assert side[True] == 0 and side[False] == [60, 60]
    assert len(state.match_result()["scores"]) == 3


def test_only_the_bid_winner_sings():
    game = _game("tute-subastado-three")
    state = _auction_won_by(game, 5)
    defender = next(s for s in range(3) if s != state.contract_bidder)
    state.apply(state.contract_bidder, "trump oros")
    assert _refusal(state, defender, "ghna copas") in ("ghna.who", "ghna.window", "ghna.in_hand")
