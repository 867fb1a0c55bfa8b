"""Cases for the redeal section: a deal that voids itself, and one that does not.

Seeded deals are searched, in a fixed order, for one where some seat's hand meets
`redeal.when` and one where none does.  Under `redeal.by: automatic` the first is void as
dealt (nobody acts, the round result is void) and the second is played as usual (its actors).
Under `by: holder` the seat meeting the condition sees `redeal` among its legal actions,
says it, and the round is void.  Either way the case goes on to the next round, dealt
explicitly, and checks its dealer (`redeal.dealer`): so the setup of the round dealt again
is in the case, and an implementation need not share the reference's deal stream.  The
refusals of `redeal` (a hand that does not call for it, a redeal after the first action)
come from the explorer, which tries `redeal` as a candidate (candidates.py).
"""

from __future__ import annotations

import random

from ..engine import Game, redeal
from ..engine.game import next_pivot, split_deck
from .steps import actors_step

SEARCHED_DEALS = 2000


def redeal_cases(game: Game, seed: int) -> list[dict]:
    """The first seeded deal that calls for a redeal, and (automatic) the first that does not."""
    rules = game.ruleset
    if rules.redeal is None:
        return []
    rng = random.Random(seed)
    found: dict[bool, tuple[dict, object]] = {}
    for index in range(SEARCHED_DEALS):
        setup = _deal(game, rng, index % game.ruleset.seats)
        state = game.new_round(**setup)
        calls = any(redeal.meets(state, seat) for seat in state.seating.in_play)
        found.setdefault(calls, (setup, state))
        if len(found) == 2:
            break
    cases = []
    if True in found:
        cases.append(_void_case(game, *found[True], rng))
    if False in found and not rules.redeal.option:
        cases.append(_played_case(*found[False]))
    return cases


def _deal(game: Game, rng: random.Random, pivot: int) -> dict:
    """A shuffled deck shared out for the dealer (or first speaker) `pivot`, and that seat."""
    rules = game.ruleset
    deck = list(range(rules.ncards))
    rng.shuffle(deck)
    setup = split_deck(rules, deck, pivot if rules.has_dealer else None).setup(rules)
    setup["dealer" if rules.has_dealer else "first_speaker"] = pivot
    return setup


def _void_case(game: Game, setup: dict, state, rng: random.Random) -> dict:
    rules = game.ruleset
    seat = next(s for s in state.seating.in_play if redeal.meets(state, s))
    steps: list[dict] = []
    if rules.redeal.option:
        steps.append({"op": "legal", "seat": seat, "expect": state.legal_actions(seat)})
        steps.append({"op": "apply", "seat": seat, "action": "redeal"})
        state.apply(seat, "redeal")
        how = f"seat {seat}, whose hand calls for a redeal, says so"
    else:
        steps.append(actors_step(state))
        how = f"the hand of seat {seat} calls for a redeal: the deal is void at once"
    steps.append({"op": "round_result", "expect": state.round_result()})
    dealt = {k: v for k, v in _deal(game, rng, next_pivot(state)).items() if k in ("hands", "stock", "turned", "widow")}
    again = state.next_round(**dealt)
    steps.append({"op": "next_round", **dealt, "expect": {"dealer": again.dealer, "first_speaker": again.first_speaker}})
    who = "the same dealer" if rules.redeal.same_dealer else "the next dealer"
    return {"rules": ["redeal.when", "redeal.by", "redeal.dealer"], "polarity": "positive",
            "description": f"{how}; nobody scores, and {who} deals again", "setup": setup, "steps": steps}


def _played_case(setup: dict, state) -> dict:
    return {"rules": ["redeal.when"], "polarity": "positive",
            "description": "no hand calls for a redeal: the deal stands and the round is played",
            "setup": setup, "steps": [actors_step(state)]}
