"""What the rules pages say of the sections ghna, scoring and match, held against the engine in the combinations a
house rule may write (audit 3)."""

from __future__ import annotations

import random

import pytest

from tests.engine.helpers import random_play
from tests.house import house_variant
from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

# The tute played each for oneself at five, the dealer sitting out, a lost hand counted (`match.end losses`).
FIVE_EACH_DEALER_OUT = """
table {
  seats: 5
  teams: each
  sit_out: 5 = dealer
  hand_size: 10
}

scoring {
  winner: 0
  loser: 1
}

match {
  end: losses
  remove hands
  losses: 3 (3)
}
"""


def test_the_seat_sitting_out_neither_wins_nor_loses_a_hand_of_most_points(tmp_path):
    """table.sit_out: "the dealer deals but is dealt no card, and neither plays, wins nor loses that hand"; under
    `scoring.round: most_points` every seat but the winner scored `scoring.loser`, the dealer sitting out too."""
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute", FIVE_EACH_DEALER_OUT)))
    for dealer in range(5):
        state = random_play(game.new_round(seed=dealer, dealer=dealer), random.Random(dealer))
        result = state.round_result()
        assert state.seating.in_play == tuple(s for s in range(5) if s != dealer)
        assert result["winner"] in state.seating.in_play
        assert result["score_changes"][dealer] == 0
        assert sorted(result["score_changes"]) == [0, 0, 1, 1, 1]
        assert state.match_result()["scores"][dealer] == 0


def test_a_player_out_of_the_match_loses_no_more_hands_of_most_points(tmp_path):
    """`match.end elimination`: "a player who has lost N hands leaves the match and is dealt no more cards"; under
    `most_points` the player out still scored `scoring.loser`, one more hand lost each round."""
    body = FIVE_EACH_DEALER_OUT.replace("end: losses", "end: elimination").replace("losses: 3 (3)",
                                                                                   "losses: 3 (3)\n  remaining: 3")
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute", body)))
    state = random_play(game.new_round(seed=3, dealer=0, scores=[0, 3, 0, 0, 0]), random.Random(3))
    assert state.seating.in_play == (0, 2, 3, 4)
    assert state.round_result()["score_changes"][1] == 0
    assert state.match_result()["scores"][1] == 3 and state.match_result()["out"] == [1]


def test_a_tie_break_of_the_losing_place_says_that_players_still_tied_share_it(tmp_path):
    """`scoring.place_tie last_trick` / `first_speaker`: the engine ranks the favoured player above the others tied,
    and players still tied (the favoured one elsewhere) share their place and all lose where it loses
    (`_losers([70, 40, 40, 40], tie="last_trick", last=0) == [1, 2, 3]`); the page named only the favoured one."""
    from tests.docs.helpers import said, variant_pages

    for word in ("last_trick", "first_speaker"):
        body = f"scoring {{\n  round: place_loses\n  losing_place: last\n  place_tie: {word}\n}}\n"
        pages = {lang: said(page, "scoring-place_tie") for lang, page in variant_pages(tmp_path, "tute-cabrero", body).items()}
        assert pages["en"].endswith("players still tied with each other share their place, and all lose the hand where it loses.")
        assert "partagent leur place, et perdent tous la main" in pages["fr"]
        assert "يتقاسم اللاعبون الذين يبقون متعادلين فيما بينهم مرتبتهم" in pages["ar"]


def test_at_sides_set_each_round_a_song_is_declared_after_a_trick_won_by_the_declarer_s_side(tmp_path):
    """`ghna.who: both` where the bid winner plays against the others together (tute subastado for three): the engine
    opens the window of the whole side that won the trick (a defender may sing after the other defender's trick) and
    counts `ghna.per_trick` for that side; the page, worded for players each for themselves, said "after a trick won
    by the declarer" and counted per player."""
    from tests.docs.helpers import said, variant_pages

    body = "ghna {\n  who: both\n}\n"
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-subastado-three", body)))
    assert any(_a_defender_sings_after_the_other_s_trick(game, seed) for seed in range(20))
    pages = variant_pages(tmp_path, "tute-subastado-three", body)
    assert said(pages["en"], "ghna-window") == ("A cante is declared after a trick won by the declarer's side in that "
                                                "round, before the next lead.")
    assert said(pages["en"], "ghna-per_trick") == "At most one declaration per trick won, for the whole side."
    assert "par le camp du joueur dans cette donne" in said(pages["fr"], "ghna-window")
    assert "طرف المعلن في تلك الجولة" in said(pages["ar"], "ghna-window")
    assert "للطرف كله" in said(pages["ar"], "ghna-per_trick")


