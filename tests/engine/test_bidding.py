"""The auction of atlas-carta, tutti-ma and touti-app, from RULES.md, one rule per test."""

from __future__ import annotations

import pytest

from .helpers import game, hands_of, refused, run


def bids(state, seat: int) -> list[str]:
    return [a for a in state.legal_actions(seat) if a.startswith("bid ")]


def atlas(seed: int = 1):
    """An atlas-carta round dealt by seat 0: seat 1 speaks first, then 2, 3, 0."""
    return game("atlas-carta").new_round(seed=seed, dealer=0)


def app(first_speaker: int = 0, **kwargs):
    return game("touti-app").new_round(first_speaker=first_speaker, **kwargs)


# ---------------------------------------------------------------- amounts


def test_first_bid_at_least_70_in_steps_of_10_up_to_230():
    """RULES.md (atlas-carta): "first bid ≥ 70; each bid ≥ previous + 10, multiples of 10 only
    (75 is illegal); max 230."""
    state = atlas()
    refused(state, 1, "bid 60", "bidding.minimum")
    refused(state, 1, "bid 75", "bidding.step")
    refused(state, 1, "bid 240", "bidding.maximum")
    assert state.legal_actions(1)[:3] == ["pass", "bid 70", "bid 80"]
    assert bids(state, 1)[-1] == "bid 230"
    run(state, "1: bid 70")
    refused(state, 2, "bid 70", "bidding.step")
    refused(state, 2, "bid 85", "bidding.step")
    run(state, "2: bid 80")
    assert bids(state, 3)[0] == "bid 90"


def test_tutti_ma_and_touti_app_ranges():
    """RULES.md: "tutti-ma: min 70, max 230, steps of 10"; "touti-app: 70–210 in steps of 10"."""
    assert bids(game("tutti-ma").new_round(seed=3, dealer=0), 1)[-1] == "bid 230"
    state = app(seed=5)
    assert bids(state, 0)[-1] == "bid 210"
    refused(state, 0, "bid 220", "bidding.maximum")


def test_pass_is_final():
    """RULES.md: "Pass is final for the round."""
    state = run(atlas(), "1: pass", "2: bid 70", "3: pass", "0: pass")
    assert state.phase == "trump"  # seat 1 never speaks again
    state = run(atlas(), "1: pass", "2: bid 70", "3: bid 80")
    refused(state, 1, "bid 90", "bidding.pass")
    refused(state, 1, "pass", "bidding.pass")


def test_turn_order_and_phase():
    """Reserved refusals: a bid out of turn is `rotation.turn_order`; a bid during play is `action.phase`."""
    state = atlas()
    refused(state, 2, "bid 70", "rotation.turn_order")
    refused(state, 1, "play 1o", "action.phase")
    run(state, "1: bid 70", "2: pass", "3: pass", "0: pass", "1: trump oros")
    refused(state, 2, "bid 80", "action.phase")


def test_one_bidder_left_makes_the_contract_and_names_trumps():
    """RULES.md: "Ends when one bidder remains: that bid is the contract and its maker chooses
    trump (any suit)."""
    state = run(atlas(), "1: bid 70", "2: bid 80", "3: pass", "0: pass", "1: pass")
    assert state.phase == "trump"
    assert state.contract == {"team": 0, "bidder": 2, "amount": 80}
    assert state.actors() == [2]
    assert state.legal_actions(2) == ["trump oros", "trump copas", "trump espadas", "trump bastos"]
    refused(state, 1, "trump oros", "trump.choice")
    run(state, "2: trump bastos")
    assert state.trump == "bastos" and state.phase == "play"


def test_trump_may_be_a_suit_the_maker_lacks():
    """RULES.md (touti-app): "N'importe quelle couleur peut être choisie, même une couleur absente de sa main."""
    hands = hands_of(
        "1o 2o 3o 4o 5o 6o 7o 10o 11o 12o",
        "1c 2c 3c 4c 5c 6c 7c 10c 11c 12c",
        "1e 2e 3e 4e 5e 6e 7e 10e 11e 12e",
        "1b 2b 3b 4b 5b 6b 7b 10b 11b 12b",
    )
    state = run(app(hands=hands), "0: bid 80", "1: pass", "2: pass", "3: pass", "0: trump bastos")
    assert state.trump == "bastos"


