"""Cases for the claim of the rest: one claim that holds, one that does not.

The explorer's rounds (a stacked side claims as soon as it may, the others now and then)
hold claims of both kinds; the earliest of each becomes a case: the claimant's legal set,
the claim, then what it gives.  Each kind is kept for each way the cards stand when it is made
(`_standing`): the other side holds the strongest cards out of trumps; every card of the
claimant's side is the best out of its suit; neither.  So a claim that holds by trumping the
others' best cards is shown beside one that holds with the best cards, and a claim lost
although every card of the side is the best of its suit (the others trump one) beside one lost
otherwise: an engine that took the best card out of trumps for the best trump, or that counted
a side of masters as winning whatever trumps the others hold, escaped a suite of one claim of
each kind.  A claim that holds ends the round with every remaining
trick to the claimant's side; one that does not ends it with every remaining trick to the
opponents (`claim.false opponents_take_rest`), or leaves the play going on without another
claim of that side (`play_on`): then the case shows the claimant's legal set again.

A claim of a condition (`claim.holds` written as one) is shown on both sides of it: one
explored claim played again from the least starting score of the claimant's side that
makes the condition hold (the side wins the hand or the game at once), and from one point
less (it does not: the other side wins it).  A claim at stake with the hand or the game
(`claim.false loses_hand / loses_game`) shows the match result too.
"""

from __future__ import annotations

from ..engine import Game
from ..engine.claim import costly
from .explore import RoundRecord, quick_rounds


def claim_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """The earliest claim that holds and the earliest that does not, each with its outcome."""
    if game.ruleset.claim is None:
        return []
    claims = [(at, record, seat) for record in rounds for at, (seat, action) in enumerate(record.history)
              if action == "claim"]
    found: dict[tuple[bool, str], tuple[int, RoundRecord, int]] = {}
    for at, record, seat in claims:
        held = _held(game, record, at, record.setup)
        if held is None:
            continue
        kind = (held, _standing(game, record, at))
        if kind not in found or at < found[kind][0]:
            found[kind] = (at, record, seat)
    if game.ruleset.claim.holds_test is None and RUFFED not in found:
        searched = _search_ruffed_claim(game)
        if searched is not None:
            found[RUFFED] = searched
    if game.ruleset.claim.holds_test is not None:
        around = _threshold(game, sorted(claims, key=lambda c: -c[0])[:THRESHOLD_TRIES])
        if around:
            return around
    return [_case(game, record, at, seat, held, record.setup) for (held, _), (at, record, seat) in sorted(found.items())]


# The explored claims, latest first (the most points taken), tried for a starting score below the target that makes
# a claim of a condition hold (each costs up to `match.target` rounds played again).
THRESHOLD_TRIES = 8


def _threshold(game: Game, claims: list[tuple[int, RoundRecord, int]]) -> list[dict]:
    """A claim of a condition from the least score of the claimant's side that makes it hold, and from one less; only
    scores below the target (a side at the target has won already)."""
    rules = game.ruleset
    for at, record, seat in claims:
        side = game.new_round(**record.setup).seating.team_of[seat]  # fixed sides (claim.false needs two)
        for score in range(rules.match_goal):
            scores = [0] * rules.score_sides
            scores[side] = score
            setup = dict(record.setup, scores=scores)
            held = _held(game, record, at, setup)
            if held is None or (held and score == 0):
                break  # the claim is no longer made from these scores, or holds from zero: no score below it
            if held:
                below = dict(record.setup, scores=[score - 1 if i == side else 0 for i in range(rules.score_sides)])
                if _held(game, record, at, below) is False:
                    return [_case(game, record, at, seat, True, setup), _case(game, record, at, seat, False, below)]
                break
    return []


def _standing(game: Game, record: RoundRecord, at: int) -> str:
    """How the cards stand when the claim at `at` is made: `others_best` when the strongest cards still out outside
    trumps (by strength, whatever their suit) are all the claimant's opponents' (a claim that holds is won by trumping
    them), `masters` when every card of the claimant's side is the strongest out of its suit and the best trump out is
    the side's (a claim lost is lost to the others' lower trumps or the turn of play), `top_trump` when else the best
    trump out is the side's and the others hold trumps too (a claim lost is not lost to that trump at once), else
    `mixed`."""
    return _standing_of(game, _state_before(game, record, at, record.setup), record.history[at][0])


