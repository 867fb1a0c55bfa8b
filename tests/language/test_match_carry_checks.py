"""Where a count carried across hands may be read (docs/language.md, "The match"): `carried(side)` needs
`match.carry` (E609), and neither has a side's count where the match is kept per player (E605)."""

from __future__ import annotations

from .snippets import variant_problems


def test_carried_needs_a_count_carried_across_hands(tmp_path):
    found = variant_problems(tmp_path, "match {\n  at_once: carried(team) + card_points(team) >= 120\n}\n", base="brisca-two")
    assert ("E609", 8, "carried in match.at_once: this match carries nothing across hands") in found


def test_a_match_kept_per_player_carries_nothing_for_a_side(tmp_path):
    body = "match {\n  carry: card_points\n}\n\nscoring {\n  failed: carried(bidders)\n}\n"
    found = variant_problems(tmp_path, body, base="briscola-chiamata")
    assert {(code, line) for code, line, _ in found} >= {("E605", 8), ("E605", 12)}
