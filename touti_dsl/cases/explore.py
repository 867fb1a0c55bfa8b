"""Explore seeded random rounds on the reference engine and keep witnesses for each rule.

At every state the explorer tries every candidate action for every seat.  An action the
engine refuses is a *refusal witness* for the rule id it names; an accepted action is an
*acceptance witness* for the rules that govern its kind.  For each rule the shortest
witnesses are kept (fewest actions from the deal), so that generated cases stay small.
Complete rounds are kept too: their outcomes feed the outcome cases (outcomes.py).

Random choices come from `random.Random(seed)` only, so the same spec and seed always
give the same witnesses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .. import model as m
from ..checks import spec_expressions
from ..conformance.features import feature_of, kind_names
from ..engine import Game, IllegalAction
from ..engine import called
from ..engine.claim import costly as costly_claim
from ..engine.game import deal, split_deck
from ..engine.refusals import forbidding_rules
from ..engine.ruleset import round_seating
from ..schema import EXPRESSION_RULES
from . import candidates, declarations, situations

KEEP = 2  # witnesses kept per rule and polarity
CORE_TAG = "~core"  # the shortest witnesses whose history uses no optional feature (features.py)


@dataclass(frozen=True)
class Witness:
    """A state reached by `history` from `setup`, and the action tried there by `seat`."""

    setup: dict
    history: tuple[tuple[int, str], ...]
    seat: int
    action: str
    rule: str
    message: str = ""
    refused_by: str = ""  # the rule id the engine named, when `rule` is shown alongside it

    @property
    def size(self) -> int:
        return len(self.history)


@dataclass
class RoundRecord:
    """A complete explored round: its setup, every action, and the engine's verdicts."""

    setup: dict
    history: tuple[tuple[int, str], ...]
    result: dict
    trick_ends: tuple[int, ...]  # history lengths right after each completed trick
    trick_winners: tuple[int, ...]


@dataclass
class Findings:
    """Everything the explorer kept, by rule id."""

    refused: dict[str, list[Witness]] = field(default_factory=dict)
    accepted: dict[str, list[Witness]] = field(default_factory=dict)
    rounds: list[RoundRecord] = field(default_factory=list)
    states: int = 0
    tries: int = 0

    def keep(self, table: dict[str, list[Witness]], witness: Witness, tag: str, core: bool) -> None:
        """Keep a witness if it is among the shortest; a history without optional features (`core`) also competes on its own."""
        self._keep(table, witness, tag)
        if core:
            self._keep(table, witness, tag + CORE_TAG)

    def _keep(self, table: dict[str, list[Witness]], witness: Witness, tag: str) -> None:
        kept = table.setdefault(witness.rule + tag, [])
        limit = 1 if declarations.is_variant(tag) or situations.is_edge(tag) else KEEP  # one witness per variant is enough
        if len(kept) < limit or witness.size < kept[-1].size:
            if any(k.history == witness.history and k.seat == witness.seat and k.action == witness.action for k in kept):
                return
            kept.append(witness)
            kept.sort(key=lambda w: (w.size, w.seat, w.action))
            del kept[limit:]


ACCEPTED_RULES = {
    "bid": ("bidding.minimum", "bidding.step", "bidding.maximum"),
    "pass": ("bidding.pass",),
    "trump": ("trump.choice",),
    "call": ("trump.choice", "table.teams"),
    "swap": ("trump.swap",),
    "ghna": ("ghna.pair", "ghna.values", "ghna.who", "ghna.window", "ghna.per_trick", "ghna.in_hand", "ghna.same_suit", "ghna.caps", "ghna.minimums", "ghna.limit"),
    "tute": ("ghna.tute",),
    "lend": ("ghna.lend",),
    "concede": ("concession.who", "concession.proposer"),
    "agree": ("concession.consent", "concession.award"),
    "refuse": ("concession.consent",),
    "claim": ("claim.window",),
    "redeal": ("redeal.when", "redeal.by"),
    "take": ("widow.by", "widow.take"),
    "leave": ("widow.by", "widow.take"),
    "discard": ("widow.by",),
}


KIND_ACCEPTED_RULES = ("ghna.kinds", "ghna.who", "ghna.window", "ghna.per_trick", "ghna.caps", "ghna.minimums", "ghna.limit")

# The section whose `require` lines an action of each kind was checked against.
REQUIREMENT_SECTION = {"bid": "bidding", "ghna": "ghna", "tute": "ghna", "swap": "trump", "concede": "concession",
                       "claim": "claim"}


