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

Each comparison inside a condition of `and` / `or` / `not` (`not holds_trump or hand_points == 0`) gets its own
deals: one where it holds and one where it does not, each while it alone decides the condition for some seat, at the
deal nearest its threshold.  A hand without points comes once in thousands of deals, so the deals are not only drawn:
from the nearest drawn, two cards of the deck change places while that brings the deal nearer (`_nearest_deal`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from .. import model as m
from ..engine import Game, redeal
from ..engine.game import next_pivot, split_deck
from ..engine.predicates import Names, compile_expr, distance_to_threshold
from ..engine.ruleset import describe
from .outcomes import comparisons_inside, decides_within
from .steps import actors_step, refuse_step

SEARCHED_DEALS = 2000
DRAWN_FOR_A_TERM = 200  # deals drawn before the nearest is brought nearer, card by card
SWAPS_FOR_A_TERM = 3000


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
    return cases + _deciding_term_cases(game, rng)


def _deciding_term_cases(game: Game, rng: random.Random) -> list[dict]:
    """For each comparison inside `redeal.when`, a deal where it holds and one where it does not, each while it alone
    decides the condition for a seat: void, and played on (`by: automatic`) or that seat's `redeal` refused (`holder`)."""
    condition = m.as_expr(game.spec.value("redeal.when"))
    names = Names(game.ruleset.suits, game.ruleset.ranks)
    cases = []
    for term in comparisons_inside(condition):
        decides = decides_within(condition, term, names, "deal")
        if decides is None:  # inside another's numbers (`if … else`), it decides nothing by itself
            continue
        holds, distance = compile_expr(term, "deal", names), distance_to_threshold(term, "deal", names)
        for side in (True, False):
            # no other seat's hand may void the deal: this seat's term alone says whether it stands; and the seat
            # does not act first in the deal standing (to speak, or to swap), which would hide a holder's option to
            # void it (`redeal.by`)
            found = _nearest_deal(game, rng, lambda st, seat, acting: (not decides(st, seat, None),
                                                                       bool(holds(st, seat, None)) != side,
                                                                       _voided_by_another(st, seat), seat in acting,
                                                                       distance(st, seat, None)))
            if found is None:
                continue
            setup, state, seat = found
            words = f"\"{describe(term)}\" {'holds' if side else 'does not hold'} for seat {seat} and decides"
            if side:  # the condition holds for that seat alone: the deal is void
                case = _void_case(game, setup, state, rng)
                case["description"] = f"redeal.when: {words}; " + case["description"]
                cases.append(case)
            elif game.ruleset.redeal.option:  # the holder's option: that seat's `redeal` is refused
                cases.append({"rules": ["redeal.when"], "polarity": "negative", "setup": setup,
                              "description": f"redeal.when: {words}: that seat may not void the deal",
                              "steps": [refuse_step(state, seat, "redeal", "redeal.when")]})
            else:
                case = _played_case(setup, state)
                case["description"] = f"redeal.when: {words}: the deal stands and the round is played"
                cases.append(case)
    return cases


def _voided_by_another(state, seat: int) -> bool:
    return any(redeal.meets(state, other) for other in state.seating.in_play if other != seat)


def _nearest_deal(game: Game, rng: random.Random, key) -> tuple[dict, object, int] | None:
    """The deal whose least `key(state, seat, the seats acting first were it to stand)` over the seats dealt in is
    least, and that seat, once it reaches (False, False, False, False, 0) or the searches are spent; None when no deal
    makes `key` start (False, False, False, ...)."""
    rules = game.ruleset
    standing = Game.from_spec(replace(game.spec, rules=tuple(r for r in game.spec.rules if r.section != "redeal")))

    def judged(deck, pivot):
        setup = split_deck(rules, deck, pivot if rules.has_dealer else None).setup(rules)
        setup["dealer" if rules.has_dealer else "first_speaker"] = pivot
        state, acting = game.new_round(**setup), standing.new_round(**setup).actors()
        return min((key(state, seat, acting), seat) for seat in state.seating.in_play), setup, state

    best = None
    for index in range(DRAWN_FOR_A_TERM):
        deck = list(range(rules.ncards))
        rng.shuffle(deck)
        tried = (judged(deck, index % rules.seats), deck, index % rules.seats)
        if best is None or tried[0][0] < best[0][0]:
            best = tried
    for _ in range(SWAPS_FOR_A_TERM):
        if best[0][0] == (False, False, False, False, 0):
            break
        deck, pivot = list(best[1]), best[2]
        i, j = rng.randrange(len(deck)), rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
        tried = (judged(deck, pivot), deck, pivot)
        if tried[0][0] <= best[0][0]:
            best = tried
    (score, seat), setup, state = best[0]
    return (setup, state, seat) if score[:3] == (False, False, False) else None


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
