"""Declaration cases the sweep of session 14 found missing (conformance/mutants/README.md): every rank of a tute
declared and accepted, and a declaration limit refusing a held pair on its own.

Read from the committed suites (regenerated and checked for staleness by test_generated.py).
"""

from __future__ import annotations

import json
from pathlib import Path

from touti_dsl.engine import Game

ROOT = Path(__file__).resolve().parents[2]


def _suites():
    for folder in sorted((ROOT / "generated").iterdir()):
        if folder.is_dir():
            cases = [case for path in sorted(folder.glob("*.json")) if path.name != "STAMP"
                     for case in json.loads(path.read_text(encoding="utf-8"))["cases"]]
            yield folder.name, cases


def _spec_game(system: str) -> Game:
    found = [p for p in (ROOT / "spec" / f"{system}.touti", ROOT / "spec" / "examples" / f"{system}.touti") if p.exists()]
    return Game.from_spec(str(found[0]))


def test_every_rank_of_a_tute_is_declared_and_accepted_in_some_case():
    """guinote (`tute: 12, 11`): only `tute 11` was ever accepted, so an implementation taking four sotas for four
    reyes passed every case."""
    checked = 0
    for system, cases in _suites():
        accepted = {step["action"] for case in cases if "ghna.tute" in case["rules"] and case["polarity"] == "positive"
                    for step in case["steps"] if step["op"] == "apply" and step["action"].startswith("tute ")}
        if not any(step.get("action", "").startswith("tute ") for case in cases for step in case["steps"]):
            continue
        ranks = _spec_game(system).ruleset.ghna.tute_ranks
        assert {f"tute {rank}" for rank in ranks} <= accepted, (system, ranks, accepted)
        checked += 1
    assert checked >= 5


# Tables where a second declaration after a won trick may be of a pair held and refused by `ghna.per_trick` only (not
# tute-each-partner-sings: two a trick, but each partner once, so a third is always refused by its `require` too)
ONE_A_TRICK = ("atlas-carta", "tutti-ma", "touti-app", "tute", "guinote", "guinote-36", "guinote-48", "tute-arrastrado")


def test_a_second_declaration_in_a_trick_is_refused_by_the_limit_alone():
    """guinote-36 (`per_trick: 1`): every refused second declaration was of a pair not held, refused by ghna.in_hand
    too, so an implementation allowing two a trick still refused it and passed."""
    checked = 0
    for system, cases in _suites():
        limited = [case for case in cases if "ghna.per_trick" in case["rules"] and case["polarity"] == "negative"]
        if system not in ONE_A_TRICK or not limited:
            continue
        alone = [case for case in limited if any(step["op"] == "refuse" and step.get("rules") == ["ghna.per_trick"]
                                                 for step in case["steps"])]
        assert alone, system
        checked += 1
    assert checked >= 5


def test_every_suit_declared_by_one_side_at_each_contract_whose_cap_allows_them_all():
    """atlas-bidder-lends-song (`who: bid_winner`, `lend: once`): the rigged rounds never lent, so no side declared
    four times and a cap of 99 instead of 100 at a contract of 120 passed every case (the sweep of session 18)."""
    checked = 0
    for system, cases in _suites():
        ghna = _spec_game(system).ruleset.ghna
        suits = len(_spec_game(system).ruleset.suits)
        every_suit = ghna.trump_value + (suits - 1) * ghna.plain_value
        levels = {level for level, cap, plain_only in ghna.caps if cap is not None and cap >= every_suit and not plain_only}
        if ghna.off or not levels or ghna.tute_ranks:
            continue
        reached = set()
        for case in cases:
            bids = [int(step["action"].split()[1]) for step in case["steps"]
                    if step["op"] == "apply" and step["action"].split()[0] == "bid" and step["action"].split()[1].isdigit()]
            songs = [step for step in case["steps"] if step["op"] == "apply" and step["action"].split()[0] == "ghna"]
            if bids and len(songs) == suits:
                reached.add(max(bids))
        assert levels <= reached, (system, sorted(levels - reached))
        checked += 1
    assert checked >= 5


def test_a_held_tute_is_refused_by_the_window_and_by_the_count_per_trick_alone(current_suite):
    """An engine that checked the window and the count per trick for the pair only, accepting a tute at any time,
    passed the whole tute suite (conformance/independent/, session 20): every tute those rules refused was refused by
    ghna.tute too, its declarer not holding it."""
    from touti_dsl.conformance.cases import load_cases

    refused = {tuple(step["rules"]) for case in load_cases(current_suite(ROOT / "spec" / "tute.touti"))
               for step in case["steps"] if step["op"] == "refuse" and step["action"].startswith("tute ")}
    assert {("ghna.window",), ("ghna.per_trick",)} <= refused, refused