def accepted_rules(game: Game, action: str) -> tuple[str, ...]:
    """The rule ids an accepted action shows in force (its kind's rules and requirements; a call's own rules)."""
    head = action.split(" ", 1)[0]
    if head == "ghna" and game.ruleset.ghna.kinds and action.split(" ")[1] not in game.ruleset.suits:
        required = tuple(rule_id for rule_id, _ in game.ruleset.requirements.get("ghna", ()))
        return KIND_ACCEPTED_RULES + required  # a kind of ghna.kinds: neither the pair nor its values are shown
    if head in ACCEPTED_RULES:
        section = REQUIREMENT_SECTION.get(head)
        required = tuple(rule_id for rule_id, _ in game.ruleset.requirements.get(section, ()))
        allowed_pass = ("bidding.pass_allowed",) if head == "pass" and game.spec.has("bidding.pass_allowed") else ()
        named = ("trump.choice",) if head == "bid" and game.ruleset.trump_choice == "in_bid" else ()  # the bid names trumps
        own = ("trump.call_own",) if head == "call" and game.spec.has("trump.call_own") else ()
        own += ("trump.instead",) if head == "trump" and instead_made(game.ruleset, action) else ()
        return _rank_auction_rules(game, action) or ACCEPTED_RULES[head] + required + allowed_pass + named + own + \
            _ranked(game, head)
    if any(call.name == head for call in game.ruleset.calls):
        return tuple(rule.id for rule in game.spec.rules if rule.section == head and rule.key != "title")  # a title shows nothing
    return ()


def instead_made(rules, action: str) -> bool:
    """Whether the action is the contract of `trump.instead`: `trump none`, or `trump SUIT` where a card is called."""
    return action.startswith("trump ") and called.is_instead(rules, action == "trump none")


def _lowest_first(option: tuple[int, str]) -> tuple[int, int]:
    """A bid's place from the lowest: a bid on a rank before every bid in points (ranks in the legal order)."""
    words = option[1].split()
    return (0, 0) if words[1] == "rank" else (1, int(words[1]))


def _rank_auction_rules(game: Game, action: str) -> tuple[str, ...]:
    """A bid on a rank (`bid rank 3`): the rules of the auction on ranks, and the bidding's `require` lines."""
    bidding = game.ruleset.bidding
    if not action.startswith("bid rank ") or bidding is None:
        return ()
    required = tuple(rule_id for rule_id, _ in game.ruleset.requirements.get("bidding", ()))
    return ("bidding.bids", bidding.rank_order_rule, "bidding.rank_contract") + required


def _ranked(game: Game, head: str) -> tuple[str, ...]:
    """Under an auction on ranks, a bid in points and a called card show `bidding.bids` in force too; a bid shows
    `bidding.bids: points` where a spec writes it."""
    bidding = game.ruleset.bidding
    if bidding is None or head not in ("bid", "call") or not game.spec.has("bidding.bids"):
        return ()
    return ("bidding.bids",) if bidding.rank_order or head == "bid" else ()


def stacked_hands(game: Game, side: int, dealer: int | None = None) -> dict:
    """A deal where the seats of `side` hold the strongest cards (a side sure to take most tricks).

    The sides are those of the round `dealer` deals: a seat sitting out of it holds nothing."""
    rules = game.ruleset
    seating = round_seating(rules, dealer)
    cards = sorted(range(rules.ncards), key=lambda c: (-rules.card_strength[c], c))
    sides = sorted({seating.team_of[s] for s in seating.in_play})
    strong = [s for s in seating.in_play if seating.team_of[s] == sides[side % len(sides)]]
    weak = [s for s in seating.in_play if s not in strong]
    size, players = seating.deal.hand_size, seating.deal.players
    dealt = len(strong) * size
    order: dict[int, list[int]] = {s: [] for s in seating.in_play}
    for index, card in enumerate(cards[: players * size]):
        seats, at = (strong, index) if index < dealt else (weak, index - dealt)
        order[seats[at % len(seats)]].append(card)
    deck = [c for s in seating.in_play for c in order[s]] + cards[players * size :]
    return split_deck(rules, deck, dealer).setup(rules)


def capote_hands(game: Game, setup: dict, placed: dict) -> dict:
    """`setup` (a stacked deal) with the strong seat's weakest cards outside trumps exchanged for the trumps the others
    hold (never the turned card), so that it takes every trick: a capote, for `scoring.capote_void`.  `placed` is the
    setup with its dealer, to read trumps and seats from; a table whose trumps are chosen later keeps `setup`."""
    rules = game.ruleset
    state = game.new_round(**placed)
    trump = state.trump_suit
    if trump is None:
        return setup
    seats = state.seating.in_play
    strong = max(seats, key=lambda s: (sum(rules.card_strength[c] for c in state.hands[s]), -s))
    hands = [list(hand) for hand in state.hands]
    theirs = [(s, c) for s in seats if s != strong for c in hands[s] if rules.card_suit[c] == trump]
    mine = sorted((c for c in hands[strong] if rules.card_suit[c] != trump), key=lambda c: rules.card_strength[c])
    for (seat, card), given in zip(theirs, mine):
        hands[seat][hands[seat].index(card)] = given
        hands[strong][hands[strong].index(given)] = card
    text = rules.card_text
    return dict(setup, hands=[[text[c] for c in hand] for hand in hands])


