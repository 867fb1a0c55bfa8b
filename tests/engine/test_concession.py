"""Concession (atlas-carta, from seed 003), from RULES.md."""

from __future__ import annotations

from .helpers import refused, run
from .test_ghna import TRICK_2, contract

# contract("atlas-carta", 90): seat 0 (team 0) made 90 in copas and won the first trick
# (21 card points); seat 0 now leads, seat 1 is the first defender to play.


def test_defender_to_play_proposes_the_other_defender_agrees():
    """RULES.md Decision: "the defender whose turn it is to play (lead or follow) may propose ...
    then only the other defender acts: agree (the round ends, conceded) or refuse (play resumes)."""
    state = run(contract("atlas-carta", 90), "0: play 1e")
    assert "concede" in state.legal_actions(1)
    run(state, "1: concede")
    assert state.actors() == [3]
    assert state.legal_actions(3) == ["agree", "refuse"]
    refused(state, 2, "play 5e", "concession.consent")
    refused(state, 1, "agree", "concession.consent")
    run(state, "3: agree")
    assert state.is_terminal() and state.round_result()["conceded"]


def test_concession_accounting():
    """RULES.md: "the bidding team takes every remaining card (the current trick included) and
    the last-trick 10, plus any ghna still held (both cards in hand) and not yet declared, within
    the same caps. The round is then scored normally." Decision: "The held ghna credited are the
    best combination that fits the cap" — at 90 (cap 40) after declaring oros (20), the copas 40
    no longer fits but the espadas 20 does."""
    state = run(contract("atlas-carta", 90), "0: ghna oros", "0: play 1e", "1: concede", "3: agree")
    result = state.round_result()
    assert result["card_points"] == [120, 0]
    assert result["last_trick"] == 0
    assert result["ghna"] == [40, 0]
    assert result["totals"] == [170, 0]
    assert result["made"] is True and result["score_changes"] == [90, 0]
    assert state.to_json()["ghna"]["held_credit"] == [["espadas", 20]]


def test_held_ghna_best_combination_at_100():
    """At 100 (cap 60) with nothing declared, the best held combination is 40 + 20."""
    state = run(contract("atlas-carta", 100), "0: play 1e", "1: concede", "3: agree")
    assert state.round_result()["ghna"] == [60, 0]


def test_refused_concession_resumes_play():
    """RULES.md Decision: "refuse (play resumes)"."""
    state = run(contract("atlas-carta", 90), "0: play 1e", "1: concede", "3: refuse")
    assert state.actors() == [1]
    run(state, "1: play 3e")


def test_bidding_team_never_concedes():
    """RULES.md: "the bidding team never can"."""
    state = contract("atlas-carta", 90)
    refused(state, 0, "concede", "concession.who")


def test_only_the_defender_to_play_proposes():
    """RULES.md Decision: "the defender whose turn it is to play (lead or follow) may propose"."""
    state = run(contract("atlas-carta", 90), "0: play 1e")
    refused(state, 3, "concede", "concession.proposer")


def test_once_per_defending_team_per_trick():
    """RULES.md Decision: "at most once per defending team per trick"."""
    state = run(contract("atlas-carta", 90), "0: play 1e", "1: concede", "3: refuse", "1: play 3e", "2: play 2c")
    refused(state, 3, "concede", "concession.proposer")
    run(state, "3: play 4e", *TRICK_2[:0])
    assert state.last_trick_winner() == 2
    run(state, "2: play 4o")
    assert "concede" in state.legal_actions(3)  # a new trick: a new proposal is possible


def test_vote_without_proposal():
    """`agree` or `refuse` with nothing proposed is not possible now: `action.phase`."""
    refused(contract("atlas-carta", 90), 1, "agree", "action.phase")


def test_no_concession_where_the_spec_has_none():
    """tutti-ma has no concession section: `concede` is not an action of that spec."""
    refused(contract("tutti-ma", 90), 1, "concede", "action.syntax")


