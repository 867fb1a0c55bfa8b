"""The actions worth trying at a state: every legal one and the near misses.

The explorer tries each candidate on the reference engine; those it refuses become
negative cases, named by the rule id the engine gives.  The list is drawn from the
compiled Ruleset only, so a house variant gets candidates for exactly its own rules:
bids one step below the minimum, off the step and above the maximum (under `bidding.bids: ranks`, a bid on every rank
of the deck too), every call value and
one unknown value, every card in the hand and one that is not (and each card `deck.removed` takes out), every suit for trump and
ghna, the tute ranks, the concession moves, the `lend` of a declaration, the `claim` of the rest, a `redeal`, the widow's
`take widow` / `leave widow` and a `discard` of every card in the hand and of one that is not, and under
`trump.choice called_card` a `call` of every card of the deck (the caller's own among them).  Under
`trump.choice in_bid` each bid amount is tried in every suit, and one `trump` action
(refused: the bids name trumps), as at a table with a bidding and no trumps (`trump.choice none`).
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
    if rules.trump_choice == "in_bid":  # every bid names trumps: each amount in every suit
        return ("pass",) + tuple(f"bid {n} {suit}" for n in sorted(set(amounts)) for suit in rules.suits)
    ranks = tuple(f"bid rank {r}" for r in rules.ranks) if rules.bidding.rank_order else ()  # every rank of the deck
    return ("pass",) + ranks + tuple(f"bid {n}" for n in sorted(set(amounts)))


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
    elif rules.trump_choice == "in_bid":
        texts.append(f"trump {rules.suits[0]}")  # refused: the bids name trumps
    elif rules.trump_choice == "none" and rules.bidding is not None:
        texts.append(f"trump {rules.suits[0]}")  # refused after the contract: the table has no trumps
    elif rules.call_text:
        texts += list(rules.call_text) + [f"trump {rules.suits[0]}"]  # the trump action refused: a card names trumps
    if rules.swap_rank is not None:
        texts.append("swap")
    texts += [f"ghna {suit}" for suit in rules.suits]
    for texts_of_kind in rules.kind_text:  # `ghna.kinds`: every suit of a one-suit kind
        texts += [texts_of_kind] if isinstance(texts_of_kind, str) else list(texts_of_kind)
    texts += [f"tute {rank}" for rank in rules.ghna.tute_ranks]
    if rules.ghna.lend:
        texts.append("lend")
    if rules.concession is not None:
        texts += ["concede", "agree", "refuse"]
    if rules.claim is not None:
        texts.append("claim")
    if rules.redeal is not None and rules.redeal.option:
        texts.append("redeal")
    if rules.widow is not None:
        texts += ["take widow", "leave widow"]
    return tuple(texts)


def hand_candidates(rules: Ruleset, hand_texts: list[str], other_texts: list[str], phase: str = "play") -> tuple[str, ...]:
    """Every card in the hand, and one card that is not in it: played, or in the widow's phase put aside."""
    verb = "discard" if phase == "widow" else "play"
    plays = [f"{verb} {card}" for card in hand_texts]
    if other_texts:
        plays.append(f"{verb} {other_texts[0]}")
    return tuple(plays) + tuple(f"{verb} {card}" for card in rules.removed_text)  # `deck.removed`: no such card


FULL_KINDS = {
    "bidding": {"bid", "pass", "call"},
    "trump": {"trump", "call_card"},
    "widow": {"take", "leave"},
    "swap": {"swap", "play"},
    "play": {"play", "ghna", "tute", "lend", "concede", "agree", "refuse", "swap", "claim"},
    "done": set(),
}


def kind_of(rules: Ruleset, action: str) -> str:
    head = action.split(" ", 1)[0]
    if head == "call" and rules.call_text:  # a card called (no call of the spec is named like an action: E310)
        return "call_card"
    return "call" if any(call.name == head for call in rules.calls) else head


def for_phase(rules: Ruleset, phase: str, only: set[str] | None = None) -> tuple[str, ...]:
    """The fixed candidates worth trying in a phase: all of its own kinds, one of each other kind.

    One representative is enough where a whole kind is out of phase: the engine refuses them
    all for the same reason (`action.phase`).
    """
    full = FULL_KINDS.get(phase, set())
    chosen: list[str] = []
    seen: set[str] = set()
    for action in fixed_candidates(rules):
        kind = kind_of(rules, action)
        if only is not None and kind not in only:
            continue
        if kind in full or kind not in seen:
            chosen.append(action)
        seen.add(kind)
    return tuple(chosen)
