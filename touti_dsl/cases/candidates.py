"""The actions worth trying at a state: every legal one and the near misses.

The explorer tries each candidate on the reference engine; those it refuses become
negative cases, named by the rule id the engine gives.  The list is drawn from the
compiled Ruleset only, so a house variant gets candidates for exactly its own rules:
bids one step below the minimum, off the step and above the maximum, every call value and
one unknown value, every card in the hand and one that is not, every suit for trump and
ghna, the tute ranks, the concession moves.
"""

from __future__ import annotations

from ..engine.ruleset import Ruleset


def bid_candidates(rules: Ruleset) -> tuple[str, ...]:
    """Bids across the whole range and just outside it, plus one off the step."""
    if rules.bidding is None:
        return ()
    low, step, high = rules.bidding.minimum, rules.bidding.step, rules.bidding.maximum
    amounts = list(range(max(low - step, step), high + step + 1, step))
    if step > 1:
        amounts.append(low + step // 2)
    return ("pass",) + tuple(f"bid {n}" for n in sorted(set(amounts)))


def call_candidates(rules: Ruleset) -> tuple[str, ...]:
    """Every value of every call, and one value the call does not have."""
    texts: list[str] = []
    for call in rules.calls:
        texts.extend(call.texts)
        if call.values is not None:
            texts.append(f"{call.name} zz")
    return tuple(texts)


def fixed_candidates(rules: Ruleset) -> tuple[str, ...]:
    """The candidates that do not depend on the seat's hand."""
    texts = list(bid_candidates(rules)) + list(call_candidates(rules))
    if rules.trump_choice == "bid_winner":
        texts += [f"trump {suit}" for suit in rules.suits]
    if rules.swap_rank is not None:
        texts.append("swap")
    texts += [f"ghna {suit}" for suit in rules.suits]
    texts += [f"tute {rank}" for rank in rules.ghna.tute_ranks]
    if rules.concession is not None:
        texts += ["concede", "agree", "refuse"]
    return tuple(texts)


def hand_candidates(rules: Ruleset, hand_texts: list[str], other_texts: list[str]) -> tuple[str, ...]:
    """Every card in the hand, and one card that is not in it."""
    plays = [f"play {card}" for card in hand_texts]
    if other_texts:
        plays.append(f"play {other_texts[0]}")
    return tuple(plays)
