"""Declaration cases beyond the first: several declarations of a side in a round, and a broken pair.

The shortest witness of a ghna rule is a first declaration, but implementations differ
on the later ones: caps that add up (20+20, 40+20, 20+20+20, 40+20+20+20; one under the
cap and the next over it), per-kind minimums met by a second declaration, one
declaration per won trick rather than one per round; and on a pair one of whose cards the
declarer has already played.  So the explorer also keeps declaration witnesses by the
number of declarations the side made before (`+1prior`, `+2prior`, `+3prior`) and by
`+played`, and rigged deals give the first speaker's side the pairs (the first speaker
every suit's but one, a partner the last; each for oneself, the first speaker all of
them), so that rounds with several declarations are common at every contract level.

Any table: sides are read from the round's `Seating` (they may be set only when the
bidding ends), a pair card may lie in another hand, in the stock or set aside, and a
hand takes only as many pairs as leave it two other cards to play.
"""

from __future__ import annotations

from collections import Counter

DECLARING = ("ghna", "tute")
MOST_PRIOR = 3
SPARE_CARDS = 2  # cards other than pairs left in a rigged hand, so that it can play without breaking a pair


class Declared:
    """What a state's history says about declarations: how many each side made, the cards each seat played.

    Read once per state: every refused declaration of the state asks for its tag."""

    def __init__(self, rules, seating, history: tuple):
        self.rules, self.seating = rules, seating
        self.by_side = Counter(seating.team_of[who] for who, done in history if done.split(" ", 1)[0] in DECLARING)
        self.played: dict[int, set[str]] = {}
        for who, done in history:
            if done.startswith("play "):
                self.played.setdefault(who, set()).add(done[5:])

    def tag(self, seat: int, action: str) -> str:
        """The tag of a declaration witness: how many declarations the side made before, a pair broken by play."""
        head, _, arg = action.partition(" ")
        if head not in DECLARING:
            return ""
        prior = self.by_side[self.seating.team_of[seat]]
        tag = f"+{min(prior, MOST_PRIOR)}prior" if prior else ""
        if head == "ghna" and arg in self.rules.suits and self._broken(seat, self.rules.suits.index(arg)):
            tag += "+played"
        elif head == "ghna" and arg not in self.rules.suits and self._kind_broken(seat, arg):
            tag += "+played"
        return tag

    def _kind_broken(self, seat: int, arg: str) -> bool:
        """Whether `seat` played a card of the kind `arg` names (`guinotes copas`, `ases`)."""
        played = self.played.get(seat, ())
        cards = kind_cards(self.rules, arg)
        return any(self.rules.card_text[card] in played for card in cards)

    def _broken(self, seat: int, suit: int) -> bool:
        played = self.played.get(seat, ())
        return any(self.rules.card_text[card] in played for card in self.rules.pair_cards[suit])


def kind_cards(rules, arg: str) -> tuple[int, ...]:
    """The cards of the kind an action's words name (`guinotes copas`: those of copas; `ases`: every ace)."""
    name, *suit = arg.split(" ")
    index = next((i for i, k in enumerate(rules.ghna.kinds) if k.name == name), None)
    if index is None:
        return ()
    cards, one_suit = rules.kind_cards[index], rules.ghna.kinds[index].one_suit
    if one_suit != bool(suit) or suit and suit[0] not in rules.suits:
        return ()  # a malformed text names no cards
    return cards[rules.suits.index(suit[0])] if one_suit else cards


def kind_tag(rules, trump_suit: int | None, action: str) -> str:
    """A witness per kind of `ghna.kinds` and per side of trumps, so that each kind's values are all shown."""
    head, _, arg = action.partition(" ")
    name, *suit = arg.split(" ")
    if head != "ghna" or not rules.ghna.kinds or name in rules.suits or not any(k.name == name for k in rules.ghna.kinds):
        return ""
    trumps = bool(suit) and trump_suit is not None and suit[0] == rules.suits[trump_suit]
    return f"+kind:{name}" + ("+trumps" if trumps else "")


