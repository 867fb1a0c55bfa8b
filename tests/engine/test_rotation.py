"""Who deals next and who leads first: `rotation.next_round: hand_winner`, `rotation.first_lead: holder(...)` and
`rotation.first_lead: bid_winner`."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game

from .helpers import greedy_play

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"


@pytest.mark.parametrize("dealer_side_wins", [True, False])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_side_that_won_the_hand_deals_next(dealer, dealer_side_wins):
    """guinote-winners-deal: the first seat after the dealer on the winning side deals (the partner when the dealer's side won)."""
    winners_deal = Game.from_spec(EXAMPLES / "guinote-winners-deal.touti")
    base = Game.from_spec("guinote")
    strong = {dealer, (dealer + 2) % 4} if dealer_side_wins else {(dealer + 1) % 4, (dealer + 3) % 4}
    for seed in range(40):  # the first deal the strong side wins playing its strongest cards
        state = winners_deal.new_round(seed=seed, dealer=dealer)
        greedy_play(state, strong)
        if state.round_result()["winner"] == state.seating.team_of[min(strong)] and not state.match_result()["over"]:
            break
    else:
        pytest.fail("no deal won by the strong side")
    base_state = base.new_round(seed=seed, dealer=dealer)
    greedy_play(base_state, strong)
    expected = (dealer + 2) % 4 if dealer_side_wins else (dealer + 1) % 4
    assert state.next_round(seed=12).dealer == expected
    assert base_state.next_round(seed=12).dealer == (dealer + 1) % 4  # guinote itself: the next seat


def test_the_holder_of_the_two_of_oros_leads_the_first_trick():
    """tute-two-of-oros-leads: whoever was dealt the 2 of oros leads, wherever the dealer sits (tute: after the dealer)."""
    holder_leads = Game.from_spec(EXAMPLES / "tute-two-of-oros-leads.touti")
    leaders = set()
    for seed in range(12):
        state = holder_leads.new_round(seed=seed)
        two_of_oros = holder_leads.ruleset.vocabulary.cards["2o"]
        holder = next(seat for seat, hand in enumerate(state.hands) if two_of_oros in hand)
        assert state.to_play == holder
        base = Game.from_spec("tute").new_round(seed=seed)
        assert base.to_play == (base.dealer + 1) % 4
        leaders.add(holder == (state.dealer + 1) % 4)
    assert leaders == {True, False}  # the rule takes effect: the holder is not always the seat after the dealer


def test_a_random_first_speaker_beside_a_dealer_is_refused_not_ignored(tmp_path):
    """With a dealer the seat after the dealer speaks first, so `first_speaker: random` would be ignored: E108 at the
    word; at touti-app's table, without a dealer, the seed draws the first speaker."""
    from touti_dsl.errors import ToutiError
    from touti_dsl.loader import load_spec

    path = tmp_path / "random-speaker.touti"
    path.write_text('touti 1\n\nsystem "random-speaker" extends "tute" {\n  title: "x"\n}\n\n'
                    'rotation {\n  first_speaker: random\n}\n', encoding="utf-8")
    with pytest.raises(ToutiError) as raised:
        load_spec(path)
    assert [(d.code, d.loc.line, d.loc.column) for d in raised.value.diagnostics] == [("E108", 8, 18)]
    game = Game.from_spec("touti-app")
    assert len({game.new_round(seed=seed).first_speaker for seed in range(40)}) == 4


def test_the_bid_winner_leads_the_first_trick(tmp_path):
    """`first_lead: bid_winner` (a reading of tutti-ma's "the one with the hand starts"): whoever made the contract
    leads, also when it is not the first speaker; tutti-ma itself: the first speaker leads whoever won the bidding."""
    spec = tmp_path / "bidder-leads.touti"
    spec.write_text('touti 1\n\nsystem "bidder-leads" extends "tutti-ma" {\n  title: "Bidder leads"\n}\n\n'
                    'rotation {\n  first_lead: bid_winner\n}\n', encoding="utf-8")
    variant, base = Game.from_spec(spec), Game.from_spec("tutti-ma")
    not_first = 0
    for seed in range(30):
        for game in (variant, base):
            state = game.new_round(seed=seed)
            bidder = (state.first_speaker + seed % 4) % 4  # the seat that bids; everyone else passes
            while state.phase == "bidding":
                seat = state.actors()[0]
                state.apply(seat, "bid 80" if seat == bidder and state.high is None else "pass")
            state.apply(bidder, "trump oros")
            expected = bidder if game is variant else state.first_speaker
            assert state.to_play == expected and state.actors() == [expected]
        not_first += bidder != state.first_speaker
    assert not_first > 0  # the rule takes effect: the contract maker is not always the first speaker