def _standing_of(game: Game, state, claimant: int) -> str:
    rules, seating = game.ruleset, state.seating
    side = seating.team_of[claimant]
    cards = [(card, seating.team_of[seat] == side) for seat in seating.in_play for card in state.hands[seat]]
    plain = [(rules.card_strength[card], ours) for card, ours in cards if rules.card_suit[card] != state.trump_suit]
    best = max((strength for strength, _ in plain), default=None)
    if best is not None and not any(ours for strength, ours in plain if strength == best):
        return "others_best"
    theirs: dict[int, int] = {}
    for card, ours in cards:
        if not ours:
            suit = rules.card_suit[card]
            theirs[suit] = max(theirs.get(suit, -1), rules.card_strength[card])
    trumps = [(rules.card_strength[card], ours) for card, ours in cards if rules.card_suit[card] == state.trump_suit]
    if all(rules.card_strength[card] > theirs.get(rules.card_suit[card], -1) for card, ours in cards if ours) and \
            (not trumps or max(trumps)[1]):
        return "masters"
    return "top_trump" if trumps and max(trumps)[1] and not all(ours for _, ours in trumps) else "mixed"


# A claim lost although every card of the claimant's side is the best out of its suit (the others ruff one): too rare
# among the explored claims, so plain random rounds are played, each claim that may be made tried, until one is found.
RUFFED = (False, "masters")
RUFF_SEARCH_ROUNDS = 300
RUFF_SEARCH_SEED = 20261203


def _search_ruffed_claim(game: Game) -> tuple[int, RoundRecord, int] | None:
    for record in quick_rounds(game, RUFF_SEARCH_SEED, RUFF_SEARCH_ROUNDS):
        state = game.new_round(**record.setup)
        for at, (played_by, action) in enumerate(record.history):
            for seat in state.actors() if not costly(state) else ():
                if "claim" in state.legal_actions(seat) and _standing_of(game, state, seat) == RUFFED[1]:
                    tried = state.clone()
                    tried.apply(seat, "claim")
                    if not tried.claims[-1][2]:
                        return at, RoundRecord(record.setup, record.history[:at] + ((seat, "claim"),), {}, (), ()), seat
            state.apply(played_by, action)
    return None


def _state_before(game: Game, record: RoundRecord, at: int, setup: dict):
    """The round before its claim at `at`, or None when it ends or the claim is not legal there (other scores)."""
    state = game.new_round(**setup)
    for seat, action in record.history[:at]:
        if state.is_terminal():
            return None
        state.apply(seat, action)
    return state if "claim" in state.legal_actions(record.history[at][0]) else None


def _held(game: Game, record: RoundRecord, at: int, setup: dict) -> bool | None:
    state = _state_before(game, record, at, setup)
    if state is None:
        return None
    state.apply(record.history[at][0], "claim")
    return state.claims[-1][2]


def _case(game: Game, record: RoundRecord, at: int, seat: int, held: bool, setup: dict) -> dict:
    state = _state_before(game, record, at, setup)
    claim = state.rules.claim
    steps = [{"op": "apply", "seat": s, "action": a} for s, a in record.history[:at]]
    steps.append({"op": "legal", "seat": seat, "expect": state.legal_actions(seat)})
    steps.append({"op": "apply", "seat": seat, "action": "claim"})
    state.apply(seat, "claim")
    if state.is_terminal():
        steps.append({"op": "round_result", "expect": state.round_result()})
        gives = "its side takes every remaining trick" if held else "the opponents take every remaining trick"
    else:
        steps.append({"op": "legal", "seat": seat, "expect": state.legal_actions(seat)})
        gives = "the play goes on, and the side may not claim again"
    rules = ["claim.window"] if held else ["claim.false"]
    what = "the rest"
    if claim.stake is not None and not (held and claim.holds_test is None):
        steps.append({"op": "match_result", "expect": state.match_result()})
        gives = f"{'its side' if held else 'the other side'} wins the {claim.stake} at once"
    if claim.holds_test is not None:
        score = state.scores[state.seating.team_of[seat]]
        rules, what = ["claim.holds", *rules], f"that the condition holds with its side's score at {score}"
    elif game.spec.has("claim.holds"):  # `holds: rest` written out: the claim of the rest it names
        rules = ["claim.holds", *rules]
    kind = "holds" if held else "does not hold"
    description = f"seat {seat} claims {what} after {state.tricks_played} tricks and the claim {kind}: {gives}"
    return {"rules": rules, "polarity": "positive", "description": description, "setup": dict(setup), "steps": steps}