def capote_deal(game: Game, pivot: int, side: int, rng: random.Random) -> tuple[dict, int, frozenset[int]] | None:
    """A deal on which the `side`-th side of the round holds every trump but the turned card and the strongest other
    cards, counting the cards it draws from a stock if it takes every trick (the trick winner draws first), in an
    order `rng` draws: a capote for play to find at a table with a stock, where a stacked hand alone rarely makes one.

    The setup (its `dealer` or `first_speaker` the pivot), the suit the strong side should name as trumps (the turned
    card is its lowest card) and the strong side's seats (where the bidding sets the sides, the seat that will bid, and
    the holder of the card it will call); None where who draws a card depends on which partner took the trick.
    """
    rules = game.ruleset
    dealer = pivot if rules.has_dealer else None
    places = split_deck(rules, list(range(rules.ncards)), dealer)  # where each place of a dealt deck goes
    seating = places.seating
    if rules.against_bidder:  # the sides are set by the bidding: the strong side is the seat that bids
        seats = seating.in_play
        bidder = seats[side % len(seats)]
        # with a called card, and the holder of the card it calls (a trump of the other strong seat: capote_move)
        strong = frozenset({bidder, seats[(side + 2) % len(seats)]} if rules.trump_choice == "called_card" else {bidder})
    else:
        sides = sorted({seating.team_of[s] for s in seating.in_play})
        if len(sides) < 2:
            return None
        strong = frozenset(s for s in seating.in_play if seating.team_of[s] == sides[side % len(sides)])
    drawers = _draw_sides(seating, strong) if places.stock else [False]
    if drawers is None:
        return None
    trump = 0
    by_strength = sorted(range(rules.ncards), key=lambda c: (rules.card_suit[c] != trump, -rules.card_strength[c], c))
    card_at: dict[int, int] = {}
    if rules.trump_choice == "turned_card":
        turned = places.turned if places.turned is not None else places[seating.last_dealt(dealer)][-1]
        card_at[turned] = by_strength.pop(max(i for i, c in enumerate(by_strength) if rules.card_suit[c] == trump))
    mine = [place for seat in sorted(strong) for place in places[seat]]
    mine += [place for index, place in enumerate(places.stock) if drawers[index % len(drawers)]]
    mine = [place for place in mine if place not in card_at]
    theirs = [place for place in range(rules.ncards) if place not in card_at and place not in mine]
    for places_of_side, cards in ((mine, by_strength[: len(mine)]), (theirs, by_strength[len(mine):])):
        rng.shuffle(cards)  # which of its cards comes when: trumps kept for the end in some deals
        card_at.update(zip(places_of_side, cards))
    setup = split_deck(rules, [card_at[place] for place in range(rules.ncards)], dealer).setup(rules)
    setup["dealer" if rules.has_dealer else "first_speaker"] = pivot
    return setup, trump, strong


def _draw_sides(seating, strong: frozenset[int]) -> list[bool] | None:
    """Whether each player to draw after a trick is on the strong side, the winner (a strong seat) first; None when
    that depends on which strong seat won the trick."""
    patterns = set()
    for winner in strong:
        seat, pattern = winner, []
        for _ in seating.in_play:
            pattern.append(seat in strong)
            seat = seating.next_seat[seat]
        patterns.add(tuple(pattern))
    return list(patterns.pop()) if len(patterns) == 1 else None


def reads_capote(game: Game) -> bool:
    """Whether a rule reads a capote: `match.at_once: capote`, `scoring.round: middle_loses` (a capote makes every
    other side lose), `scoring.capote_void`, or the term `capote` anywhere in an expression."""
    return ("capote" in game.ruleset.at_once or game.ruleset.scoring == "middle_loses"
            or game.spec.has("scoring.capote_void") or any(
        isinstance(node, m.Pred) and node.name == "capote"
        for _, expr, _, _ in spec_expressions(game.spec) for node in m.expr_nodes(expr)))


def formula_has_condition(spec: m.Spec) -> bool:
    """Whether a scoring formula of the spec has a condition (whose true side random play may never reach)."""
    for rule in spec.section("scoring"):
        expr = m.as_expr(rule.value) if rule.id in EXPRESSION_RULES else None
        if expr is not None and (rule.key == "contract_made" or any(isinstance(n, m.IfElse) for n in m.expr_nodes(expr))):
            return True
    return False


