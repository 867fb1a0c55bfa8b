"""A failure report says which suit is trumps, also where no step names them and the setup leaves the turned card
implicit (under the stock, in the dealer's hand) or the table has none (report._trump_line)."""

from __future__ import annotations

import json
from pathlib import Path

from touti_dsl.conformance.report import _trump_line

GENERATED = Path(__file__).resolve().parents[2] / "generated"
SUITS = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}  # a card text ends with its suit's code


def _first_case(system: str, wanted) -> dict:
    for path in sorted((GENERATED / system).glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            if wanted(case):
                return case
    raise AssertionError(f"no such case in generated/{system}")


def _names_no_trumps(case: dict) -> bool:
    return not any(step["op"] == "apply" and step["action"].startswith(("trump ", "call ")) for step in case["steps"])


def test_the_card_under_the_stock_gives_trumps_at_two_players():
    case = _first_case("tute-two-three-four", lambda c: c["setup"].get("settings", {}).get("seats") == 2
                       and "turned" not in c["setup"] and _names_no_trumps(c))
    under = case["setup"]["stock"][-1]  # with `trump.turned under_stock` the stock's last card is the turned card
    assert _trump_line(case) == [f"trumps: {SUITS[under[-1]]} (the turned card {under})"]


def test_the_last_card_of_the_dealers_hand_gives_trumps_when_the_setup_does_not_name_it():
    case = _first_case("tute", lambda c: "turned" not in c["setup"] and "stock" not in c["setup"] and _names_no_trumps(c))
    last = case["setup"]["hands"][case["setup"]["dealer"]][-1]
    assert _trump_line(case) == [f"trumps: {SUITS[last[-1]]} (the turned card {last})"]


def test_a_table_without_trumps_says_so():
    case = _first_case("briscolone", _names_no_trumps)
    assert _trump_line(case) == ["trumps: none (this table plays without trumps)"]


def test_a_called_card_names_trumps_at_its_step():
    case = _first_case("briscola-chiamata", lambda c: any(s["op"] == "apply" and s["action"].startswith("call ")
                                                            for s in c["steps"]))
    index, step = next((i, s) for i, s in enumerate(case["steps"]) if s["op"] == "apply" and s["action"].startswith("call "))
    card = step["action"].split(" ", 1)[1]
    assert _trump_line(case) == [f"trumps: the suit of the called card {card} (called at step {index + 1})"]


def test_a_system_whose_spec_is_not_at_hand_keeps_the_plain_words():
    case = {"system": "no-such-system", "setup": {"hands": [[]]}, "steps": []}
    assert _trump_line(case) == ["trumps: not named yet (the case ends in the bidding)"]
