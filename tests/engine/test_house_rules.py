"""Each house-rule example of spec/examples takes effect, and only through the rules it changes.

The example and its base play the same seeded deals in lockstep.  Wherever their legal
actions, their round results or their next deal differ, the difference must come from a
rule the example writes, adds or removes: a refusal in the example names one of them, and
an action the example allows was refused in the base by a rule it changes.  Every example
must show at least one such difference: a house rule that never changes a game is not
taking effect.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from touti_dsl.cases.coverage import CUSTOMS
from touti_dsl.engine import Game, IllegalAction
from touti_dsl.loader import load_spec

from .helpers import greedy_play

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
ROUNDS = 400


def _variants():
    """The house rules of a base's own table and deck (a variant that seats another table, or deals another deck, is
    played by test_tables.py: its deals differ from its base's; one that ranks the cards otherwise wins other tricks
    from the first, so that the turn itself differs: brisca-chilena is played by its own test below)."""
    for path in sorted(EXAMPLES.glob("*.touti")):
        spec = load_spec(path)
        # the table customs (docs only) change no play: a variant of customs alone has nothing to show here
        played = [c.rule_id for c in spec.changes if not c.rule_id.startswith("system.") and c.rule_id not in CUSTOMS]
        if spec.base is not None and played and not any(rule.startswith(("table.", "deck.ranks", "deck.suits", "deck.order"))
                                                        for rule in played):
            yield pytest.param(path, id=spec.system)


def _refusal(state, seat: int, action: str) -> str:
    try:
        state.clone().apply(seat, action)
    except IllegalAction as refusal:
        return refusal.rule_id
    raise AssertionError(f"{action!r} was not refused")


# an action unknown to the base (action.syntax) belongs to the section whose rules bring it in
ACTION_SECTIONS = {"swap": "trump", "tute": "ghna", "concede": "concession", "agree": "concession",
                   "refuse": "concession", "bid": "bidding", "pass": "bidding", "claim": "claim", "redeal": "redeal"}


def _changed_behind(rule: str, action: str, changed: set[str]) -> str | None:
    """The changed rule behind a refusal: the refusing rule itself, a changed rule of its section
    (a lifted duty, a new cap), or the removed call an unknown action names."""
    if rule in changed:
        return rule
    if rule in ("rotation.turn_order", "action.phase"):  # whose turn it is follows from the changed flow rules
        return next((c for c in sorted(changed) if c.startswith(("bidding.", "rotation.", "ghna.", "concession."))), None)
    kind = action.split(" ", 1)[0]
    if rule == "action.syntax":  # an action's very form: a bid names trumps under `trump.choice in_bid`; `lend` is ghna's
        sections = SYNTAX_SECTIONS.get(kind, (ACTION_SECTIONS.get(kind, kind),))
    else:
        sections = (rule.split(".", 1)[0],)
    return next((c for c in sorted(changed) if c.split(".", 1)[0] in sections), None)


SYNTAX_SECTIONS = {"bid": ("bidding", "trump"), "lend": ("ghna",)}


def _compare_legal(base_state, variant_state, changed: set[str], seen: set[str]) -> None:
    if base_state.phase != variant_state.phase:
        # one auction ended where the other goes on: only a changed bidding rule may do that
        behind = {c for c in changed if c.startswith("bidding.")}
        assert behind, f"phases differ ({base_state.phase} / {variant_state.phase}) without a changed bidding rule"
        seen.update(behind)
        return
    for seat in range(base_state.rules.seats):
        in_base, in_variant = set(base_state.legal_actions(seat)), set(variant_state.legal_actions(seat))
        for action in sorted(in_base - in_variant):
            rule = _refusal(variant_state, seat, action)
            behind = _changed_behind(rule, action, changed)
            assert behind, f"{action!r} by seat {seat} refused by {rule}, which the variant does not change"
            seen.add(behind)
        for action in sorted(in_variant - in_base):
            rule = _refusal(base_state, seat, action)
            behind = _changed_behind(rule, action, changed)
            assert behind, f"{action!r} by seat {seat} newly allowed, though the base refuses it by {rule}"
            seen.add(behind)


def _deals(game: Game, seed: int) -> dict:
    """Every other round a stacked deal: one side holds the strongest cards (tutes, capotes, big songs)."""
    rules = game.ruleset
    if seed % 2 == 0 or rules.seats != 4 or rules.stock_size:  # stacked deals are dealt for four hands of ten
        return {"seed": seed}
    cards = sorted(range(rules.ncards), key=lambda c: (-rules.card_strength[c], c))
    strong, weak = cards[:20], cards[20:]
    side = (seed // 2) % 2
    hands: list[list[str]] = [[], [], [], []]
    for index, card in enumerate(strong):
        hands[side + 2 * (index % 2)].append(rules.card_text[card])
    for index, card in enumerate(weak):
        hands[1 - side + 2 * (index % 2)].append(rules.card_text[card])
    return {"hands": hands, "dealer": seed % 4} if rules.has_dealer else {"hands": hands, "first_speaker": seed % 4}


def _lockstep(base: Game, variant: Game, seed: int, changed: set[str], seen: set[str]) -> None:
    rng = random.Random(seed)
    deal = _deals(base, seed)
    if seed % 4 == 3:  # late in a match: one round from the base's goal
        deal["scores"] = [base.ruleset.match_goal - 1] * base.ruleset.score_sides
    base_state, variant_state = base.new_round(**deal), variant.new_round(**deal)
    while not variant_state.is_terminal() and not base_state.is_terminal():
        _compare_legal(base_state, variant_state, changed, seen)
        if base_state.phase != variant_state.phase:
            return
        options = [(s, a) for s in variant_state.actors() for a in variant_state.legal_actions(s)
                   if a in base_state.legal_actions(s)]
        if not options:
            return  # the games part ways here: the difference was recorded above
        rare = [o for o in options if not o[1].startswith(("play ", "pass", "bid "))]
        seat, action = rng.choice(rare) if rare and rng.random() < 0.5 else rng.choice(options)
        base_state.apply(seat, action)
        variant_state.apply(seat, action)
    if variant_state.is_terminal() and base_state.is_terminal():
        _compare_outcomes(base_state, variant_state, changed, seen)
    elif variant_state.is_terminal() != base_state.is_terminal():
        # one round ended on the same action (a concession without a vote, a tute, a side meeting the condition of
        # match.at_once), or a deal voided itself (a redeal): a changed rule of that flow
        behind = {c for c in changed if c.startswith(("concession.", "ghna.", "bidding.", "redeal.")) or c == "match.at_once"}
        assert behind, "one round ended and the other did not, without a changed concession, ghna, bidding or redeal rule"
        seen.update(behind)


def _compare_outcomes(base_state, variant_state, changed: set[str], seen: set[str]) -> None:
    if base_state.round_result() != variant_state.round_result():
        # the same actions scored differently: a scoring formula, or what a concession awards (held ghna, caps), what
        # the widow counts for, what a false claim costs, or a round that says whether match.at_once ended it
        scoring = {r for r in changed if r.startswith(("scoring.", "ghna.", "concession.", "widow.", "claim."))
                   or r == "match.at_once"}
        assert scoring, "the round results differ, but the variant changes no scoring, ghna, concession, widow or claim rule"
        seen.update(scoring)
    if base_state.match_result() != variant_state.match_result():
        match = {r for r in changed if r.startswith(("match.", "scoring.")) or r == "claim.false"}  # loses_game
        assert match, "the match results differ, but the variant changes no match, scoring or false-claim rule"
        seen.update(match)
    if base_state.match_result()["over"] or variant_state.match_result()["over"]:
        return
    if base_state.next_round(seed=1).dealer != variant_state.next_round(seed=1).dealer:
        rotation = {r for r in changed if r.startswith("rotation.")}
        assert rotation, "the next dealer differs, but the variant changes no rotation rule"
        seen.update(rotation)


@pytest.mark.parametrize("path", list(_variants()))
def test_the_house_rule_takes_effect_through_the_rules_it_changes(path):
    spec = load_spec(path)
    base_spec = load_spec(_base_path(spec.base))
    changed = {c.rule_id for c in spec.changes if not c.rule_id.startswith("system.")}
    base, variant = Game.from_spec(base_spec), Game.from_spec(spec)
    seen: set[str] = set()
    for seed in range(ROUNDS):
        _lockstep(base, variant, seed, changed, seen)
        if seen:
            break
    assert seen or spec.system in SHOWN_BELOW, f"{spec.system}: in {ROUNDS} lockstep rounds nothing differs from {spec.base}"


def _base_path(system: str) -> Path:
    for folder in (EXAMPLES.parent, EXAMPLES):
        if (folder / f"{system}.touti").is_file():
            return folder / f"{system}.touti"
    raise AssertionError(f"no base {system}")


# ---------------------------------------------------------------- rare effects, shown on purpose-built deals

SHOWN_BELOW = {"atlas-capote-double", "tute-early-tute", "tute-wins-the-match", "guinote-last-trick-decides",
               "guinote-two-cotos", "tute-cabrero-second-loses"}


def test_a_capote_doubles_the_contract():
    """atlas-capote-double: `made: 2 * contract if capote(bidders) else contract`."""
    hands = [
        "7o 6o 5o 4o 2o 7c 6c 5c 4c 2c",
        "1o 3o 12o 11o 10o 1c 3c 12c 11c 10c",
        "7e 6e 5e 4e 2e 7b 6b 5b 4b 2b",
        "1e 3e 12e 11e 10e 1b 3b 12b 11b 10b",
    ]
    results = {}
    for system in ("atlas-carta", "atlas-capote-double"):
        game = Game.from_spec(load_spec(EXAMPLES / f"{system}.touti") if system != "atlas-carta" else system)
        state = game.new_round(hands=[h.split() for h in hands], dealer=0)
        for seat, action in ((1, "bid 80"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "trump oros")):
            state.apply(seat, action)
        greedy_play(state, {1, 3})
        results[system] = state.round_result()
    assert results["atlas-carta"]["score_changes"] == [0, 80]
    assert results["atlas-capote-double"]["score_changes"] == [0, 160]  # all ten tricks: twice the contract


def test_a_tute_counts_only_at_the_first_won_trick():
    """tute-early-tute: `require tute_early: tricks_won(team) == 1 and declarations(team) == 0 when declaring(tute)`."""
    hands = [
        "4c 7c 4e 7e 1o 3o 11o 10o 7o 6o",
        "12o 12c 12e 12b 1c 1e 3c 3e 11c 11e",
        "5c 10c 5e 10e 5o 4o 2o 1b 3b 11b",
        "2c 6c 2e 6e 10b 7b 6b 5b 4b 2b",  # the dealer's last card, the 2 of bastos, makes bastos trumps
    ]
    base, early = Game.from_spec("tute"), Game.from_spec(load_spec(EXAMPLES / "tute-early-tute.touti"))
    states = [g.new_round(hands=[h.split() for h in hands], dealer=3) for g in (base, early)]
    for state in states:  # seat 1 takes the first trick with the ace of copas
        for seat, action in ((0, "play 4c"), (1, "play 1c"), (2, "play 5c"), (3, "play 2c")):
            state.apply(seat, action)
    assert all("tute 12" in s.legal_actions(1) for s in states)  # the side's first won trick: a tute is sung
    for state in states:  # not sung: seat 1 leads on and takes the second trick too
        for seat, action in ((1, "play 1e"), (2, "play 5e"), (3, "play 2e"), (0, "play 4e")):
            state.apply(seat, action)
    assert "tute 12" in states[0].legal_actions(1)
    assert "tute 12" not in states[1].legal_actions(1)
    with pytest.raises(IllegalAction) as refusal:
        states[1].apply(1, "tute 12")
    assert refusal.value.rule_id == "ghna.tute_early"


def test_a_sung_tute_wins_the_match():
    """tute-wins-the-match: `match.at_once: tute`; in the base a tute wins only the hand."""
    hands = [
        "4c 7c 4e 7e 1o 3o 11o 10o 7o 6o",
        "12o 12c 12e 12b 1c 1e 3c 3e 11c 11e",
        "5c 10c 5e 10e 5o 4o 2o 1b 3b 11b",
        "2c 6c 2e 6e 10b 7b 6b 5b 4b 2b",
    ]
    results = {}
    for system in ("tute", "tute-wins-the-match"):
        game = Game.from_spec(system if system == "tute" else load_spec(EXAMPLES / f"{system}.touti"))
        state = game.new_round(hands=[h.split() for h in hands], dealer=3)
        for seat, action in ((0, "play 4c"), (1, "play 1c"), (2, "play 5c"), (3, "play 2c"), (1, "tute 12")):
            state.apply(seat, action)
        results[system] = state.match_result()
    assert results["tute"] == {"scores": [0, 1], "over": False, "winner": None}
    assert results["tute-wins-the-match"] == {"scores": [0, 1], "over": True, "winner": 1}


def test_the_last_trick_decides_when_both_pairs_pass_101():
    """guinote-last-trick-decides: `match.decide: last_trick`; in guinote-cotos the higher total wins the game."""
    games = {system: Game.from_spec(load_spec(EXAMPLES / f"{system}.touti"))
             for system in ("guinote-cotos", "guinote-last-trick-decides")}
    for seed in range(200):  # a hand where both pairs score and the last trick goes to the pair scoring fewer
        state = games["guinote-cotos"].new_round(seed=seed)
        greedy_play(state, {seed % 2, seed % 2 + 2})
        changes = state.round_result()["score_changes"]
        if min(changes) > 0 and changes[state.last_trick_team] < changes[1 - state.last_trick_team]:
            break
    else:
        pytest.fail("no hand where both pairs score and the last trick goes to the pair scoring fewer")
    last = state.last_trick_team
    scores = [101 - change for change in changes]  # both pairs end on 101 plus what the other pair took fewer
    scores[1 - last] += 5
    results = {}
    for system, game in games.items():
        replayed = game.new_round(seed=seed, scores=scores)
        greedy_play(replayed, {seed % 2, seed % 2 + 2})
        results[system] = replayed.match_result()
    assert results["guinote-cotos"]["game_winner"] == 1 - last
    assert results["guinote-last-trick-decides"]["game_winner"] == last


# ---------------------------------------------------------------- each construct of the rule core, as a one-rule variant

INLINE = [
    ("tutti-ma", "bidding {\n  pass: not_final\n}", "bidding.pass"),
    ("atlas-carta", "concession {\n  consent: one\n}", "concession.consent"),
    ("tute", "ghna {\n  window: after_own_trick\n}", "ghna.window"),
    ("tute", "ghna {\n  window: after_team_trick, before_first_lead\n}", "ghna.window"),
    ("tute", "add play {\n  spare: must no_points unless can_win\n}\n\nplay {\n"
             "  order: follow_suit, overtake, spare, trump_when_void, overtrump\n}", "play.spare"),
    ("atlas-carta", "add bidding {\n  require no_jump: amount <= high_bid + 20 when bid_made\n}", "bidding.no_jump"),
    ("atlas-carta", "add concession {\n  require late: trick_number >= 5\n}", "concession.late"),
    ("tute", "add trump {\n  require with_ace: holds(1)\n}", "trump.with_ace"),
    ("atlas-carta", "rotation {\n  next_round: last_trick_winner\n}", "rotation.next_round"),
    ("atlas-carta", "scoring {\n  contract_made: card_points(bidders) >= contract\n}", "scoring.contract_made"),
    ("tute", "scoring {\n  loser: tricks_won(loser)\n}", "scoring.loser"),
    ("tute", "match {\n  games: 2 (2, 3)\n}", "match.games"),
    ("tute", "scoring {\n  tie: first_speaker\n}", "scoring.tie"),
    ("atlas-carta", "trump {\n  choice: in_bid\n}", "trump.choice"),
    ("atlas-carta", "ghna {\n  who: bid_winner\n}", "ghna.who"),
    ("atlas-carta", "ghna {\n  who: bid_winner\n  lend: once\n}", "ghna.lend"),
    ("tute", "add redeal {\n  when: hand_points < 15\n  by: automatic\n  dealer: same_seat\n}", "redeal.when"),
    ("atlas-carta", "add redeal {\n  when: not holds(1)\n  by: holder\n  dealer: next_seat\n}", "redeal.by"),
]


@pytest.mark.parametrize("base_id, body, rule", INLINE, ids=[r for _, _, r in INLINE])
def test_each_construct_takes_effect_through_its_rule(base_id, body, rule, tmp_path):
    path = tmp_path / "inline.touti"
    path.write_text(f'touti 1\n\nsystem "inline" extends "{base_id}" {{\n  title: "Inline"\n}}\n\n{body}\n', encoding="utf-8")
    spec = load_spec(path)
    changed = {c.rule_id for c in spec.changes if not c.rule_id.startswith("system.")}
    base, variant = Game.from_spec(base_id), Game.from_spec(spec)
    seen: set[str] = set()
    for seed in range(ROUNDS):
        _lockstep(base, variant, seed, changed, seen)
        if rule in seen:
            break
    assert rule in seen, f"{rule} never made a difference (seen: {sorted(seen)})"


def _hand_won_by_pair_0(game: Game) -> tuple[int, list[int]]:
    """A seed whose hand gives pair 0 points and leaves pair 1 short of 101, and the scores that bring pair 0 to 101."""
    for seed in range(200):
        state = game.new_round(seed=seed)
        greedy_play(state, {0, 2})
        changes = state.round_result()["score_changes"]
        if changes[0] > 0 and changes[1] < 101:
            return seed, [101 - changes[0], 0]
    pytest.fail("no hand that pair 0 scores in and pair 1 stays short of 101")


def _game_won(game: Game, seed: int, scores: list[int], **counts):
    state = game.new_round(seed=seed, scores=scores, **counts)
    greedy_play(state, {0, 2})
    return state


def test_three_games_make_a_coto_and_two_cotos_the_match():
    """guinote-two-cotos: `games: 3`, `cotos: 2` (penyapork.com: two cotos of three partidas); without `match.cotos`
    the same game, one short of the games, wins the whole match."""
    cotos = Game.from_spec(load_spec(EXAMPLES / "guinote-two-cotos.touti"))
    seed, scores = _hand_won_by_pair_0(cotos)
    last = _game_won(cotos, seed, scores, games=[2, 1], cotos=[1, 0]).match_result()
    assert (last["over"], last["winner"], last["games"], last["cotos"], last["coto_winner"]) == (True, 0, [3, 1], [2, 0], 0)
    first = _game_won(cotos, seed, scores, games=[2, 1], cotos=[0, 0])
    result = first.match_result()
    assert (result["over"], result["game_winner"], result["coto_winner"], result["cotos"]) == (False, 0, 0, [1, 0])
    following = first.next_round(seed=seed + 1)  # the next coto: no game won yet, the scores from zero
    assert (following.scores, following.games, following.cotos) == ([0, 0], [0, 0], [1, 0])
    one_game = _game_won(cotos, seed, scores, games=[1, 0], cotos=[0, 1])
    assert one_game.match_result()["coto_winner"] is None
    assert (one_game.next_round(seed=seed + 1).games, one_game.next_round(seed=seed + 1).cotos) == ([2, 0], [0, 1])
    without = Game.from_spec(load_spec(EXAMPLES / "guinote-cotos.touti"), games=3)  # the same games, no cotos
    assert _game_won(without, seed, scores, games=[2, 1]).match_result()["over"] is True



def _dealt_tute_round(system: str):
    """Seat 0 leads with the four reyes dealt, and the rey and caballo of copas: the setup of naipes-casino's
    "tute de mano" (tute-dealt-tute) and of its base."""
    hands = [["12o", "12c", "12e", "12b", "11c", "4o"], ["6e", "10o", "6b", "1o", "11b", "5c"]]
    stock = ["3o", "4e", "7e", "4b", "5o", "3e", "7b", "2o", "4c", "5e", "1e", "3b", "1c", "6o", "2b", "1b",
             "10c", "2c", "6c", "11e", "3c", "7c", "10b", "5b", "7o", "2e", "11o", "10e"]
    if system == "tute-habanero":  # eight cards each in the base: two more from the stock
        hands, stock = [hands[0] + stock[:2], hands[1] + stock[2:4]], stock[4:]
    game = Game.from_spec(load_spec(EXAMPLES / f"{system}.touti"))
    return game.new_round(hands=hands, stock=stock, dealer=1)


def test_a_tute_held_from_the_deal_wins_before_any_play():
    """tute-dealt-tute: a window before the first lead, for the tute only (`require dealt_tute_only`)."""
    base, dealt = _dealt_tute_round("tute-habanero"), _dealt_tute_round("tute-dealt-tute")
    assert "tute 12" not in base.legal_actions(0)
    assert "tute 12" in dealt.legal_actions(0)
    with pytest.raises(IllegalAction) as refusal:
        dealt.clone().apply(0, "ghna copas")  # a song waits for a won trick, as in the base
    assert refusal.value.rule_id == "ghna.dealt_tute_only"
    dealt.apply(0, "tute 12")
    assert dealt.round_result()["tute"] == 0
    assert dealt.match_result()["over"] and dealt.match_result()["winner"] == 0


def test_the_chilean_two_beats_the_rey_and_the_three():
    """brisca-chilena: `order: 1 > 2 > 12 > … > 4 > 3` (ideas-del-momento); its points are checked by survey 5's
    oracle, replaying random rounds."""
    hands = [["2o", "4c", "5c"], ["12o", "6c", "7c"], ["3o", "4e", "5e"], ["4o", "6e", "7e"]]
    stock = ["1o", "1c", "1e", "1b", "2c", "2e", "2b", "3c", "3e", "3b", "4b", "5o", "5b", "6o", "6b", "7o", "7b",
             "10o", "10c", "10e", "10b", "11o", "11c", "11e", "11b", "12c", "12e", "12b"]
    results = {}
    for system in ("brisca-pairs", "brisca-chilena"):
        state = Game.from_spec(load_spec(EXAMPLES / f"{system}.touti")).new_round(hands=hands, stock=stock, dealer=3)
        for seat, action in ((0, "play 2o"), (1, "play 12o"), (2, "play 3o"), (3, "play 4o")):
            state.apply(seat, action)
        results[system] = state.tricks[0][2]
    assert results == {"brisca-pairs": 2, "brisca-chilena": 0}  # the three of oros wins in the base, the two in Chile


def test_the_second_loses_where_the_middle_is_another_place():
    """tute-cabrero-second-loses: at three players the second place is the middle one, so the base plays it alike; at
    four, `middle_loses` makes the two middle places lose and `losing_place: 2` only the second."""
    base, second = (Game.from_spec(load_spec(EXAMPLES / f"{system}.touti"), seats=4)
                    for system in ("tute-cabrero", "tute-cabrero-second-loses"))
    for seed in range(20):
        states = [game.new_round(seed=seed) for game in (base, second)]
        for state in states:
            while not state.is_terminal():
                seat = state.actors()[0]
                state.apply(seat, state.legal_actions(seat)[0])
        middle, placed = (state.round_result() for state in states)
        if middle["tute"] is None and len(set(middle["totals"])) == 4:
            ranked = sorted(range(4), key=lambda side: -middle["totals"][side])
            assert middle["losers"] == sorted(ranked[1:3]) and placed["losers"] == [ranked[1]]
            return
    raise AssertionError("no hand of four distinct totals in 20 seeded rounds")
