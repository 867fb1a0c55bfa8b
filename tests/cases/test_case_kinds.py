"""The kinds of case issue 10 found missing, each present in the committed suites (a real or wrong engine needed it).

Each kind is looked for on every table where it can exist: the four seed systems, and the
tables of another shape (tute-habanero for two, tute-cabrero for three each for oneself,
tute-subastado-three for the bid winner against the other two, guinote with a stock).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from touti_dsl.cases.build import contract_levels
from touti_dsl.conformance.cases import load_cases
from touti_dsl.engine import Game

ROOT = Path(__file__).resolve().parents[2]
CONTRACT_SYSTEMS = ["atlas-carta", "tutti-ma", "touti-app"]
OTHER_TABLES = ["tute-habanero", "tute-cabrero", "tute-subastado-three", "guinote"]
PLAYTHROUGHS = ("playthrough.round", "playthrough.match")


@cache
def cases_of(system: str) -> list[dict]:
    return load_cases(ROOT / "generated" / system)


@cache
def game_of(system: str) -> Game:
    return Game.from_spec(system)


def _declarations(case: dict) -> list[dict]:
    return [s for s in case["steps"] if s["op"] in ("apply", "refuse") and s["action"].startswith(("ghna ", "tute "))]


def _contract(case: dict) -> int | None:
    bids = [int(s["action"].split()[1]) for s in case["steps"] if s["op"] == "apply" and s["action"].startswith("bid ")]
    return bids[-1] if bids else None


def _witnesses(system: str) -> list[dict]:
    """The cases made from the explorer's witnesses and outcomes (not the golden playthroughs)."""
    return [c for c in cases_of(system) if not set(c["rules"]) & set(PLAYTHROUGHS)]


@pytest.mark.parametrize("system", CONTRACT_SYSTEMS)
def test_a_team_declares_several_times_in_a_round_at_every_contract_level_of_its_limit(system):
    levels = set(contract_levels(game_of(system)))
    cases = cases_of(system)
    declaring = {_contract(c) for c in cases if any(d["op"] == "apply" for d in _declarations(c))} & levels
    second_accepted = {_contract(c) for c in cases if len(_declarations(c)) >= 2 and _declarations(c)[-1]["op"] == "apply"}
    second_refused = {_contract(c) for c in cases if sum(d["op"] == "apply" for d in _declarations(c)) >= 1 and _declarations(c)[-1]["op"] == "refuse"}
    assert declaring and declaring <= second_accepted | second_refused  # every level where one may declare: a second declaration
    assert second_accepted & second_refused  # at some level, one declaration under the limit and the next over it


def _side_declares_again(game: Game, case: dict) -> bool:
    """The case ends its declarations with one (made or refused) by a side that has declared before in the round."""
    last = _declarations(case)[-1]
    state = game.new_round(**case["setup"])
    sides: set[int] = set()
    for step in case["steps"]:
        if step is last:
            return state.seating.team_of[step["seat"]] in sides
        if step["op"] == "apply":
            if step["action"].startswith(("ghna ", "tute ")):
                sides.add(state.seating.team_of[step["seat"]])
            state.apply(step["seat"], step["action"])
    return False


@pytest.mark.parametrize("system", ["tute", *OTHER_TABLES])
def test_a_side_declares_again_in_a_round_on_any_table(system):
    """Declaration witnesses by the declarations made before: also with two seats, three each for oneself, a stock."""
    game = game_of(system)
    assert any(_side_declares_again(game, c) for c in _witnesses(system) if len(_declarations(c)) >= 2)


def test_four_declarations_in_one_round_where_the_contract_allows_them():
    assert any(len([d for d in _declarations(c) if d["op"] == "apply"]) >= 4 for c in cases_of("touti-app"))


@pytest.mark.parametrize("system", [*CONTRACT_SYSTEMS, "tute", "tute-habanero", "tute-cabrero"])
def test_a_declarer_who_played_a_card_of_the_pair_tries_to_declare(system):
    rules = game_of(system).ruleset

    def broke_the_pair(case: dict) -> bool:
        last = case["steps"][-1]
        if last["op"] != "refuse" or not last["action"].startswith("ghna "):
            return False
        pair = {rules.card_text[card] for card in rules.pair_cards[rules.suits.index(last["action"].split()[1])]}
        played = {s["action"][5:] for s in case["steps"] if s["op"] == "apply" and s["seat"] == last["seat"] and s["action"].startswith("play ")}
        return bool(pair & played)

    assert any(broke_the_pair(c) for c in cases_of(system))


@pytest.mark.parametrize("system", [*CONTRACT_SYSTEMS, "tute-subastado-three"])
def test_a_contract_made_with_points_to_spare(system):
    results = [s["expect"] for c in cases_of(system) for s in c["steps"] if s["op"] == "round_result" and "to spare scores the contract, not" in c["description"]]
    assert any(r["made"] and r["totals"][r["contract"]["team"]] > r["contract"]["amount"] for r in results)