def test_first_speaker_leads_whoever_wins_the_bidding():
    """RULES.md (atlas-carta): "the player after the dealer bids first and leads the first trick
    whoever wins the bidding."""
    state = run(atlas(), "1: pass", "2: pass", "3: bid 70", "0: pass", "3: trump copas")
    assert state.first_speaker == 1 and state.to_play == 1
    assert state.actors() == [1]


def test_all_pass_is_a_void_round():
    """RULES.md: "All four pass → void round: nobody scores, deal moves on."""
    state = run(atlas(), "1: pass", "2: pass", "3: pass", "0: pass")
    assert state.is_terminal()
    result = state.round_result()
    assert result["void"] and result["score_changes"] == [0, 0] and result["contract"] is None
    refused(state, 1, "bid 70", "action.phase")


# ---------------------------------------------------------------- signals (atlas-carta)

# dealer 0: seat 1 speaks first; seat 3 is seat 1's partner
SIGNAL_READY = ("1: bid 70", "2: bid 80", "3: pass", "0: bid 90")


def test_signal_when_all_conditions_hold():
    """RULES.md: "a player may signal to the partner only when ALL hold: the signaller is out of
    the bidding; it is the partner's turn and the partner is still bidding; a bid has been made
    this round; at least one opponent is still bidding; the signaller has not signalled at this
    same bid level ... a signal does not end the partner's turn."""
    state = run(atlas(), *SIGNAL_READY)
    assert state.actors() == [1, 3]
    assert state.legal_actions(3) == ["signal las", "signal kont", "signal plus10", "signal pass"]
    run(state, "3: signal las")
    assert state.to_json()["bidding"]["turn"] == 1


def test_signal_refused_when_the_signaller_is_still_bidding():
    """RULES.md: "the signaller is out of the bidding (passed or pre-announced)"."""
    state = run(atlas(), "1: bid 70", "2: bid 80", "3: bid 90", "0: pass")
    refused(state, 3, "signal las", "signal.out_of_bidding")


def test_signal_refused_off_the_partners_turn():
    """RULES.md: "it is the partner's turn" — the signaller acts on the partner's turn."""
    state = run(atlas(), *SIGNAL_READY, "1: bid 100")
    refused(state, 3, "signal las", "signal.partner_turn")


def test_signal_refused_before_any_bid():
    """RULES.md: "a bid has been made this round"."""
    state = run(atlas(), "1: pass", "2: pass")
    refused(state, 1, "signal las", "signal.bid_made")


def test_one_signal_per_bid_level():
    """RULES.md: "the signaller has not signalled at this same bid level (after an opponent
    raises, a new signal at the new level is allowed)."""
    state = run(atlas(), *SIGNAL_READY, "3: signal las")
    refused(state, 3, "signal kont", "signal.new_level")
    run(state, "1: bid 100", "2: bid 110", "0: bid 120")
    run(state, "3: signal kont")


def test_signal_value_must_be_one_of_the_values():
    """The spec lists the signals: las, kont, plus10, pass; anything else is `signal.values`."""
    state = run(atlas(), *SIGNAL_READY)
    refused(state, 3, "signal trump", "signal.values")
    refused(state, 3, "signal", "signal.values")


def test_opponent_bidding_never_decides_alone_in_atlas_carta():
    """RULES.md: "an opponent is still bidding" is implied by the others (when no opponent is
    left the bidding is already over).  A seat whose partner is out is refused by the earlier
    `partner_turn` requirement: "it is the partner's turn and the partner is still bidding"."""
    state = run(atlas(), "1: pass", "2: bid 70", "3: pass")
    refused(state, 1, "signal las", "signal.partner_turn")


