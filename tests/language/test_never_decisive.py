"""Warnings on a rule that can never decide at its table (never_decisive.py, W410 and W420): the spec stays valid,
`touti check` says so with a located warning, and `touti coverage` lists the rule as never decisive here.  Each
warned spec is played at random to show the rule indeed never decides there; each spec beside it, just outside the
proof, gets no warning."""

from __future__ import annotations

import json
import random

from touti_dsl.cases.coverage import coverage
from touti_dsl.cli import main
from touti_dsl.engine import Game, IllegalAction
from touti_dsl.loader import find_spec, load_spec
from touti_dsl.never_decisive import never_decisive

from ..house import house_variant

TUTE_FOR_TWO = """table {
  seats: 2
  teams: each
  hand_size: 8
  draw: winner_first
}

trump {
  turned: under_stock
}
"""
NO_HEADING = "\nplay {\n  remove overtake\n}\n"
TIED_DEALS_AGAIN = "rotation {\n  next_round: same_seat if hand_tied else next_seat\n}\n"


def _warnings(path) -> list[tuple[str, str]]:
    found = []
    load_spec(find_spec(path), found)
    return [(d.code, d.severity) for d in found]


def _refusing_rules_at_play(game: Game, rounds: int = 60) -> set[str]:
    """Every rule that refuses a card some player holds, over random rounds played to the end."""
    rng, seen = random.Random(7), set()
    for seed in range(rounds):
        state = game.new_round(seed=seed)
        while not state.is_terminal():
            seat = rng.choice(state.actors())
            if state.to_play == seat:
                for card in state.observation(seat)["hand"]:
                    try:
                        state.clone().apply(seat, f"play {card}")
                    except IllegalAction as refusal:
                        seen.add(refusal.rule_id)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return seen


# ---------------------------------------------------------------- W410


def test_tute_for_two_is_warned_that_its_overtrump_duty_never_refuses_alone(tmp_path):
    """Two cards a trick: "void in led suit: must trump", and on a trump lead heading the trick already asks a higher
    trump, so the overtrump duty of tute (spec/tute.touti) is never the rule that refuses."""
    path = house_variant(tmp_path, "tute", TUTE_FOR_TWO)
    found = []
    spec = load_spec(path, found)
    assert [(d.code, d.severity, d.loc.line) for d in found] == [("W410", "warning", spec.rule("play.overtrump").loc.line)]
    assert "play.trump_when_void" in found[0].message and "play.overtake" in found[0].message and found[0].hint
    refusing = _refusing_rules_at_play(Game.from_spec(path))
    assert "play.trump_when_void" in refusing and "play.overtake" in refusing and "play.overtrump" not in refusing


def test_without_heading_the_trick_the_overtrump_duty_decides_at_two_and_is_not_warned(tmp_path):
    path = house_variant(tmp_path, "tute", TUTE_FOR_TWO + NO_HEADING)
    assert _warnings(path) == []
    assert "play.overtrump" in _refusing_rules_at_play(Game.from_spec(path))


def test_tute_for_four_is_not_warned():
    assert _warnings("tute") == []


def test_coverage_says_never_decisive_here_instead_of_missing(tmp_path):
    """With a positive case only, the warned duty is never decisive (naming W410); unwarned, it stays MISSING."""
    cases = [{"rules": ["play.overtrump"], "polarity": "positive"}]
    warned = load_spec(house_variant(tmp_path, "tute", TUTE_FOR_TWO))
    row = next(r for r in coverage(warned, cases) if r.rule_id == "play.overtrump")
    assert (row.status, row.reason.split(":")[0]) == ("never-decisive", "never decisive here (W410)")
    plain = load_spec(house_variant(tmp_path, "tute", TUTE_FOR_TWO + NO_HEADING))
    assert next(r for r in coverage(plain, cases) if r.rule_id == "play.overtrump").status == "MISSING"


def test_check_prints_the_warning_and_exits_0(tmp_path, capsys):
    path = house_variant(tmp_path, "tute", TUTE_FOR_TWO)
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "ok (house" in out
    assert "warning[W410]: play.overtrump never refuses a card on its own here" in err
    assert err.rstrip().endswith("1 warning(s)")


# ---------------------------------------------------------------- W420


def test_a_tie_branch_under_a_contract_is_warned(tmp_path):
    """atlas-carta scores a contract made or failed: every played hand has a winner."""
    path = house_variant(tmp_path, "atlas-carta", TIED_DEALS_AGAIN)
    found = []
    load_spec(path, found)
    assert [(d.code, d.loc.line, d.loc.column) for d in found] == [("W420", 8, 28)]
    assert "scoring.round: contract" in found[0].message


