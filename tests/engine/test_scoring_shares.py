"""`scoring.shares`: where the match is kept per player, each player scores its side's score times its share.  Briscola
chiamata as pagat.com scores it: "the bidder two points, the partner one, each opponent one the other way; four for a
bidder alone" (spec/examples/briscola-chiamata-shares.touti:
`shares: bid_winner = 2, partner = 1, alone = 4, defenders = 1`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.engine import Game
from touti_dsl.loader import load_spec

from tests.house import house_codes, house_variant

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
EXAMPLE = EXAMPLES / "briscola-chiamata-shares.touti"


def _results(path: Path, seeds: range = range(40)) -> list[dict]:
    """The results of seeded rounds played at random to the end, void rounds left out."""
    game, results = Game.from_spec(load_spec(path)), []
    for seed in seeds:
        state, rng = game.new_round(seed=seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        result = state.round_result()
        if not result["void"]:
            results.append(result)
    return results


@pytest.fixture(scope="module")
def results() -> list[dict]:
    return _results(EXAMPLE)


def test_with_a_partner_the_bid_winner_scores_twice_the_partner_and_each_defender_once_the_other_way(results):
    partnered = [r for r in results if r["partner"] is not None]
    assert partnered
    for result in partnered:
        bidder, partner, changes = result["contract"]["bidder"], result["partner"], result["score_changes"]
        sign = 1 if result["made"] else -1
        assert (changes[bidder], changes[partner]) == (2 * sign, sign)
        assert [c for seat, c in enumerate(changes) if seat not in (bidder, partner)] == [-sign] * 3


def test_a_bid_winner_alone_scores_four_against_each_of_the_others(results):
    alone = [r for r in results if r["partner"] is None]
    assert alone
    for result in alone:
        bidder, changes = result["contract"]["bidder"], result["score_changes"]
        sign = 1 if result["made"] else -1
        assert changes[bidder] == 4 * sign
        assert [c for seat, c in enumerate(changes) if seat != bidder] == [-sign] * 4


def test_every_hand_adds_up_to_nothing(results):
    assert all(sum(result["score_changes"]) == 0 for result in results)


def test_without_shares_every_player_of_a_side_scores_the_same():
    for result in _results(EXAMPLES / "briscola-chiamata.touti", range(10)):
        if result["partner"] is not None:
            changes = result["score_changes"]
            assert changes[result["contract"]["bidder"]] == changes[result["partner"]]


def test_an_unwritten_part_scores_one_and_alone_falls_back_on_the_bid_winner(tmp_path):
    path = house_variant(tmp_path, "briscola-chiamata-shares", "scoring {\n  shares: bid_winner = 3\n}\n")
    for result in _results(path, range(20)):
        bidder, changes = result["contract"]["bidder"], result["score_changes"]
        assert abs(changes[bidder]) == 3  # with a partner, and alone too (`alone` unwritten)
        assert all(abs(change) == 1 for seat, change in enumerate(changes) if seat != bidder)


@pytest.mark.parametrize("body, line", [
    ("scoring {\n  shares: bid_winner = 2, captain = 1\n}\n", 8),  # not a part of a round
    ("scoring {\n  shares: bid_winner = 2, bid_winner = 3\n}\n", 8),  # repeated
    ("scoring {\n  shares: partner = none\n}\n", 8),  # not a whole number
])
def test_a_malformed_share_is_located(tmp_path, body, line):
    assert ("E608", line) in house_codes(tmp_path, "briscola-chiamata", body)


def test_shares_need_a_match_kept_per_player(tmp_path):
    assert ("E608", 8) in house_codes(tmp_path, "tute", "scoring {\n  shares: bid_winner = 2\n}\n")


def test_a_bid_winner_who_always_plays_alone_has_no_partner_share(tmp_path):
    from touti_dsl.errors import ToutiError

    body = ('table {\n  seats: 4\n  teams: bidder_against_rest\n}\n\nscoring {\n  shares: partner = 1\n}\n')
    with pytest.raises(ToutiError) as error:
        load_spec(house_variant(tmp_path, "atlas-carta", body))
    problem = next(d for d in error.value.diagnostics if d.code == "E608")
    assert problem.loc.line == 13 and "always plays alone" in problem.message


def test_a_bid_winner_who_may_not_call_its_own_card_has_no_alone_share(tmp_path):
    """Session 15's bug hunt: a house variant of briscola-chiamata-shares refusing the call of one's own card kept the
    base's `alone = 4`, a share no round gives, and the page still promised it; E608 at the variant's call_own."""
    from touti_dsl.errors import ToutiError

    with pytest.raises(ToutiError) as error:
        load_spec(house_variant(tmp_path, "briscola-chiamata-shares", "trump {\n  call_own: refused\n}\n"))
    problem = next(d for d in error.value.diagnostics if d.code == "E608")
    assert problem.loc.line == 8 and "call_own is refused" in problem.message and "alone" in problem.hint


def test_the_pages_say_it_in_every_language():
    from tests.docs.helpers import said, spec_pages

    pages = spec_pages(EXAMPLE)
    assert said(pages["en"], "scoring-shares") == (
        "Each player scores the score of their side multiplied by their share in the hand: 2 for the player who wins "
        "the bidding with a partner, 1 for that player's partner, 4 for the player who wins the bidding playing alone "
        "and 1 for each of the other players.")
    assert "multiplié par sa part dans la main : 2 pour le joueur qui remporte les enchères avec un partenaire" in pages["fr"]
    assert "مضروبةً في حصته من اليد" in pages["ar"] and "للفائز في المزايدة إن لعب وحده" in pages["ar"]
