"""Blame on a rule of the system: mutants of the sweep (conformance/mutants/sweep.py) whose failing cases were once
blamed on no rule, or on another rule than the one they break."""

from __future__ import annotations

from pathlib import Path

from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.blame import SystemRules, blamed_rules
from touti_dsl.conformance.cases import load_cases
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request

from tests.blames import failures

ROOT = Path(__file__).resolve().parents[2]


def _blames(tmp_path: Path, system: str, change: str, case_id: str) -> list[str]:
    """The rules a committed case of `system` is blamed on when played by `system` with one rule changed."""
    mutant = tmp_path / "mutant.touti"
    mutant.write_text(f'touti 1\n\nsystem "mutant" extends "{system}" {{\n  title: "mutant"\n}}\n\n{change}\n', encoding="utf-8")
    cases = load_cases(ROOT / "generated" / system)
    case = next(c for c in cases if c["id"] == case_id)
    outputs = ReferenceAdapter(str(mutant), system).run_case(case_request(case))["outputs"]
    mismatch = first_mismatch(case, outputs, complete=False)
    assert mismatch is not None, "the mutant plays the case as the reference does"
    return blamed_rules(case, mismatch, outputs[mismatch.step], SystemRules(system, cases))


def test_a_case_dealt_to_four_at_a_table_of_three_is_replayed_at_four_to_explain_a_wrong_card(tmp_path):
    # tute-cabrero seats 3 by default; its golden playthrough at four players ("settings": {"seats": 4}) was replayed
    # at three by the blame, which could not read the step and blamed the playthrough on no rule
    blamed = _blames(tmp_path, "tute-cabrero", "play {\n  remove trump_when_void\n}", "c-cc5ed425d937")
    assert blamed[:1] == ["play.trump_when_void"]


def test_card_points_off_by_the_cards_put_aside_from_the_widow_are_blamed_on_where_those_count(tmp_path):
    # "the bid winner takes the widow and puts aside 11 card point(s): they count for nobody", played with them
    # counting for the taker: not a card's points (deck.points) but the widow's rule
    blamed = _blames(tmp_path, "tute-subastado-widow", "widow {\n  points: taker\n}", "c-8c56c78bf7a4")
    assert blamed == ["widow.points"]


def test_a_declared_kind_counted_at_another_value_is_blamed_on_the_kinds_not_on_the_pair_values(tmp_path):
    # a round result's ghna differing was blamed on ghna.values whatever had been declared: here a kind of ghna.kinds
    kinds = ("as_tres = 20 1 3 trump 40, as_rey = 20 1 12 trump 40, as_caballo = 20 1 11 trump 40, as_sota = 20 1 10 trump 40, "
             "tres_rey = 20 3 12 trump 40, tres_caballo = 10 3 11 trump 40, tres_sota = 20 3 10 trump 40, "
             "rey_sota = 20 12 10 trump 40, caballo_sota = 20 11 10 trump 40")
    blamed = _blames(tmp_path, "tutti-ma-any-pair-sings", f"ghna {{\n  kinds: {kinds}\n}}", "c-7be7641f0780")
    assert blamed == ["ghna.kinds"]


def test_a_trick_led_by_the_player_of_the_next_rank_down_is_blamed_on_the_order_not_on_a_duty(tmp_path):
    # brisca-pairs has no duty: a golden playthrough's actors step after a trick given to the neighbour in the order
    # of the winning card was blamed on play.partner_exemption (a seat to play left out read as a duty refusing)
    mutant = tmp_path / "mutant.touti"
    mutant.write_text('touti 1\n\nsystem "mutant" extends "brisca-pairs" {\n  title: "mutant"\n}\n\n'
                      "deck {\n  order: 1 > 3 > 12 > 10 > 11 > 7 > 6 > 5 > 4 > 2\n}\n", encoding="utf-8")
    cases = load_cases(ROOT / "generated" / "brisca-pairs")
    adapter, rules = ReferenceAdapter(str(mutant), "brisca-pairs"), SystemRules("brisca-pairs", cases)
    at_actors = []
    for case in cases:
        outputs = adapter.run_case(case_request(case))["outputs"]
        mismatch = first_mismatch(case, outputs, complete=False)
        if mismatch is not None and case["steps"][mismatch.step]["op"] == "actors":
            at_actors.append(blamed_rules(case, mismatch, outputs[mismatch.step], rules))
    assert at_actors, "no case shows the mutant's next leader at an actors step"
    assert all(blamed == ["deck.order"] for blamed in at_actors), at_actors