def test_a_tie_branch_with_two_sides_and_a_tie_break_that_always_settles_is_warned(tmp_path):
    for tie_break in ("first_speaker", "last_trick"):
        path = house_variant(tmp_path, "brisca-two-tie-same-dealer", "scoring {\n  tie: " + tie_break + "\n}\n")
        assert _warnings(path) == [("W420", "warning")]


def test_a_tie_branch_where_two_sides_share_an_odd_total_is_warned_and_no_hand_ties(tmp_path):
    """Without its caballo and four of oros the deck holds 117 points: two players cannot both take half."""
    path = house_variant(tmp_path, "brisca-two-tie-same-dealer", "deck {\n  removed: 11o, 4o\n}\n")
    found = []
    load_spec(path, found)
    assert [d.code for d in found] == ["W420"] and "117 points" in found[0].message
    game = Game.from_spec(path)
    for seed in range(150):
        state = game.new_round(seed=seed)
        while not state.is_terminal():
            seat = state.actors()[0]
            state.apply(seat, state.legal_actions(seat)[seed % len(state.legal_actions(seat))])
        assert state.round_result()["winner"] is not None


def test_a_tie_branch_where_a_hand_may_tie_is_not_warned(tmp_path):
    """brisca-two-tie-same-dealer itself: sixty all happens (tests/engine/test_next_round_choice.py plays one)."""
    assert _warnings("brisca-two-tie-same-dealer") == []
    assert _warnings(house_variant(tmp_path, "brisca-two-tie-same-dealer", "deck {\n  removed: 12o, 4o\n}\n")) == []