def _a_defender_sings_after_the_other_s_trick(game, seed: int) -> bool:
    """Whether, in a random round, a defender may sing right after a trick the other defender won."""
    state, rng = game.new_round(seed=seed), random.Random(seed)
    while not state.is_terminal():
        if state.phase == "play" and state.tricks and state.tricks[-1][2] != state.contract_bidder:
            winner = state.tricks[-1][2]
            other = next(s for s in state.seating.in_play if s not in (winner, state.contract_bidder))
            if any(action.startswith("ghna ") for action in state.legal_actions(other)):
                return state.seating.team_of[other] == state.seating.team_of[winner]
        seat = state.actors()[0]
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if not a.startswith("ghna ")]
                                     or state.legal_actions(seat)))
    return False


def test_a_round_decider_at_sides_set_each_round_names_a_side_not_a_player(tmp_path):
    """`match.decide last_trick` where the match is kept per player and the bid winner plays against the others: the
    engine favours every seat of the side that won the last trick, so two defenders tied at the target play on; the
    page said "the player who won the last trick", which names one of them."""
    from tests.docs.helpers import said, variant_pages

    body = "add match {\n  decide: highest_total, last_trick\n}\n"
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-subastado-three", body)))
    state = random_play(game.new_round(seed=0, scores=[460, 460, 460]), random.Random(0))
    defenders = [seat for seat in range(3) if seat != state.contract_bidder]
    assert not state.round_result()["made"] and state.tricks[-1][2] in defenders
    match = state.match_result()
    assert [match["scores"][seat] for seat in defenders] == [690, 690] and not match["over"]
    pages = variant_pages(tmp_path, "tute-subastado-three", body)
    assert ("the winner among them is the player with the highest total, else a player of the side that won the last "
            "trick in that hand; when that still leaves several, play goes on.") in said(pages["en"], "match-decide")
    assert "un joueur du camp qui a remporté le dernier pli" in said(pages["fr"], "match-decide")
    assert "لاعبٌ من الطرف الذي ربح" in said(pages["ar"], "match-decide")


def test_most_points_at_sides_set_each_round_compares_the_sides(tmp_path):
    """`scoring.round: most_points` where the bid winner plays against the others together: the engine adds up the
    points of the others and compares the two sides; the page, worded for players each for themselves, said "the
    player with the most points wins the hand"."""
    from tests.docs.helpers import said, variant_pages

    body = ("scoring {\n  round: most_points\n  tie: bidders\n}\n\n"
            "match {\n  end: hands\n  remove target\n  hands: 3 (3)\n}\n")
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-subastado-three", body)))
    state = random_play(game.new_round(seed=0), random.Random(0))
    result = state.round_result()
    assert len(result["totals"]) == 2 and sum(result["totals"]) == 130  # the bid winner's side and the others'
    pages = variant_pages(tmp_path, "tute-subastado-three", body)
    assert said(pages["en"], "scoring-round") == ("The side with the most points (cards, last trick and cante) wins the "
                                                  "hand: the bid winner's side, or all the other players together, "
                                                  "their points added up.")
    assert said(pages["fr"], "scoring-round").startswith("Le camp qui a le plus de points")
    assert said(pages["ar"], "scoring-round").startswith("الطرف صاحب أكثر النقاط")


def test_the_tie_and_the_scores_of_most_points_at_sides_set_each_round_speak_of_sides(tmp_path):
    """With the sides of `most_points` set each round, `scoring.tie last_trick` gives the hand to the side that won the
    last trick and `scoring.winner` / `loser` score each player of a side (engine); the pages said "the player who won
    the last trick wins the hand", "the player who wins the hand scores"."""
    from tests.docs.helpers import said, variant_pages

    body = ("scoring {\n  round: most_points\n  tie: last_trick\n  loser: 0\n}\n\n"
            "match {\n  end: hands\n  remove target\n  hands: 3 (3)\n}\n")
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-subastado-three", body)))
    state = random_play(game.new_round(seed=0), random.Random(0))
    result = state.round_result()
    assert result["score_changes"] == [1 if state.seating.team_of[seat] == result["winner"] else 0 for seat in range(3)]
    pages = variant_pages(tmp_path, "tute-subastado-three", body)
    assert said(pages["en"], "scoring-tie") == "On equal points, the side that won the last trick wins the hand."
    assert said(pages["en"], "scoring-loser") == ("What each player of the side that loses the hand counts towards the "
                                                  "match, in hands won: 0.")
    assert said(pages["fr"], "scoring-tie").startswith("À égalité de points, le camp qui a remporté")
    assert said(pages["ar"], "scoring-tie").startswith("عند تساوي النقاط، يربح اليدَ الطرفُ")