def test_either_defender_may_propose_at_any_time_once_per_trick(tmp_path):
    """`concession.proposer: any_defender` (survey 3, the other reading of the Decision above): the defender who is
    not to play may propose too, still once per trick for the team; atlas-carta refuses it with concession.proposer."""
    from touti_dsl.engine import Game

    from .test_ghna import HANDS, TRICK_1

    spec = tmp_path / "any-defender.touti"
    spec.write_text('touti 1\n\nsystem "any-defender" extends "atlas-carta" {\n  title: "Any defender"\n}\n\n'
                    'concession {\n  proposer: any_defender\n}\n', encoding="utf-8")
    opening = ("0: bid 90", "1: pass", "2: pass", "3: pass", "0: trump copas", *TRICK_1, "0: play 1e")
    base = run(contract("atlas-carta", 90), "0: play 1e")  # seat 1 is to play
    refused(base, 3, "concede", "concession.proposer")
    state = run(Game.from_spec(spec).new_round(hands=HANDS, dealer=3), *opening)
    assert 3 in state.actors() and "concede" in state.legal_actions(3)
    run(state, "3: concede")
    assert state.legal_actions(1) == ["agree", "refuse"]
    run(state, "1: refuse")
    refused(state, 1, "concede", "concession.proposer")  # the team has proposed during this trick
    assert any(a.startswith("play ") for a in state.legal_actions(1))  # play resumes with the defender to play


def test_a_conceded_round_gives_the_bidding_team_the_cards_left_in_the_stock(tmp_path):
    """`award: remaining_cards` reads "every card not yet won (the current trick included)": at a table with a stock
    (`table.draw winner_first`), the cards still to draw are not yet won either, so the bidding team takes them too
    (they counted for nobody, and a contract the whole deck makes was failed)."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    path = house_variant(tmp_path, "atlas-carta", "table {\n  hand_size: 6\n  draw: winner_first\n}\n")
    state = Game.from_spec(load_spec(path)).new_round(seed=3, dealer=3)
    run(state, "0: bid 80", "1: pass", "2: pass", "3: pass", "0: trump oros")
    run(state, "0: " + next(a for a in state.legal_actions(0) if a.startswith("play ")))
    assert len(state.stock) == 16
    run(state, "1: concede", "3: agree")
    result = state.round_result()
    assert result["card_points"] == [120, 0] and result["last_trick"] == 0
    assert result["made"] is True and result["score_changes"] == [80, 0]


BIDDER_SINGS_HANDS = [
    "1o 1c 1e 1b 12c 11c 2o 4o 5o 6o".split(),  # the bid winner: the copas pair
    "3o 3c 3e 3b 10o 10c 10e 10b 7o 7c".split(),
    "12o 11o 12e 11e 2c 4c 5c 6c 2e 4e".split(),  # its partner: the oros and espadas pairs
    "5e 6e 7e 2b 4b 5b 6b 7b 12b 11b".split(),
]


def _conceded(g, trump="bastos"):
    state = g.new_round(hands=BIDDER_SINGS_HANDS, dealer=3)
    return run(state, "0: bid 120", "1: pass", "2: pass", "3: pass", f"0: trump {trump}",
               "0: play 1c", "1: concede", "3: agree")


def test_a_concession_credits_only_the_held_ghna_their_holder_may_declare():
    """atlas-bid-winner-sings (`require bidder_only: bid_winner`): "only the player who made the contract may declare a
    ghna"; a concession credits "every ghna still held and not yet declared": the partner's pairs were credited (60),
    though it may never declare them.  The ghna section's `require` lines that read no moment of the play are judged
    for the holder, as if it declared at the concession."""
    from .helpers import game

    state = _conceded(game("atlas-bid-winner-sings"))
    assert state.to_json()["ghna"]["held_credit"] == [["copas", 20]]
    assert state.round_result()["ghna"] == [20, 0]
    base = _conceded(game("atlas-carta"))  # both partners may declare: every held pair counts, within the cap of 120
    assert base.round_result()["ghna"] == [60, 0]


def test_a_concession_leaves_out_the_require_lines_about_the_moment_of_the_play(tmp_path):
    """A line that reads the moment of the play (`first_trick`, `tricks_won`, the window, the stock) is left out: the
    concession ends the round before any window it waits for; a line on the declaration itself (`value`) still binds."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    later = "add ghna {\n  require after_a_trick: not first_trick\n}\n"
    state = _conceded(Game.from_spec(load_spec(house_variant(tmp_path, "atlas-carta", later))))
    assert state.round_result()["ghna"] == [60, 0]
    twenty = "add ghna {\n  require early_twenty: value == 20 or tricks_won(team) > 3\n}\n"
    state = _conceded(Game.from_spec(load_spec(house_variant(tmp_path, "atlas-carta", twenty))), "oros")
    assert state.round_result()["ghna"] == [80, 0]  # the 40 in oros and two 20s: the line reads tricks_won
    twenty = "add ghna {\n  require twenty: value == 20\n}\n"
    state = _conceded(Game.from_spec(load_spec(house_variant(tmp_path, "atlas-carta", twenty))), "oros")
    assert state.round_result()["ghna"] == [40, 0]  # the 40 in oros is never declared: two 20s


