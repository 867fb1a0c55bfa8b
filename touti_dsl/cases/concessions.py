"""Cases of what a concession credits of the declarations held (`concession.award: held_ghna`).

The explorer's rounds end in a concession now and then, and the shortest of them is a case
(outcomes.py), whatever its award shows.  Here each explored round is conceded again at the
start of each trick of its play (the first defender to play concedes, its partner agrees),
and the awards are sorted by what they show: a held pair credited in a plain suit, one in
trumps, and a held declaration left uncredited by the contract's limit (a minimum,
`plain_only`, a cap), apart from one withheld after the team declared some points itself (the
cap's room narrowed), and one whose holder may not declare it (the ghna section's `require` lines that read no
moment of the play, `rules.held_requirements`: a partner's pair where only the bid winner sings).  The shortest
round of each becomes a round-result case, so that an engine that credits the declared
suits instead of the undeclared ones, every held trump pair or none, or a cap's whole room
whatever was declared before, is told apart (the engine sweep's ghna-0059, ghna-0060 and a
slip at ghna.py:319 escaped a suite of one conceded round).
"""

from __future__ import annotations

from ..engine import Game
from ..engine.ghna import best_held, held_undeclared, held_value
from .explore import RoundRecord
from .outcomes import result_case

WAYS = {
    "plain": "after a concession the bidding team is credited a pair it holds in a plain suit and has not declared",
    "trump": "after a concession the bidding team is credited a pair it holds in trumps and has not declared",
    "withheld": "after a concession a held declaration is not credited: the contract's limit leaves no room for it",
    "withheld-after-declaring": "after a concession a held declaration is not credited: what the team declared already "
                                "leaves the contract's cap no room for it",
    "withheld-by-require": "after a concession a held declaration is not credited: its holder may not declare it (a "
                           "require line of the ghna section that reads no moment of the play)",
}


def award_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """The shortest conceded round of each way the award of held declarations is decided."""
    award = game.ruleset.concession
    if award is None or "held_ghna" not in award:
        return []
    found: dict[str, RoundRecord] = {}
    for record in rounds:  # the campaigns' rounds last: rigged deals, where a side declares and holds more
        if len(found) == len(WAYS):
            break
        for conceded, state, before in _conceded_again(game, record):
            for way in _ways(state, before):
                if way not in found or len(conceded.history) < len(found[way].history):
                    found[way] = conceded
    limit = [rule for rule in ("ghna.limit", "ghna.caps", "ghna.minimums") if game.spec.has(rule)]
    rules = {"withheld-by-require": [rule_id for rule_id, _ in game.ruleset.held_requirements]}
    return [result_case(found[way], ["concession.award", *rules.get(way, limit if way.startswith("withheld") else ["ghna.values"])],
                         "positive", WAYS[way]) for way in sorted(found)]


def _conceded_again(game: Game, record: RoundRecord):
    """The record's round conceded at the start of each trick where a defender may concede: (record, final state, the
    state before the concession)."""
    state = game.new_round(**record.setup)
    for index, (seat, action) in enumerate(record.history):
        if state.phase == "play" and not state.trick_cards:
            conceded = _concede(state)
            if conceded is not None:
                done, actions = conceded
                history = record.history[:index] + actions
                ends = tuple(end for end in record.trick_ends if end <= index)
                yield (RoundRecord(record.setup, history, done.round_result(), ends, record.trick_winners[:len(ends)]),
                       done, state)
        state.apply(seat, action)


def _concede(state):
    """The state conceded by the defender to play and agreed by its partner, and the actions; None if not possible."""
    done, actions = state.clone(), []
    for _ in range(2):  # concede, then the vote where the partner is asked
        if done.is_terminal():
            break
        move = next(((seat, word) for seat in done.actors() for word in ("concede", "agree")
                     if word in done.legal_actions(seat)), None)
        if move is None:
            return None
        done.apply(*move)
        actions.append(move)
    return (done, tuple(actions)) if done.is_terminal() and done.conceded else None


def _ways(state, before) -> set[str]:
    """What the award of a conceded round shows: pairs credited in a plain suit or in trumps, a held one withheld (after
    the team declared some points itself, or not), an award that the ghna `require` lines change (judged on `before`,
    the state the concession was proposed in: the final state's cap room already holds the credit)."""
    team = state.contract_team
    credited = {(what, arg) for what, arg, _ in state.held_credit}
    declared = state.ghna_points[team] - sum(points for _, _, points in state.held_credit)
    ways = {"trump" if (arg if what == "ghna" else arg[1]) == state.trump_suit else "plain"
            for what, arg in credited if what == "ghna"}
    judged = held_undeclared(state, team)
    if any(item not in credited and held_value(state, item) > 0 for item in judged):
        ways.add("withheld-after-declaring" if declared else "withheld")
    award = [sum(held_value(before, item) for item in best_held(before, team, judged)) for judged in (True, False)]
    if award[0] != award[1]:  # the require lines change the award
        ways.add("withheld-by-require")
    return ways
