"""Case kinds the sixth mutation sweep (conformance/mutants/sweep.py, 2026-12-02) found missing, each checked on
rounds played here rather than on the committed suites."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from touti_dsl.cases import outcomes
from touti_dsl.cases.build import _tied
from touti_dsl.cases.explore import quick_rounds
from touti_dsl.cases.situations import duty_alone, refusal_variant
from touti_dsl.engine import Game, IllegalAction
from touti_dsl.engine.play import narrow
from touti_dsl.loader import load_spec


def _without(tmp_path: Path, system: str, duty: str) -> Game:
    path = tmp_path / "without.touti"
    path.write_text(f'touti 1\n\nsystem "without" extends "{system}" {{\n  title: "Without"\n}}\n\nplay {{\n  remove {duty}\n}}\n',
                    encoding="utf-8")
    return Game.from_spec(load_spec(path))


def _refused_plays(game: Game, seed: int):
    """(state, seat, card action, the duty that refused it) along seeded random rounds."""
    rng = random.Random(seed)
    for index in range(12):
        state = game.new_round(seed=seed + index)
        while not state.is_terminal():
            seat = state.actors()[0]
            if state.phase == "play" and state.trick_cards:
                legal = state.legal_actions(seat)
                for card in state.hands[seat]:
                    action = f"play {game.ruleset.card_text[card]}"
                    if action not in legal:
                        try:
                            state.apply(seat, action)
                        except IllegalAction as refusal:
                            yield state, seat, action, refusal.rule_id
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_card_a_duty_alone_refuses_is_legal_without_that_duty_and_has_its_own_witness(tmp_path):
    """tute-cabrero and guinote-cotos: removing the duty to trump (or lifting it while the partner wins) escaped,
    since every refusal of it was one the duty to overtrump made too; an undertrump refused by the duty to trump
    alone now has its own witness (`+alone`)."""
    game = Game.from_spec("tute")
    without = _without(tmp_path, "tute", "trump_when_void")
    seen = {True: 0, False: 0}
    for state, seat, action, duty in _refused_plays(game, 5):
        if duty != "play.trump_when_void":
            continue
        alone = duty_alone(game.ruleset, state, seat, action, duty)
        seen[alone] += 1
        twin = state.clone()
        twin.rules = without.ruleset  # the same trick and hands, played without the duty to trump
        legal = [f"play {game.ruleset.card_text[card]}" for card in narrow(twin, seat)]
        assert (action in legal) is alone
        if alone:
            assert refusal_variant(game.ruleset, state, seat, duty, (), duty, alone) == "+alone"
    assert seen[True] and seen[False]


def test_each_rank_has_a_trick_won_over_the_next_rank_down_of_its_suit():
    """brisca-pairs: with no duty to read the order, two neighbouring ranks swapped (`deck.order: 10 and 7 swapped`)
    changed only trick winners, and no trick case had both; now each rank beating the next one down has its trick."""
    game = Game.from_spec("brisca-pairs")
    rounds = list(quick_rounds(game, 7, 40))
    cases = outcomes.trick_cases(game, rounds)
    shown = {c["description"].split(" of ")[0] for c in cases if "next rank down" in c["description"]}
    assert len(shown) == len(game.ruleset.ranks) - 1  # every rank but the lowest
    assert all(c["rules"] == ["deck.order", "trick.winner"] for c in cases if "next rank down" in c["description"])


def test_each_value_of_a_ghna_has_a_round_result_without_a_contract():
    """tute-habanero-announced: `ghna.values: trump = 40 -> 50` escaped; without a contract only the decided hand's
    result showed a song, by chance; now a result counts a ghna in trumps and one in a plain suit."""
    game = Game.from_spec("tute-habanero-announced")
    rounds = list(quick_rounds(game, 3, 200))
    found = [c["description"] for c in outcomes.round_cases(game, rounds) if c["rules"] == ["ghna.values", "scoring.round"]]
    assert found == ["a ghna declared in trumps counts 40 (ghna.values trump)",
                     "a ghna declared in a plain suit counts 20 (ghna.values plain)"]


def test_a_tie_on_points_is_shown_by_a_hand_played_out_not_one_ended_by_a_claim():
    """tute-habanero-announced: `scoring.tie: last_trick -> first_speaker` escaped; its tie case was a false claim
    at 0 - 0, which gives the hand to the other side whatever the tie-break."""
    game = Game.from_spec("tute-habanero-announced")
    record = next(quick_rounds(game, 3, 1))
    tied = dict(record.result, totals=[60, 60], tute=None, void=False)
    claimed = replace(record, history=record.history[:2], result=dict(tied, claim={"seat": 0, "held": False}))
    played = replace(record, result=tied)
    [case] = [c for c in outcomes.round_cases(game, [claimed, played]) if "scoring.tie" in c["rules"]]
    assert case["steps"][-1]["expect"] == tied
    assert not _tied(claimed.result) and _tied(played.result)


def test_a_tute_of_each_rank_has_its_own_accepted_witness():
    """tute-beat-the-lead: `ghna.tute: 11 -> 10` escaped; only the shortest accepted tute (of reyes) was kept, so no
    case declared four caballos."""
    from touti_dsl.cases.explore import Explorer

    game = Game.from_spec("tute")
    findings = None
    for rank in game.ruleset.ghna.tute_ranks:
        findings = Explorer(game, 1000 + rank, findings=findings, rigged_rank=rank).explore(4)
    tagged = {tag.split("~")[1] for tag in findings.accepted if tag.startswith("ghna.tute~tute")}
    assert tagged == {f"tute {rank}" for rank in game.ruleset.ghna.tute_ranks}
