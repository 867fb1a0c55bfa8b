"""Bad input, one mistake at a time: each case asserts the code, the line and the column.

Every case edits one fragment of the minimal valid spec and names the fragment the
diagnostic must point at (the exact item where the model has one: a table row, a
declaration, a predicate).
"""

from __future__ import annotations

import pytest

from .snippets import MINI, diagnostics, edit, only, where


def _codes_and_lines(path, text: str) -> set[tuple[str, int]]:
    """The (code, line) of every diagnostic that loading a spec file with `text` reports; it must report some."""
    from touti_dsl.errors import ToutiError
    from touti_dsl.loader import load_spec

    path.write_text(text, encoding="utf-8")
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    return {(d.code, d.loc.line) for d in caught.value.diagnostics}

# (case id, fragment of MINI, replacement, expected code, fragment pointed at in the edited text)
CASES = [
    # structure (E1xx)
    ("unknown-rule", "  last_trick: 10", "  last_trik: 10", "E100", "last_trik"),
    ("unknown-call-key", "  effect: stay", "  effect: stay\n  efect: stay", "E100", "efect"),
    ("unknown-play-key", "  free_discard: any", "  free_discard: any\n  leading: any", "E100", "leading"),
    ("wrong-shape-number", "  step: 10", "  step: ten", "E101", "ten"),
    ("wrong-shape-word", "  direction: counterclockwise", "  direction: 3", "E101", "direction: @3"),
    ("wrong-shape-order", "order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2", "order: 1, 3, 12, 11, 10, 7, 6, 5, 4, 2", "E101",
     "order: @1, 3"),
    ("require-outside-call", "  free_discard: any", "  free_discard: any\n  require x: leading", "E101", "require x"),
    ("must-outside-play", "  next_leader: winner", "  next_leader: winner\n  lead: must follow", "E101", "lead: must"),
    ("exemption-as-duty", "  partner_exemption: none", "  partner_exemption: must follow", "E101", "must follow\n  free"),
    ("word-not-in-vocabulary", "  pass: final", "  pass: finale", "E102", "finale"),
    ("word-list-vocabulary", "remaining_cards, last_trick", "remaining_cards, last_tricks", "E102", "last_tricks"),
    ("missing-required", "  last_trick: 10\n", "", "E103", "suits:"),
    ("missing-effect", "  effect: stay\n", "", "E103", "values: las"),
    ("missing-caps", "  caps: 70 = 0, 80 = 20, 90 = 40, 100 = 60, 110 = 80, 120 = none\n", "", "E103", "pair: 12"),
    ("bidding-all-or-nothing", "  all_pass: void\n", "", "E103", "minimum: 70"),
    ("missing-target", "  target: 600 (400, 600, 1000)\n", "", "E103", "end: target"),
    ("duplicate-rule", "  hand_size: 10\n", "  hand_size: 10\n  hand_size: 10\n", "E104", ("hand_size", 2)),
    ("unknown-section", "trick {", "trik {", "E105", "winner:"),
    ("system-id", 'system "mini"', 'system "Mini House"', "E106", 'system @"Mini House"'),
    ("empty-title", '  title: "Mini"', '  title: "  "', "E106", '"  "'),
    ("version", "touti 1", "touti 2", "E107", "touti 2"),
    ("caps-without-limit-cap", "  limit: cap", "  limit: none", "E108", "caps:"),
    ("tie-with-contract", "  round: contract", "  round: contract\n  tie: last_trick", "E108", "tie:"),
    # deck and table (E2xx)
    ("duplicate-suit", 'bastos/b "Bastos" aka clubs', 'bastos/b "Bastos" aka copas', "E200", "bastos/b"),
    ("suit-without-code", 'copas/c "Copas"', 'copas "Copas"', "E201", 'copas "Copas"'),
    ("suit-code-twice", 'bastos/b "Bastos"', 'bastos/o "Bastos"', "E201", "bastos/o"),
    ("duplicate-rank", '12 "rey"', '12 "rey", 12 "king"', "E202", '12 "king"'),
    ("rank-not-number", '12 "rey"', '12 "rey", rey "rey"', "E203", 'rey "rey"'),
    ("order-missing-only", "order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2", "order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4",
     "E204", "order: @1 > 3"),
    ("order-missing-rank", "order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2", "order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 4",
     "E204", "4 > @4"),
    ("points-unknown-rank", "points: 1 = 11", "points: 9 = 11", "E205", "9 = 11"),
    ("points-twice", "3 = 10, 12 = 4", "3 = 10, 3 = 4", "E205", "3 = 4"),
    ("points-missing", "10 = 2, others = 0", "10 = 2", "E206", "1 = 11"),
    ("deck-size", "  hand_size: 10", "  hand_size: 9", "E207", "hand_size: @9"),
    ("teams-not-opposite", "teams: 0 2 | 1 3", "teams: 0 1 | 2 3", "E208", "0 1 | 2 3"),
    ("teams-seat-twice", "teams: 0 2 | 1 3", "teams: 0 2 | 1 2", "E208", "0 2 | 1 2"),
    ("seats-over-six", "  seats: 4", "  seats: 7", "E209", "seats: @7"),
    ("pair-unknown-rank", "  pair: 12, 11", "  pair: 12, 9", "E210", "12, @9"),
    ("tute-word", "  tute: none", "  tute: reyes", "E102", "tute: @reyes"),
    ("swap-without-turned-card", "  choice: bid_winner", "  choice: bid_winner\n  swap: 7", "E108", "swap:"),
    ("lend-without-bid-winner", "  who: bidding_team", "  who: bidding_team\n  lend: once", "E108", "lend:"),
    ("lend-word", "  who: bidding_team", "  who: bid_winner\n  lend: twice", "E102", "twice"),
    ("pair-same-rank", "  pair: 12, 11", "  pair: 12, 12", "E211", "12, 12"),
    # bidding (E3xx)
    ("step-not-positive", "  step: 10", "  step: 0", "E300", "step: @0"),
    ("range-not-aligned", "  maximum: 230", "  maximum: 225", "E301", "225"),
    ("minimum-above-maximum", "  minimum: 70", "  minimum: 240", "E302", "240"),
    ("never-stands-illegal", "  all_pass: void", "  all_pass: void\n  never_stands: 75", "E303", "75"),
    ("cap-level-not-a-bid", "100 = 60", "105 = 60", "E303", "105 = 60"),
    ("maximum-unreachable", "  maximum: 230", "  maximum: 240", "E305", "240"),
    # what the engine cannot run (E310): issue 12, refused at load by the engine but passed by check
    ("turned-card-with-bidding", "  choice: bid_winner", "  choice: turned_card", "E310", "choice: turned_card"),
    ("tute-with-contract-scoring", "  tute: none", "  tute: 12", "E310", "tute: 12"),
    ("bid-suit-without-suited-bids", "  all_pass: void", "  all_pass: void\n  require dear: amount >= 100 when bid_suit(oros)",
     "E310", "require dear"),
    # conditions and play (E4xx)
    ("unknown-predicate", "partner_to_bid and partner_bidding", "partner_to_bid and partner_biding", "E400",
     "partner_biding"),
    ("predicate-missing-arg", "not made_at_level(signal)", "not made_at_level", "E401", "made_at_level"),
    ("predicate-extra-arg", "partner_to_bid and", "partner_to_bid(signal) and", "E401", "partner_to_bid("),
    ("predicate-unknown-call", "made_at_level(signal)", "made_at_level(signl)", "E402", "made_at_level("),
    ("play-predicate-in-call", "partner_to_bid and", "trick_trumped and", "E403", "trick_trumped and"),
    ("bidding-predicate-in-play", "unless trick_trumped", "unless bid_made", "E403", "bid_made"),
    ("unknown-duty", "must beat_trump", "must beat_trumps", "E404", "beat_trumps"),
    ("exemption-not-obligation", "partner_exemption: none", "partner_exemption: overtake, overtrumps", "E405",
     "overtrumps"),
    ("predicate-arg-is-a-rule", "made_at_level(signal)", "made_at_level(partner_exemption)", "E402",
     "made_at_level("),
    ("call-value-twice", 'kont "I have a ghna"', 'las "I have a ghna"', "E407", 'las "I have a ghna"'),
    ("raise-with-word-values", "  effect: stay", "  effect: stay\n  raise: partner_minimum", "E409", "raise:"),
    # ghna (E5xx)
    ("values-unknown-kind", "trump = 40, plain = 20", "trump = 40, plane = 20", "E500", "plane = 20"),
    ("caps-not-increasing", "90 = 40, 100 = 60", "100 = 40, 90 = 60", "E501", "90 = 60"),
    ("caps-not-monotonic", "110 = 80", "110 = 50", "E502", "110 = 50"),
    ("caps-after-none", "110 = 80, 120 = none", "110 = none, 120 = 80", "E502", "120 = 80"),
    ("unknown-flag", "90 = 40", "90 = 40 plain_onyl", "E503", "90 = 40"),
    ("caps-do-not-cover", "caps: 70 = 0, ", "caps: ", "E504", "80 = 20"),
    ("caps-row-malformed", "110 = 80", "110 = lots", "E505", "110 = lots"),
    ("per-trick", "  per_trick: 1", "  per_trick: 0", "E507", "per_trick: @0"),
    # match (E6xx) and seat flow (E7xx)
    ("setting-default", "target: 600 (400, 600, 1000)", "target: 500 (400, 600, 1000)", "E600", "500"),
    ("setting-not-positive", "target: 600 (400, 600, 1000)", "target: 600 (0, 600)", "E601", "600 (0"),
    ("setting-choice-twice", "target: 600 (400, 600, 1000)", "target: 600 (600, 600)", "E602", "600 (600"),
    ("after-dealer-without-dealer", "  dealer: yes", "  dealer: no", "E700", "after_dealer"),
    # table customs (docs only): a word outside their vocabulary
    ("signs-word", "  direction: counterclockwise", "  direction: counterclockwise\n  signs: winks", "E102", "winks"),
    ("review-word", "  next_leader: winner", "  next_leader: winner\n  review: first", "E102", "review: @first"),
    ("misdeal-word", "  turn_order: next_seat", "  turn_order: next_seat\n  misdeal: again", "E102", "again"),
    ("first-dealer-word", "  turn_order: next_seat", "  turn_order: next_seat\n  first_dealer: kings", "E102", "kings"),
    # rotation.first_lead naming a card's holder
    ("first-lead-rank-not-in-deck", "  first_lead: first_speaker", "  first_lead: holder(9, oros)", "E102", "holder("),
    ("first-lead-suit-not-in-deck", "  first_lead: first_speaker", "  first_lead: holder(2, oro)", "E102", "holder("),
    ("first-lead-card-backwards", "  first_lead: first_speaker", "  first_lead: holder(oros, 2)", "E101", "holder("),
    ("first-lead-not-a-holder", "  first_lead: first_speaker", "  first_lead: leader(2, oros)", "E101", "leader("),
]


