"""Game: a compiled spec plus match settings; it deals rounds.

Dealing with a seed: the cards in canonical order (suits in `deck.suits` order × ranks
in `deck.ranks` order) are shuffled with `random.Random(seed).shuffle`, and seat s
receives the cards [h·s, h·s + h) for a hand size h.  When a seat sits out of the round
(`table.sit_out`: the dealer), it receives no card and the seats dealt in take the
chunks in seat order (the k-th seat dealt in gets [h·k, h·k + h)).  The cards left form
the stock, in drawing order, unless the spec has a widow: then they are the widow (widow.py), face
down.  A table without trumps (trump.choice none) turns no card.  The turned card (trump.choice turned_card) is, by
`trump.turned`: the last card of the dealer's hand as dealt or given, or, when the
dealer sits out, of the hand of the seat before it, dealt the last card (`dealer_hand`); the first card after the
hands, put face up under the stock and drawn last (`under_stock`); or that card set aside
face up (`aside`).  When `rotation.first_speaker` is `random` and no first speaker is
given, it is `random.Random(seed).randrange(seats)` (a fresh generator, independent of
the shuffle), or seat 0 for explicit hands.
"""

from __future__ import annotations

import random
from pathlib import Path

from .. import model as m
from ..table_sizes import for_players
from . import claim, ghna, levels, play, redeal, scoring
from .ruleset import Ruleset, Seating, compile_spec, gone_from, round_seating
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
        if spec.seat_rules:  # the rules of the number of players chosen (or of the default number) written over the spec
            spec = for_players(spec, settings.get("seats"))
        return cls(spec, compile_spec(spec, settings))

    @property
    def settings(self) -> dict:
        return dict(self.ruleset.settings)

    def new_round(self, seed=None, hands=None, dealer=None, first_speaker=None, scores=None, turned=None,
                  stock=None, games=None, cotos=None, played=None, widow=None, dealt: "Dealt | None" = None,
                  carried=None) -> RoundState:
        """A fresh round: dealt from `seed`, or from explicit `hands` (lists of card texts) and `stock`.

        Or from `dealt`, a deck already shared out by `split_deck` for this dealer (card numbers,
        not checked again): touti fuzz deals its rounds itself, and reading back the card texts
        of the setup it wrote from that very deal would only undo its own work.
        """
        rules = self.ruleset
        if dealt is not None and (seed, hands, stock, widow) != (None, None, None, None):
            raise ValueError("dealt= is the whole deal: give neither seed, hands, stock nor widow with it")
        if seed is not None and hands is not None:
            raise ValueError("give either seed or hands, not both")
        if stock is not None and hands is None:
            raise ValueError("stock= goes with explicit hands=")
        if widow is not None and hands is None:
            raise ValueError("widow= goes with explicit hands=")
        if hands is None and seed is None and dealt is None:
            seed = random.SystemRandom().randrange(2**32)
        scores = _scores(rules, scores)
        gone = gone_from(rules, scores)
        dealer, first_speaker = _seats(rules, seed, dealer, first_speaker, gone)
        if hands is not None:
            dealt = parse_hands(rules, hands, stock, turned, dealer, gone, widow)
        elif dealt is None:
            dealt = deal(rules, seed, dealer, gone)
        st = _start(rules, dealt, dealer, first_speaker, scores, turned, seed)
        st.carried = _carried(rules, carried)
        counts = levels.start_counts(rules, {"games": games, "cotos": cotos}, rules.score_sides)
        st.games, st.cotos = counts["games"], counts["cotos"]
        st.played = _played(rules, played)
        return st


class Dealt(list):
    """The hands of a deal (a list, one per seat), with the stock and the turned card when the table has them."""

    stock: list[int] = []
    widow: list[int] = []  # the cards left out of the deal for the bid winner (the widow section)
    turned: int | None = None
    seating: Seating | None = None  # the round's seating: who is dealt in, and how (its Deal)

    def setup(self, rules: Ruleset) -> dict:
        """The `new_round` arguments (and case setup) that give this deal: hands, and stock and aside card if any."""
        text = rules.card_text
        found: dict = {"hands": [[text[c] for c in hand] for hand in self]}
        if self.seating.deal.stock_size:
            found["stock"] = [text[c] for c in self.stock]
        if self.seating.deal.turned_place == "aside" and self.turned is not None:
            found["turned"] = text[self.turned]
        if self.seating.deal.widow:
            found["widow"] = [text[c] for c in self.widow]
        return found


def deal(rules: Ruleset, seed, dealer: int | None = None, gone: frozenset = frozenset()) -> Dealt:
    """The hands, stock and turned card of a seeded deal, in dealing order (see module docstring)."""
    deck = list(range(rules.ncards))
    random.Random(seed).shuffle(deck)
    return split_deck(rules, deck, dealer, gone)