def test_a_partner_lent_one_declaration_is_credited_one_held_pair():
    """atlas-bidder-lends-song (`who: bid_winner`, `lend: once`): once lent, "the partner may then declare one ghna"; a
    concession credited every pair the partner held (oros and espadas), as if the lend were for all of them."""
    from .helpers import game

    state = game("atlas-bidder-lends-song").new_round(hands=BIDDER_SINGS_HANDS, dealer=3)
    run(state, "0: bid 120", "1: pass", "2: pass", "3: pass", "0: trump bastos",
        "0: play 1e", "1: play 3e", "2: play 2e", "3: play 5e", "0: lend", "0: play 1c", "1: concede", "3: agree")
    assert state.to_json()["ghna"]["held_credit"] == [["oros", 20], ["copas", 20]]
    state = game("atlas-bidder-lends-song").new_round(hands=BIDDER_SINGS_HANDS, dealer=3)
    run(state, "0: bid 120", "1: pass", "2: pass", "3: pass", "0: trump bastos",
        "0: play 1e", "1: play 3e", "2: play 2e", "3: play 5e", "0: play 1c", "1: concede", "3: agree")
    assert state.to_json()["ghna"]["held_credit"] == [["copas", 20]]  # not lent: the bid winner's own pair alone


def _concede_after(game, tricks_by_bidders: bool):
    """Seat 1 makes 70 and leads, and the defenders (seats 0 and 2) concede at their first chance: before any trick
    ends, or after a first trick they won (they play their strongest cards, the makers their weakest)."""
    for seed in range(60):
        st = game.new_round(seed=seed, dealer=0)
        while st.phase != "play":
            seat = st.actors()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, "bid 70" if seat == 1 and "bid 70" in legal else "pass" if "pass" in legal else legal[0])
        if tricks_by_bidders:
            break
        while not st.tricks:
            seat = st.to_play
            cards = [a for a in st.legal_actions(seat) if a.startswith("play ")]
            strength = lambda a: st.rules.card_strength[st.rules.vocabulary.cards[a.split()[1]]]
            st.apply(seat, (max if seat % 2 == 0 else min)(cards, key=strength))
        if st.tricks[0][2] % 2 == 0:
            break
    if not any("concede" in st.legal_actions(s) for s in st.actors()):  # the makers lead: one card, no trick ends
        st.apply(st.to_play, next(a for a in st.legal_actions(st.to_play) if a.startswith("play ")))
    seat = next(s for s in st.actors() if "concede" in st.legal_actions(s))
    st.apply(seat, "concede")
    st.apply(st.actors()[0], "agree")
    return st


def test_a_round_conceded_before_the_defenders_won_a_trick_is_a_capote_of_the_makers():
    """The concession gives the makers the cards left, and so the tricks left: before the defenders won a trick, the
    round is a capote (a kaput contract cannot be beaten by conceding it); after a trick of theirs it is not
    (atlas-capote-double: `made: 2 * contract if capote(bidders) else contract`)."""
    from pathlib import Path

    from touti_dsl.engine import Game

    g = Game.from_spec(Path(__file__).resolve().parents[2] / "spec" / "examples" / "atlas-capote-double.touti")
    st = _concede_after(g, tricks_by_bidders=True)
    assert st.phase == "done" and st.round_result()["score_changes"] == [0, 140]
    st = _concede_after(g, tricks_by_bidders=False)
    assert st.tricks and st.tricks[0][2] % 2 == 0
    assert st.phase == "done" and st.round_result()["score_changes"] == [0, 70]


def test_after_a_conceded_round_the_bid_winner_deals_where_the_last_trick_winner_does(tmp_path):
    """`next_round: last_trick_winner`: a concession gives the makers the tricks left, as a claim of the rest gives
    the claimant's side, so the bid winner deals next, even when a defender won the last trick played; the page says
    so beside the award."""
    from tests.docs.helpers import said, variant_pages
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    body = "rotation {\n  next_round: last_trick_winner\n}\n"
    st = _concede_after(Game.from_spec(load_spec(house_variant(tmp_path, "atlas-carta", body))), tricks_by_bidders=False)
    assert st.tricks[-1][2] % 2 == 0  # a defender won the last trick played
    assert st.phase == "done" and st.next_round(seed=1).dealer == 1
    pages = variant_pages(tmp_path, "atlas-carta", body)
    assert said(pages["en"], "concession-award").endswith(
        "After a conceded round, the bid winner deals the next round: the tricks left are the bidding team's.")
    assert "Après une manche cédée, le preneur donne" in pages["fr"]
    assert "يوزّع الفائز في المزايدة" in pages["ar"]
