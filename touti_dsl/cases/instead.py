"""Cases of the other contract of `trump.instead`: the bid winner plays without trumps, or names them itself where a
card is called, and then plays alone.

The explorer's random players seldom pick that contract among the called cards, so its rounds are played here on
purpose: the deals of explored rounds that reached the choice of trumps, the contract made there by `trump.instead`,
then random play.  From them, one round to its result (the legal set where the contract is offered, who took each
trick, then who played with whom and what each scored), and, without trumps, for each suit the earliest trick where a card of it, off the
led suit, lost to the led suit: under the table's own contract that suit could have been trumps and taken the trick.
"""

from __future__ import annotations

import random

from ..engine import Game
from .explore import RoundRecord, any_action, instead_made, played_round

INSTEAD = "trump.instead"
# enough deals for a discard of every suit off the led one, in rounds of the contract without trumps
ROUNDS = 24


def instead_cases(game: Game, rounds: list[RoundRecord], seed: int) -> list[dict]:
    """The cases of `trump.instead` (none when the spec does not write it)."""
    if game.ruleset.trump_instead is None:
        return []
    rng = random.Random(seed)
    played = [_instead_round(game, record.setup, rng) for record in rounds if not record.result.get("void")][:ROUNDS]
    played = [found for found in played if found is not None]
    if not played:
        return []
    record, offered = played[0]
    cases = [_result_case(game, record, offered)]
    if game.ruleset.trump_instead == "none":
        cases += _untrumped_trick_cases(game, [record for record, _ in played])
    return cases


def _instead_round(game: Game, setup: dict, rng: random.Random) -> tuple[RoundRecord, int] | None:
    """The round of `setup` with the contract of `trump.instead` made when trumps are chosen, and the index of that
    action in its history; None when the round never reaches the choice (a void deal, a round won at once)."""
    rules = game.ruleset

    def choose(state) -> tuple[int, str]:
        if state.phase == "trump":
            made = [action for action in state.legal_actions(state.contract_bidder) if instead_made(rules, action)]
            if made:
                return state.contract_bidder, rng.choice(made)
        return any_action(state, rng)

    record = played_round(game, setup, choose)
    index = next((i for i, (_, action) in enumerate(record.history) if instead_made(rules, action)), None)
    return None if index is None else (record, index)


def _applies(history) -> list[dict]:
    return [{"op": "apply", "seat": seat, "action": action} for seat, action in history]


def _result_case(game: Game, record: RoundRecord, offered: int) -> dict:
    """The contract offered beside the table's own, made, and the round played to its result, each trick's winner
    checked on the way."""
    seat, action = record.history[offered]
    state = game.new_round(**record.setup)
    for step_seat, step_action in record.history[:offered]:
        state.apply(step_seat, step_action)
    steps = _applies(record.history[:offered]) + [{"op": "legal", "seat": seat, "expect": state.legal_actions(seat)}]
    start = offered
    for end, winner in zip(record.trick_ends, record.trick_winners):  # who took each trick, as it is played
        steps += _applies(record.history[start:end]) + [{"op": "trick_winner", "expect": winner}]
        start = end
    steps += _applies(record.history[start:]) + [{"op": "round_result", "expect": record.result}]
    how = "without trumps" if action == "trump none" else f"with the trumps it names ({action.split()[1]})"
    alone = " and alone" if game.ruleset.call_text else ""
    return {"rules": [INSTEAD], "polarity": "positive",
            "description": f"the bid winner makes the other contract (`{action}`): the round is played {how}{alone}",
            "setup": dict(record.setup), "steps": steps}


def _untrumped_trick_cases(game: Game, records: list[RoundRecord]) -> list[dict]:
    """For each suit, the earliest trick of a round without trumps where a card of that suit, off the led suit, did
    not take the trick (one case for a trick that is the earliest of several suits)."""
    rules = game.ruleset
    found: dict[int, tuple[int, int, int]] = {}  # suit -> (record's index, history length after the trick, trick)
    off_suit: dict[tuple[int, int], list[str]] = {}  # (record's index, trick) -> the cards off the led suit
    for number, record in enumerate(records):
        start = 0
        for index, end in enumerate(record.trick_ends):
            plays = [(seat, action.split(" ", 1)[1]) for seat, action in record.history[start:end]
                     if action.startswith("play ")][-rules.players:]
            start = end
            led = rules.card_suit[rules.vocabulary.cards[plays[0][1]]]
            off_suit[number, index] = [text for _, text in plays if rules.card_suit[rules.vocabulary.cards[text]] != led]
            for text in off_suit[number, index]:
                suit = rules.card_suit[rules.vocabulary.cards[text]]
                if suit not in found or end < found[suit][1]:
                    found[suit] = (number, end, index)
    cases = []
    for number, end, index in sorted(set(found.values())):
        record = records[number]
        cards = ", ".join(rules.card_name[rules.vocabulary.cards[text]] for text in off_suit[number, index])
        steps = _applies(record.history[:end]) + [{"op": "trick_winner", "expect": record.trick_winners[index]}]
        cases.append({"rules": [INSTEAD, "trick.winner"], "polarity": "positive",
                      "description": f"a round without trumps (`trump none`): off the led suit, {cards} does not take "
                                     "the trick, though its suit could have been trumps under the table's own contract",
                      "setup": dict(record.setup), "steps": steps})
    return cases