def split_deck(rules: Ruleset, deck: list[int], dealer: int | None = None, gone: frozenset = frozenset()) -> Dealt:
    """A deck in dealing order shared out: the hands, then the stock and the turned card (module docstring).

    `dealer` and `gone` matter only at a table where the dealer sits out (`table.sit_out`) or players leave the match
    (`match.end elimination`): the hands of the seats not dealt in are empty."""
    seating = round_seating(rules, dealer, gone)
    shape, in_play = seating.deal, seating.in_play
    size = shape.hand_size
    chunks = iter(deck[size * k : size * k + size] for k in range(shape.players))
    dealt = Dealt(next(chunks) if s in in_play else [] for s in range(rules.seats))
    dealt.seating = seating
    rest = deck[size * shape.players :]
    if shape.widow:  # no stock, no turned card beside a widow (checks.py E213): the rest is the widow
        dealt.widow = rest
        return dealt
    if shape.turned_place == "dealer_hand" or not rest:
        dealt.stock = rest if rules.draw else []
    elif shape.turned_place == "under_stock":
        dealt.turned, dealt.stock = rest[0], rest[1:] + rest[:1]
    else:
        dealt.turned, dealt.stock = rest[0], rest[1:] if rules.draw else []
    return dealt


def parse_hands(rules: Ruleset, hands, stock=None, turned=None, dealer: int | None = None,
                gone: frozenset = frozenset(), widow=None) -> Dealt:
    """The seats' lists of card texts (and the stock's), checked: every card of the deck exactly once.

    A seat not dealt in (the dealer sitting out by `table.sit_out`, a player out of the match) has an empty list."""
    seats = rules.seats
    if not isinstance(hands, (list, tuple)) or len(hands) != seats:
        raise ValueError(f"hands must be a list of {seats} lists of card texts")
    cards = rules.vocabulary.cards
    seating = round_seating(rules, dealer, gone)
    shape, in_play = seating.deal, seating.in_play
    for seat in (s for s in range(seats) if s not in in_play and hands[s] not in ([], ())):
        why = "is out of the match" if seat in gone else "sits out of this round (table.sit_out)"
        raise ValueError(f"hand of seat {seat} must be empty: seat {seat} {why}")
    dealt = Dealt(_card_list(rules, hand, f"hand of seat {seat}", shape.hand_size) if seat in in_play else []
                  for seat, hand in enumerate(hands))
    dealt.seating = seating
    dealt.stock = _left_out(rules, stock, shape.stock_size, "stock", "this table draws from a stock",
                            "this table has no stock", ", in drawing order")
    dealt.widow = _left_out(rules, widow, shape.widow, "widow", "this spec has a widow", "this spec has no widow")
    flat = [c for hand in dealt for c in hand] + dealt.stock + dealt.widow
    if shape.turned_place == "under_stock":
        dealt.turned = dealt.stock[-1]
    elif shape.turned_place == "aside" and turned is not None:
        dealt.turned = cards.get(turned)
        if dealt.turned is None:
            raise ValueError(f"the turned card {turned!r} is not a card of this deck (like 12c)")
        flat.append(dealt.turned)
    if len(set(flat)) != rules.ncards or len(flat) != rules.ncards:
        twice = sorted({rules.card_text[c] for c in flat if flat.count(c) > 1})
        if twice:
            raise ValueError(f"every card of the deck must be dealt once; dealt twice: {', '.join(twice)}")
        missing = sorted(set(range(rules.ncards)) - set(flat))
        raise ValueError(f"every card of the deck must be dealt once; missing: {', '.join(rules.card_text[c] for c in missing)}")
    return dealt


def _card_list(rules: Ruleset, texts, what: str, size: int) -> list[int]:
    if not isinstance(texts, (list, tuple)) or len(texts) != size:
        raise ValueError(f"{what} must be a list of {size} card texts")
    cards = rules.vocabulary.cards
    unknown = [c for c in texts if c not in cards]
    if unknown and unknown[0] in rules.removed_text:
        raise ValueError(f"{what}: {unknown[0]!r} is taken out of this deck (deck.removed)")
    if unknown:
        raise ValueError(f"{what}: {unknown[0]!r} is not a card of this deck (like 12c)")
    return [cards[c] for c in texts]


def _left_out(rules: Ruleset, given, size: int, name: str, needed: str, refused: str, order: str = "") -> list[int]:
    """The cards of the stock or the widow given with explicit hands: required when the table has them, refused when
    it has none."""
    if size and given is None:
        raise ValueError(f"{needed}: give {name}= ({size} card texts{order})")
    if given is None:
        return []
    if not size:
        raise ValueError(f"{refused}: {name}= is not allowed")
    return _card_list(rules, given, f"the {name}", size)