def test_who_deals_after_a_redeal_is_blamed_on_the_redeal_not_on_the_void_round_rotation(tmp_path):
    # tute-lone-two's `redeal.dealer: same_seat` read as `next_seat` (the session-17 sweep): the next round's dealer
    # after a redeal was blamed on rotation.after_void, which a redeal does not read
    system = "tute-lone-two"
    mutant = tmp_path / "mutant.touti"
    mutant.write_text(f'touti 1\n\nsystem "mutant" extends "{system}" {{\n  title: "mutant"\n}}\n\n'
                      "redeal {\n  dealer: next_seat\n}\n", encoding="utf-8")
    at_next_round = [blamed for _, op, blamed in failures(mutant, system, load_cases(ROOT / "generated" / system))
                     if op == "next_round"]
    assert at_next_round and all(blamed[0] == "redeal.dealer" for blamed in at_next_round), at_next_round


def test_a_wrong_kind_value_is_blamed_on_the_kinds_where_the_other_side_declared_a_pair(tmp_path):
    # fuzz on briscola-accuse's mutants (session 18): a round where one side declared a pair and the other a kind,
    # the kind counted at another value, was blamed on ghna.values, the pair's, whoever had declared it
    import random

    from touti_dsl.cases.declarations import give_card
    from touti_dsl.cases.explore import played_round
    from touti_dsl.cases.outcomes import result_case
    from touti_dsl.engine import Game
    from touti_dsl.engine.game import deal

    system = "briscola-accuse"
    game, rules = Game.from_spec(system), Game.from_spec(system).ruleset
    mutant = tmp_path / "mutant.touti"
    mutant.write_text(f'touti 1\n\nsystem "mutant" extends "{system}" {{\n  title: "mutant"\n}}\n\n'
                      "ghna {\n  kinds: ases = 110 1 1 1 1, reyes = 80 12 12 12 12, caballos = 60 11 11 11 11, "
                      "sotas = 40 10 10 10 10\n}\n", encoding="utf-8")
    adapter, blame_rules = ReferenceAdapter(str(mutant), system), SystemRules(system, [])
    aces, pair = ["1o", "1c", "1e", "1b"], ["12o", "11o"]
    for seed in range(200):
        rng = random.Random(seed)
        setup = deal(rules, seed, 0).setup(rules)
        setup["dealer"] = 0
        for card in aces:
            give_card(setup, card, 0, set(aces))
        for card in pair:
            give_card(setup, card, 1, set(pair))

        def declaring(state):
            seat = rng.choice(state.actors())
            legal = state.legal_actions(seat)
            return seat, next((a for a in legal if a.startswith("ghna ")), rng.choice(legal))

        record = played_round(game, setup, declaring)
        declared = {(seat, action) for seat, action in record.history if action.startswith("ghna ")}
        if {(0, "ghna ases"), (1, "ghna oros")} <= declared:
            break
    else:
        raise AssertionError("no round has the aces declared by one player and the pair of oros by the other")
    case = result_case(record, ["ghna.kinds"], "positive", "a pair and a kind, by the two players")
    case.update(id="mixed", system=system)
    outputs = adapter.run_case(case_request(case))["outputs"]
    mismatch = first_mismatch(case, outputs, complete=False)
    assert mismatch is not None and case["steps"][mismatch.step]["op"] == "round_result"
    assert blamed_rules(case, mismatch, outputs[mismatch.step], blame_rules) == ["ghna.kinds"]
