"""The rules of a `with N players` block are checked like the spec's own: listed by `touti coverage` as `with N
players: RULE` (the way `touti diff` names them) and covered by the cases played at that number, witnessed by the
generator's cases at that number, and a failing case at that number blamed on them.

Tute for two, three or four: "the rest of the cards is a stock: after each trick each player draws one, the winner
first"; "the card that shows trumps is put face up under the stock", drawn last; at three "the card left over after
the deal of 13 each shows trumps and stays on the table".
"""

from __future__ import annotations

from pathlib import Path

from touti_dsl.cases.build import other_table_cases
from touti_dsl.cases.coverage import coverage
from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.blame import SystemRules, blamed_rules
from touti_dsl.conformance.cases import doc_anchor, load_cases
from touti_dsl.conformance.compare import first_mismatch
from touti_dsl.conformance.protocol import case_request
from touti_dsl.loader import load_spec
from touti_dsl.table_sizes import rule_name_at, split_rule_name

from tests.conftest import SPEC_DIR

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "tute-two-three-four"
SPEC = load_spec(SPEC_DIR / "examples" / f"{SYSTEM}.touti")


def _case(rules: list[str], polarity: str = "positive", seats: int | None = None) -> dict:
    setup = {"hands": [], **({"settings": {"seats": seats}} if seats is not None else {})}
    return {"rules": rules, "polarity": polarity, "setup": setup}


def _rows(cases: list[dict]) -> dict[str, tuple[str, int, int, str]]:
    return {row.rule_id: (row.kind, row.positive, row.negative, row.status) for row in coverage(SPEC, cases)}


def test_coverage_lists_each_block_rule_under_its_number_of_players():
    rows = _rows([])
    assert rows["with 2 players: table.draw"] == ("outcome", 0, 0, "MISSING")
    assert rows["with 2 players: trump.turned"][3] == "MISSING"
    assert rows["with 3 players: trump.turned"][3] == "MISSING"


def test_a_block_rule_is_covered_only_by_the_cases_played_at_its_number():
    cases = [_case(["table.draw", "trump.turned"], "positive", seats=2), _case(["table.draw"], "negative", seats=2),
             _case(["trump.turned"], "negative", seats=3)]
    rows = _rows(cases)
    assert rows["with 2 players: table.draw"] == ("outcome", 1, 1, "covered")
    assert rows["with 2 players: trump.turned"] == ("outcome", 1, 0, "outcome")
    assert rows["with 3 players: trump.turned"] == ("outcome", 0, 1, "outcome")


def test_a_case_at_a_number_whose_block_does_not_write_the_rule_counts_for_the_spec_own_rule():
    rows = _rows([_case(["trick.winner"], seats=2), _case(["trick.winner"], "negative")])
    assert rows["trick.winner"][1:3] == (1, 1)


def test_the_rule_name_at_a_number_of_players():
    assert rule_name_at(SPEC, 2, "table.draw") == "with 2 players: table.draw"
    assert rule_name_at(SPEC, 2, "trick.winner") == "trick.winner"
    assert rule_name_at(SPEC, 4, "trump.turned") == "trump.turned"
    assert split_rule_name("with 3 players: trump.turned") == (3, "trump.turned")
    assert split_rule_name("trump.turned") == (None, "trump.turned")


def test_a_block_rule_is_explained_where_the_page_states_that_number_of_players():
    assert doc_anchor(SYSTEM, "with 2 players: table.draw") == f"rules/{SYSTEM}.md#players-2"
    assert doc_anchor(SYSTEM, "trump.turned") == f"rules/{SYSTEM}.md#trump-turned"


def test_the_generator_witnesses_the_stock_at_two_and_the_card_set_aside_at_three():
    cases = other_table_cases(SPEC, 20261130)
    at = {(case["setup"]["settings"]["seats"], case["polarity"], tuple(sorted(case["rules"]))) for case in cases}
    assert (2, "negative", ("table.draw",)) in at  # the next player's draw is not the winner's to play
    assert (2, "negative", ("table.draw", "trump.turned")) in at  # the turned card is drawn last, by the other player
    assert (3, "negative", ("trump.turned",)) in at  # set aside: nobody may play it


def test_a_case_at_two_failing_on_the_turned_card_is_blamed_on_the_block_rule(tmp_path):
    # a mutant whose dealer keeps the turned card at two instead of putting it under the stock
    mutant = tmp_path / "mutant.touti"
    mutant.write_text(f'touti 1\n\nsystem "mutant" extends "{SYSTEM}" {{\n  title: "mutant"\n}}\n\n'
                      "with 2 players {\n  trump {\n    turned: dealer_hand\n  }\n}\n", encoding="utf-8")
    cases = load_cases(ROOT / "generated" / SYSTEM)
    case = next(c for c in cases if c["id"] == "c-f7357e7f9ab6")  # the team with more points wins the hand (2 players)
    outputs = ReferenceAdapter(str(mutant), SYSTEM).run_case(case_request(case))["outputs"]
    mismatch = first_mismatch(case, outputs, complete=False)
    assert mismatch is not None
    blamed = blamed_rules(case, mismatch, outputs[mismatch.step], SystemRules(SYSTEM, cases))
    assert "with 2 players: trump.turned" in blamed and "with 2 players: table.draw" in blamed


def test_a_case_at_the_default_number_is_not_blamed_on_a_block():
    cases = load_cases(ROOT / "generated" / SYSTEM)
    rules = SystemRules(SYSTEM, cases)
    assert rules.named_at_table(_case([]), ["trump.turned", "trick.winner"]) == ["trump.turned", "trick.winner"]
    assert rules.named_at_table(_case([], seats=3), ["trump.turned"]) == ["with 3 players: trump.turned"]
