"""Trick play: the obligations that narrow a hand to its legal cards, and the trick.

Each play obligation of the spec (in spec order) narrows the candidate cards to those
satisfying its duty, but only if at least one card would remain ("if able"), and only
when its `when` holds, its `unless` does not, and it is not lifted by
`play.partner_exemption` while the player's partner wins the trick.  The leader may play
any card.  A refused card is blamed on the first obligation whose narrowing removed it.
"""

from __future__ import annotations

from .predicates import beats_winner as _beats_winner


def _follow(st, cards):
    led, suit_of = st.led_suit, st.rules.card_suit
    return [c for c in cards if suit_of[c] == led]


def _beat_led(st, cards):
    led, best, suit_of, strength = st.led_suit, st.best_led, st.rules.card_suit, st.rules.card_strength
    return [c for c in cards if suit_of[c] == led and strength[c] > best]


def _beat_first(st, cards):
    lead = st.trick_cards[0]
    suit_of, strength = st.rules.card_suit, st.rules.card_strength
    return [c for c in cards if suit_of[c] == suit_of[lead] and strength[c] > strength[lead]]


def _trump(st, cards):
    trump, suit_of = st.trump_suit, st.rules.card_suit
    return [c for c in cards if suit_of[c] == trump]


def _beat_trump(st, cards):
    trump, best, suit_of, strength = st.trump_suit, st.best_trump, st.rules.card_suit, st.rules.card_strength
    return [c for c in cards if suit_of[c] == trump and strength[c] > best]


def _win(st, cards):
    return [c for c in cards if _beats_winner(st, c)]


def _no_undertrump(st, cards):
    trump, best, suit_of, strength = st.trump_suit, st.best_trump, st.rules.card_suit, st.rules.card_strength
    return [c for c in cards if suit_of[c] != trump or strength[c] > best]


def _no_points(st, cards):
    points = st.rules.card_points
    return [c for c in cards if not points[c]]


def _points(st, cards):
    points = st.rules.card_points
    return [c for c in cards if points[c]]


def _least_points(st, cards):
    points = st.rules.card_points
    fewest = min(points[c] for c in cards)
    return [c for c in cards if points[c] == fewest]


DUTY_FILTERS = {"follow": _follow, "beat_led": _beat_led, "beat_first": _beat_first, "trump": _trump, "beat_trump": _beat_trump, "win": _win,
                "no_undertrump": _no_undertrump, "no_points": _no_points, "points": _points,
                "least_points": _least_points}


def narrow(st, seat: int, watch: int | None = None):
    """The legal cards of `seat`; with `watch`, the (obligation, kept cards) that removed it, or None."""
    cards = st.hands[seat]
    if not st.trick_cards:
        return None if watch is not None else list(cards)
    for ob in in_force(st, seat):
        kept = DUTY_FILTERS[ob.duty](st, cards)
        if kept:
            if watch is not None and watch in cards and watch not in kept:
                return ob, kept
            cards = kept
    return None if watch is not None else list(cards)


def in_force(st, seat: int):
    """The obligations that bind `seat` now, in spec order: `when` holds, `unless` does not, no partner exemption."""
    partner_wins = st.trick_winner in st.seating.partners[seat]
    for ob in st.rules.obligations:
        if (ob.when is not None and not ob.when(st, seat, None)) or (ob.unless is not None and ob.unless(st, seat, None)):
            continue
        if ob.exempt_when_partner_wins and partner_wins:
            continue
        yield ob


def refusal_message(st, duty: str, kept: list[int]) -> str:
    """Plain words for a duty broken: what must be done, and a card that would do it."""
    rules = st.rules
    example = f"you hold {rules.card_name[kept[0]]}"
    if duty == "follow":
        return f"must follow {rules.suits[st.led_suit]}: {example}"
    if duty == "beat_led":
        return f"must beat {rules.card_name[st.best_led_card]}: {example}"
    if duty == "beat_first":
        return f"must beat the card led, {rules.card_name[st.trick_cards[0]]}: {example}"
    if duty == "trump":
        return f"must play a trump ({rules.suits[st.trump_suit]}): {example}"
    if duty == "win":
        return f"must win the trick: {example}"
    if duty == "no_undertrump":
        return f"must not play a trump lower than {rules.card_name[st.best_trump_card]}: {example}"
    if duty == "no_points":
        return f"must play a card worth no points: {example}"
    if duty == "points":
        return f"must play a card worth points: {example}"
    if duty == "least_points":
        return f"must play a card of the fewest points ({rules.card_points[kept[0]]}): {example}"
    if st.best_trump >= 0:
        return f"must overtrump {rules.card_name[st.best_trump_card]}: {example}"
    return f"must play a trump ({rules.suits[st.trump_suit]}): {example}"


def start_trick(st) -> None:
    """Clear the trick in progress."""
    st.trick_seats = []
    st.trick_cards = []
    st.led_suit = None
    st.best_led = st.best_trump = -1
    st.best_led_card = st.best_trump_card = None
    st.trick_winner = None


def add_card(st, seat: int, card: int) -> None:
    """Put a card on the trick and update the led suit, the best cards and the winner."""
    rules = st.rules
    suit, strength = rules.card_suit[card], rules.card_strength[card]
    if not st.trick_cards:
        st.led_suit = suit
    st.trick_seats.append(seat)
    st.trick_cards.append(card)
    if suit == st.trump_suit and strength > st.best_trump:
        st.best_trump, st.best_trump_card, st.trick_winner = strength, card, seat
    if suit == st.led_suit and strength > st.best_led:
        if st.best_trump < 0:
            st.trick_winner = seat
        st.best_led, st.best_led_card = strength, card


def replay_trick(st, seats: list[int], cards: list[int]) -> None:
    """Rebuild the trick in progress from its cards (after from_json)."""
    start_trick(st)
    for seat, card in zip(seats, cards):
        add_card(st, seat, card)