def test_the_count_carried_across_hands_starts_again_with_each_game(tmp_path):
    """`match.carry` in a match to a target played in games: the engine keeps the count beside the match score (points,
    not hands won) and starts it again from zero with the scores after a game won (levels.carried); the page said
    "Besides the hands won" and nothing of the games."""
    from tests.docs.helpers import said, variant_pages
    from touti_dsl.engine import levels

    body = "add match {\n  carry: card_points\n}\n"
    game = Game.from_spec(load_spec(house_variant(tmp_path, "guinote-vueltas", body)))
    result = {"scores": [101, 40], "games": [1, 0], "game_winner": 0, "carried": [80, 40]}
    assert levels.carried(game.ruleset, result)["carried"] == [0, 0]
    pages = variant_pages(tmp_path, "guinote-vueltas", body)
    assert said(pages["en"], "match-carry") == (
        "Besides its match score, each team keeps the card points it takes, hand after hand: what it carries into a "
        "hand is what it took in the hands before. What each carries starts again from zero after each game, as the "
        "scores do.")
    assert said(pages["fr"], "match-carry").endswith("repart de zéro après chaque jeu, comme les scores.")
    assert said(pages["ar"], "match-carry").endswith("ويعود ما يحمله كلٌّ إلى الصفر بعد كل شوط، كما تعود النقاط.")


def test_hands_lost_at_a_table_of_partners_end_the_match_for_a_team(tmp_path):
    """`match.end losses` at a table of two teams: the engine counts the hands lost per team; the page said "A player
    who has lost 3 hands ends the match"."""
    from tests.docs.helpers import said, variant_pages

    body = "scoring {\n  winner: 0\n  loser: 1\n}\n\nmatch {\n  end: losses\n  remove hands\n  losses: 3 (3)\n}\n"
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute", body)))
    state = random_play(game.new_round(seed=2, scores=[2, 2]), random.Random(2))
    match = state.match_result()
    winner = state.round_result()["winner"]
    assert winner is not None and match["over"] and match["scores"][1 - winner] == 3 and match["winners"] == [winner]
    pages = variant_pages(tmp_path, "tute", body)
    assert said(pages["en"], "match-losses") == "A team that has lost 3 hands ends the match: the other teams win it."
    assert said(pages["fr"], "match-losses").startswith("Une équipe qui a perdu 3 mains")
    assert said(pages["ar"], "match-losses").startswith("الفريق الذي يخسر")


def test_a_lent_song_is_declared_in_a_window_open_to_the_partner(tmp_path):
    """`ghna.lend once` with `ghna.window after_own_trick`: the engine lets the partner declare the lent ghna only after
    a trick the partner wins (the bid winner's window is its own); the page said "the partner may declare it then or
    after a later trick won by the side"."""
    from tests.docs.helpers import said, variant_pages

    body = "ghna {\n  window: after_own_trick\n}\n"
    game = Game.from_spec(load_spec(house_variant(tmp_path, "atlas-bidder-lends-song", body)))
    state, rng, rules = game.new_round(seed=27), random.Random(27), game.ruleset
    while "lend" not in state.legal_actions(state.contract_bidder if state.contract_bidder is not None else 0) or not [
            suit for suit, pair in enumerate(rules.pair_cards)
            if set(pair) <= set(state.hands[(state.contract_bidder + 2) % 4]) and suit not in state.declared_suits]:
        seat = state.actors()[0]
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if not a.startswith("ghna") and a != "lend"]
                                     or state.legal_actions(seat)))
    partner = (state.contract_bidder + 2) % 4
    state.apply(state.contract_bidder, "lend")
    assert not [a for a in state.legal_actions(partner) if a.startswith("ghna ")]
    page = variant_pages(tmp_path, "atlas-bidder-lends-song", body)
    assert said(page["en"], "ghna-lend").endswith(
        "the partner may declare it whenever a declaration is open to them from then on, that moment included.")
    assert "à tout moment où une annonce lui est ouverte" in said(page["fr"], "ghna-lend")
    assert "في أي وقت يُتاح له فيه الإعلان" in said(page["ar"], "ghna-lend")


