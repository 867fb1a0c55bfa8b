"""`ghna.kinds`: named combinations declared beside the ghna pair (declaration_kinds.py, engine/ghna.py).

A variant of tutti-ma (contract minimums: a plain 80, trumps 90) adds a one-suit kind, the
ace and three (`guinotes`, 20, 40 in trumps), and a rank kind, three aces (`ases`, 50, with
its own minimum of 100).  Seat 0 bids, names trumps and wins the first trick.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game, RoundState
from touti_dsl.engine.refusals import forbidding_rules, precedence

from .helpers import hands_of, refused, run

FOUR_ACES = Path(__file__).parent / "specs" / "tute-four-aces.touti"  # no published rule needs it: a fixture

VARIANT = """touti 1

system "kinds-test" extends "tutti-ma" {
  title: "Tutti-ma with two more kinds of declaration"
}

add ghna {
  kinds: guinotes = 20 1 3 trump 40, ases = 50 1 1 1
  minimums: plain = 80, trump = 90, ases = 100
  require aces_late: tricks_won(team) >= 2 when declaring(ases)
}
"""
# Seat 0: ace and three of oros and copas, the ace of espadas (three aces); seat 2 the ace and three of bastos.
HANDS = hands_of(
    "1o 3o 1c 3c 1e 12o 11o 10o 7o 6o",
    "5o 4o 2o 7c 6c 5c 4c 12c 11c 2e",
    "1b 3b 12b 11b 10b 7b 6b 5b 3e 12e",
    "2c 10c 4b 2b 11e 10e 7e 6e 5e 4e",
)


@pytest.fixture(scope="module")
def kinds_game(tmp_path_factory) -> Game:
    path = tmp_path_factory.mktemp("kinds") / "kinds-test.touti"
    path.write_text(VARIANT, encoding="utf-8")
    return Game.from_spec(path)


def opening(game: Game, amount: int, trumps: str = "oros") -> RoundState:
    """Seat 0 makes the contract and wins the first trick with the 7 of oros (trumps)."""
    return run(game.new_round(hands=HANDS, dealer=3), f"0: bid {amount}", "1: pass", "2: pass", "3: pass",
               f"0: trump {trumps}", "0: play 7o", "1: play 2o", "2: play 5b", "3: play 2b")


def test_a_one_suit_kind_is_offered_in_each_suit_held_and_worth_its_trump_value(kinds_game):
    state = opening(kinds_game, 90)
    declarations = [a for a in state.legal_actions(0) if a.startswith("ghna")]
    assert declarations == ["ghna oros", "ghna guinotes oros", "ghna guinotes copas"]
    run(state, "0: ghna guinotes oros")
    assert state.ghna_points == [40, 0]
    assert state.to_json()["ghna"]["declarations"] == [[0, "kind", "guinotes oros", 40]]
    assert RoundState.from_json(kinds_game, state.to_json()).to_json() == state.to_json()


def test_a_plain_suit_kind_is_worth_its_plain_value(kinds_game):
    state = run(opening(kinds_game, 90), "0: ghna guinotes copas")
    assert state.ghna_points == [20, 0]
    assert state.declarations[-1] == (0, "kind", (0, 1), 20)


def test_a_kind_not_held_or_already_declared_is_refused_by_ghna_kinds(kinds_game):
    state = opening(kinds_game, 90)
    refused(state, 0, "ghna guinotes espadas", "ghna.kinds")
    state = run(opening(kinds_game, 90), "0: ghna guinotes copas", "0: play 1c", "1: play 4c", "2: play 6b", "3: play 2c")
    refused(state, 0, "ghna guinotes copas", "ghna.kinds")  # once a round in a suit, and the ace is played anyway
    refused(state, 0, "ghna ases", "ghna.kinds")  # two aces left, three needed
    assert forbidding_rules(state, 0, "ghna ases") == ["ghna.kinds", "ghna.minimums"]


def test_the_contract_limits_kinds_like_the_pair_and_by_their_own_minimum(kinds_game):
    state = opening(kinds_game, 80)
    assert [a for a in state.legal_actions(0) if a.startswith("ghna")] == ["ghna guinotes copas"]
    refused(state, 0, "ghna guinotes oros", "ghna.minimums")  # in trumps: 90
    state = opening(kinds_game, 90)
    refused(state, 0, "ghna ases", "ghna.minimums")  # its own row: 100
    assert forbidding_rules(state, 0, "ghna ases") == ["ghna.minimums", "ghna.aces_late"]


def test_a_rank_kind_and_a_condition_on_the_kind(kinds_game):
    state = opening(kinds_game, 100)
    refused(state, 0, "ghna ases", "ghna.aces_late")  # one trick won, two needed
    run(state, "0: ghna guinotes copas", "0: play 12o", "1: play 4o", "2: play 7b", "3: play 4b")
    assert "ghna ases" in state.legal_actions(0)
    run(state, "0: ghna ases")
    assert state.ghna_points == [70, 0]
    assert state.to_json()["ghna"]["declarations"][-1] == [0, "kind", "ases", 50]


def test_the_partner_declares_its_own_kind_and_the_window_counts_it(kinds_game):
    state = opening(kinds_game, 90)
    assert "ghna guinotes bastos" in state.legal_actions(2)
    run(state, "2: ghna guinotes bastos")
    refused(state, 0, "ghna guinotes copas", "ghna.per_trick")


def test_action_texts_of_kinds(kinds_game):
    state = opening(kinds_game, 90)
    for text in ("ghna guinotes", "ghna ases oros", "ghna guinotes copas extra", "ghna reyes"):
        refused(state, 0, text, "action.syntax")


def test_precedence_lists_the_kinds():
    from touti_dsl.loader import load_spec
    from touti_dsl.engine.ruleset import compile_spec
    import pathlib
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "kinds-test.touti"
        path.write_text(VARIANT, encoding="utf-8")
        rules = compile_spec(load_spec(path), {})
    assert precedence(rules)["ghna KIND"] == ["ghna.who", "ghna.window", "ghna.per_trick", "ghna.kinds", "ghna.minimums",
                                              "ghna.aces_late"]


def test_a_spec_without_kinds_plays_and_shows_as_before():
    state = Game.from_spec("tutti-ma").new_round(seed=3)
    assert state.rules.ghna.kinds == ()
    assert state.rules.vocabulary.kinds == {}


def test_the_published_example_sings_the_ace_and_three_which_its_base_refuses():
    """tutti-ma-any-pair-sings (es.stringtranslate.com, Tute subastado): any two honours of one suit sing."""
    results = {}
    for system in ("tutti-ma", "tutti-ma-any-pair-sings"):
        state = opening(Game.from_spec(system), 90)
        if system == "tutti-ma":
            refused(state, 0, "ghna as_tres copas", "action.syntax")
            continue
        assert "ghna as_tres copas" in state.legal_actions(0)
        assert "ghna as_tres oros" in state.legal_actions(0)  # 40 in trumps, at 90
        run(state, "0: ghna as_tres copas")
        results[system] = list(state.ghna_points)
    assert results["tutti-ma-any-pair-sings"] == [20, 0]


# atlas-carta (caps: 90 = 40, 100 = 60) with the same two kinds: a concession credits the held kinds like the pairs.
CONCEDING = """touti 1

