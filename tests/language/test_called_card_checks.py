"""What cannot combine with a called card (`table.teams: bidder_and_called`, `trump.choice: called_card`), each
refused at the rule that causes it: the two rules go together, they need a bid winner, `trump.call_own` needs a card
called, and the sides set each round refuse what needs fixed sides (docs/language.md, "A called card")."""

from __future__ import annotations

from pathlib import Path

from touti_dsl.loader import load_spec

from .snippets import VARIANT_HEAD, variant_problems


def _found(tmp_path, body: str, base: str = "briscola-chiamata") -> set[tuple[str, int, str]]:
    return variant_problems(tmp_path, body, base)


def test_the_example_checks_clean():
    spec = load_spec(Path(__file__).resolve().parents[2] / "spec" / "examples" / "briscola-chiamata.touti")
    assert spec.value("table.teams").value == "bidder_and_called"


def test_a_called_partner_needs_the_card_to_name_trumps(tmp_path):
    found = _found(tmp_path, "trump {\n  choice: bid_winner\n  remove call_own\n}\n")
    assert any(code == "E310" and "bidder_and_called needs trump.choice called_card" in message
               for code, _, message in found)


def test_a_called_card_needs_the_called_partner(tmp_path):
    found = _found(tmp_path, "table {\n  teams: bidder_against_rest\n}\n")
    assert any(code == "E310" and "trump.choice called_card needs table.teams bidder_and_called" in message
               for code, _, message in found)


def test_calling_ones_own_card_is_a_choice_only_where_a_card_is_called(tmp_path):
    found = _found(tmp_path, "trump {\n  choice: bid_winner\n  call_own: refused\n}\n", base="tute-subastado-three")
    assert any(code == "E310" and "trump.call_own needs trump.choice called_card" in message and line == 9
               for code, line, message in found)


def test_without_a_bidding_nobody_calls(tmp_path):
    found = _found(tmp_path, "remove bidding\n")
    messages = [m for code, _, m in found if code in ("E304", "E310")]
    assert any("table.teams" in m for m in messages) and any("trump.choice" in m for m in messages)


def test_sides_set_each_round_refuse_a_score_of_a_side_and_a_game_won_at_once_in_games(tmp_path):
    """A game won at once goes to the players of the side that won it (a match of rounds: checks clean); a match in
    games has no meaning for a side of several players."""
    found = _found(tmp_path, "scoring {\n  winner: score(team)\n}\n")
    assert "E605" in {code for code, _, _ in found}
    path = tmp_path / "ok.touti"
    path.write_text(VARIANT_HEAD.format(base="briscola-chiamata") + "add match {\n  at_once: capote\n}\n", encoding="utf-8")
    assert load_spec(path).has("match.at_once")
    found = _found(tmp_path, "add match {\n  at_once: capote\n  games: 2 (2)\n}\n", base="tute-subastado-three")
    assert any(code == "E310" and "with bidder_against_rest the sides change each round" in m for code, _, m in found)