def variant(rules, seating, seat: int, action: str, history: tuple) -> str:
    """The tag of one declaration witness (Declared reads a state's history once for all of them)."""
    return Declared(rules, seating, history).tag(seat, action)


def tute_tag(rule_id: str, action: str, refusing: tuple[str, ...] = ()) -> str:
    """A tute accepted, or refused by a rule of every declaration (the window, the count per trick, who declares)
    while its declarer holds it (`refusing`: the rules that forbid it, `ghna.tute` not among them): its own witness
    beside the pair's, so that an implementation that checks those rules for the pair only is caught."""
    return "+tute" if action.startswith("tute ") and "ghna.tute" not in (rule_id, *refusing) else ""


def is_variant(tag: str) -> bool:
    """A witness tag that this module added."""
    return "prior" in tag or "+played" in tag or "+kind:" in tag or "+tute" in tag


def rig_pairs(rules, seating, setup: dict, seat: int, alone: bool = False) -> None:
    """Give `seat` the pairs of every suit but the last and its first partner the last (`seat` all of
    them without a partner, or `alone`), each hand as many as leave it SPARE_CARDS other cards; cards swapped away."""
    holders = [seat] if alone else [seat, *seating.partners[seat]]
    protected = {rules.card_text[card] for pair in rules.pair_cards for card in pair}
    last = len(rules.pair_cards) - 1
    for suit, pair in enumerate(rules.pair_cards):
        owner = holders[1] if suit == last and len(holders) > 1 else seat
        cards = [rules.card_text[card] for card in pair]
        missing = sum(card not in setup["hands"][owner] for card in cards)
        if _others(setup["hands"][owner], protected) - missing < SPARE_CARDS:
            continue  # the hand is full of pairs already
        for card in cards:
            give_card(setup, card, owner, protected)


def _others(hand: list[str], protected: set[str]) -> int:
    return sum(card not in protected for card in hand)


def give_card(setup: dict, card: str, owner: int, keep: set[str]) -> bool:
    """Move `card` into `owner`'s hand from another hand, the stock, the widow or the card set aside, in exchange
    for one of `owner`'s cards not in `keep`; False when `owner` has no such card to give."""
    hands = setup["hands"]
    if card in hands[owner]:
        return True
    spare = next((c for c in hands[owner] if c not in keep), None)
    if spare is None:
        return False
    places = hands + [setup.get("stock", []), setup.get("widow", []), [setup["turned"]] if "turned" in setup else []]
    place = next(p for p in places if card in p)
    place[place.index(card)] = spare
    hands[owner][hands[owner].index(spare)] = card
    if "turned" in setup:
        setup["turned"] = places[-1][0]
    return True


def declaring_play(rules, state, options: list[tuple[int, str]], declarer: int, rng) -> tuple[int, str]:
    """The play of a rigged round: declare whenever possible (else lend, to a partner who then may); `declarer`'s side plays its strongest
    card and the others their weakest, so that the declaring side wins trick after trick."""
    declare = [o for o in options if o[1].split(" ", 1)[0] in DECLARING]
    if declare:
        return rng.choice(declare)
    lend = [o for o in options if o[1] == "lend"]  # `ghna.lend`: the partner's pair is declared only once lent
    if lend:
        return lend[0]
    plays = [o for o in options if o[1].startswith("play ")]
    if not plays:
        return rng.choice([o for o in options if o[1] != "concede"] or options)
    trump = rules.suits.index(state.trump) if state.trump else None

    def strength(option) -> int:
        card = rules.vocabulary.cards[option[1][5:]]
        return rules.card_strength[card] + (100 if rules.card_suit[card] == trump else 0)

    seat = plays[0][0]
    if state.seating.team_of[seat] != state.seating.team_of[declarer]:
        return min(plays, key=strength)
    pairs = {rules.card_text[card] for pair in rules.pair_cards for card in pair}
    keeping = [o for o in plays if o[1][5:] not in pairs]  # a pair not yet declared stays whole
    return max(keeping or plays, key=strength)