def _seats(rules: Ruleset, seed, dealer, first_speaker, gone: frozenset = frozenset()) -> tuple[int | None, int]:
    if rules.has_dealer:
        if first_speaker is not None:
            raise ValueError("this spec has a dealer: give dealer=, the first speaker follows from it")
        dealer = min(set(range(rules.seats)) - gone) if dealer is None else _check_seat(rules, dealer, "dealer")
        if dealer in gone:
            raise ValueError(f"seat {dealer} is out of the match (it has lost {rules.match_goal} hands): it cannot deal")
        return dealer, round_seating(rules, dealer, gone).next_seat[dealer]
    if dealer is not None:
        raise ValueError("this spec has no dealer: give first_speaker= instead of dealer=")
    if first_speaker is None:
        random_seat = rules.first_speaker == "random" and seed is not None
        first_speaker = random.Random(seed).randrange(rules.seats) if random_seat else 0
    return None, _check_seat(rules, first_speaker, "first_speaker")


def _check_seat(rules: Ruleset, seat, what: str) -> int:
    if type(seat) is not int or not 0 <= seat < rules.seats:
        raise ValueError(f"{what} must be a seat from 0 to {rules.seats - 1}, not {seat!r}")
    return seat


def _scores(rules: Ruleset, scores) -> list[int]:
    sides = rules.score_sides
    if scores is None:
        return [0] * sides
    if not isinstance(scores, (list, tuple)) or len(scores) != sides or not all(type(s) is int for s in scores):
        raise ValueError(f"scores must be a list of {sides} ints, one per side" if sides != 2 else
                         "scores must be [team0, team1] as ints")
    return list(scores)


def _played(rules: Ruleset, played) -> int:
    """The hands played before this round (`played=` of `new_round`), only for a match of `match.end rounds`."""
    if rules.match_end != "rounds":
        if played is not None:
            raise ValueError("played= is only for a match of a fixed number of hands (match.end rounds)")
        return 0
    if played is None:
        return 0
    if type(played) is not int or played < 0:
        raise ValueError("played must be a whole number of hands, 0 or more")
    return played


def _carried(rules: Ruleset, carried) -> list[int]:
    """What each side carries into the round from the hands before it (`match.carry`; `carried=` of new_round), zeros
    where not given; none at all where the spec carries nothing."""
    if rules.match_carry is None:
        if carried is not None:
            raise ValueError("carried= is only for a match that carries points across hands (match.carry)")
        return []
    if carried is None:
        return [0] * rules.score_sides
    if not isinstance(carried, (list, tuple)) or len(carried) != rules.score_sides or not all(
            type(c) is int and c >= 0 for c in carried):
        raise ValueError(f"carried must be a list of {rules.score_sides} ints of 0 or more, one per side")
    return list(carried)


def _start(rules: Ruleset, dealt, dealer, first_speaker, scores, turned, seed) -> RoundState:
    st = RoundState.__new__(RoundState)
    seats, sides = rules.seats, rules.sides
    st.rules, st._legal, st.seating, st.final_changes = rules, [None] * seats, dealt.seating, None
    st.phase, st.dealer, st.first_speaker, st.seed, st.scores = "bidding", dealer, first_speaker, seed, scores
    st.played = 0  # hands played before this round (match.end rounds): new_round sets it
    st.hands = [sorted(h) for h in dealt]
    st.stock = list(dealt.stock)
    st.history = []
    st.turn, st.out, st.spoken = first_speaker, [False] * seats, [False] * seats
    if len(st.seating.in_play) < seats:  # a seat sitting out of the round, or out of the match, never speaks
        st.out = [s not in st.seating.in_play for s in range(seats)]
        st.spoken = list(st.out)  # (not in the same assignment: it would copy the list before it)
    st.high = st.high_bidder = st.high_suit = st.high_rank = None
    st.calls_made, st.push_min = [], [None] * seats
    st.trump_suit, st.turned, st.swapped = None, None, False
    st.contract_team = st.contract_bidder = st.contract_amount = st.contract_rank = None
    st.to_play, st.tricks, st.card_points, st.last_trick_team, st.tricks_played = None, [], [0] * sides, None, 0
    st.window_team, st.window_count = None, 0
    st.declared_suits, st.declarations, st.ghna_points, st.held_credit = [], [], [0] * sides, []
    st.concede_pending, st.concede_trick = None, [-1] * sides
    st.void = st.conceded = False
    st.tute_team = st.at_once_team = None
    st.lent = ghna.NOT_LENT
    st.claims = []
    st.widow, st.discards, st.widow_taker = list(dealt.widow), [], None
    st.called_card = st.called_holder = None
    play.start_trick(st)
    if turned is not None and rules.trump_choice != "turned_card":
        raise ValueError("turned= is only for specs whose trumps are a turned card")
    if rules.bidding is None:
        st.turn = None
        if rules.trump_choice == "none":  # no card is turned: the round has no trump suit, play starts at once
            st._start_play()
        else:
            _turn_card(st, dealt, turned)
    if rules.redeal is not None and redeal.void_at_deal(st):
        redeal.apply(st, None)  # `redeal.by: automatic`: nobody acts in a void deal
    return st


