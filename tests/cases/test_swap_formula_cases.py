"""`trump.swap` written as a formula of the turned card (`7 if turned_rank == 1 or turned_rank == 3 or turned_rank >= 10
else 2`) is shown at every rank of turned card (the session-17 sweep: brisca-seven-or-two's `turned_rank == 3` read as
`<= 3`, which lets the seven take a turned 2, escaped: every refused swap was on a turned card below the seven)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.conformance.cases import load_cases
from touti_dsl.deck_cards import card_parts
from touti_dsl.engine import Game

from tests.blames import failures
from tests.house import house_variant

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "brisca-seven-or-two"


@pytest.fixture(scope="module")
def cases(current_suite) -> list[dict]:
    return load_cases(current_suite(ROOT / "spec" / "examples" / f"{SYSTEM}.touti"))


def test_the_ranks_a_swap_formula_names_are_its_branches():
    assert Game.from_spec(SYSTEM).ruleset.swap_ranks == (2, 7)


def test_a_swap_is_refused_to_the_holder_of_the_other_branch_at_every_rank_of_turned_card(cases):
    refused = [case for case in cases if case["rules"][0] == "trump.swap" and case["polarity"] == "negative"]
    turned = {card_parts(case["setup"]["stock"][-1])[0] for case in refused}  # Brisca turns the card under the stock
    assert turned == set(Game.from_spec(SYSTEM).ruleset.ranks)


@pytest.mark.parametrize("system, formula", [
    (SYSTEM, "7 if turned_rank == 1 or turned_rank <= 3 or turned_rank >= 10 else 2"),  # the turned card under the stock
    ("tute-seven-or-two", "7 if turned_rank == 1 or turned_rank <= 3 or turned_rank >= 10 else 2"),  # in the dealer's hand
    ("guinote-seven-takes-value", "7 if turned_rank == 1 or turned_rank == 3 or turned_rank > 10 else 0")])
def test_a_comparison_of_the_formula_read_one_rank_off_is_caught_on_the_swap(tmp_path, current_suite, system, formula):
    # at tute-seven-or-two the refusals on a turned 2 were the dealer's, who holds the turned card and never swaps; at
    # guinote-seven-takes-value a turned 10 that the seven may no more take needs a swap accepted at a turned 10
    cases = load_cases(current_suite(ROOT / "spec" / "examples" / f"{system}.touti"))
    mutant = house_variant(tmp_path, system, f"trump {{\n  swap: {formula}\n}}\n")
    blamed = [rules[0] for _, _, rules in failures(mutant, system, cases)]
    assert "trump.swap" in blamed, blamed
