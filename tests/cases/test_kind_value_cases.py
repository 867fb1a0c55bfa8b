"""Each value of each kind of `ghna.kinds` shown by a round result (outcomes._kind_value_cases).

Found by the mutation sweep of session 18 on briscola-accuse: a kind's value changed (four reyes worth 70, not 80)
passed every case, for no case counted a declared kind in a round result; the rigged rounds that declared one were
cut at the declaration.  And one kind, the four sotas, was never declared at all: its holder played a sota first.
"""

from __future__ import annotations

from touti_dsl.cases import outcomes
from touti_dsl.cases.build import generate
from touti_dsl.engine import Game
from touti_dsl.loader import load_named


def _value_cases(system: str) -> dict[str, dict]:
    cases = [case for group in generate(load_named(system)).values() for case in group]
    return {case["description"]: case for case in cases if case["description"].startswith("the combination ")}


def _declared(case: dict) -> list[str]:
    return [step["action"] for step in case["steps"] if step["op"] == "apply" and step["action"].startswith("ghna ")]


def test_every_kind_of_four_cards_is_counted_by_a_round_result():
    found = _value_cases("briscola-accuse")
    assert sorted(found) == [
        "the combination ases declared counts 100 (ghna.kinds ases)",
        "the combination caballos declared counts 60 (ghna.kinds caballos)",
        "the combination reyes declared counts 80 (ghna.kinds reyes)",
        "the combination sotas declared counts 40 (ghna.kinds sotas)",
    ]
    for description, case in found.items():
        name = description.split()[2]
        assert case["rules"][0] == "ghna.kinds"
        assert f"ghna {name}" in _declared(case)
        result = case["steps"][-1]
        assert result["op"] == "round_result" and result["expect"]["ghna"]  # the kind counted for its side


def test_a_kind_worth_more_in_trumps_is_counted_in_trumps_and_in_a_plain_suit():
    """tutti-ma-any-pair-sings: nine pairs of a suit, each 20, or 40 in trumps; one round may count two of them."""
    game = Game.from_spec("tutti-ma-any-pair-sings")
    cases = [case for group in generate(game.spec).values() for case in group]
    shown = set()
    for case in cases:
        result = case["steps"][-1]
        if result["op"] != "round_result" or not any(result["expect"]["ghna"]) or result["expect"].get("conceded"):
            continue
        for action in _declared(case):
            name, _, suit = action[len("ghna "):].partition(" ")
            if suit and name != suit:
                shown.add((name, suit == result["expect"]["trump"]))
    kinds = [kind.name for kind in game.ruleset.ghna.kinds]
    assert len(kinds) == 9 and shown == {(name, in_trumps) for name in kinds for in_trumps in (True, False)}
    assert len(_value_cases("tutti-ma-any-pair-sings")) >= 9


def test_the_values_a_round_can_show_and_those_no_round_counts():
    assert outcomes.kind_value_sides(Game.from_spec("tutti-ma-any-pair-sings").ruleset)[:2] == [(0, True), (0, False)]
    game = Game.from_spec("briscola-accuse")
    assert outcomes.kind_value_sides(game.ruleset) == [(0, None), (1, None), (2, None), (3, None)]
    assert outcomes.unshown_kind_values(game, []) == {(0, None), (1, None), (2, None), (3, None)}