@pytest.mark.parametrize("base, body", [
    ("tute", "match {\n  end: losses\n  remove hands\n  losses: 3 (3)\n}\n"),
    ("tute-cabrero", "scoring {\n  remove loser\n}\n"),
])
def test_where_the_match_counts_hands_lost_a_hand_lost_counts_one_when_the_scoring_is_unwritten(tmp_path, base, body):
    """`match.end losses` / `elimination`: the pages say a player (or team) "who has lost N hands" ends the match or
    leaves it; with `scoring.winner` / `loser` unwritten the engine scored 1 to the hand's winner and 0 to its losers,
    counting a hand won as a hand lost (under `most_points`) and a hand lost as nothing (under a ranking by place)."""
    game = Game.from_spec(load_spec(house_variant(tmp_path, base, body)))
    state = random_play(game.new_round(seed=1), random.Random(1))
    result = state.round_result()
    losers = result.get("losers") or [side for side in range(len(result["totals"])) if side != result["winner"]]
    assert losers and all(result["score_changes"][side] == 1 for side in losers)
    assert sum(result["score_changes"]) == len(losers)


def test_a_hand_won_at_once_at_sides_set_each_round_is_won_by_a_side(tmp_path):
    """`match.at_once` as a condition at a match counting hands lost where the bid winner plays against the others:
    the engine judges each side (the others' points added up) and every player of the other side loses the hand; the
    page said "A player wins the hand at once, and every other player loses it"."""
    from tests.docs.helpers import said, variant_pages

    body = ("scoring {\n  round: most_points\n  tie: bidders\n}\n\n"
            "match {\n  end: losses\n  remove target\n  losses: 3 (3)\n  at_once: points(team) >= 70\n}\n")
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute-subastado-three", body)))
    for seed in range(40):
        state = random_play(game.new_round(seed=seed), random.Random(seed))
        if state.at_once_team is not None and state.at_once_team != state.seating.team_of[state.contract_bidder]:
            break
    changes = state.round_result()["score_changes"]
    assert changes == [1 if seat == state.contract_bidder else 0 for seat in range(3)]  # both others win the hand
    pages = variant_pages(tmp_path, "tute-subastado-three", body)
    assert said(pages["en"], "match-at_once").startswith(
        "The players of a side win the hand at once as soon as this holds for their side after a trick")
    assert "chaque joueur de l'autre camp perd la main" in said(pages["fr"], "match-at_once")
    assert "فيخسر اليدَ كل لاعب من الطرف الآخر" in said(pages["ar"], "match-at_once")


def test_a_match_to_points_says_what_a_hand_of_most_points_scores_when_unwritten(tmp_path):
    """`most_points` in a match to a target with `scoring.winner` / `loser` unwritten: the engine scores 1 to the
    hand's winner and 0 to the others (101 hands to reach 101); the page said only "The first team to reach 101 points
    wins the match", which reads as the round's points added up."""
    from tests.docs.helpers import said, variant_pages

    body = "match {\n  end: target\n  remove hands\n  target: 101 (101)\n}\n"
    game = Game.from_spec(load_spec(house_variant(tmp_path, "tute", body)))
    result = random_play(game.new_round(seed=4), random.Random(4)).round_result()
    assert result["winner"] is not None and sorted(result["score_changes"]) == [0, 1]
    pages = variant_pages(tmp_path, "tute", body)
    assert said(pages["en"], "scoring-round").endswith(
        "wins the hand. The team that wins the hand scores 1. The team that loses the hand scores 0.")
    assert said(pages["fr"], "scoring-round").endswith("L'équipe qui gagne la main marque 1. L'équipe qui perd la main marque 0.")
    assert "يسجّل الفريق الذي يربح اليد" in said(pages["ar"], "scoring-round")
    assert "scores 1" not in said(variant_pages(tmp_path, "tute", "")["en"], "scoring-round")  # in hands won: said
