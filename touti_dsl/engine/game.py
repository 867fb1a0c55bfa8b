"""Game: a compiled spec plus match settings; it deals rounds.

Dealing with a seed: the 40 cards in canonical order (suits in `deck.suits` order ×
ranks in `deck.ranks` order) are shuffled with `random.Random(seed).shuffle`, and seat s
receives the cards [10·s, 10·s + 10).  The turned card (trump.choice turned_card) is the
last card of the dealer's hand as dealt or given.  When `rotation.first_speaker` is
`random` and no first speaker is given, it is `random.Random(seed).randrange(4)` (a fresh
generator, independent of the shuffle), or seat 0 for explicit hands.
"""

from __future__ import annotations

import random
from pathlib import Path

from .. import model as m
from . import play
from .ruleset import Ruleset, compile_spec
from .state import RoundState


class Game:
    """A rule system ready to play: `Game.from_spec(path_or_model, target=600)`."""

    def __init__(self, spec: m.Spec, ruleset: Ruleset):
        self.spec = spec
        self.ruleset = ruleset

    @classmethod
    def from_spec(cls, path_or_model, **settings) -> "Game":
        """Compile a spec (a Spec, a path, or a bundled system id) with match settings."""
        spec = path_or_model
        if not isinstance(spec, m.Spec):
            from ..loader import load_named

            spec = load_named(str(path_or_model) if isinstance(path_or_model, Path) else path_or_model)
        return cls(spec, compile_spec(spec, settings))

    @property
    def settings(self) -> dict:
        return dict(self.ruleset.settings)

    def new_round(self, seed=None, hands=None, dealer=None, first_speaker=None, scores=None, turned=None) -> RoundState:
        """A fresh round: dealt from `seed`, or from explicit `hands` (lists of card texts)."""
        rules = self.ruleset
        if seed is not None and hands is not None:
            raise ValueError("give either seed or hands, not both")
        if hands is None and seed is None:
            seed = random.SystemRandom().randrange(2**32)
        dealt = deal(rules, seed) if hands is None else parse_hands(rules, hands)
        dealer, first_speaker = _seats(rules, seed, dealer, first_speaker)
        return _start(rules, dealt, dealer, first_speaker, _scores(scores), turned, seed)


def deal(rules: Ruleset, seed) -> list[list[int]]:
    """The hands of a seeded deal, in dealing order (see module docstring)."""
    deck = list(range(rules.ncards))
    random.Random(seed).shuffle(deck)
    size = rules.hand_size
    return [deck[size * s : size * s + size] for s in range(4)]