system "kinds-conceded" extends "atlas-carta" {
  title: "Atlas Carta with two more kinds of declaration"
}

add ghna {
  kinds: guinotes = 20 1 3 trump 40, ases = 50 1 1 1
}
"""


@pytest.fixture(scope="module")
def conceding_game(tmp_path_factory) -> Game:
    path = tmp_path_factory.mktemp("kinds") / "kinds-conceded.touti"
    path.write_text(CONCEDING, encoding="utf-8")
    return Game.from_spec(path)


def conceded(game: Game, amount: int, *declared: str) -> RoundState:
    """Seat 0 makes `amount` in oros, wins the first trick, declares, leads the rey of oros; seat 1 concedes, 3 agrees."""
    return run(opening(game, amount), *declared, "0: play 12o", "1: concede", "3: agree")


def test_a_concession_credits_held_kinds_the_best_set_within_the_cap(conceding_game):
    # held by team 0: the pair of bastos (20, the partner), then guinotes in oros (40, trumps), copas (20), bastos
    # (20), ases (50) (the rey of oros is in the trick).  At 100 the cap is 60: the fewest worth most, first in order.
    state = conceded(conceding_game, 100)
    assert state.round_result()["ghna"] == [60, 0]
    assert state.to_json()["ghna"]["held_credit"] == [["bastos", 20], ["guinotes oros", 40]]
    assert RoundState.from_json(conceding_game, state.to_json()).to_json() == state.to_json()


def test_a_concession_credits_only_the_kinds_not_declared_and_what_the_cap_leaves(conceding_game):
    # at 120 (cap 100) after declaring ases (50): 50 left, the 40 of guinotes in oros fits, nothing more does
    state = conceded(conceding_game, 120, "0: ghna ases")
    assert state.round_result()["ghna"] == [90, 0]
    assert state.to_json()["ghna"]["held_credit"] == [["guinotes oros", 40]]


def test_the_held_credit_with_kinds_is_a_subset_sum_not_the_largest_first(conceding_game):
    # at 110 (cap 80): the largest first (50, then 20) makes 70, but 20 + 40 + 20 makes 80
    state = conceded(conceding_game, 110)
    assert state.round_result()["ghna"] == [80, 0]
    assert state.to_json()["ghna"]["held_credit"] == [["bastos", 20], ["guinotes oros", 40], ["guinotes copas", 20]]


# ------------------------------------------------------------------ a kind that wins the hand (`wins_hand`)

# Seat 0 holds the four aces (and the four reyes: a tute of 12); turned 11b: bastos trumps; seat 0 leads.
ACES_HANDS = hands_of(
    "1o 1c 1e 1b 12o 12c 12e 12b 3o 3c",
    "2e 2o 4o 5o 6o 7o 10e 11o 2c 4c",
    "3e 4e 5e 6e 7e 6c 7c 10c 11c 5c",
    "10o 11e 2b 3b 4b 5b 6b 7b 10b 11b",
)
FIRST_TRICK = ("0: play 3o", "1: play 2o", "2: play 3e", "3: play 10o")  # seat 0 wins with the three of oros


def test_the_four_aces_win_the_hand_and_the_match_a_tute_only_the_hand():
    """tests/engine/specs/tute-four-aces: `ases = 0 1 1 1 1 wins_hand` with `match.at_once: ases`."""
    game = Game.from_spec(FOUR_ACES)
    state = run(game.new_round(hands=ACES_HANDS, dealer=3), *FIRST_TRICK)
    assert {"ghna ases", "tute 12"} <= set(state.legal_actions(0))
    run(state, "0: ghna ases")
    result = state.round_result()
    assert state.is_terminal() and result["tute"] == 0 and result["winner"] == 0 and result["score_changes"] == [1, 0]
    assert state.match_result()["over"] is True and state.match_result()["winner"] == 0
    assert RoundState.from_json(game, state.to_json()).match_result() == state.match_result()
    state = run(game.new_round(hands=ACES_HANDS, dealer=3), *FIRST_TRICK, "0: tute 12")
    assert state.round_result()["winner"] == 0 and state.match_result()["over"] is False  # the hand, not the match


def test_without_wins_hand_the_aces_are_a_declaration_like_another(tmp_path):
    path = tmp_path / "aces-count.touti"
    path.write_text('touti 1\n\nsystem "aces-count" extends "tute" {\n  title: "x"\n}\n\n'
                    'add ghna {\n  kinds: ases = 0 1 1 1 1\n}\n', encoding="utf-8")
    state = run(Game.from_spec(path).new_round(hands=ACES_HANDS, dealer=3), *FIRST_TRICK, "0: ghna ases")
    assert not state.is_terminal() and state.actors() == [0]


def test_a_winning_kind_under_a_contract_needs_match_at_once_naming_it(tmp_path):
    """As the tute (E310 there): E511 at the row, and the engine refuses to load the spec."""
    from touti_dsl.errors import ToutiError
    from touti_dsl.loader import load_spec

    path = tmp_path / "contract-aces.touti"
    text = ('touti 1\n\nsystem "contract-aces" extends "tutti-ma" {\n  title: "x"\n}\n\n'
            'add ghna {\n  kinds: ases = 50 1 1 1 1 wins_hand\n}\n')
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ToutiError) as raised:
        load_spec(path)
    assert [(d.code, d.loc.line) for d in raised.value.diagnostics] == [("E511", 8)]
    path.write_text(text + "\nadd match {\n  at_once: ases\n}\n", encoding="utf-8")
    game = Game.from_spec(path)
    state = run(game.new_round(hands=ACES_HANDS, dealer=3), "0: bid 80", "1: pass", "2: pass", "3: pass",
                "0: trump bastos", *FIRST_TRICK, "0: ghna ases")
    assert state.round_result()["made"] is None and state.round_result()["score_changes"] == [0, 0]
    assert state.match_result()["winner"] == 0



def test_the_held_credit_is_the_set_trying_every_set_would_choose():
    """ghna.fittest (a subset sum) against trying every set, the fewest first, in order (the pair's former way)."""
    import random
    from itertools import combinations

    from touti_dsl.engine.ghna import fittest

    rng = random.Random(5)
    for _ in range(2000):
        values = [rng.choice((10, 20, 20, 40, 50)) for _ in range(rng.randrange(0, 9))]
        room = rng.randrange(0, 160)
        best, best_value = (), 0
        for size in range(1, len(values) + 1):
            for chosen in combinations(range(len(values)), size):
                total = sum(values[p] for p in chosen)
                if best_value < total <= room:
                    best, best_value = chosen, total
        assert fittest(values, room) == best, (values, room)


def test_the_generator_shows_a_concession_that_credits_a_held_kind(conceding_game):
    """cases/outcomes.round_cases: a conceded round crediting a kind gets its own case (concession.award, ghna.kinds)."""
    from touti_dsl.cases.explore import RoundRecord
    from touti_dsl.cases.outcomes import round_cases

    setup = {"hands": [list(hand) for hand in HANDS], "dealer": 3}
    state = conceded(conceding_game, 100)
    record = RoundRecord(setup, tuple(state.history), state.round_result(), (), ())
    shown = [case for case in round_cases(conceding_game, [record]) if "ghna.kinds" in case["rules"]]
    assert len(shown) == 1 and shown[0]["rules"] == ["concession.award", "ghna.kinds"]
    assert shown[0]["steps"][-1]["expect"]["ghna"] == [60, 0]


def test_the_generator_shows_a_winning_kind_on_both_sides():
    """The fixture's suite: every rule covered, the four aces winning the hand and the match, and a tute only the hand
    (the fixture is not a bundled example, so its suite is generated here)."""
    from touti_dsl.cases.build import generate
    from touti_dsl.cases.coverage import coverage
    from touti_dsl.loader import load_spec

    spec = load_spec(FOUR_ACES)
    cases = [case for group in generate(spec).values() for case in group]
    assert [r.rule_id for r in coverage(spec, cases) if r.status == "MISSING"] == []
    at_once = {(c["polarity"], c["description"]) for c in cases if c["rules"][0] == "match.at_once"}
    assert {polarity for polarity, _ in at_once} == {"positive", "negative"}
    assert any(c["description"] == "declaring the combination ases wins the hand at once" for c in cases)
