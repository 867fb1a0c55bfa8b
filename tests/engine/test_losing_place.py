"""`scoring.round: place_loses` with `scoring.losing_place`: the player at one place of the ranking by points loses the
hand ("the second at the score loses", as reported of Catalan Tuti boig; "the lowest score loses", "the highest
loses"), ties at that place settled by `scoring.place_tie`.  spec/examples/tute-cabrero-second-loses.touti; the
engine, the checks, the pages and the generated cases.  `middle_loses` ranks the same way (tests/engine/test_tables.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest

from touti_dsl import model as m
from touti_dsl.checks import check_spec
from touti_dsl.engine import Game
from touti_dsl.engine.ruleset import Seating
from touti_dsl.engine.scoring import _losers_by_place
from touti_dsl.loader import load_spec
from touti_dsl.variants import load_flat

EXAMPLE = Path(__file__).resolve().parents[2] / "spec" / "examples" / "tute-cabrero-second-loses.touti"


def _losers(totals, place=2, tie="share", tricks_won=None, tute=None, last=None, first_speaker=0, out=None):
    seats = len(totals)
    won = tricks_won or [s for s in range(seats) if s != out]
    if last is not None:
        won = won[:-1] + [last]
    state = SimpleNamespace(tute_team=tute, at_once_team=None, claims=[], tricks=[(0, (), seat) for seat in won],
                            seating=Seating.of(tuple(range(seats)), out=out), last_trick_team=won[-1],
                            first_speaker=first_speaker,
                            rules=SimpleNamespace(scoring="place_loses", losing_place=place, place_tie=tie,
                                                  formulas=SimpleNamespace(capote_void=None, standing=())))
    return _losers_by_place(state, totals)


def test_the_player_at_the_losing_place_loses():
    assert _losers([40, 60, 30]) == [0]  # second of three
    assert _losers([10, 40, 30, 50]) == [1]  # second of four: one player, not the two middle places
    assert _losers([10, 40, 30, 50], place="last") == [0]
    assert _losers([10, 40, 30, 50], place=1) == [3]
    assert _losers([10, 40, 30, 50, 20], place=4) == [4]


def test_only_the_players_dealt_in_are_ranked():
    """The dealer sitting out (seat 0, 0 points) is no place: `last` is the lowest of those who played."""
    assert _losers([0, 67, 19, 5, 44], place="last", out=0) == [3]


def test_a_tute_makes_every_other_player_lose_and_a_capote_is_ranked():
    assert _losers([10, 60, 60], tute=0) == [1, 2]
    assert _losers([130, 0, 0], tricks_won=[0, 0, 0]) == [1, 2]  # the capote's taker is first: the two tied second lose
    assert _losers([130, 0, 0], place=1, tricks_won=[0, 0, 0]) == [0]  # "the highest loses": the capote's taker


@pytest.mark.parametrize("tie, losers", [
    ("share", [1, 2]),  # every player tied with the losing place loses
    ("none", []),  # a tie at the losing place: nobody loses
    ("last_trick", [2]),  # seat 2 won the last trick: it ranks second, seat 1 third
    ("first_speaker", [1]),  # seat 1 spoke first: it ranks second
])
def test_a_tie_at_the_losing_place(tie, losers):
    assert _losers([60, 35, 35], tie=tie, last=2, first_speaker=1) == losers


def test_a_tie_break_ranks_its_player_above_the_others_tied():
    """Seat 3 (the last trick's) ranks first of the three tied at 40, second: the two others still share the third
    and fourth places."""
    assert _losers([70, 40, 40, 40], tie="last_trick", last=3) == [3]
    assert _losers([70, 40, 40, 40], place=3, tie="last_trick", last=3) == [1, 2]
    assert _losers([70, 40, 40, 40], tie="last_trick", last=0) == [1, 2, 3]  # seat 0 is not among the tied
    assert _losers([50, 50, 10], tie="none") == []  # tied for first and second: the second place is shared
    assert _losers([50, 50, 10], place="last", tie="none") == [2]  # a tie elsewhere does not matter


def test_the_example_plays_it_at_every_number_of_players():
    for seats in (3, 4, 5, 6):
        game = Game.from_spec(load_spec(EXAMPLE), seats=seats)
        for seed in range(3):
            state = game.new_round(seed=seed)
            while not state.is_terminal():
                seat = state.actors()[0]
                state.apply(seat, state.legal_actions(seat)[0])
            result = state.round_result()
            ranked = sorted(((result["totals"][s], s) for s in state.seating.in_play), reverse=True)
            second = [s for total, s in ranked if total == ranked[1][0]]
            if result["tute"] is None:
                assert result["losers"] == sorted(second), (seats, seed, result["totals"])
                assert result["score_changes"] == [1 if s in second else 0 for s in range(seats)]


def _check(tmp_path, base: str, body: str) -> list[tuple[str, int, str]]:
    path = tmp_path / "rules.touti"
    path.write_text(f'touti 1\n\nsystem "rules" extends "{base}" {{\n  title: "Rules"\n}}\n\n{body}', encoding="utf-8")
    return [(d.code, d.loc.line, d.message) for d in check_spec(load_flat(path))]


@pytest.mark.parametrize("base, body, code, line, words", [
    ("tute", "scoring {\n  round: place_loses\n  remove tie\n}\n\nadd scoring {\n  losing_place: 2\n}\n", "E310", 8,
     "place_loses ranks players: it needs table.teams each"),
    ("tute-cabrero", "scoring {\n  round: place_loses\n}\n\nadd scoring {\n  losing_place: 4\n}\n", "E310", 12,
     "scoring.losing_place 4 is beyond the places of the ranking: the fewest players dealt in a hand are 3"),
    ("tute-cabrero", "scoring {\n  round: place_loses\n}\n\nadd scoring {\n  losing_place: 0\n}\n", "E310", 12,
     "scoring.losing_place 0 is beyond the places"),
    ("tute-cabrero", "scoring {\n  round: place_loses\n}\n\nadd scoring {\n  losing_place: first\n}\n", "E102", 12,
     "does not take 'first'"),
    ("tute-cabrero", "scoring {\n  round: place_loses\n}\n", "E103", 8, "missing rule scoring.losing_place"),
    ("tute-cabrero", "add scoring {\n  losing_place: 2\n  place_tie: none\n}\n", "E108", 8,
     "scoring.losing_place applies only with `round: place_loses`, but scoring.round is middle_loses"),
    ("tute-cabrero", "add scoring {\n  losing_place: 2\n  place_tie: none\n}\n", "E108", 9,
     "scoring.place_tie applies only with `round: place_loses`"),
    ("tute-arrastrado", "scoring {\n  round: place_loses\n  remove tie\n}\n\nadd scoring {\n  losing_place: 1\n}\n",
     "E310", None, "place_loses names only who loses the hand: the scores count hands lost, so it needs match.end losses"),
    ("tute-arrastrado", "scoring {\n  round: middle_loses\n  remove tie\n}\n", "E310", None,
     "middle_loses names only who loses the hand"),
], ids=["partners", "beyond-the-players", "place-zero", "unknown-word", "no-place", "place-without-it",
        "tie-without-it", "hands-won", "middle-hands-won"])
def test_a_place_the_table_cannot_rank_is_refused_where_it_is_written(tmp_path, base, body, code, line, words):
    """(line None: the base's `match.end`, which `touti check` locates at the variant's change of scoring.round)"""
    found = _check(tmp_path, base, body)
    assert any(c == code and line in (at, None) and words in message for c, at, message in found), found


def test_the_place_counts_the_players_left_by_elimination(tmp_path):
    """Tute cabrero plays on until two players are left: at three, the third place is the last one a hand ranks."""
    body = "scoring {\n  round: place_loses\n}\n\nadd scoring {\n  losing_place: 3\n}\n"
    assert _check(tmp_path, "tute-cabrero", body) == []
    found = _check(tmp_path, "tute-cabrero", body + "\nmatch {\n  remaining: 1\n}\n")
    assert any(c == "E310" and "the fewest players dealt in a hand are 2" in m for c, _, m in found), found


def test_the_pages_state_it_in_every_language():
    from tests.docs.helpers import ROOT
    from touti_dsl.docs.render import load_for_docs, render_rules

    pages = {lang: render_rules(load_for_docs(EXAMPLE, ROOT), lang) for lang in ("en", "fr", "ar")}
    assert "one place of that ranking loses the hand" in pages["en"]
    assert "The player with the second highest score loses the hand." in pages["en"]
    assert "Players tied on points at the losing place all lose the hand." in pages["en"]
    assert "Le joueur qui a le deuxième meilleur score perd la main." in pages["fr"]
    assert "يخسر اليدَ اللاعبُ صاحبُ ثاني أعلى نتيجة." in pages["ar"]


def test_an_unwritten_tie_rule_is_said_with_the_place(tmp_path):
    from tests.docs.helpers import said, variant_pages

    body = "scoring {\n  round: place_loses\n}\n\nadd scoring {\n  losing_place: last\n}\n"
    pages = {lang: said(page, "scoring-losing_place") for lang, page in variant_pages(tmp_path, "tute-cabrero", body).items()}
    assert pages["en"] == "The player with the lowest score loses the hand, and so does anyone tied with that score."
    assert pages["fr"].startswith("Le joueur qui a le score le plus bas perd la main, ainsi")
    assert pages["ar"].startswith("يخسر اليدَ اللاعبُ صاحبُ أدنى نتيجة، وكذلك")


def test_the_generator_shows_the_place_and_a_tie_at_it():
    """Outcome cases: a hand lost at the second place (at four players, not the two middle places `middle_loses`
    would make lose), and a tie at that place, as build._look_for_a_tie searches for one."""
    from itertools import islice

    from touti_dsl.cases import outcomes
    from touti_dsl.cases.explore import quick_rounds

    game = Game.from_spec(load_spec(EXAMPLE), seats=4)
    rounds = list(islice(quick_rounds(game, 5004, 400), 30))
    rounds.append(next(r for r in quick_rounds(game, 4000, 400) if outcomes.place_tied(game, r)))
    cases = outcomes.round_cases(game, rounds)
    placed = [c for c in cases if "scoring.losing_place" in c["rules"]]
    assert placed and placed[0]["description"].startswith("the player with the second highest score loses the hand")
    record = SimpleNamespace(setup=placed[0]["setup"], result=placed[0]["steps"][-1]["expect"])
    assert len(record.result["losers"]) == 1 and record.result["losers"] != outcomes._middle_losers(game, record)
    tied = [c for c in cases if "scoring.place_tie" in c["rules"]]
    assert len(tied) == 1 and len(tied[0]["steps"][-1]["expect"]["losers"]) >= 2


@pytest.mark.parametrize("tied, blamed", [(False, "scoring.losing_place"), (True, "scoring.place_tie")])
def test_a_wrong_loser_is_blamed_on_the_place_or_on_the_tie_rule(tied, blamed):
    """An implementation that makes the middle places lose at four players (or only one of two tied players)."""
    from touti_dsl.cases import outcomes
    from touti_dsl.cases.explore import quick_rounds
    from touti_dsl.conformance.blame import SystemRules, blamed_rules
    from touti_dsl.conformance.compare import compare_step

    game = Game.from_spec(load_spec(EXAMPLE), seats=4)
    record = next(r for r in quick_rounds(game, 4000, 400)
                  if outcomes.place_tied(game, r) == tied and r.result["tute"] is None and not r.result["void"])
    expect = record.result
    step = {"op": "round_result", "expect": expect}
    case = {"system": game.spec.system, "rules": ["scoring.round"], "setup": dict(record.setup, settings={"seats": 4}),
            "steps": [step]}
    actual = dict(expect, losers=expect["losers"][:1] if tied else outcomes._middle_losers(game, record))
    mismatch = compare_step(0, step, actual)
    assert blamed_rules(case, mismatch, actual, SystemRules(game.spec.system, [case]))[0] == blamed


def test_nobody_losing_a_tie_is_an_outcome_to_check():
    """`place_tie: none` decides (the hand scores nothing), unlike the `none` of a custom: `touti coverage` asks a case."""
    from touti_dsl.cases.coverage import rule_kind

    spec = load_spec(EXAMPLE)
    rule = spec.rule("scoring.place_tie")
    assert rule_kind(spec, rule) == "outcome"
    assert rule_kind(spec, dataclasses.replace(rule, value=m.Word("none"))) == "outcome"