@pytest.mark.parametrize("old, new, code, pointed", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_one_mistake_one_located_diagnostic(old, new, code, pointed):
    text = edit(old, new)
    fragment, occurrence = pointed if isinstance(pointed, tuple) else (pointed, 1)
    problem = only(text)
    assert problem.code == code, problem.message
    assert (problem.loc.line, problem.loc.column) == where(text, fragment, occurrence), problem.message
    assert problem.loc.file == "mini.touti"


def test_call_named_like_a_section_points_at_its_first_rule():
    text = edit("made_at_level(signal)", "made_at_level(deck)", edit("call signal {", "call deck {"))
    problem = only(text)
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E406", *where(text, "values: las"))


@pytest.mark.parametrize("action", ["pass", "bid", "swap", "concede", "agree", "refuse", "tute"])
def test_call_named_like_an_action_is_refused_by_check(action):
    """Issue 12: the engine refused these at load (E310) while `touti check` said ok."""
    text = edit("made_at_level(signal)", f"made_at_level({action})", edit("call signal {", f"call {action} {{"))
    problem = only(text)
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E310", *where(text, "values: las"))
    assert "action of the wire format" in problem.message


def test_the_engine_refuses_exactly_what_check_reports_as_e310():
    from touti_dsl.engine.ruleset import compile_spec
    from touti_dsl.errors import ToutiError
    from touti_dsl.parser import parse_text
    from touti_dsl.variants import flatten

    text = edit("  tute: none", "  tute: 12", edit("  choice: bid_winner", "  choice: turned_card"))
    with pytest.raises(ToutiError) as caught:
        compile_spec(flatten(parse_text(text, "mini.touti")), {})
    assert [(d.code, d.loc.line) for d in caught.value.diagnostics] == [
        (d.code, d.loc.line) for d in diagnostics(text) if d.code == "E310"]


def test_tute_of_an_unknown_rank():
    """Mini scores contracts, so a tute there is also E310; the unknown rank is E210 at the rank."""
    text = edit("  tute: none", "  tute: 12, 13")
    assert ("E210", *where(text, "12, @13")) in [(d.code, d.loc.line, d.loc.column) for d in diagnostics(text)]


def test_rule_missing_from_a_variant_points_at_the_removal(tmp_path):
    (tmp_path / "mini.touti").write_text(MINI)
    variant = 'touti 1\n\nsystem "mini-house" extends "mini" {\n  title: "House"\n}\n\ndeck {\n  remove last_trick\n}\n'
    path = tmp_path / "mini-house.touti"
    path.write_text(variant)
    problems = diagnostics(variant, str(path))
    assert [(d.code, d.loc.line, d.loc.column) for d in problems] == [("E103", *where(variant, "remove last_trick"))]


def test_several_mistakes_are_reported_together():
    text = edit("  pass: final", "  pass: finale", edit("points: 1 = 11", "points: 9 = 11", edit("touti 1", "touti 3")))
    codes = sorted((d.code, d.loc.line) for d in diagnostics(text))
    assert ("E107", 1) in codes and ("E205", 11) in codes and ("E102", 35) in codes


def test_rendered_error_has_location_source_line_caret_and_hint():
    from touti_dsl.errors import render

    text = edit("  pass: final", "  pass: finale")
    rendered = render(diagnostics(text), {"mini.touti": text})
    assert rendered.splitlines() == [
        "mini.touti:35:9: error[E102]: bidding.pass does not take 'finale'",
        "   35 |   pass: finale",
        "      |         ^",
        "      = help: did you mean final?",
    ]


@pytest.mark.parametrize("old, new, hint", [
    ("  last_trick: 10", "  last_trik: 10", "did you mean last_trick?"),
    ("trick {", "trik {", "did you mean trick?"),
    ("partner_to_bid and", "partner_to_bd and", "did you mean partner_to_bid?"),
    ("must beat_trump", "must beat_trumps", "did you mean beat_trump?"),
    ("made_at_level(signal)", "made_at_level(signl)", "did you mean signal?"),
    ("  limit: cap", "  limit: capp", "did you mean cap?"),
])
def test_misspelled_names_get_did_you_mean(old, new, hint):
    assert [d.hint for d in diagnostics(edit(old, new))][:1] == [hint]


def test_a_missing_section_is_one_diagnostic_at_the_system_header():
    text = edit("trick {\n  winner: highest_trump_else_led\n  next_leader: winner\n}\n", "")
    problem = only(text)
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E103", *where(text, "title:"))
    assert problem.message == "missing section trick (with winner, next_leader)"


def test_optional_sections_may_be_left_out_together_with_what_needs_them():
    text = edit("concession {\n  who: defenders\n  consent: both\n  proposer: defender_to_play\n"
                "  award: remaining_cards, last_trick, held_ghna\n}\n", "")
    assert diagnostics(text) == []


def test_bids_that_name_trumps_and_a_lend_need_a_contract_and_a_partner(tmp_path):
    """`trump.choice in_bid` and `ghna.who bid_winner` need a bidding (E304); `ghna.lend` a partner (E310)."""
    found = _codes_and_lines(tmp_path / "lone.touti",
                             'touti 1\n\nsystem "lone" extends "tute" {\n  title: "Lone"\n}\n\ntable {\n  teams: each\n}\n\n'
                             'trump {\n  choice: in_bid\n}\n\nghna {\n  who: bid_winner\n  lend: once\n}\n')
    assert ("E304", 12) in found  # choice: in_bid
    assert ("E304", 16) in found  # who: bid_winner
    assert ("E310", 17) in found  # lend: once, with every player for oneself


def test_the_bidding_side_needs_a_bidding(tmp_path):
    """`points(bidders)` at a table without bidding names nobody (it read 0, so a claim stating it never held): E304
    where the term stands, in a claim's condition as in match.at_once."""
    found = _codes_and_lines(tmp_path / "nobid.touti",
                             'touti 1\n\nsystem "nobid" extends "tute" {\n  title: "No bid"\n}\n\n'
                             'add claim {\n  window: to_lead\n  holds: points(bidders) >= 60\n  false: loses_hand\n}\n\n'
                             'match {\n  at_once: tricks_won(defenders) >= 8\n}\n')
    assert found == {("E304", 9), ("E304", 14)}


def test_a_bid_winner_lead_needs_a_bidding_and_a_late_swap_runs_wherever_the_turned_card_lies(tmp_path):
    """`rotation.first_lead bid_winner` needs a contract (E304, and the engine refuses it too); a swap after a won
    trick is accepted with the turned card in the dealer's hand (tute's default: open while the dealer still holds
    it) as with the card set aside; a chain of swap cards still needs the card outside the dealer's hand (E310)."""
    found = _codes_and_lines(tmp_path / "late.touti",
                             'touti 1\n\nsystem "late" extends "tute" {\n  title: "Late"\n}\n\n'
                             'rotation {\n  first_lead: bid_winner\n}\n\nadd trump {\n  swap_window: after_team_trick\n}\n')
    assert found == {("E304", 8)}  # first_lead: bid_winner without a bidding; the late swap is no finding
    held = ('touti 1\n\nsystem "held" extends "tute" {\n  title: "Held"\n}\n\n'
            'add trump {\n  swap_window: after_team_trick\n}\n')
    assert _codes_and_lines_or_none(tmp_path / "held.touti", held) == set()
    aside = ('touti 1\n\nsystem "aside" extends "tute-arrastrado-swap" {\n  title: "Aside"\n}\n\n'
             'add trump {\n  swap_window: after_team_trick\n}\n')  # the turned card set aside stays to be taken
    assert _codes_and_lines_or_none(tmp_path / "aside.touti", aside) == set()
    chain = ('touti 1\n\nsystem "chain" extends "tute" {\n  title: "Chain"\n}\n\n'
             'trump {\n  choice: turned_card\n  swap: 7, 2\n}\n')
    assert ("E310", 9) in _codes_and_lines(tmp_path / "chain.touti", chain)


def _codes_and_lines_or_none(path, text: str) -> set[tuple[str, int]]:
    """Like `_codes_and_lines`, but a spec that loads gives the empty set."""
    from touti_dsl.errors import ToutiError
    from touti_dsl.loader import load_spec

    path.write_text(text, encoding="utf-8")
    try:
        load_spec(path)
    except ToutiError as caught:
        return {(d.code, d.loc.line) for d in caught.diagnostics}
    return set()


def test_a_claim_section_is_checked_like_the_others(tmp_path):
    """`claim.window` / `claim.false` take their words (E102), and a `require` line of the claim section may only name
    terms of the claim context (E403: `can_win` is a play duty's term)."""
    found = _codes_and_lines(tmp_path / "claims.touti",
                             'touti 1\n\nsystem "claims" extends "tute" {\n  title: "Claims"\n}\n\nadd claim {\n'
                             '  window: to_leed\n  false: play_on\n  require sure: can_win\n}\n')
    assert ("E102", 8) in found  # window: to_leed
    assert ("E403", 10) in found  # can_win is no claim term


def test_a_condition_of_match_at_once_is_typed_and_placed_like_the_others(tmp_path):
    """`match.at_once` as a condition: `target` needs a match to a target (E604), `self` is no side there (E401),
    a play term has no value there (E403); `score(side)` needs side scores, not a match kept per player (E605)."""
    found = _codes_and_lines(tmp_path / "soon.touti",
                             'touti 1\n\nsystem "soon" extends "tute" {\n  title: "Soon"\n}\n\nadd match {\n'
                             '  at_once: score(team) >= target\n}\n\nscoring {\n  winner: points(self)\n}\n\n'
                             'add claim {\n  window: to_lead\n  false: play_on\n  require sure: target > 0\n}\n')
    assert ("E604", 8) in found  # tute plays to hands won: no target
    assert ("E401", 12) in found  # self is no side of a scoring formula
    assert ("E403", 18) in found  # target is no term of a claim
    found = _codes_and_lines(tmp_path / "three.touti",
                             'touti 1\n\nsystem "three" extends "tute-subastado-three" {\n  title: "Three"\n}\n\n'
                             'scoring {\n  made: contract + score(bidders)\n}\n')
    assert ("E605", 8) in found
@pytest.mark.parametrize("misspelled", ["most_points", "lowest_point_card", "points_least"])
def test_a_duty_with_another_word_is_not_offered_the_opposite_duty(misspelled):
    """P6: `most_points` is no misspelling of `no_points`, nor `points_least` of `points`: the hint lists the duties."""
    problem = only(edit("must beat_trump", f"must {misspelled}"))
    assert problem.code == "E404"
    assert not problem.hint.startswith("did you mean"), problem.hint
    assert "least_points" in problem.hint


def test_a_spec_without_songs_is_valid_and_nothing_else_may_name_a_declaration(tmp_path):
    """`remove ghna` (Brisca has no songs) leaves a valid spec, not one E103 per ghna rule (P5); a condition on
    declarations or a concession awarding held songs is then one E108 at its own line."""
    no_songs = 'touti 1\n\nsystem "no-songs" extends "guinote" {\n  title: "No songs"\n}\n\nremove ghna\n'
    path = tmp_path / "no-songs.touti"
    path.write_text(no_songs, encoding="utf-8")
    from touti_dsl.loader import load_spec

    assert not load_spec(path).section("ghna")
    found = _codes_and_lines(tmp_path / "counted.touti", no_songs + "\nadd play {\n"
                             "  spare: must no_points unless declarations(team) > 0\n}\n")
    assert found == {("E108", 10)}


def test_the_bid_winner_against_the_rest_needs_a_bidding(tmp_path):
    """`teams: bidder_against_rest` at a table without bidding has no bid winner: E304 at the rule (it crashed the engine
    at the first trick's points)."""
    found = _codes_and_lines(tmp_path / "norest.touti",
                             'touti 1\n\nsystem "norest" extends "guinote" {\n  title: "No bid winner"\n}\n\n'
                             'table {\n  teams: bidder_against_rest\n}\n')
    assert ("E304", 8) in found


def test_a_stock_to_draw_must_be_left_beside_the_card_set_aside(tmp_path):
    """Three hands of 13 leave one card: set aside as the turned card, none is left to draw (E207 at the draw)."""
    found = _codes_and_lines(tmp_path / "nodraw.touti",
                             'touti 1\n\nsystem "nodraw" extends "tute-arrastrado" {\n  title: "Nothing to draw"\n}\n\n'
                             'table {\n  draw: winner_first\n}\n')
    assert ("E207", 8) in found