def test_without_partner_turn_a_signal_may_be_sent_on_any_turn(tmp_path):
    """A variant that removes `partner_turn` lets the remaining preconditions decide alone."""
    variant = tmp_path / "no-partner-turn.touti"
    variant.write_text(
        'touti 1\nsystem "no-partner-turn" extends "atlas-carta" {\n  title: "test"\n}\n'
        "call signal {\n  remove partner_turn\n}\n"
    )
    state = run(game(str(variant)).new_round(seed=1, dealer=0), "1: pass", "2: bid 70", "3: pass")
    run(state, "1: signal las")


# ---------------------------------------------------------------- pre-announcements (atlas-carta)


def test_preannounce_on_own_turn_leaves_the_bidding_even_before_a_bid():
    """RULES.md: "Pre-announcement (las or kont) instead of bidding on one's turn: leaves the
    bidding like a pass ... allowed even before the first bid."""
    state = atlas()
    assert "preannounce las" in state.legal_actions(1)
    refused(state, 2, "preannounce las", "preannounce.own_turn")
    run(state, "1: preannounce kont")
    assert state.to_json()["bidding"]["out"] == [False, True, False, False]
    run(state, "2: bid 70", "3: pass")
    refused(state, 1, "bid 90", "bidding.pass")
    refused(state, 1, "preannounce las", "preannounce.own_turn")


def test_preannouncement_after_a_signal_is_refused():
    """RULES.md: a pre-announcement "only if the player has sent no signal earlier this round".
    A signaller is out, so its turn never comes: the first failing requirement is `own_turn`."""
    state = run(atlas(), *SIGNAL_READY, "3: signal las")
    refused(state, 3, "preannounce las", "preannounce.own_turn")


def test_preannouncement_after_a_signal_without_the_own_turn_rule(tmp_path):
    """With `own_turn` removed (a variant), `no_signal_before` is what refuses it."""
    variant = tmp_path / "preannounce-any-time.touti"
    variant.write_text(
        'touti 1\nsystem "preannounce-any-time" extends "atlas-carta" {\n  title: "test"\n}\n'
        "call preannounce {\n  remove own_turn\n}\n"
    )
    state = game(str(variant)).new_round(seed=1, dealer=0)
    run(state, *SIGNAL_READY, "3: signal las")
    refused(state, 3, "preannounce las", "preannounce.no_signal_before")


# ---------------------------------------------------------------- touti-app: 70, last speaker, As, push


def test_70_may_open_but_never_stands():
    """RULES.md (touti-app): "70 may open but never stands as the contract: a player left alone
    at 70 must raise to ≥ 80 or pass"; Decision: "if it passes, the round is void"."""
    state = run(app(seed=5), "0: bid 70", "1: pass", "2: pass", "3: pass")
    assert state.phase == "bidding" and state.actors() == [0]
    assert state.legal_actions(0)[:2] == ["pass", "bid 80"]
    refused(state, 0, "bid 70", "bidding.step")
    assert run(state.clone(), "0: bid 80").contract == {"team": 0, "bidder": 0, "amount": 80}
    run(state, "0: pass")
    assert state.is_terminal() and state.round_result()["void"]


def test_70_left_alone_after_its_bidder_passed_is_void():
    """Decision (touti-app): a bid of 70 whose maker is already out never stands: void."""
    state = run(app(seed=5), "0: bid 70", "1: pass", "2: push 10", "3: pass", "0: pass", "2: pass")
    assert state.is_terminal() and state.round_result()["void"]


def test_last_speaker_may_not_open_at_70():
    """RULES.md (touti-app): "the last player to speak may not open at 70"; Decision: "a seat for
    which nobody has bid and the three others are out"."""
    state = run(app(seed=5), "0: pass", "1: pass", "2: pass")
    refused(state, 3, "bid 70", "bidding.last_speaker_minimum")
    assert [a for a in state.legal_actions(3) if a.startswith("bid")][0] == "bid 80"
    run(state, "3: bid 80")
    assert state.contract == {"team": 1, "bidder": 3, "amount": 80}


