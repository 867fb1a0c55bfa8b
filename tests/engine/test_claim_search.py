"""The quick claim search (engine/claim.py: the trump count, the weakest cards first) gives every verdict the plain one gives.

A claim of the rest is decided when applied, so an early claim must not hang the engine: from the first lead of a Tute
the plain search visited up to 3.8 M positions (over a minute).  The quick search refutes with the trump count and
tries the weakest cards first; these tests check that it decides exactly as the plain search on random positions of
every bundled spec and example, and that the worst deal found is now decided in a small number of positions.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from touti_dsl.engine import Game, claim
from touti_dsl.engine.ruleset import cards_merge, points_blind
from touti_dsl.loader import load_spec

from .helpers import game, hands_of

SPEC = Path(__file__).resolve().parents[2] / "spec"
SPECS = sorted(SPEC.glob("*.touti")) + sorted((SPEC / "examples").glob("*.touti"))


GAMES: dict[Path, tuple[Game, dict]] = {}


def _game(path: Path) -> tuple[Game, dict]:
    """The spec's game, and how its claims are searched (as its claim section would say)."""
    if path not in GAMES:
        spec = load_spec(path)
        GAMES[path] = Game.from_spec(spec), dict(merge=cards_merge(spec), points_blind=points_blind(spec))
    return GAMES[path]


def _searchable(state) -> bool:
    """A position a claim of the rest may be judged in: the play, nothing to draw, no concession pending."""
    return state.phase == "play" and not state.stock and state.concede_pending is None


def _positions(base: Game, seed: int, most_left: int, count: int):
    """Positions met playing random rounds (declarations and swaps too), the seat to play about to claim."""
    rng = random.Random(seed)
    found = []
    for index in range(40):
        state = base.new_round(seed=seed * 1000 + index)
        while not state.is_terminal() and len(found) < count:
            # a defender who may concede at any time (`concession.proposer: any_defender`) is an actor whose only
            # action is to concede: the walk plays on with a seat that has another action
            seat = rng.choice([s for s in state.actors() if set(state.legal_actions(s)) - {"concede", "claim"}]
                              or state.actors())
            left = state.seating.deal.tricks - state.tricks_played
            if seat == state.to_play and _searchable(state) and 1 < left <= most_left and rng.random() < 0.5:
                found.append(state.clone())
            actions = [a for a in state.legal_actions(seat) if a not in ("concede", "claim")] or state.legal_actions(seat)
            state.apply(seat, rng.choice(actions))
        if len(found) >= count:
            break
    return found


def _agree(state, options: dict) -> bool:
    team = state.seating.team_of[state.to_play]
    quick = claim.Search(state, team, **options).run()
    assert quick == claim.Search(state, team, merge=options["merge"], quick=False).run(), state.to_json()
    return quick


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_the_quick_search_agrees_with_the_plain_one(path):
    base, options = _game(path)
    verdicts = [_agree(state, options) for state in _positions(base, 11, 5, 6)]
    assert verdicts, f"{path.stem}: no position where a claim could be judged"


def test_both_verdicts_and_the_trump_count_were_met():
    """The differential test is not vacuous: claims that hold, claims that fail, and failures the trump count finds."""
    verdicts, counted = [], 0
    for name in ("tute", "atlas-carta", "examples/guinote", "examples/tute-habanero"):
        base, options = _game(SPEC / f"{name}.touti")
        for state in _positions(base, 5, 6, 12):
            verdicts.append(_agree(state, options))
            search = claim.Search(state, state.seating.team_of[state.to_play], **options)
            counted += not state.trick_cards and search._too_few_trumps()
    assert True in verdicts and False in verdicts and counted


@given(st.sampled_from(SPECS), st.integers(0, 10_000), st.integers(2, 4))
def test_the_quick_search_agrees_on_any_position(path, seed, most_left):
    base, options = _game(path)
    for state in _positions(base, seed, most_left, 1):
        _agree(state, options)
        _agree(state, dict(options, merge=False))  # without merging the cards of a run, too


# ---------------------------------------------------------------- the trump count and the worst deal


# Trumps are bastos (the dealer's last card, 2b).  Seat 3 holds six trumps, the claimant's side (0, 2) two (1b, 3b):
# at least four tricks hold a trump of seat 3's and no trump of the side's, and the side cannot win those.
SHORT_OF_TRUMPS = hands_of(
    "1o 3o 12o 11o 10o 1c 3c 12c 11c 1b",
    "7o 6o 5o 4o 2o 7c 6c 5c 6b 5b",
    "1e 3e 12e 11e 10e 3b 4c 2c 10c 7e",
    "6e 5e 4e 2e 7b 12b 11b 10b 4b 2b",
)


def test_the_trump_count_refutes_at_once():
    state = game("tute").new_round(hands=SHORT_OF_TRUMPS, dealer=3)
    quick, plain = claim.Search(state, 0, merge=True), claim.Search(state, 0, merge=True, quick=False)
    assert quick.run() is False and plain.run() is False
    assert quick.nodes == 1 < plain.nodes


def test_the_worst_deal_found_is_decided_in_few_positions():
    """Tute deal 27, the claim of all ten tricks at the first lead: 3.8 M positions (107 s) for the plain search."""
    state = game("tute").new_round(seed=27)
    search = claim.Search(state, state.seating.team_of[state.to_play], merge=True, points_blind=True)
    assert search.run() is False
    assert search.nodes < 100_000


def test_only_duties_that_read_the_cards_worth_keep_points_in_the_positions():
    assert points_blind(load_spec(SPEC / "tute.touti"))
    assert not points_blind(load_spec(SPEC / "examples" / "tute-cabrero-no-load.touti"))  # a duty on points


def test_a_run_at_the_decks_first_card_stops_at_a_card_still_out():
    """The weakest card of the first suit (2o) is the first of the search's index of the deck, where a slice bound one
    card off wraps round (the engine sweep's claim-0076, `place[low] - 1`): 2o and 1o were then merged across the
    oros still out, and a claim that holds called lost.  Tute, the first random position of seed 0: seat 0 holds 2o
    and 1o, the others oros between them, and seat 2's claim holds; too rare for the random positions above."""
    base, options = _game(SPEC / "tute.touti")
    state = _positions(base, 0, 5, 1)[0]
    cards = state.rules.vocabulary.cards
    search = claim.Search(state, 0, **options)
    assert search.by_strength[0] == cards["2o"] and {cards["2o"], cards["1o"]} <= set(state.hands[0])
    assert search._out_between(0, cards["2o"], cards["1o"])
    assert _agree(state, options) is True