def _turn_card(st: RoundState, dealt, turned) -> None:
    rules = st.rules
    if st.dealer is None:
        raise ValueError("a turned card needs a dealer")
    if st.seating.deal.turned_place != "dealer_hand":
        if dealt.turned is None:
            raise ValueError("give turned=: the card turned face up, set aside, that shows trumps")
        card = dealt.turned
    else:
        holder = st.seating.last_dealt(st.dealer)
        card = dealt[holder][-1] if turned is None else rules.vocabulary.cards.get(turned)
        if card is None or card not in st.hands[holder]:
            whose = "the dealer's hand" if holder == st.dealer else "the hand dealt last"
            raise ValueError(f"the turned card {turned!r} must be a card of {whose} (seat {holder})")
    st.turned, st.trump_suit = card, rules.card_suit[card]
    st._start_play()


def next_round(st: RoundState, seed=None, hands=None, turned=None, stock=None, widow=None) -> RoundState:
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
    carried = dict(levels.carried(rules, result), turned=turned, stock=stock)
    if widow is not None:
        carried["widow"] = widow
    if "played" in result:  # match.end rounds: the count goes on
        carried["played"] = result["played"]
    if rules.has_dealer:
        return game.new_round(seed=seed, hands=hands, dealer=seat, **carried)
    return game.new_round(seed=seed, hands=hands, first_speaker=seat, **carried)


def next_gone(st: RoundState) -> frozenset:
    """The players out of the match in the round after the finished round `st` (`match.end elimination`)."""
    return gone_from(st.rules, st.match_result()["scores"])


def next_pivot(st: RoundState) -> int:
    """The dealer (or the first speaker, without a dealer) of the round after the finished round `st`."""
    return _next_pivot(st, st.dealer if st.rules.has_dealer else st.first_speaker)


def _next_pivot(st: RoundState, current: int) -> int:
    """The next dealer (or first speaker without a dealer), by `rotation.next_round` / `after_void`."""
    rules = st.rules
    following = rules.next_seat[current]
    gone = gone_from(rules, st.match_result()["scores"]) if rules.match_end == "elimination" else frozenset()
    while following in gone:  # the deal passes by the players out of the match (this round's included)
        following = rules.next_seat[following]
    if st.void and rules.redeal is not None and redeal.redealt(st):
        return current if rules.redeal.same_dealer else following
    if st.void:
        return current if rules.after_void == "same_seat" else following
    word = next_round_word(st, current)
    if word == "same_seat":  # unless this round put that player out of the match (`match.end elimination`)
        return following if current in gone else current
    if word == "last_trick_winner" and (claim.rest_taker(st) is not None or st.tricks or scoring.conceded_rest(st)):
        taker = claim.rest_taker(st)  # a claim gave the rest of the round away
        if taker is None and scoring.conceded_rest(st):  # so did a concession, to the contract makers: its maker takes it
            taker = st.contract_bidder
        taker = st.tricks[-1][2] if taker is None else taker
        return following if taker in gone else taker  # unless this round put that player out of the match
    if word in ("hand_loser", "hand_winner"):
        named = scoring.hand_sides(st.round_result(), st.seating.team_of, word)
        # the first seat after the current one on a named side: with the winner, its other player when the current
        # seat is on it; following when nobody is named (a tie) or every named player left the match this round
        n = rules.seats
        return next((s % n for s in range(current + 1, current + n + 1)
                     if st.seating.team_of[s % n] in named and s % n not in gone), following)
    return following


def next_round_word(st: RoundState, current: int) -> str:
    """The word of `rotation.next_round` that says who deals after the finished, played round `st`: the word written,
    or that of the branch of a choice the round takes (next_round_branch)."""
    choice = st.rules.next_round_choice
    return choice[next_round_branch(st, current)][1] if choice else st.rules.next_round


def next_round_branch(st: RoundState, current: int) -> int:
    """The branch of a `rotation.next_round` choice (word_choice.py) that the finished, played round `st` takes, dealt
    (or first spoken) by `current`: the first whose condition holds, judged on the round's result as the scoring sees
    it, `team` being the side of `current`; 0 for a lone word."""
    choice = st.rules.next_round_choice
    if not choice:
        return 0
    facts = scoring.round_facts(st)
    return next(index for index, (test, _) in enumerate(choice) if test is None or test(st, current, facts))