AS_HANDS = hands_of(
    "2o 3o 4o 5o 6o 7o 10o 11o 12o 2c",
    "1o 1c 3c 4c 5c 6c 7c 10c 11c 12c",
    "1e 2e 3e 4e 5e 6e 7e 10e 11e 12e",
    "1b 2b 3b 4b 5b 6b 7b 10b 11b 12b",
)


def test_as_on_first_turn_holding_an_ace():
    """RULES.md (touti-app): ""As": only on one's first turn and only when holding at least one
    ace; leaves the bidding."""
    state = app(hands=AS_HANDS)
    assert "as" not in state.legal_actions(0)
    refused(state, 0, "as", "as.holds_ace")
    refused(state, 1, "as", "as.own_turn")
    run(state, "0: bid 70", "1: as")
    assert state.to_json()["bidding"]["out"][1] is True
    run(state, "2: bid 80", "3: pass", "0: bid 90")
    refused(state, 2, "as", "as.first_turn")
    refused(state, 2, "as 10", "action.syntax")


def test_push_requires_at_least_bid_plus_push_plus_10():
    """RULES.md (touti-app): "the partner must then bid at least bid + push + 10 (80 pushed +10 → ≥ 100)"."""
    state = run(app(seed=5), "0: bid 80", "1: pass", "2: push 10", "3: pass")
    refused(state, 0, "bid 90", "push.raise")
    assert state.legal_actions(0)[:2] == ["pass", "bid 100"]
    run(state, "0: bid 100")


def test_push_allowed_only_while_partner_holds_the_high_bid():
    """RULES.md (touti-app): "Push +10/+20/+30: only while one's partner holds the highest bid"."""
    state = run(app(seed=5), "0: bid 80")
    refused(state, 1, "push 10", "push.partner_high")
    refused(state, 1, "push 40", "push.values")


def test_opponents_bid_cancels_the_push():
    """RULES.md (touti-app): "an opponent's bid in between cancels the obligation"."""
    state = run(app(seed=5), "0: bid 80", "1: pass", "2: push 30", "3: bid 90")
    assert state.legal_actions(0)[:2] == ["pass", "bid 100"]


def test_pushed_partner_may_pass_and_its_bid_stands():
    """Decision (touti-app): "the partner may still pass instead of raising ... if the partner
    passes, its bid still stands"; a push needs the partner still in the bidding."""
    state = run(app(seed=5), "0: bid 80", "1: pass", "2: push 10", "3: pass", "0: pass")
    refused(state, 2, "push 10", "push.partner_bidding")
    run(state, "2: pass")
    assert state.contract == {"team": 0, "bidder": 0, "amount": 80}


def test_push_above_the_maximum_leaves_only_pass():
    """Decision (touti-app): "a push whose minimum is above 210 is allowed (the partner can then only pass)"."""
    state = run(app(seed=5), "0: bid 200", "1: pass", "2: push 10", "3: pass")
    assert state.legal_actions(0) == ["pass"]
    refused(state, 0, "bid 210", "push.raise")


def test_push_binds_the_next_turn_only():
    """Decision (touti-app): "its minimum binds that partner's next turn only"."""
    state = run(app(seed=5), "0: bid 80", "1: pass", "2: push 10", "3: pass", "0: bid 100")
    assert bids(state, 2)[0] == "bid 110"  # the push bound seat 0's turn; nobody else
    run(state, "2: push 20")
    assert bids(state, 0)[0] == "bid 130"  # a new push at the new level: 100 + 20 + 10


@pytest.mark.parametrize("system", ["atlas-carta", "tutti-ma"])
def test_no_as_or_push_where_the_spec_has_none(system):
    """A call the spec does not define is not an action of that spec: `action.syntax`."""
    state = game(system).new_round(seed=1, dealer=0)
    refused(state, 1, "push 10", "action.syntax")
    refused(state, 1, "as", "action.syntax")