def test_check_in_json_gives_the_warning_on_a_valid_file(tmp_path, capsys):
    path = house_variant(tmp_path, "tute", TUTE_FOR_TWO)
    assert main(["check", "--format", "json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True
    assert [(d["code"], d["severity"], d["line"]) for d in report["diagnostics"]] == [("W410", "warning", 89)]


# ---------------------------------------------------------------- W430

THREE_CARDS = "table {\n  hand_size: 3\n}\n\n"
FOUR_OF_A_KIND = "ghna {\n  kinds: ases = 100 1 1 1 1,\n    reyes = 80 12 12 12 12\n}\n"


def test_a_kind_of_more_cards_than_a_hand_holds_is_warned_at_its_row(tmp_path):
    """Briscola dealt three cards: four aces can never be held at once, so never declared."""
    found = []
    load_spec(house_variant(tmp_path, "briscola-accuse", THREE_CARDS + FOUR_OF_A_KIND), found)
    assert [(d.code, d.loc.line, d.loc.column) for d in found] == [("W430", 12, 10), ("W430", 13, 5)]
    assert "ases is 4 cards, but a hand here holds at most 3 (table.hand_size)" in found[0].message
    assert "table.hand_size" in found[0].hint


def test_a_kind_a_hand_can_hold_is_not_warned(tmp_path):
    assert _warnings(house_variant(tmp_path, "briscola-accuse", "table {\n  hand_size: 4\n}\n\n" + FOUR_OF_A_KIND)) == []


def test_a_widow_taken_into_the_hand_counts_towards_what_a_hand_holds(tmp_path):
    """Six hands of six and a widow of four: the bid winner holds ten cards before putting four aside, so a kind of
    eight cards of one suit may be held (at six cards without a widow it is warned, as above)."""
    table = "table {\n  seats: 6\n  hand_size: 6\n}\n\nwidow {\n  size: 4\n}\n\n"
    eight = "add ghna {\n  kinds: run = 50 1 3 12 11 10 7 6 5\n}\n"
    assert _warnings(house_variant(tmp_path, "tute-subastado-widow", table + eight)) == []
    assert ("W430", "warning") in _warnings(house_variant(tmp_path, "briscola-accuse", "table {\n  hand_size: 6\n}\n\n" + eight))


def test_a_tute_at_a_table_of_three_cards_is_warned(tmp_path):
    found = []
    load_spec(house_variant(tmp_path, "briscola-accuse", THREE_CARDS + "add ghna {\n  tute: 7\n}\n"), found)
    tute = next(d for d in found if d.message.startswith("ghna.tute"))
    assert tute.code == "W430" and "a tute is the 4 cards of a rank" in tute.message and tute.loc.line == 12
    # the base's four of a kind, held no more once the variant deals three cards: blamed on that change
    assert {(d.loc.line, d.message.endswith("this variant's override of table.hand_size makes it so)"))
            for d in found if d.message.startswith("ghna.kinds")} == {(8, True)}


# ---------------------------------------------------------------- W440

PARTNER_EXEMPTION = "play {\n  overtake: must beat_led unless trick_trumped or partner_winning\n}\n"


def test_a_partner_read_where_every_player_plays_alone_is_warned(tmp_path):
    """Tute cabrero (each for oneself) with the partner exemption of a table of pairs: nobody is ever winning as this
    player's partner, so `partner_winning` is never true."""
    found = []
    load_spec(house_variant(tmp_path, "tute-cabrero", PARTNER_EXEMPTION), found)
    assert [(d.code, d.loc.line) for d in found] == [("W440", 8)]
    assert "play.overtake reads a partner (`partner_winning`)" in found[0].message and "never true" in found[0].message
    assert "play.overtake without the partner" in found[0].hint
    # the duty still refuses cards there (only its exemption is dead): coverage counts its cases as usual
    assert "play.overtake" not in {f.rule_id for f in never_decisive(load_spec(house_variant(tmp_path, "tute-cabrero",
                                                                                            PARTNER_EXEMPTION)))}


def test_a_partner_read_at_a_table_of_pairs_is_not_warned(tmp_path):
    assert _warnings(house_variant(tmp_path, "tute", PARTNER_EXEMPTION)) == []


def test_a_partner_read_is_warned_only_at_the_number_of_players_where_everyone_plays_alone(tmp_path):
    """A table of two or four, in pairs at four and alone at two: the warning says at which number."""
    body = ("table {\n  seats: 4 (2, 4)\n}\n\nwith 2 players {\n  table {\n    teams: each\n    hand_size: 8\n"
            "    draw: winner_first\n  }\n  trump {\n    turned: under_stock\n  }\n}\n\n" + PARTNER_EXEMPTION)
    found = []
    load_spec(house_variant(tmp_path, "tute", body), found)
    assert [d.code for d in found] == ["W440"], found
    assert "`with 2 players { play { remove overtake } }`" in found[0].hint


# ---------------------------------------------------------------- W460


def test_a_duty_that_reads_leading_is_warned_and_located(tmp_path):
    """Duties bind only the players following to a trick: `when leading` never holds where a duty is judged."""
    path = house_variant(tmp_path, "tute", "add play {\n  lead_trump: must trump when leading\n}\n")
    found = []
    load_spec(path, found)
    assert [(d.code, d.severity, d.loc.line) for d in found] == [("W460", "warning", 8)]
    assert "play.lead_trump reads `leading`" in found[0].message and "leads any card" in found[0].hint


def test_a_duty_without_leading_is_not_warned(tmp_path):
    path = house_variant(tmp_path, "tute", "add play {\n  lead_trump: must trump unless partner_winning\n}\n")
    assert _warnings(path) == []


# ---------------------------------------------------------------- W470


def test_a_pass_not_final_where_each_player_speaks_once_is_warned_at_the_pass(tmp_path):
    """`rounds: 1`: each player speaks once, so a player who passed never speaks again whatever `pass` says."""
    path = house_variant(tmp_path, "tutti-ma", "bidding {\n  pass: not_final\n  rounds: 1\n}\n")
    found = []
    load_spec(path, found)
    assert [(d.code, d.severity, d.loc.line) for d in found] == [("W470", "warning", 8)]
    assert "`not_final` has no effect under bidding.rounds: 1" in found[0].message
    assert "`pass: final`" in found[0].hint
    # the first speaker passes, the next bids, the others pass: the bid stands at once, the first speaker never being
    # offered the word again, as where the pass is final; without `rounds: 1` it would speak again
    for spec, speaks_again in ((load_spec(path), False), (load_spec(find_spec("tutti-ma-open-auction")), True)):
        state = Game.from_spec(spec).new_round(seed=1, dealer=3)
        for seat, action in enumerate(("pass", "bid 80", "pass", "pass")):
            state.apply(seat, action)
        assert (state.phase == "bidding" and state.turn == 0) is speaks_again, spec.system
        assert speaks_again or state.contract_amount == 80


def test_a_pass_not_final_in_an_auction_that_goes_round_is_not_warned(tmp_path):
    assert _warnings(find_spec("tutti-ma-open-auction")) == []
    assert _warnings(find_spec("tutti-ma-one-turn-auction")) == []  # rounds: 1 with a final pass