def capote_rounds(game: Game, seed: int, count: int):
    """Rounds on capote deals (`capote_deal`), the strong side alternating: it bids the lowest bid, names the deal's
    trumps and plays for every trick (`capote_move`); the others play at random (no concession, no claim)."""
    rules = game.ruleset
    rng = random.Random(seed)
    for index in range(count):
        made = capote_deal(game, index % rules.seats, index // rules.seats, rng)
        if made is None:
            return
        setup, trump, strong = made
        yield played_round(game, setup, lambda state: capote_move(game, state, rng, trump, strong))


def capote_move(game: Game, state, rng: random.Random, trump: int, strong: frozenset[int]) -> tuple[int, str]:
    """A move of a capote round: the strong side keeps its trumps while no other player holds one and leads them
    once one does, its weakest other cards first (they win: the others' cards of each suit are weaker)."""
    rules = game.ruleset
    actors = state.actors()
    seat = rng.choice([s for s in actors if s not in strong or state.legal_actions(s) != ["swap"]] or actors)
    legal = [a for a in state.legal_actions(seat) if a not in ("concede", "claim", "agree", "refuse")]
    legal = legal or state.legal_actions(seat)
    suit = rules.vocabulary.suits[trump]
    if state.phase == "bidding":
        bids = [a for a in legal if a.startswith("bid ") and (not rules.vocabulary.bid_suits or a.endswith(suit))]
        if seat in strong and bids and state.high_bidder not in strong - {seat}:  # partners do not outbid each other
            return seat, bids[0]
        return seat, "pass" if "pass" in legal else legal[0]
    named = [a for a in legal if a == f"trump {suit}"] or [  # the called card: a trump the other strong seat holds
        a for a in legal if a.startswith("call ") and any(
            rules.card_text[c] == a.split()[1] and rules.card_suit[c] == trump
            for other in strong - {seat} for c in state.hands[other])]
    if named:
        return seat, named[0]
    if seat not in strong:
        return seat, rng.choice(legal)
    plays = [a for a in legal if a.startswith("play ")]
    others = [a for a in legal if not a.startswith(("play ", "swap"))]  # a swap would give the others a better trump
    if not plays or others and rng.random() < 0.5:
        return seat, rng.choice(others or legal)
    card = rules.vocabulary.cards
    trumps = state.trump_suit
    threatened = any(rules.card_suit[c] == trumps for s in state.seating.in_play if s not in strong for c in state.hands[s])
    leading = not state.trick_cards
    rank = lambda a: (rules.card_suit[card[a.split()[1]]] == trumps, rules.card_strength[card[a.split()[1]]])
    if leading and not threatened:
        return seat, min(plays, key=rank)
    return seat, max(plays, key=rank)


def quick_rounds(game: Game, seed: int, count: int):
    """Plain seeded random rounds (no candidate is tried): a cheap search for a rare outcome."""
    rules = game.ruleset
    rng = random.Random(seed)
    for index in range(count):
        pivot = index % rules.seats
        setup = deal(rules, rng.randrange(2**32), pivot if rules.has_dealer else None).setup(rules)
        setup["dealer" if rules.has_dealer else "first_speaker"] = pivot
        yield played_round(game, setup, lambda state: any_action(state, rng))


def any_action(state, rng: random.Random, shunned: tuple[str, ...] = ()) -> tuple[int, str]:
    """A random actor's random action, a concession, a claim or an action of a `shunned` head word (`ghna`) only when
    nothing else is legal."""
    seat = rng.choice(state.actors())
    legal = [a for a in state.legal_actions(seat) if a not in ("concede", "claim") and a.split(" ", 1)[0] not in shunned]
    return seat, rng.choice(legal or state.legal_actions(seat))


def played_on(game: Game, witness: Witness, rng: random.Random) -> RoundRecord:
    """The round of a witness played to its end: its history, its action, then random moves that declare nothing."""
    moves = iter((*witness.history, (witness.seat, witness.action)))
    return played_round(game, witness.setup, lambda state: next(moves, None) or any_action(state, rng, declarations.DECLARING))


def rebid_round(game: Game, record: RoundRecord, amount: int) -> RoundRecord | None:
    """The round of `record` again with its contract bid at `amount` (`bid 240` read `bid 230`), every other move as it
    was: the one way to bring a round to a contract near a threshold, since random bidding reaches a rare contract
    (a kaput bid) only with a rare play.  None without a bid in points, or where a move is then refused (a bid under
    an earlier one, a song over the new contract's cap)."""
    bids = [index for index, (_, action) in enumerate(record.history) if action.split(" ")[:1] == ["bid"]]
    words = record.history[bids[-1]][1].split(" ") if bids else []
    if len(words) < 2 or not words[1].isdigit() or int(words[1]) == amount:
        return None
    history = list(record.history)
    history[bids[-1]] = (history[bids[-1]][0], " ".join(["bid", str(amount), *words[2:]]))
    moves = iter(history)
    try:
        replayed = played_round(game, record.setup, lambda state: next(moves))
    except (IllegalAction, StopIteration):  # the new contract changes what may follow (a cap, a bid too low)
        return None
    return replayed if next(moves, None) is None else None


def played_round(game: Game, setup: dict, choose) -> RoundRecord:
    """The round of `setup` played to its end, each move `choose(state)`: (seat, action)."""
    state = game.new_round(**setup)
    history, ends, winners = [], [], []
    while not state.is_terminal():
        seat, action = choose(state)
        before = state.tricks_played
        state.apply(seat, action)
        history.append((seat, action))
        if state.tricks_played > before:
            ends.append(len(history))
            winners.append(state.last_trick_winner())
    return RoundRecord(setup, tuple(history), state.round_result(), tuple(ends), tuple(winners))


def _dealt_in(rules, dealer: int | None, seat: int) -> int:
    """`seat`, or the next seat dealt in when it sits out of the round `dealer` deals."""
    seating = round_seating(rules, dealer)
    return seat if seat in seating.in_play else seating.next_seat[seat]


class StillState:
    """A state while its candidates are tried: a refused action leaves it unchanged, so each seat's
    observation (the costly part of situations.py's questions) is built once, not once per candidate."""

    def __init__(self, state):
        self._state = state
        self._views: dict[int, dict] = {}

    def observation(self, seat: int) -> dict:
        if seat not in self._views:
            self._views[seat] = self._state.observation(seat)
        return self._views[seat]

    def __getattr__(self, name: str):
        return getattr(self._state, name)


class Explorer:
    """Plays seeded random rounds with a policy that favours rare actions, trying all candidates."""

    def __init__(self, game: Game, seed: int, contract: int | None = None, findings: Findings | None = None,
                 rigged_rank: int | None = None, patient: bool = False, stacked: bool = False, sings: bool | None = None,
                 core_only: bool = False, rigged_pairs: bool = False, keeping: bool = False, to_maximum: bool = False,
                 pairs_alone: bool = False, rigged_cards: tuple[int, ...] = ()):
        self.game = game
        # to_maximum: the first speaker bids the maximum, the others pass; only witnesses at the bidding's bounds are
        # kept (situations.bid_edge): the maximum bid, then refused to the next speaker
        self.to_maximum = to_maximum
        # keeping: the rigged cards are played only when nothing else may be (declared as soon as they may be)
        self.keeping = keeping
        self.rigged_pairs = rigged_pairs  # when set, the first speaker's side is dealt the pairs (declarations.py)
        self.pairs_alone = pairs_alone  # ...every pair to the declarer itself, none to its partner
        self.declarer = 0  # the first speaker of a rigged round, whose side declares
        self.all_pass = False
        self.core_only = core_only  # never choose an action of an optional feature (it is still tried)
        self.rng = random.Random(seed)
        # the cards one seat is dealt: all four of `rigged_rank`, or the named cards of a kind (`rigged_cards`)
        self.rigged = frozenset(game.ruleset.rank_cards[rigged_rank] if rigged_rank is not None else rigged_cards)
        # patient: nobody declares and the rigged cards are kept, so that late declarations are tried
        self.patient = patient
        # stacked: one side is dealt the strongest cards, bids alone and plays them greedily (capotes, big scores)
        self.stacked = stacked
        # stacked, on a deal where the strong side also holds the trumps (capote_hands): whether it declares a ghna
        # when it may (a capote after a song) or never; None: the plain stacked deal
        self.sings = sings
        self.contract = contract  # when set, the first speaker bids it and everybody else passes
        self.tag = "" if contract is None else f"@{contract}"
        self.findings = findings if findings is not None else Findings()
        # a campaign only looks for declarations at its contract level
        self.only = {"ghna", "tute", "play"} if contract is not None else None
        self.by_phase = {phase: candidates.for_phase(game.ruleset, phase, self.only) for phase in candidates.FULL_KINDS}
        self.all_cards = list(game.ruleset.card_text)
        self.kinds = kind_names(game.ruleset)  # the optional feature `kinds` is told by these names (features.py)

    def explore(self, rounds: int) -> Findings:
        for index in range(rounds):
            self.explore_round(index)
        return self.findings

    def deal(self, index: int, pivot: int | None = None, gone: frozenset = frozenset()) -> dict:
        """A deal of round `index`; `pivot` names its dealer (or first speaker) when it is not `index % seats`, and
        `gone` the players out of the match (`match.end elimination`), dealt no card."""
        rules = self.game.ruleset
        rng = random.Random(self.rng.randrange(2**32))
        deck = list(range(rules.ncards))
        rng.shuffle(deck)
        pivot = index % rules.seats if pivot is None else pivot
        dealer = pivot if rules.has_dealer else None
        setup = split_deck(rules, deck, dealer, gone).setup(rules)
        if self.stacked:
            setup = stacked_hands(self.game, index % 2, dealer)
        if self.sings is not None:  # a capote to be: the strong side holds the trumps too
            setup = capote_hands(self.game, setup, dict(setup, **{"dealer" if rules.has_dealer else "first_speaker": pivot}))
        if self.rigged:  # a seat dealt in (a seat sitting out holds nothing)
            self._rig(setup, _dealt_in(rules, dealer, rng.randrange(rules.seats)))
        setup["dealer" if rules.has_dealer else "first_speaker"] = pivot
        if self.rigged_pairs:
            state = self.game.new_round(**setup)
            self.declarer = state.first_speaker
            declarations.rig_pairs(rules, state.seating, setup, self.declarer, self.pairs_alone)
        return setup

    def _rig(self, setup: dict, seat: int) -> None:
        """Give `seat` all the rigged cards (the four of the rigged rank), swapping away cards of other ranks."""
        rules = self.game.ruleset
        wanted = [rules.card_text[c] for c in sorted(self.rigged)]
        for card in wanted:
            declarations.give_card(setup, card, seat, set(wanted))

    def explore_round(self, index: int) -> None:
        # now and then a core round where everybody passes: a void round without a pre-announcement in it
        self.all_pass = self.core_only and index % 8 == 0
        setup = self.deal(index)
        state = self.game.new_round(**setup)
        history: list[tuple[int, str]] = []
        trick_ends: list[int] = []
        winners: list[int] = []
        cores = [True]  # cores[k]: the first k actions use no optional feature
        while not state.is_terminal():
            self._try_all(state, setup, tuple(history), cores[-1])
            seat, action = self.choose(state)
            edge = situations.bid_edge(self.game.ruleset, state, seat, action)
            taken = situations.swap_turned_tag(self.game.ruleset, state) if action == "swap" else ""
            before = state.tricks_played
            state.apply(seat, action)
            history.append((seat, action))
            before_action = tuple(history[:-1])
            declared = declarations.variant(self.game.ruleset, state.seating, seat, action, before_action)
            kind = self._kind_tag(state, action)
            link = situations.accepted_swap_link(self.game.ruleset, state.swapped - 1, seat, before_action) + (
                situations.swap_window_tag(self.game.ruleset, state.tricks_played)) + taken if action == "swap" else ""
            for rule in accepted_rules(self.game, action):
                tag = self._tag(rule) + declared + link + (kind if rule == "ghna.kinds" else "") + declarations.tute_tag(rule, action)
                if rule.startswith("widow."):  # the bid winner's take, leave and discard: a witness of each
                    tag += "~" + action.split(" ", 1)[0]
                if rule == "ghna.tute":  # a tute of each rank of ghna.tute (four reyes, four caballos): a witness of each
                    tag += "~" + action
                self._keep(self.findings.accepted, Witness(setup, before_action, seat, action, rule), tag, cores[-1], edge)
            cores.append(cores[-1] and feature_of(action, self.kinds) is None)
            if state.tricks_played > before:
                trick_ends.append(len(history))
                winners.append(state.last_trick_winner())
        self.findings.rounds.append(RoundRecord(setup, tuple(history), state.round_result(), tuple(trick_ends), tuple(winners)))

    def _keep(self, table: dict[str, list[Witness]], witness: Witness, tag: str, core: bool, edge: str) -> None:
        """Keep a witness under its tag, and a bid at a bound of the bidding under that bound's tag too."""
        if not self.to_maximum:
            self.findings.keep(table, witness, tag, core)
        if edge:
            self.findings.keep(table, witness, tag + edge, core)

    def _note_situations(self, state, setup: dict, history: tuple, core: bool) -> None:
        """States that show a rule in force without any refusal: exemption, free discard, 70 re-spoken."""
        if self.to_maximum:
            return
        for rule in situations.rules_in_force(self.game.ruleset, state, history):
            seat = situations.seat_to_act(state)
            self.findings.keep(self.findings.accepted, Witness(setup, history, seat, "", rule), "~situation", core)
            if rule == "play.partner_exemption" and situations.partner_card_beatable(self.game.ruleset, state):
                # where the exemption (or its absence) changes the legal set: the partner's card can be beaten
                self.findings.keep(self.findings.accepted, Witness(setup, history, seat, "", rule), "~situation+beatable", core)
        for rule in situations.lead_outbid(self.game.ruleset, state):  # beating the card led, not the best card
            seat = situations.seat_to_act(state)
            self.findings.keep(self.findings.accepted, Witness(setup, history, seat, "", rule), "~situation+lead-beaten", core)

    def _try_all(self, state, setup: dict, history: tuple, core: bool) -> None:
        """Try every candidate action of every seat; `core`: the history uses no optional feature."""
        if self.to_maximum and state.phase != "bidding":  # its witnesses are bids
            return
        self.findings.states += 1
        still = StillState(state)
        self._note_situations(still, setup, history, core)
        fixed = self.by_phase.get(state.phase, ())
        declared = None  # the history's declarations, read at the first refused declaration
        plays_tried = self.only is None or state.phase in ("play", "widow")
        for seat in range(self.game.ruleset.seats):
            legal = set(state.legal_actions(seat))
            hand = [self.game.ruleset.card_text[c] for c in state.hands[seat]] if plays_tried else []
            others = [c for c in self.all_cards if c not in hand][:1] if self.only is None else []
            for action in fixed + candidates.hand_candidates(self.game.ruleset, hand, others, state.phase):
                if action in legal:
                    continue
                self.findings.tries += 1
                try:
                    state.apply(seat, action)
                except IllegalAction as refusal:
                    edge = situations.bid_edge(self.game.ruleset, still, seat, action)
                    if self.to_maximum and not edge:
                        continue
                    alone = situations.refused_alone(self.game.ruleset, state, seat, action, refusal.rule_id)
                    for rule in (refusal.rule_id, *situations.also_refused_by(self.game, still, seat, refusal.rule_id, history)):
                        witness = Witness(setup, history, seat, action, rule, refusal.message, refusal.rule_id)
                        variant = situations.refusal_variant(self.game.ruleset, still, seat, rule, history, refusal.rule_id,
                                                             alone)
                        if rule == "widow.by":  # another seat's take, leave and discard: a witness of each
                            variant += "~" + action.split(" ", 1)[0]
                        if rule == "trump.choice" and self.game.ruleset.call_text:  # a trump named, a card called
                            variant += "~" + action.split(" ", 1)[0]
                        if rule == "bidding.bids":  # an auction on ranks: a bid in points too soon, a card of another rank
                            variant += "~" + action.split(" ", 1)[0]
                        if rule.startswith("ghna."):
                            declared = declared or declarations.Declared(self.game.ruleset, state.seating, history)
                            variant += declared.tag(seat, action) + (self._kind_tag(state, action) if rule == "ghna.kinds" else "")
                            if action.startswith("tute "):  # held, and refused by a rule of every declaration: its own witness
                                variant += declarations.tute_tag(rule, action, tuple(forbidding_rules(still, seat, action)))
                        self._keep(self.findings.refused, witness, self._tag(rule) + variant, core, edge)
                        if alone and rule == refusal.rule_id and rule in situations.DECLARATION_LIMITS:
                            self.findings.keep(self.findings.refused, witness, "+alone", core)
                    continue
                raise AssertionError(f"engine accepted {action!r} by seat {seat}, which legal_actions did not list")

    def _kind_tag(self, state, action: str) -> str:
        """Outside contract campaigns, a witness per kind of ghna.kinds and side of trumps (declarations.kind_tag)."""
        return "" if self.tag else declarations.kind_tag(self.game.ruleset, state.trump_suit, action)

    def _tag(self, rule: str) -> str:
        """In a contract campaign, ghna witnesses are kept per contract level."""
        return self.tag if rule.startswith("ghna.") else ""

    def _forced_bid(self, state) -> tuple[int, str] | None:
        """The campaign's bidding: the first speaker bids the level, the others pass."""
        level = self.game.ruleset.bidding.maximum if self.to_maximum else self.contract
        if level is None or state.phase != "bidding":
            return None
        for seat in state.actors():
            legal = state.legal_actions(seat)
            wanted = next((a for a in legal if a.split(" ")[:2] == ["bid", str(level)]), None)  # any suit
            wanted = wanted or self._rank_on_the_way(state, legal, level)
            if wanted is not None:
                return seat, wanted
            if "pass" in legal:
                return seat, "pass"
        return None

    def _rank_on_the_way(self, state, legal: list[str], level: int) -> str | None:
        """In an auction on ranks, the rank bid towards the campaign's level before any bid: at a rank bid's own
        contract any rank, at a level above it the last rank (the next seat then bids the level in points)."""
        bidding = self.game.ruleset.bidding
        if not bidding.rank_order or bidding.rank_contract > level or state.high is not None:
            return None
        rank_bids = [a for a in legal if a.startswith("bid rank ")]
        if level == bidding.rank_contract:
            return rank_bids[0] if rank_bids else None
        last = self.game.ruleset.rank_bid_text[bidding.last_rank]
        return last if last in rank_bids else None

    def choose(self, state) -> tuple[int, str]:
        forced = self._forced_bid(state)
        if forced is not None:
            return forced
        if self.stacked:
            return self._choose_stacked(state)
        if self.patient:
            return self._choose_patiently(state)
        return self._choose_freely(state)

    def _choose_stacked(self, state) -> tuple[int, str]:
        """The strong side (the holders of the strongest cards) bids the lowest bid and plays its best card."""
        rules = self.game.ruleset
        strong = {s for s in range(rules.seats) if state.seating.team_of[s] == self._strong_team(state)}
        seat = state.actors()[0]
        legal = [a for a in state.legal_actions(seat) if a not in ("concede", "agree", "refuse")] or state.legal_actions(seat)
        bids = [a for a in legal if a.startswith("bid ")]
        if state.phase == "bidding":
            choice = bids[0] if seat in strong and bids else ("pass" if "pass" in legal else legal[0])
            return seat, choice
        if "claim" in legal and seat in strong and not costly_claim(state):  # the strong side claims as soon as it may
            return seat, "claim"
        strength = lambda a: rules.card_strength[rules.vocabulary.cards[a.split()[1]]]
        discards = [a for a in legal if a.startswith("discard ")]
        if discards:  # the widow's taker keeps its strongest cards
            return seat, min(discards, key=strength)
        songs = [a for a in legal if a.startswith("ghna ")] if self.sings and seat in strong else []
        if songs:
            return seat, songs[0]
        plays = [a for a in legal if a.startswith("play ")]
        if not plays:
            return seat, legal[0]
        return seat, (max if seat in strong else min)(plays, key=strength)

    def _strong_team(self, state) -> int:
        """The side of the round (as `state.seating` seats it) whose hands are strongest."""
        rules, seating = self.game.ruleset, state.seating
        total = {seating.team_of[s]: 0 for s in seating.in_play}
        for seat in seating.in_play:
            total[seating.team_of[seat]] += sum(rules.card_strength[c] for c in state.hands[seat])
        return max(sorted(total), key=lambda side: (total[side], -side))

    def _choose_patiently(self, state) -> tuple[int, str]:
        """No declaration, no concession, and the rigged cards kept while another card may be played."""
        rules = self.game.ruleset
        seat = state.actors()[0]
        legal = [a for a in state.legal_actions(seat) if not a.startswith(("ghna", "tute", "concede", "claim", "redeal"))]
        legal = legal or state.legal_actions(seat)
        kept = [a for a in legal if not (a.startswith("play ") and rules.vocabulary.cards[a.split()[1]] in self.rigged)]
        return seat, self.rng.choice(kept or legal)

    def _choose_freely(self, state) -> tuple[int, str]:
        """A random actor and action, favouring calls and declarations; concessions stay rare."""
        options = [(seat, action) for seat in state.actors() for action in state.legal_actions(seat)]
        if self.rigged_pairs and state.phase == "play":
            return declarations.declaring_play(self.game.ruleset, state, options, self.declarer, self.rng)
        if self.core_only:
            options = [o for o in options if feature_of(o[1], self.kinds) is None] or options
        if self.all_pass and state.phase == "bidding" and any(o[1] == "pass" for o in options):
            return next(o for o in options if o[1] == "pass")
        rare = [o for o in options if not o[1].startswith(("play ", "bid ", "pass", "concede", "agree", "refuse", "claim",
                                                            "redeal"))]
        if rare and self.rng.random() < 0.5:
            return self.rng.choice(rare)
        votes = [o for o in options if o[1] in ("agree", "refuse")]
        if votes:
            return self.rng.choice(votes)
        concede = [o for o in options if o[1] == "concede"]
        if concede and self.rng.random() < 0.03:
            return concede[0]
        claims = [o for o in options if o[1] == "claim"] if not costly_claim(state) else []
        if claims and self.rng.random() < 0.2:  # a claim ends most rounds (or is refused after a false one): not too often
            return claims[0]
        redeals = [o for o in options if o[1] == "redeal"]
        if redeals and self.rng.random() < 0.2:  # a redeal ends the round at once: now and then
            return redeals[0]
        options = [o for o in options if o[1] not in ("concede", "claim", "redeal")] or options
        bids = [o for o in options if o[1].startswith("bid ")]
        if bids and self.rng.random() < 0.6:
            return min(bids, key=_lowest_first)  # under an auction on ranks: the next rank called, before any points
        plays = [o for o in options if o[1].startswith(("play ", "pass"))]
        if self.keeping and self.rigged:
            cards = self.game.ruleset.vocabulary.cards
            plays = [o for o in plays if not (o[1].startswith("play ") and cards[o[1].split()[1]] in self.rigged)] or plays
        return self.rng.choice(plays or options)