def test_push_only_on_ones_own_turn():
    """touti-app: "À votre tour, vous pouvez passer, dire « As », acheter ou ... pousser" — a push
    is made on one's own turn (`push.own_turn`)."""
    state = run(app(seed=5), "0: bid 80")
    refused(state, 2, "push 10", "push.own_turn")


def test_preannounce_values():
    """RULES.md: "Pre-announcement (las or kont)" — any other value is `preannounce.values`."""
    refused(atlas(), 1, "preannounce plus10", "preannounce.values")


def test_a_call_that_leaves_counts_like_a_pass_where_passes_are_not_final(tmp_path):
    """`bidding.pass: not_final` ends the auction "when a bid is followed by a pass from each of the other players",
    and a call that leaves (a pre-announcement) "takes the player out of the bidding, like a pass": after a bid, a pass,
    a pre-announcement and a pass the bid stands, and a round where every player passes or leaves is void (the call
    broke the run of passes, so the auction went round the table again)."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    game = Game.from_spec(load_spec(house_variant(tmp_path, "atlas-carta", "bidding {\n  pass: not_final\n}\n")))
    state = run(game.new_round(seed=3, dealer=3), "0: bid 80", "1: pass", "2: preannounce las", "3: pass")
    assert state.phase == "trump" and state.contract == {"team": 0, "bidder": 0, "amount": 80}
    state = run(game.new_round(seed=3, dealer=3), "0: bid 80", "1: pass", "2: pass", "3: preannounce kont")
    assert state.phase == "trump" and state.contract == {"team": 0, "bidder": 0, "amount": 80}
    state = run(game.new_round(seed=3, dealer=3), "0: pass", "1: preannounce las", "2: pass", "3: pass")
    assert state.is_terminal() and state.void
    state = run(game.new_round(seed=3, dealer=3), "0: pass", "1: pass", "2: pass", "3: preannounce las")
    assert state.is_terminal() and state.void


def test_a_bid_that_never_stands_is_not_made_the_contract_by_a_run_of_passes(tmp_path):
    """`bidding.never_stands: 70` ("may open the bidding but never stands as the contract: a player left alone at 70
    must raise or pass") holds where passes are not final too: after 70 and a pass of every other player, its bidder
    speaks again, raises or passes (the round void); the run of passes made 70 the contract."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    game = Game.from_spec(load_spec(house_variant(tmp_path, "touti-app", "bidding {\n  pass: not_final\n}\n")))
    state = run(game.new_round(seed=3, first_speaker=0), "0: bid 70", "1: pass", "2: pass", "3: pass")
    assert state.phase == "bidding" and state.turn == 0 and "bid 80" in state.legal_actions(0)
    run(state, "0: bid 80", "1: pass", "2: pass", "3: pass")
    assert state.phase == "trump" and state.contract == {"team": 0, "bidder": 0, "amount": 80}
    state = run(game.new_round(seed=3, first_speaker=0), "0: bid 70", "1: pass", "2: pass", "3: pass", "0: pass")
    assert state.is_terminal() and state.void


def test_the_last_player_to_speak_where_passes_are_not_final(tmp_path):
    """The page: "The last player to speak, when nobody has bid yet, may not open below 80", and "a player who says
    pass may still bid when the turn comes back; the bidding ends when a bid is followed by a pass from each of the
    other players": before any bid the fourth player after three passes is the last to speak (its pass voids the
    round).  `last_speaker` read "every other player is out", and a pass that is not final takes nobody out: the
    fourth player could open at 70."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    game = Game.from_spec(load_spec(house_variant(tmp_path, "touti-app", "bidding {\n  pass: not_final\n}\n")))
    state = run(game.new_round(seed=5, first_speaker=0), "0: pass", "1: pass", "2: pass")
    refused(state, 3, "bid 70", "bidding.last_speaker_minimum")
    assert bids(state, 3)[0] == "bid 80"
    assert run(state.clone(), "3: pass").void
    state = run(game.new_round(seed=5, first_speaker=0), "0: pass", "1: pass")
    assert bids(state, 2)[0] == "bid 70"  # a player still to speak after it: not the last


ONE_TURN_HINT = ("bidding {\n  rounds: 1\n}\n\nadd call hint {\n  title: \"Hint\"\n  effect: stay\n"
                 "  require own_turn: my_turn\n  require once: not made(hint)\n}\n")


def test_one_turn_each_counts_a_call_made_on_ones_turn(tmp_path):
    """`bidding.rounds: 1`: "each player speaks once, in turn"; a call made on one's turn ends that turn (`spoken`: "bid,
    passed or made a call on its turn"): a call that keeps its maker in gave it the word a second time."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    game = Game.from_spec(load_spec(house_variant(tmp_path, "tutti-ma", ONE_TURN_HINT)))
    state = run(game.new_round(seed=5, dealer=3), "0: hint", "1: bid 80", "2: pass", "3: pass")
    assert state.phase == "trump" and state.contract == {"team": 1, "bidder": 1, "amount": 80}
    state = run(game.new_round(seed=5, dealer=3), "0: hint", "1: pass", "2: pass", "3: pass")
    assert state.is_terminal() and state.void


def test_one_turn_each_where_passes_are_not_final(tmp_path):
    """`bidding.rounds: 1` with `pass: not_final`: the bidding goes round once, so the turn never comes back to a player
    who passed; it spoke a second time."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    game = Game.from_spec(load_spec(house_variant(tmp_path, "tutti-ma", "bidding {\n  rounds: 1\n  pass: not_final\n}\n")))
    state = run(game.new_round(seed=5, dealer=3), "0: pass", "1: bid 70", "2: pass", "3: pass")
    assert state.phase == "trump" and state.contract == {"team": 1, "bidder": 1, "amount": 70}
    state = run(game.new_round(seed=5, dealer=3), "0: pass", "1: pass", "2: pass", "3: pass")
    assert state.is_terminal() and state.void


def test_a_bid_that_never_stands_voids_a_one_turn_auction(tmp_path):
    """`bidding.never_stands` with `rounds: 1`: its bidder has spoken its one turn, so 70 left the highest voids the round
    (the page says so: `rule@1.bidding.never_stands`), with passes final or not."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    for body in ("bidding {\n  rounds: 1\n}\n", "bidding {\n  rounds: 1\n  pass: not_final\n}\n"):
        game = Game.from_spec(load_spec(house_variant(tmp_path, "touti-app", body)))
        state = run(game.new_round(seed=5, first_speaker=0), "0: bid 70", "1: pass", "2: pass", "3: pass")
        assert state.is_terminal() and state.void, body
        state = run(game.new_round(seed=5, first_speaker=0), "0: bid 70", "1: bid 80", "2: pass", "3: pass")
        assert state.contract == {"team": 1, "bidder": 1, "amount": 80}, body


def test_where_passes_are_not_final_every_other_player_must_pass_after_the_bid(tmp_path):
    """`pass: not_final`: "the bidding ends when a bid is followed by a pass from each of the other players".  Passes
    were counted, not players: after 80, a pass, a push (which keeps the pusher in) and a pass, the bidder's own pass
    made three and ended the auction, the pusher never having passed."""
    from touti_dsl.engine import Game
    from touti_dsl.loader import load_spec

    from ..house import house_variant

    game = Game.from_spec(load_spec(house_variant(tmp_path, "touti-app", "bidding {\n  pass: not_final\n}\n")))
    state = run(game.new_round(seed=5, first_speaker=0), "0: bid 80", "1: pass", "2: push 10", "3: pass", "0: pass")
    assert state.phase == "bidding" and state.turn == 1
    run(state, "1: pass", "2: pass")
    assert state.phase == "trump" and state.contract == {"team": 0, "bidder": 0, "amount": 80}