def _last_trick_overtrumped(game: Game, case: dict) -> bool:
    """The last trick the case plays holds two trumps, the later one higher."""
    rules = game.ruleset
    trump = rules.suits.index(case["description"].rsplit("(trumps ", 1)[1].rstrip(")"))
    plays = [rules.vocabulary.cards[s["action"][5:]] for s in case["steps"] if s["op"] == "apply" and s["action"].startswith("play ")]
    trick = plays[len(plays) - rules.seats:]
    strengths = [rules.card_strength[c] for c in trick if rules.card_suit[c] == trump]
    return len(plays) % rules.seats == 0 and any(b > a for i, a in enumerate(strengths) for b in strengths[i + 1:])


@pytest.mark.parametrize("system", ["atlas-carta", "tutti-ma", "touti-app", "tute", *OTHER_TABLES])
def test_a_trick_with_two_trumps_the_second_higher(system):
    shown = [c for c in cases_of(system) if c["description"].startswith("two trumps in one trick, the second higher")]
    assert shown and all(_last_trick_overtrumped(game_of(system), c) for c in shown)


@pytest.mark.parametrize("system", [*CONTRACT_SYSTEMS, "tute-subastado-three"])
def test_the_first_lead_when_the_contract_maker_is_not_the_first_speaker(system):
    def shows_it(case: dict) -> bool:
        applies = [s for s in case["steps"] if s["op"] == "apply"]
        bidders = [s["seat"] for s in applies if s["action"].startswith("bid ")]
        last = case["steps"][-1]
        return (bool(bidders) and applies[-1]["action"].startswith("trump ") and bidders[-1] != applies[0]["seat"]
                and last["op"] == "actors" and last["expect"] == [applies[0]["seat"]])

    assert any(shows_it(c) for c in cases_of(system) if "rotation.first_lead" in c["rules"])


def _exemption_cases_where_the_card_can_be_beaten(system: str) -> list[dict]:
    from touti_dsl.cases.situations import partner_card_beatable

    game = game_of(system)

    def beatable(case: dict) -> bool:
        state = game.new_round(**case["setup"])
        for step in case["steps"]:
            if step["op"] == "legal":
                return partner_card_beatable(game.ruleset, state)
            if step["op"] == "apply":
                state.apply(step["seat"], step["action"])
        return False

    return [c for c in cases_of(system) if "play.partner_exemption" in c["rules"] and c["polarity"] == "positive" and beatable(c)]


@pytest.mark.parametrize("system", ["atlas-carta", "atlas-partner-exemption", "guinote"])
def test_a_partner_winning_state_where_the_partner_card_can_be_beaten(system):
    assert _exemption_cases_where_the_card_can_be_beaten(system)


@pytest.mark.parametrize("system", ["tute-habanero", "tute-cabrero"])
def test_no_partner_winning_state_where_nobody_has_a_partner(system):
    """Two players, or three each for oneself: the kind cannot exist, and the suite has none (nor fails for it)."""
    assert not any(game_of(system).ruleset.partners)
    assert not _exemption_cases_where_the_card_can_be_beaten(system)


def _duties_refused_while_the_partner_wins(cases: list[dict]) -> set[str]:
    return {step["rule"] for case in cases if "play.partner_exemption" in case["rules"] and case["polarity"] == "negative"
            for step in case["steps"] if step["op"] == "refuse"}


@pytest.mark.parametrize("system", ["atlas-carta", "tute"])
def test_every_duty_is_refused_while_the_partner_wins_the_trick(system):
    """Issue 10's sweep: an exemption wrongly granted from one duty (here overtrumping one's partner) escaped; each
    duty that binds while the partner wins has a refusal there, which catches it (blamed on the exemption too)."""
    duties = {o.rule_id for o in game_of(system).ruleset.obligations if not o.exempt_when_partner_wins}
    assert _duties_refused_while_the_partner_wins(cases_of(system)) == duties


def test_a_signal_window_closes_with_the_bidding():
    [case] = [c for c in cases_of("atlas-carta") if "closes with the bidding" in c["description"]]
    legal, refuse = case["steps"][-2:]
    assert legal["expect"] == [] and refuse["op"] == "refuse" and refuse["action"].startswith("signal ")


def test_a_duty_refused_in_a_reordered_list_shows_play_order(tmp_path):
    """With `play.order` the legal cards depend on the order the duties apply in: a duty's refusal shows the order
    too (before, no case named play.order and `touti coverage` said it was missing for any reordering variant)."""
    from touti_dsl.cases.situations import also_refused_by
    from touti_dsl.loader import load_spec

    def refused_by(extra: str) -> list[str]:
        path = tmp_path / "ordered.touti"
        path.write_text('touti 1\n\nsystem "ordered" extends "tute" {\n  title: "Ordered"\n}\n\n' + extra, encoding="utf-8")
        game = Game.from_spec(load_spec(path))
        state = game.new_round(seed=3)
        state.apply(state.to_play, next(a for a in state.legal_actions(state.to_play) if a.startswith("play ")))
        return also_refused_by(game, state, state.to_play, "play.follow_suit", ())

    assert "play.order" in refused_by("play {\n  order: follow_suit, trump_when_void, overtake, overtrump\n}\n")
    assert "play.order" not in refused_by("")
