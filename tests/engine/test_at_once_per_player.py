"""`match.at_once` where the match is kept per player: at sides set each round the game won at once goes to the players
of the side that won it (`winners`), and at a match counting hands lost it wins the hand, every other player losing it
(docs/language.md, "Wins at once at a table each for oneself").  spec/examples/tute-subastado-three-tute-wins.touti
(acanomas.com: a tute wins the game at Tute subastado for three) and spec/examples/tute-gana-pierde.touti (a player who
reaches 101 "se sale": sole winner, every other player loses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import first_legal as _first_legal, hands_of, run

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
HEAD = 'touti 1\n\nsystem "x" extends "{base}" {{\n  title: "x"\n}}\n\n'


def _spec(tmp_path, base: str, body: str):
    path = tmp_path / "x.touti"
    path.write_text(HEAD.format(base=base) + body, encoding="utf-8")
    return path


# ---------------------------------------------------------------- a tute wins the game for its singer (row 7)

REYES = hands_of(
    "12o 12c 12e 12b 1o 1c 1e 1b 3o 3c 3e 3b",
    "11o 11c 11e 11b 10o 10c 10e 10b 7o 7c 7e 7b",
    "6o 6c 6e 6b 5o 5c 5e 5b 4o 4c 4e 4b",
)


def test_a_bid_winner_who_sings_a_tute_wins_the_match_alone_whatever_the_scores():
    """acanomas.com, Tute subastado for three: four reyes or four caballos win the game for the player who holds them."""
    game = Game.from_spec(EXAMPLES / "tute-subastado-three-tute-wins.touti")
    state = game.new_round(hands=REYES, dealer=2, scores=[0, 480, 490])
    run(state, "0: bid 60", "1: pass", "2: pass", "0: trump oros", "0: play 1o")
    _first_legal(state, stop=lambda st: st.to_play == 0 and not st.trick_cards)
    state.apply(0, "tute 12")
    result = state.round_result()
    assert result["tute"] == 0 and result["made"] is None and result["score_changes"] == [0, 0, 0]
    assert state.match_result() == {"scores": [0, 480, 490], "over": True, "winner": 0, "winners": [0]}


def test_the_base_has_no_tute_and_its_match_result_no_winners():
    game = Game.from_spec(EXAMPLES / "tute-subastado-three.touti")
    state = game.new_round(hands=REYES, dealer=2)
    run(state, "0: bid 60", "1: pass", "2: pass", "0: trump oros", "0: play 1o")
    _first_legal(state, stop=lambda st: st.to_play == 0 and not st.trick_cards)
    assert not any(action.startswith("tute") for action in state.legal_actions(0))
    assert "winners" not in _first_legal(state).match_result()


def test_a_side_of_the_others_wins_the_match_together(tmp_path):
    """A condition met by the others (side 1) gives the match to both of them: `winners` lists them, `winner` is None."""
    game = Game.from_spec(_spec(tmp_path, "tute-subastado-three", "add match {\n  at_once: tricks_won(team) >= 1\n}\n"))
    seen = set()
    for seed in range(60):
        state = game.new_round(seed=seed)
        state.apply(state.actors()[0], "bid 60")  # the others pass: the first speaker plays against them
        side = _first_legal(state).round_result()["at_once"]
        assert side is not None
        result = state.match_result()
        seats = [seat for seat in range(3) if state.seating.team_of[seat] == side]
        assert result["over"] and result["winners"] == seats and len(state.tricks) == 1
        assert result["winner"] == (seats[0] if len(seats) == 1 else None)
        seen.add(len(seats))
        if seen == {1, 2}:
            break
    assert seen == {1, 2}


# ---------------------------------------------------------------- reaching 101 wins the hand (row 31)


def test_a_player_who_reaches_101_wins_the_hand_and_every_other_player_loses_it():
    """profilpelajar.com, Tute gana-pierde: a player who reaches 101 is the sole winner, every other player loses."""
    variant = Game.from_spec(EXAMPLES / "tute-gana-pierde.touti")
    for seed in range(200):
        state = _first_legal(variant.new_round(seed=seed))
        result = state.round_result()
        if result["at_once"] is not None:
            break
    else:
        pytest.fail("no round in 200 seeds where a player reaches 101")
    winner = result["at_once"]
    assert result["totals"][winner] >= 101  # at the trick or song that took it there (perhaps the last trick)
    assert result["losers"] == [seat for seat in range(3) if seat != winner]
    assert result["score_changes"] == [0 if seat == winner else 1 for seat in range(3)]
    match = state.match_result()
    assert match["scores"] == result["score_changes"] and not match["over"]  # porotos: the match goes on


def test_below_101_the_most_points_lose_the_hand():
    """Without a player at 101 the hand is played out, and the player with the highest total loses it."""
    variant = Game.from_spec(EXAMPLES / "tute-gana-pierde.touti")
    for seed in range(20):
        state = _first_legal(variant.new_round(seed=seed))
        result = state.round_result()
        if result["at_once"] is None and result["tute"] is None and not result["void"]:
            assert max(result["totals"]) < 101 or len(state.tricks) == variant.ruleset.tricks_per_round
            assert result["losers"] == [s for s, t in enumerate(result["totals"]) if t == max(result["totals"])]
            return
    pytest.fail("no hand played out")


# ---------------------------------------------------------------- where it is not defined: E310, located


def _codes(path) -> set[tuple[str, int, str]]:
    with pytest.raises(ToutiError) as error:
        load_spec(path)
    return {(d.code, d.loc.line, d.message) for d in error.value.diagnostics}


def test_words_at_a_match_counting_hands_lost_are_refused_located(tmp_path):
    found = _codes(_spec(tmp_path, "tute-cabrero", "add match {\n  at_once: tute, capote\n}\n"))
    assert any(code == "E310" and line == 8 and "a tute already wins the hand" in message
               for code, line, message in found)


def test_a_game_won_at_once_in_a_match_in_games_at_sides_set_each_round_is_refused_located(tmp_path):
    found = _codes(_spec(tmp_path, "tute-subastado-three", "add match {\n  games: 2 (2)\n  at_once: capote\n}\n"))
    assert any(code == "E310" and line == 9 and "match.at_once in a match in games" in message
               for code, line, message in found)


def test_a_capote_at_sides_set_each_round_now_checks_clean(tmp_path):
    """Before, `match.at_once` needed fixed sides wherever the match was kept per player."""
    for base in ("tute-subastado-three", "briscola-chiamata"):
        assert load_spec(_spec(tmp_path, base, "add match {\n  at_once: capote\n}\n")).has("match.at_once")


# ---------------------------------------------------------------- a claim at stake with the game, at sides set each round

CLAIM_THE_GAME = "add claim {\n  window: to_lead\n  holds: tricks_won(team) >= {tricks}\n  false: loses_game\n}\n"


@pytest.mark.parametrize("tricks, held", [(1, True), (9, False)])
def test_a_claim_at_stake_with_the_game_gives_it_to_every_player_of_the_side_that_wins(tmp_path, tricks, held):
    """As `match.at_once`: a claim that holds wins the game for the claimant's side this round, one that does not for the
    other side; a side of the others wins it together (`winners` lists both, `winner` is None)."""
    game = Game.from_spec(_spec(tmp_path, "tute-subastado-three", CLAIM_THE_GAME.replace("{tricks}", str(tricks))))
    seen = set()
    for seed in range(80):
        state = game.new_round(seed=seed)
        state.apply(state.actors()[0], "bid 60")
        _first_legal(state, stop=lambda st: st.tricks_played == 1 and not st.trick_cards)
        claimant = state.to_play
        if "claim" not in state.legal_actions(claimant):
            continue
        state.apply(claimant, "claim")
        side = state.seating.team_of[claimant] if held else 1 - state.seating.team_of[claimant]
        seats = [seat for seat in range(3) if state.seating.team_of[seat] == side]
        result = state.match_result()
        assert state.round_result()["claim"] == {"seat": claimant, "held": held}
        assert result["over"] and result["winners"] == seats and result["winner"] == (seats[0] if len(seats) == 1 else None)
        seen.add(len(seats))
        if seen == {1, 2}:
            break
    assert seen == {1, 2}


def test_a_claim_at_stake_with_the_game_in_a_match_of_games_needs_fixed_sides(tmp_path):
    body = CLAIM_THE_GAME.replace("{tricks}", "3") + "match {\n  games: 3\n}\n"
    with pytest.raises(ToutiError) as caught:
        Game.from_spec(_spec(tmp_path, "tute-subastado-three", body))
    assert any(d.code == "E310" and "claim.false loses_game in a match in games" in d.message
               for d in caught.value.diagnostics), caught.value.diagnostics