def parse_hands(rules: Ruleset, hands) -> list[list[int]]:
    """Four lists of card texts, checked: every card of the deck exactly once, hand_size each."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 4:
        raise ValueError("hands must be a list of 4 lists of card texts")
    cards = rules.vocabulary.cards
    parsed = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)) or len(hand) != rules.hand_size:
            raise ValueError(f"hand of seat {seat} must be a list of {rules.hand_size} card texts")
        unknown = [c for c in hand if c not in cards]
        if unknown:
            raise ValueError(f"hand of seat {seat}: {unknown[0]!r} is not a card of this deck (like 12c)")
        parsed.append([cards[c] for c in hand])
    flat = [c for hand in parsed for c in hand]
    if len(set(flat)) != rules.ncards:
        twice = sorted({rules.card_text[c] for c in flat if flat.count(c) > 1})
        raise ValueError(f"every card of the deck must be dealt once; dealt twice: {', '.join(twice)}")
    return parsed


def _seats(rules: Ruleset, seed, dealer, first_speaker) -> tuple[int | None, int]:
    if rules.has_dealer:
        if first_speaker is not None:
            raise ValueError("this spec has a dealer: give dealer=, the first speaker follows from it")
        dealer = 0 if dealer is None else _check_seat(dealer, "dealer")
        return dealer, (dealer + 1) % 4
    if dealer is not None:
        raise ValueError("this spec has no dealer: give first_speaker= instead of dealer=")
    if first_speaker is None:
        first_speaker = random.Random(seed).randrange(4) if rules.first_speaker == "random" and seed is not None else 0
    return None, _check_seat(first_speaker, "first_speaker")


def _check_seat(seat, what: str) -> int:
    if type(seat) is not int or not 0 <= seat < 4:
        raise ValueError(f"{what} must be a seat from 0 to 3, not {seat!r}")
    return seat


def _scores(scores) -> list[int]:
    if scores is None:
        return [0, 0]
    if not isinstance(scores, (list, tuple)) or len(scores) != 2 or not all(type(s) is int for s in scores):
        raise ValueError("scores must be [team0, team1] as ints")
    return list(scores)


def _start(rules: Ruleset, dealt, dealer, first_speaker, scores, turned, seed) -> RoundState:
    st = RoundState.__new__(RoundState)
    st.rules, st._legal = rules, [None, None, None, None]
    st.phase, st.dealer, st.first_speaker, st.seed, st.scores = "bidding", dealer, first_speaker, seed, scores
    st.hands = [sorted(h) for h in dealt]
    st.history = []
    st.turn, st.out, st.spoken = first_speaker, [False] * 4, [False] * 4
    st.high = st.high_bidder = None
    st.calls_made, st.push_min = [], [None] * 4
    st.trump_suit, st.turned, st.swapped = None, None, False
    st.contract_team = st.contract_bidder = st.contract_amount = None
    st.to_play, st.tricks, st.card_points, st.last_trick_team, st.tricks_played = None, [], [0, 0], None, 0
    st.window_team, st.window_count = None, 0
    st.declared_suits, st.declarations, st.ghna_points, st.held_credit = [], [], [0, 0], []
    st.concede_pending, st.concede_trick = None, [-1, -1]
    st.void = st.conceded = False
    st.tute_team = None
    play.start_trick(st)
    if rules.bidding is None:
        st.turn = None
        _turn_card(st, dealt, turned)
    elif turned is not None:
        raise ValueError("turned= is only for specs whose trumps are a turned card")
    return st


def _turn_card(st: RoundState, dealt, turned) -> None:
    rules = st.rules
    if st.dealer is None:
        raise ValueError("a turned card needs a dealer")
    card = dealt[st.dealer][-1] if turned is None else rules.vocabulary.cards.get(turned)
    if card is None or card not in st.hands[st.dealer]:
        raise ValueError(f"the turned card {turned!r} must be a card of the dealer's hand (seat {st.dealer})")
    st.turned, st.trump_suit = card, rules.card_suit[card]
    st._start_play()


def next_round(st: RoundState, seed=None, hands=None, turned=None) -> RoundState:
    """The round after `st` in a match (see RoundState.next_round)."""
    if st.phase != "done":
        raise ValueError("next_round() needs a finished round")
    result = st.match_result()
    if result["over"]:
        raise ValueError("the match is over: no next round")
    rules = st.rules
    game = Game(None, rules)
    current = st.dealer if rules.has_dealer else st.first_speaker
    seat = _next_pivot(st, current)
    if rules.has_dealer:
        return game.new_round(seed=seed, hands=hands, dealer=seat, scores=result["scores"], turned=turned)
    return game.new_round(seed=seed, hands=hands, first_speaker=seat, scores=result["scores"], turned=turned)


def _next_pivot(st: RoundState, current: int) -> int:
    """The next dealer (or first speaker without a dealer), by `rotation.next_round` / `after_void`."""
    rules = st.rules
    if st.void:
        return current if rules.after_void == "same_seat" else (current + 1) % 4
    if rules.next_round == "last_trick_winner" and st.tricks:
        return st.tricks[-1][2]
    if rules.next_round == "hand_loser":
        winner = st.round_result()["winner"]
        if winner is not None:
            return next(s % 4 for s in range(current + 1, current + 5) if rules.team_of[s % 4] != winner)
    return (current + 1) % 4
