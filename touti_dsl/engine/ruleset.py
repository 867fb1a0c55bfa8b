"""Compile a Spec into a Ruleset: plain Python data read by the state machine.

This runs once per `Game`.  Cards become ints (their place in the deck, in the
canonical order of `deck.suits` × `deck.ranks`, less the cards `deck.removed` takes
out), strengths and points become tuples, and every condition becomes a closure
(predicates.py).  After this, the engine never looks at the model again.  A rule value
the engine cannot honour raises ToutiError here, naming the rule, instead of being
ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import model as m
from ..deck_cards import removed_cards
from ..declaration_kinds import read_kind
from ..errors import Diagnostic, ToutiError
from ..hand_sizes import for_hand_size
from ..schema import MATCH_LEVELS, TABLE_SETTINGS
from ..vocabulary import DUTIES, PREDICATES, reads_play_time
from ..word_choice import branches
from . import predicates
from .predicates import Names
from .combinations import unsupported
from .text import Vocabulary, card_text

COMPARE_WORDS = {">=": "is at least", ">": "is more than", "<=": "is at most", "<": "is less than", "==": "is",
                 "!=": "is not"}
SIDE_WORDS = {"self": "this player", "partner": "this player's partner", "team": "this player's side",
              "opponents": "the opponents", "bidders": "the bidding side", "defenders": "the defending side",
              "winner": "the side that won the hand", "loser": "the side that lost the hand"}
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


@dataclass(frozen=True)
class CallRules:
    """One `call NAME { ... }` block: values, effect, preconditions and raise."""

    name: str
    values: tuple[str, ...] | None
    leaves: bool
    requirements: tuple[tuple[str, Callable], ...]  # (rule id, test) in spec order
    partner_minimum: bool
    texts: tuple[str, ...]  # the action texts, in value order
    by_value: bool = False  # a requirement names the value being called (`calling(las)`): test each value apart


@dataclass(frozen=True)
class ObligationRules:
    """One play duty: `must DUTY [when C] [unless C]`, with its rule id."""

    rule_id: str
    key: str
    duty: str
    when: Callable | None
    unless: Callable | None
    exempt_when_partner_wins: bool


@dataclass(frozen=True)
class BiddingRules:
    """The auction's numbers, and whether each player speaks only once."""

    minimum: int
    step: int
    maximum: int
    never_stands: int | None
    last_speaker_minimum: int | None
    single_round: bool = False
    pass_allowed: Callable | None = None
    # `bidding.bids: ranks`: the ranks a bid may name, in the order they are called (each call after the last one), the
    # contract of a rank bid, and the rule that orders them (`bidding.ranks`, else `deck.order`); () for bids in points
    rank_order: tuple[int, ...] = ()
    rank_contract: int | None = None
    rank_order_rule: str = "bidding.ranks"

    def rank_place(self, rank: int) -> int | None:
        """Where a rank stands in the calling order (0 the first, strongest), None for a rank no bid names."""
        return self.rank_order.index(rank) if rank in self.rank_order else None

    @property
    def last_rank(self) -> int | None:
        """The weakest rank a bid may name: once called, the bids go on in points."""
        return self.rank_order[-1] if self.rank_order else None


@dataclass(frozen=True)
class ScoringRules:
    """What each side scores at the end of a round, as compiled formulas `f(state, None, facts)`."""

    contract_made: Callable
    made: Callable
    made_defenders: Callable
    failed: Callable
    failed_defenders: Callable
    winner: Callable
    loser: Callable
    capote_void: Callable | None = None  # middle_loses: judged for the capote's side (`winner`); holds: it alone loses
    # scoring's `require` lines, in the order written: (rule id, test(state, seat of the player judged, facts)); the
    # first that some player dealt in fails makes those players lose, before the ranking by place (scoring.py)
    standing: tuple = ()


@dataclass(frozen=True)
class GhnaRules:
    """Declarations: the pair, values, who, per-trick limit, contract limit, tute ranks."""

    pair: tuple[int, int]
    trump_value: int
    plain_value: int
    both_teams: bool
    per_trick: int
    limit: str  # cap | minimum | none
    caps: tuple[tuple[int, int | None, bool], ...]  # (level, cap or None, plain_only), ascending
    minimum_plain: int
    minimum_trump: int
    tute_ranks: tuple[int, ...]
    bid_winner_only: bool = False  # `who: bid_winner`: only the contract's maker declares (and a partner it lends to)
    lend: bool = False  # `lend: once`: the bid winner may once a round let the partner declare one ghna
    kinds: tuple = ()  # `ghna.kinds`: declaration_kinds.Kind, in the order written
    kind_minimums: tuple = ()  # per kind, its own `ghna.minimums` row, or None (the plain / trump row applies)
    off: bool = False  # no ghna section (`remove ghna`): nobody declares anything


@dataclass(frozen=True)
class ClaimRules:
    """The claim section: when a player may claim the rest, and what a claim that does not hold costs."""

    window: str  # to_lead | to_play
    false: str  # opponents_take_rest | play_on | loses_hand | loses_game
    merge_adjacent: bool  # no duty condition tells apart cards of one suit, strength run and worth (claim.py)
    holds_test: Callable | None = None  # `claim.holds` as a condition (judged like match.at_once); None: the rest
    points_blind: bool = False  # no duty nor duty condition reads what the cards are worth (claim.py)

    @property
    def stake(self) -> str | None:
        """What a claim wins or loses at once: `hand` or `game` (`claim.false loses_hand / loses_game`), else None."""
        return {"loses_hand": "hand", "loses_game": "game"}.get(self.false)


@dataclass(frozen=True)
class RedealRules:
    """The redeal section: when a deal is void (a test of one seat's hand), who voids it, who deals again."""

    test: Callable  # f(state, seat, None): this seat's hand, just dealt, voids the deal
    option: bool  # `by: holder`: the seat says `redeal` (its option); else the deal is void at once
    same_dealer: bool  # `dealer: same_seat`


@dataclass(frozen=True)
class WidowRules:
    """The widow section: the cards left out of the deal, who may take them, whether one must, what the discards count."""

    size: int
    compulsory: bool  # `take: compulsory`: no `leave widow`
    discards_count: bool  # `points: taker`: the cards put aside count for the taker's side


@dataclass(frozen=True)
class Deal:
    """How the cards of a round are shared out among the players dealt in (`table.hand_size`, the stock, the turned card)."""

    players: int  # the players dealt in
    hand_size: int
    stock_size: int  # cards left after the deal, drawn after each trick (the turned card included)
    turned_place: str  # dealer_hand, under_stock or aside
    tricks: int  # tricks a round
    widow: int = 0  # cards left out of the deal, face down, for the bid winner (the widow section)


@dataclass(frozen=True)
class Seating:
    """Who sits with whom in a round: each seat's side, its partners and its opponents, and who plays.

    A seat that sits out of the round (`table.sit_out`: the dealer at five or six) keeps its
    side but is dealt no card: it is nobody's opponent, and turns pass it by (`next_seat`).
    """

    team_of: tuple[int, ...]
    partners: tuple[tuple[int, ...], ...]
    opponents: tuple[tuple[int, ...], ...]
    partner: tuple[int | None, ...]  # the one partner of each seat, or None (no side of exactly two)
    in_play: tuple[int, ...] = ()  # the seats dealt in this round, in seat order
    next_seat: tuple[int, ...] = ()  # the next seat to speak or play after each seat, passing by those sitting out
    deal: Deal | None = None  # how the round's cards are shared out among the seats dealt in

    @classmethod
    def of(cls, team_of: tuple[int, ...], out=(), deal: Deal | None = None) -> "Seating":
        """The seating of sides `team_of`, with the seats `out` sitting out of the round (a seat, or several)."""
        n = len(team_of)
        out = {out} if isinstance(out, int) else set(out or ())
        seats = tuple(s for s in range(n) if s not in out)
        partners = tuple(tuple(o for o in seats if o != s and team_of[o] == team_of[s]) for s in range(n))
        opponents = tuple(tuple(o for o in seats if team_of[o] != team_of[s]) for s in range(n))
        following = tuple(next((o % n for o in range(s + 1, s + n + 1) if o % n not in out), s) for s in range(n))
        return cls(team_of, partners, opponents, tuple(p[0] if len(p) == 1 else None for p in partners), seats, following,
                   deal)

    def against(self, bidder: int) -> "Seating":
        """This round's seating with the bid winner (side 0) against all the others (side 1)."""
        out = [s for s in range(len(self.team_of)) if s not in self.in_play]
        return Seating.of(tuple(0 if s == bidder else 1 for s in range(len(self.team_of))), out, self.deal)

    def last_dealt(self, dealer: int) -> int:
        """The seat dealt the last card of a deal: the dealer, or the seat before it when the dealer sits out."""
        seat, n = dealer, len(self.team_of)
        while seat not in self.in_play:
            seat = (seat - 1) % n
        return seat


@dataclass
class Ruleset:
    """Everything the state machine needs, as plain data (see module docstring)."""

    system: str
    suits: tuple[str, ...]
    suit_codes: tuple[str, ...]
    ranks: tuple[int, ...]
    card_suit: tuple[int, ...]
    card_rank: tuple[int, ...]
    card_strength: tuple[int, ...]
    card_points: tuple[int, ...]
    card_text: tuple[str, ...]
    card_name: tuple[str, ...]
    top_rank: int
    removed_text: tuple[str, ...]  # the cards `deck.removed` takes out, as written (`2c`): no index, never dealt
    team_of: tuple[int, ...]
    partner: tuple[int | None, ...]  # the one partner of each seat, or None (no side of exactly two)
    opponents: tuple[tuple[int, ...], ...]
    hand_size: int
    has_dealer: bool
    first_speaker: str
    first_lead: str
    after_void: str
    bidding: BiddingRules | None
    calls: tuple[CallRules, ...]
    trump_choice: str
    swap_rank: int | None
    obligations: tuple[ObligationRules, ...]
    ghna: GhnaRules
    concession: frozenset[str] | None
    scoring: str
    last_trick_bonus: int
    match_end: str
    match_goal: int
    settings: dict
    tie: str | None = None
    # place_loses: the place of the ranking by points that loses (1 = most points, or "last"), and who is ranked
    # above whom on equal points there ("share": nobody, every player tied with the losing place loses)
    losing_place: int | str | None = None
    place_tie: str = "share"
    # `scoring.shares` (a match kept per seat): part of the round -> the multiple of its side's score a seat scores
    shares: dict = field(default_factory=dict)
    # `scoring.declarations paid_by_each`: each declaration's value is paid to its declarer by every other score entry
    declarations_paid: bool = False
    match_games: int | None = None  # games to win the match; each game ends as match_end says
    match_levels: tuple = ()  # wins needed at each level, innermost first: (games, cotos) (see engine/levels.py)
    match_remaining: int | None = None  # `match.end elimination`: the match ends with this many players left
    at_once: frozenset = frozenset()  # tute / capote: wins the game (or the match) at once
    match_carry: str | None = None  # `match.carry`: the round total each side carries across hands ("card_points", "points")
    at_once_test: Callable | None = None  # `match.at_once` as a condition, judged for each side during the round
    decide: tuple = ("highest_total",)  # `match.decide`: who wins when several sides reach the goal after a round
    requirements: dict = field(default_factory=dict)  # section -> ((rule id, test), ...) for bid, ghna, swap, concede
    # the ghna section's `require` lines that read no moment of the play (vocabulary.reads_play_time): a concession's
    # held declarations are judged by them, for their holder
    held_requirements: tuple = ()
    formulas: ScoringRules | None = None
    swap_rank_of: Callable | None = None  # the swap card's rank, from the turned card
    swap_ranks: tuple = ()  # the ranks such a formula names (`7 if turned_rank >= 10 else 2`: 2 and 7)
    next_round: str | None = "next_seat"  # None when `rotation.next_round` is a choice: `next_round_choice` says
    next_round_choice: tuple = ()  # ((test or None, word), ...): the first whose test holds on the finished round
    concession_by_one: bool = False
    concession_any_defender: bool = False  # `concession.proposer any_defender`: not only the defender to play
    pass_final: bool = True
    ghna_windows: frozenset = frozenset({"after_team_trick"})
    pre_lead_window: bool = False
    seats: int = 4
    partners: tuple[tuple[int, ...], ...] = ()  # every other seat of the same side
    sides: int = 2  # the number of sides of a round
    seating: Seating | None = None  # team_of, partners, opponents, partner as one value; a round may change it
    sit_out: str | None = None  # `table.sit_out` for this number of players: `dealer` sits out of each round
    sit_out_by_count: dict = field(default_factory=dict)  # `table.sit_out`: number of players left -> who sits out
    players: int = 4  # the players dealt in a round of the whole table: the seats, less the one sitting out
    deals: dict = field(default_factory=dict)  # players dealt in -> Deal, for every number a round may deal
    seating_cache: dict = field(default_factory=dict)  # (dealer, seats gone) -> the round's Seating
    against_bidder: bool = False  # sides set each round by the contract (`teams: bidder_against_rest`, `bidder_and_called`)
    call_own: bool = True  # `trump.choice called_card`: the bid winner may call a card of its own hand (and play alone)
    # `trump.instead`: the other contract the bid winner may make after the bidding: "none" (`trump none`, the round
    # without trumps) or "bid_winner" (`trump SUIT` where a card is called); None when not written
    trump_instead: str | None = None
    score_sides: int = 2  # the match scores kept: one per side, or one per seat when the sides change each round
    next_seat: tuple[int, ...] = (1, 2, 3, 0)
    stock_size: int = 0  # cards left after the deal, drawn after each trick (the turned card included)
    draw: bool = False  # after each trick every player draws one card from the stock, the winner first
    draw_after_window: bool = False  # `table.draw_time after_window`: the trick winner draws (`draw`) once its side has swapped and declared
    turned_place: str = "dealer_hand"  # where the turned card goes: dealer_hand, under_stock, aside
    tricks_per_round: int = 10
    swap_windows: frozenset = frozenset({"before_first_lead"})  # and/or after_team_trick (`trump.swap_window`)
    swap_chain: tuple[int, ...] = ()  # `trump.swap: 7, 2`: each rank takes the card the one before it left (empty: one swap)
    swap_links: int = 1  # how many swaps a round may see: the chain's length, else one
    late_swap_rule: str = "trump.swap"  # refuses a swap after the first card with only the window before it
    swap_compulsory: bool = False  # the holder must swap as soon as it may: no card is played until then
    first_lead_card: int | None = None  # `first_lead: holder(RANK, SUIT)`: the card whose holder leads the first trick
    vocabulary: Vocabulary = None
    play_text: tuple[str, ...] = ()
    call_text: tuple[str, ...] = ()  # `trump.choice called_card`: `call CARD` for every card, in deck order
    ghna_text: tuple[str, ...] = ()
    bid_text: dict = field(default_factory=dict)
    suited_bid_text: dict = field(default_factory=dict)  # `trump.choice in_bid`: amount -> the texts in suit order
    rank_bid_text: dict = field(default_factory=dict)  # `bidding.bids: ranks`: rank -> `bid rank R`, in calling order
    requirement_text: dict = field(default_factory=dict)
    pair_cards: tuple[tuple[int, int], ...] = ()
    rank_cards: dict = field(default_factory=dict)
    kind_cards: tuple = ()  # per kind of ghna.kinds: per suit its cards (one-suit kind), or the cards of its rank
    kind_text: tuple = ()  # per kind: per suit `ghna NAME SUIT` (one-suit kind), or `ghna NAME`
    claim: ClaimRules | None = None  # the claim section, when the spec has one
    redeal: RedealRules | None = None  # the redeal section, when the spec has one
    widow: WidowRules | None = None  # the widow section, when the spec has one
    parse_cache: dict = field(default_factory=dict)

    @property
    def ncards(self) -> int:
        return len(self.card_suit)

    def call(self, name: str) -> CallRules:
        return next(c for c in self.calls if c.name == name)


def fail(rule: m.Rule | None, message: str, code: str = "E310") -> ToutiError:
    """A located error about a rule the engine cannot honour."""
    loc = rule.loc if rule is not None else m.NOWHERE
    return ToutiError(Diagnostic(code, message, loc))


class _Reader:
    """Typed access to a spec's rule values, with located errors."""

    def __init__(self, spec: m.Spec):
        self.spec = spec
        self.names: Names | None = None

    def expression(self, rule_id: str, context: str, default: m.Expr) -> Callable:
        """A formula or condition rule compiled for its context; the default when the spec lacks the rule."""
        rule = self.spec.rule(rule_id)
        if rule is None:
            return predicates.compile_expr(default, context, self.names)
        return _condition(rule, m.as_expr(rule.value), context, self.names)

    def rule(self, rule_id: str) -> m.Rule:
        rule = self.spec.rule(rule_id)
        if rule is None:
            raise fail(None, f"the engine needs rule {rule_id}, which this spec lacks")
        return rule

    def number(self, rule_id: str) -> int:
        return self.rule(rule_id).value.value

    def word(self, rule_id: str, supported: tuple[str, ...]) -> str:
        rule = self.rule(rule_id)
        value = rule.value.value
        if value not in supported:
            raise fail(rule, f"{rule_id}: {value} is not supported by the engine (supported: {', '.join(supported)})")
        return value

    def optional_number(self, rule_id: str) -> int | None:
        return self.number(rule_id) if self.spec.has(rule_id) else None

    def table(self, rule_id: str) -> dict:
        return {e.key: e for e in self.rule(rule_id).value.entries}


def compile_spec(spec: m.Spec, settings: dict) -> Ruleset:
    """The Ruleset of a valid spec with the given match settings (see module docstring)."""
    spec = for_hand_size(spec, _table_choice(spec.rule("table.hand_size"), settings.get("hand_size")))
    refused = unsupported(spec)
    if refused:
        raise ToutiError(refused)
    read = _Reader(spec)
    deck = _compile_deck(read)
    teams = _compile_table(read, len(deck["card_suit"]), settings)
    kinds = spec.value("ghna.kinds")
    read.names = Names(deck["suits"], deck["ranks"], tuple(e.key for e in kinds.entries) if kinds is not None else ())
    rules = Ruleset(
        system=spec.system,
        **deck,
        **teams,
        **_compile_rotation(read, deck),
        bidding=_compile_bidding(read),
        calls=_compile_calls(read),
        **_compile_trump(read),
        obligations=_compile_obligations(read),
        ghna=_compile_ghna(read, deck) if read.spec.has("ghna.pair") else _no_ghna(deck),
        concession=_compile_concession(read),
        scoring=read.word("scoring.round", ("contract", "most_points", "middle_loses", "place_loses")),
        **_compile_places(read),
        shares=_compile_shares(read),
        declarations_paid=(read.spec.has("scoring.declarations")
                           and read.word("scoring.declarations", ("in_total", "paid_by_each")) == "paid_by_each"),
        last_trick_bonus=read.number("deck.last_trick"),
        **_compile_match(read, settings),
        tie=read.spec.value("scoring.tie").value if read.spec.has("scoring.tie") else None,
        requirements=_compile_section_requirements(read),
        held_requirements=_held_requirements(read),
        concession_by_one=read.spec.has("concession.consent") and read.spec.value("concession.consent").value == "one",
        concession_any_defender=(read.spec.has("concession.proposer")
                                 and read.spec.value("concession.proposer").value == "any_defender"),
        pass_final=read.word("bidding.pass", ("final", "not_final")) == "final" if read.spec.has("bidding.pass") else True,
        ghna_windows=_ghna_windows(read) if read.spec.has("ghna.window") else frozenset(),
        formulas=_compile_formulas(read),
        claim=_compile_claim(read),
        redeal=_compile_redeal(read),
        widow=_compile_widow(read),
    )
    rules.pre_lead_window = "before_first_lead" in rules.ghna_windows
    _add_lookup_tables(spec, rules)
    return rules


def _add_lookup_tables(spec: m.Spec, rules: Ruleset) -> None:
    """Texts and card groups precomputed so that the state machine never builds them."""
    rules.vocabulary = _vocabulary(spec, rules)
    rules.play_text = tuple(f"play {t}" for t in rules.card_text)
    rules.call_text = tuple(f"call {t}" for t in rules.card_text) if rules.trump_choice == "called_card" else ()
    rules.ghna_text = tuple(f"ghna {s}" for s in rules.suits)
    if rules.bidding is not None:
        rules.bid_text = {n: f"bid {n}" for n in range(0, rules.bidding.maximum + 1)}
        rules.rank_bid_text = {r: f"bid rank {r}" for r in rules.bidding.rank_order}
        if rules.trump_choice == "in_bid":
            rules.suited_bid_text = {n: tuple(f"bid {n} {s}" for s in rules.suits) for n in rules.bid_text}
    rules.requirement_text = {r.id: _requirement_text(r.value) for r in spec.rules if isinstance(r.value, m.Requirement)}
    # a card by suit and rank; None for a card `deck.removed` takes out (checks.py E219 keeps the songs' cards in)
    card = dict(((s, r), c) for c, (s, r) in enumerate(zip(rules.card_suit, rules.card_rank))).get
    suits = range(len(rules.suits))
    rules.pair_cards = tuple(tuple(card((s, r)) for r in rules.ghna.pair) for s in suits)
    rules.rank_cards = {r: tuple(card((s, r)) for s in suits) for r in rules.ranks}
    # a one-suit kind: its cards in each suit; a rank kind: the cards of its rank (any `count` of them make it); a kind
    # of named cards: those cards (all `count` of them make it)
    named = {text: c for c, text in enumerate(rules.card_text)}.get
    rules.kind_cards = tuple(
        tuple(tuple(card((s, r)) for r in kind.ranks) for s in suits) if kind.one_suit
        else tuple(named(card_text(r, code)) for r, code in kind.cards) if kind.cards
        else rules.rank_cards[kind.ranks[0]]
        for kind in rules.ghna.kinds)
    rules.kind_text = tuple(
        tuple(f"ghna {kind.name} {s}" for s in rules.suits) if kind.one_suit else f"ghna {kind.name}"
        for kind in rules.ghna.kinds)


def _requirement_text(req: m.Requirement) -> str:
    text = describe(req.condition)
    if req.when is not None:
        text += f" (when {describe(req.when)})"
    if req.unless is not None:
        text += f" (unless {describe(req.unless)})"
    return text


def describe(expr: m.Expr) -> str:
    """A condition in plain words, from the meanings in vocabulary.py."""
    if isinstance(expr, m.Num):
        return str(expr.value)
    if isinstance(expr, m.Compare):
        return f"{describe(expr.left)} {COMPARE_WORDS[expr.op]} {describe(expr.right)}"
    if isinstance(expr, m.Arith):
        return f"({describe(expr.left)} {expr.op} {describe(expr.right)})"
    if isinstance(expr, m.Neg):
        return f"minus {describe(expr.operand)}"
    if isinstance(expr, m.IfElse):
        return f"{describe(expr.then)} if {describe(expr.condition)}, else {describe(expr.otherwise)}"
    if isinstance(expr, m.Pred):
        info = PREDICATES.get(expr.name)
        meaning = info.meaning if info else expr.name
        named = ", ".join(str(a) for a in expr.args if a not in SIDE_WORDS)
        unnamed = "that kind" in meaning or "that suit" in meaning
        for arg in expr.args:
            meaning = meaning.replace("that call", str(arg)).replace("that side", SIDE_WORDS.get(arg, str(arg)))
        return meaning + (f" ({named})" if named and unnamed else "")
    if isinstance(expr, m.Not):
        return f"it must not be that {describe(expr.operand)}"
    joiner = " and " if isinstance(expr, m.All) else " or "
    return joiner.join(describe(e) for e in expr.operands)


def _compile_deck(read: _Reader) -> dict:
    suits = read.rule("deck.suits").value.items
    ranks = tuple(d.key for d in read.rule("deck.ranks").value.items)
    rank_labels = {d.key: d.label.text("en") for d in read.rule("deck.ranks").value.items}
    order = read.rule("deck.order").value.ranks
    points = read.table("deck.points")
    others = points["others"].value if "others" in points else 0
    removed = removed_cards(read.spec)  # `deck.removed`: cards taken out have no index at all
    cards = [(s, r) for s in range(len(suits)) for r in ranks if (r, suits[s].code) not in removed]
    strength = {rank: len(order) - i for i, rank in enumerate(order)}
    return dict(
        suits=tuple(d.key for d in suits),
        suit_codes=tuple(d.code for d in suits),
        ranks=ranks,
        card_suit=tuple(s for s, _ in cards),
        card_rank=tuple(r for _, r in cards),
        card_strength=tuple(strength.get(r, 0) for _, r in cards),
        card_points=tuple(points[r].value if r in points else others for _, r in cards),
        card_text=tuple(card_text(r, suits[s].code) for s, r in cards),
        card_name=tuple(f"the {_rank_name(r, rank_labels[r])} of {suits[s].key}" for s, r in cards),
        top_rank=order[0],
        removed_text=tuple(card_text(r, code) for r, code in removed),
    )


def _rank_name(rank: int, label: str) -> str:
    """`ace`, `rey`, but `3` rather than `three`: a numeral reads better for pip cards."""
    return str(rank) if NUMBER_WORDS.get(rank) == label.lower() else label


def _compile_table(read: _Reader, ncards: int, settings: dict) -> dict:
    """Seats, sides, the deal and the stock (checks.py has refused every shape the engine cannot seat)."""
    seats = _seat_count(read, settings.get("seats"))
    sit_out = _sit_out(read, seats)
    against_bidder = m.sides_per_round(read.spec)
    team_of = tuple(range(seats)) if against_bidder else _sides(read, seats)  # before a contract, each for oneself
    deals = {n - (_sit_out(read, n) is not None): None for n in _table_counts(read, seats)}
    deals = {players: _deal(read, ncards, players) for players in deals}
    deal = deals[seats - (sit_out is not None)]
    seating = Seating.of(team_of, deal=deal)
    return dict(
        seats=seats,
        sit_out=sit_out,
        sit_out_by_count={n: e.value for n, e in read.table("table.sit_out").items()} if read.spec.has("table.sit_out") else {},
        players=deal.players,
        deals=deals,
        team_of=team_of,
        partner=seating.partner,
        partners=seating.partners,
        opponents=seating.opponents,
        seating=seating,
        against_bidder=against_bidder,
        sides=2 if against_bidder else max(team_of) + 1,
        score_sides=seats if against_bidder else max(team_of) + 1,
        next_seat=tuple((s + 1) % seats for s in range(seats)),
        hand_size=deal.hand_size,
        stock_size=deal.stock_size,
        draw=read.spec.has("table.draw") and read.word("table.draw", ("none", "winner_first")) == "winner_first",
        draw_after_window=read.spec.has("table.draw_time")
        and read.word("table.draw_time", ("after_trick", "after_window")) == "after_window",
        turned_place=deal.turned_place,
        tricks_per_round=deal.tricks,
    )


def _table_counts(read: _Reader, seats: int) -> range:
    """The numbers of players a round may seat: the table's, and with `match.end elimination` every number down to
    one more than `match.remaining` (the match is over at that number)."""
    if read.spec.has("match.end") and read.spec.value("match.end").value == "elimination":
        return range(read.number("match.remaining") + 1, seats + 1)
    return range(seats, seats + 1)


def _deal(read: _Reader, ncards: int, players: int) -> Deal:
    """How a round deals `players` players: their hand size, the stock, where the turned card goes, the tricks."""
    hand_size = _hand_size(read, players)
    turned_place = read.word("trump.turned", TURNED_PLACES) if read.spec.has("trump.turned") else "dealer_hand"
    draw = read.spec.has("table.draw") and read.word("table.draw", ("none", "winner_first")) == "winner_first"
    widow = read.number("widow.size") if read.spec.has("widow.size") else 0
    left = ncards - players * hand_size - widow  # the widow is dealt apart (checks.py E207/E213 keep it exact)
    if turned_place == "aside" and not left:
        turned_place = "dealer_hand"  # no card is left over: the dealer's last card shows trumps, as dealt
    if left < 0 or (left and not draw and turned_place != "aside") or (not draw and turned_place == "under_stock"):
        raise fail(read.rule("table.hand_size"), f"table.hand_size: {players} hands of {hand_size} must use the {ncards} "
                                                  "cards of the deck, or leave a stock to draw (table.draw)")
    in_play = players * hand_size + (left - (turned_place == "aside") if draw else 0)
    if draw and in_play % players:
        raise fail(read.rule("table.draw"), f"table.draw: the {left} cards left after the deal do not go round "
                                            f"{players} players")
    return Deal(players, hand_size, left - (turned_place == "aside") if draw else 0, turned_place, in_play // players, widow)


TURNED_PLACES = ("dealer_hand", "under_stock", "aside")


def _seat_count(read: _Reader, chosen) -> int:
    rule = read.rule("table.seats")
    chosen = _table_choice(rule, chosen)
    if isinstance(rule.value, m.Setting):
        return rule.value.default if chosen is None else chosen
    return rule.value.value


def _table_choice(rule: m.Rule, chosen: int | None) -> int | None:
    """A table setting's choice (`--set seats=3`, `--set hand_size=7`), refused when the spec does not offer it."""
    if chosen is None:
        return None
    if not isinstance(rule.value, m.Setting):
        raise fail(rule, f"{rule.id} is fixed by this spec: it is not a setting", "E300")
    if chosen not in rule.value.choices:
        allowed = ", ".join(map(str, rule.value.choices))
        raise fail(rule, f"{rule.id} = {chosen} is not allowed (choices: {allowed})", "E300")
    return chosen


def _sit_out(read: _Reader, seats: int) -> str | None:
    """Who sits out of each round with this number of players (`table.sit_out`), or None."""
    if not read.spec.has("table.sit_out"):
        return None
    found = read.table("table.sit_out").get(seats)
    return None if found is None else found.value


def gone_from(rules: "Ruleset", scores: list[int]) -> frozenset:
    """The players out of the match (`match.end elimination`: they have lost `match.losses` hands), by the scores."""
    if rules.match_end != "elimination":
        return frozenset()
    return frozenset(seat for seat, lost in enumerate(scores) if lost >= rules.match_goal)


def round_seating(rules: "Ruleset", dealer: int | None, gone: frozenset = frozenset()) -> Seating:
    """The seating of a round dealt by `dealer`: the table's, less the players `gone` from the match (elimination)
    and less the dealer when it sits out at the number of players left (built once, then kept)."""
    if not rules.sit_out_by_count and not gone:
        return rules.seating
    key = (dealer, gone)
    found = rules.seating_cache.get(key)
    if found is None:
        left = rules.seats - len(gone)
        out = set(gone) | ({dealer} if rules.sit_out_by_count.get(left) == "dealer" else set())
        found = rules.seating_cache[key] = Seating.of(rules.team_of, out, rules.deals[rules.seats - len(out)])
    return found


def _sides(read: _Reader, seats: int) -> tuple[int, ...]:
    rule = read.rule("table.teams")
    if isinstance(rule.value, m.Word):
        if rule.value.value != "each":
            raise fail(rule, f"table.teams: {rule.value.value} is not supported by the engine (supported: each, "
                             "bidder_against_rest, bidder_and_called, or groups of seats)")
        return tuple(range(seats))
    groups = rule.value.groups
    if sorted(s for g in groups for s in g) != list(range(seats)):
        raise fail(rule, f"table.teams: the groups must share out the seats 0 to {seats - 1}")
    return tuple(next(t for t, g in enumerate(groups) if s in g) for s in range(seats))


def _hand_size(read: _Reader, players: int) -> int:
    """The cards dealt to each player, by the number of players dealt in."""
    rule = read.rule("table.hand_size")
    if isinstance(rule.value, m.Number):
        return rule.value.value
    sizes = {e.key: e.value for e in rule.value.entries}
    if players not in sizes:
        raise fail(rule, f"table.hand_size gives no hand size for {players} players")
    return sizes[players]


def _compile_rotation(read: _Reader, deck: dict) -> dict:
    has_dealer = read.word("rotation.dealer", ("yes", "no")) == "yes"
    first_speaker = read.word("rotation.first_speaker", ("after_dealer", "random"))
    lead_card = _first_lead_card(read, deck)
    first_lead = "holder" if lead_card is not None else read.word("rotation.first_lead", ("first_speaker", "after_dealer", "bid_winner"))
    read.word("rotation.turn_order", ("next_seat",))
    if not has_dealer and "after_dealer" in (first_speaker, first_lead):
        rule = read.rule("rotation.first_speaker" if first_speaker == "after_dealer" else "rotation.first_lead")
        raise fail(rule, f"{rule.id}: after_dealer needs rotation.dealer yes")
    return dict(
        has_dealer=has_dealer,
        first_speaker=first_speaker,
        first_lead=first_lead,
        first_lead_card=lead_card,
        after_void=read.word("rotation.after_void", ("next_seat", "same_seat")),
        **_compile_next_round(read),
    )


NEXT_ROUND_WORDS = ("next_seat", "last_trick_winner", "hand_loser", "hand_winner", "same_seat")


def _compile_next_round(read: _Reader) -> dict:
    """`rotation.next_round`: a word, or a choice of words by conditions on the finished round (word_choice.py), each
    condition compiled once for the `next_round` context."""
    rule = read.rule("rotation.next_round")
    if isinstance(rule.value, m.Word):
        return {"next_round": read.word("rotation.next_round", NEXT_ROUND_WORDS)}
    choice = []
    for branch in branches(rule.value) or ():
        if branch.word not in NEXT_ROUND_WORDS:
            raise fail(rule, f"rotation.next_round: {branch.word} is not supported by the engine")
        test = None if branch.condition is None else _condition(rule, branch.condition, "next_round", read.names)
        choice.append((test, branch.word))
    return {"next_round": None, "next_round_choice": tuple(choice)}


def _first_lead_card(read: _Reader, deck: dict) -> int | None:
    """The card of `rotation.first_lead: holder(RANK, SUIT)` (checks.py has checked that the deck has it); None for a word."""
    value = read.rule("rotation.first_lead").value
    if not isinstance(value, m.Formula):
        return None
    rank, suit = value.expr.args
    cards = list(zip(deck["card_rank"], deck["card_suit"]))
    return cards.index((rank, deck["suits"].index(suit)))


def _compile_bidding(read: _Reader) -> BiddingRules | None:
    if not read.spec.has("bidding.minimum"):
        return None
    read.word("bidding.all_pass", ("void",))
    rounds = read.optional_number("bidding.rounds")
    if rounds is not None and rounds != 1:
        raise fail(read.rule("bidding.rounds"), "bidding.rounds: only 1 (each player speaks once) limits the auction")
    step = read.number("bidding.step")
    if step <= 0:
        raise fail(read.rule("bidding.step"), "bidding.step must be positive")
    return BiddingRules(
        minimum=read.number("bidding.minimum"),
        step=step,
        maximum=read.number("bidding.maximum"),
        never_stands=read.optional_number("bidding.never_stands"),
        last_speaker_minimum=read.optional_number("bidding.last_speaker_minimum"),
        single_round=rounds == 1,
        pass_allowed=read.expression("bidding.pass_allowed", "bid", m.Num(1)) if read.spec.has("bidding.pass_allowed") else None,
        **_rank_bids(read),
    )


def _rank_bids(read: _Reader) -> dict:
    """`bidding.bids: ranks`: the calling order (`bidding.ranks`, else `deck.order`) and the contract of a rank bid."""
    if not read.spec.has("bidding.bids") or read.word("bidding.bids", ("points", "ranks")) != "ranks":
        return {}
    rule = "bidding.ranks" if read.spec.has("bidding.ranks") else "deck.order"
    return dict(rank_order=tuple(read.rule(rule).value.ranks), rank_contract=read.number("bidding.rank_contract"),
                rank_order_rule=rule)


def _compile_calls(read: _Reader) -> tuple[CallRules, ...]:
    return tuple(_compile_call(read, name) for name in read.spec.calls)


def _compile_call(read: _Reader, name: str) -> CallRules:
    rules = [r for r in read.spec.section(name) if r.kind == "call"]  # by the index: a scan per call is quadratic
    by_key = {r.key: r for r in rules}
    values = tuple(str(d.key) for d in by_key["values"].value.items) if "values" in by_key else None
    requirements = tuple(
        (r.id, compile_requirement(r, "call", read.names)) for r in rules if isinstance(r.value, m.Requirement)
    )
    effect = by_key["effect"].value.value if "effect" in by_key else "stay"
    texts = tuple(f"{name} {v}" for v in values) if values is not None else (name,)
    if "raise" in by_key and not all(v.isdigit() for v in values or ("",)):
        raise fail(by_key["raise"], f"{name}.raise partner_minimum needs numeric values (the push amounts)")
    by_value = values is not None and any(_names_calling(r.value) for r in rules if isinstance(r.value, m.Requirement))
    return CallRules(name, values, effect == "leave", requirements, "raise" in by_key, texts, by_value)


def _names_calling(req: m.Requirement) -> bool:
    def walk(expr) -> bool:
        if isinstance(expr, m.Pred):
            return expr.name == "calling"
        inner = getattr(expr, "operands", None) or [getattr(expr, n) for n in ("operand", "left", "right", "condition",
                                                                               "then", "otherwise") if hasattr(expr, n)]
        return any(walk(part) for part in inner)

    return any(walk(e) for e in (req.condition, req.when, req.unless) if e is not None)


def compile_requirement(rule: m.Rule, context: str, names: Names | None) -> Callable:
    """A `require` line as one test: true when the action is allowed by it."""
    req = rule.value
    test = _condition(rule, req.condition, context, names)
    when = _condition(rule, req.when, context, names) if req.when is not None else None
    unless = _condition(rule, req.unless, context, names) if req.unless is not None else None
    if when is None and unless is None:
        return test
    return lambda st, s, a: ((when is not None and not when(st, s, a)) or (unless is not None and bool(unless(st, s, a)))
                             or bool(test(st, s, a)))


REQUIREMENT_CONTEXTS = {"bidding": "bid", "ghna": "declare", "trump": "swap", "concession": "concede", "claim": "claim"}


def _compile_section_requirements(read: _Reader) -> dict:
    found: dict = {}
    for rule in read.spec.rules:
        if rule.kind == "section" and isinstance(rule.value, m.Requirement) and rule.section != "scoring":
            context = REQUIREMENT_CONTEXTS.get(rule.section)
            if context is None:
                raise fail(rule, f"{rule.id}: a `require` line belongs in a call or in the bidding, ghna, trump, "
                                 "concession, claim or scoring section")
            found.setdefault(rule.section, []).append((rule.id, compile_requirement(rule, context, read.names)))
    return {section: tuple(tests) for section, tests in found.items()}


def _held_requirements(read: _Reader) -> tuple:
    """The ghna section's `require` lines that a concession judges for a held declaration: those that read no moment
    of the play (the window it cannot wait for), compiled as the declaring ones."""
    return tuple((rule.id, compile_requirement(rule, "declare", read.names)) for rule in read.spec.section("ghna")
                 if isinstance(rule.value, m.Requirement) and not reads_play_time(rule.value))


SCORING_DEFAULTS: dict[str, m.Expr] = {
    "contract_made": m.Compare(">=", m.Pred("points", ("bidders",)), m.Pred("contract")),
    "made": m.Pred("contract"),
    "made_defenders": m.Num(0),
    "failed": m.Num(0),
    "failed_defenders": m.Pred("contract"),
    "winner": m.Num(1),
    "loser": m.Num(0),
}


def _compile_places(read: _Reader) -> dict:
    """`scoring.losing_place` (a place from 1, or `last`) and `scoring.place_tie` (`share` when unwritten)."""
    if not read.spec.has("scoring.losing_place"):
        return {}
    place = read.spec.value("scoring.losing_place")
    tie = read.spec.value("scoring.place_tie")
    return {"losing_place": place.value, "place_tie": tie.value if isinstance(tie, m.Word) else "share"}


def _compile_shares(read: _Reader) -> dict:
    """`scoring.shares`: each part written (checks.py E608 keeps them known whole numbers); unwritten parts score 1."""
    if not read.spec.has("scoring.shares"):
        return {}
    return {entry.key: entry.value for entry in read.spec.value("scoring.shares").entries}


# Where the match scores count hands lost (`match.end losses` / `elimination`), a hand lost counts one and a hand won
# nothing, as the pages say ("a player who has lost 4 hands leaves the match"): the defaults above would count a hand
# won as a hand lost.
LOSS_COUNT_DEFAULTS: dict[str, m.Expr] = {"winner": m.Num(0), "loser": m.Num(1)}


def _compile_formulas(read: _Reader) -> ScoringRules:
    void = read.expression("scoring.capote_void", "round", m.Num(0)) if read.spec.has("scoring.capote_void") else None
    standing = tuple((rule.id, compile_requirement(rule, "standing", read.names)) for rule in read.spec.section("scoring")
                     if isinstance(rule.value, m.Requirement))
    defaults = dict(SCORING_DEFAULTS)
    if read.spec.value("match.end") in (m.Word("losses"), m.Word("elimination")):
        defaults.update(LOSS_COUNT_DEFAULTS)
    return ScoringRules(**{key: read.expression(f"scoring.{key}", "round", default)
                           for key, default in defaults.items()}, capote_void=void, standing=standing)


def _condition(rule: m.Rule, expr: m.Expr, phase: str, names: Names | None = None) -> Callable:
    try:
        return predicates.compile_expr(expr, phase, names)
    except KeyError as error:
        known = ", ".join(sorted(predicates.predicate_names(phase)))
        raise fail(rule, f"{rule.id}: {error.args[0]} is not a {phase} predicate the engine knows ({known})") from None


TRUMP_CHOICES = ("bid_winner", "turned_card", "in_bid", "called_card", "none")


def _compile_trump(read: _Reader) -> dict:
    choice = dict(trump_choice=read.word("trump.choice", TRUMP_CHOICES), call_own=_call_own(read),
                  trump_instead=read.word("trump.instead", ("none", "bid_winner")) if read.spec.has("trump.instead") else None)
    rule = read.spec.rule("trump.swap")
    if rule is None:
        return dict(choice, swap_rank=None)
    compulsory = read.spec.has("trump.swap_duty") and read.word("trump.swap_duty", ("allowed", "compulsory")) == "compulsory"
    # a swap tried after the first card where only the window before it is open breaks the window's rule, where written
    late = "trump.swap_window" if read.spec.has("trump.swap_window") else "trump.swap"
    choice.update(swap_windows=_swap_windows(read), swap_compulsory=compulsory, late_swap_rule=late)
    if isinstance(rule.value, m.Number):
        return dict(choice, swap_rank=rule.value.value)
    if isinstance(rule.value, m.Numbers):  # a chain: the first rank takes the turned card, each next one the card left
        chain = tuple(rule.value.values)
        return dict(choice, swap_rank=chain[0], swap_chain=chain, swap_links=len(chain))
    # a formula: the swap card's rank depends on the turned card
    named = {branch.value for node in m.expr_nodes(m.as_expr(rule.value)) if isinstance(node, m.IfElse)
             for branch in (node.then, node.otherwise) if isinstance(branch, m.Num)}
    return dict(choice, swap_rank=-1, swap_rank_of=read.expression("trump.swap", "swap", m.Num(0)),
                swap_ranks=tuple(sorted(named)))


def _call_own(read: _Reader) -> bool:
    """`trump.call_own`: whether the bid winner may call its own card (allowed when the rule is not written)."""
    return not read.spec.has("trump.call_own") or read.word("trump.call_own", ("allowed", "refused")) == "allowed"


SWAP_WINDOWS = ("before_first_lead", "after_team_trick")


def _listed_words(rule: m.Rule) -> tuple[str, ...]:
    """The words of a rule that takes one word or a list of them."""
    return (rule.value.value,) if isinstance(rule.value, m.Word) else rule.value.words


def _swap_windows(read: _Reader) -> frozenset:
    """When the swap may be made: one window, or both (`swap_window: before_first_lead, after_team_trick`); before the
    first lead when unwritten."""
    rule = read.spec.rule("trump.swap_window")
    if rule is None:
        return frozenset(SWAP_WINDOWS[:1])
    words = _listed_words(rule)
    unknown = [w for w in words if w not in SWAP_WINDOWS]
    if unknown or len(set(words)) != len(words):
        raise fail(rule, f"trump.swap_window: {', '.join(words)} is not supported (each of {', '.join(SWAP_WINDOWS)} "
                         "at most once)")
    return frozenset(words)


def _compile_obligations(read: _Reader) -> tuple[ObligationRules, ...]:
    duties = [r for r in read.spec.section("play") if isinstance(r.value, m.Obligation)]
    exempt = _exemptions(read, {r.key for r in duties})
    read.word("play.free_discard", ("any",))
    # the trick winner follows from the trumps: with none (`highest_led`, checks.py E421) no card is ever a trump, so
    # play.py's highest trump never exists and the highest card of the led suit wins
    read.word("trick.winner", ("highest_trump_else_led", "highest_led"))
    read.word("trick.next_leader", ("winner",))
    return tuple(_compile_obligation(r, r.key in exempt, read.names) for r in _ordered_duties(read, duties))


def _ordered_duties(read: _Reader, duties: list[m.Rule]) -> list[m.Rule]:
    """The duties in `play.order` when the spec gives one (a variant reorders or inserts), else in spec order."""
    rule = read.spec.rule("play.order")
    if rule is None:
        return duties
    keys = _listed_words(rule)
    by_key = {d.key: d for d in duties}
    if sorted(keys) != sorted(by_key):
        raise fail(rule, "play.order must list every play duty of the spec exactly once: " + ", ".join(by_key))
    return [by_key[k] for k in keys]


def _compile_obligation(rule: m.Rule, exempt: bool, names: Names | None) -> ObligationRules:
    duty = rule.value
    if duty.duty not in DUTIES:
        raise fail(rule, f"{rule.id}: unknown duty {duty.duty}")
    when = _condition(rule, duty.when, "play", names) if duty.when is not None else None
    unless = _condition(rule, duty.unless, "play", names) if duty.unless is not None else None
    return ObligationRules(rule.id, rule.key, duty.duty, when, unless, exempt)


def _exemptions(read: _Reader, keys: set[str]) -> set[str]:
    rule = read.rule("play.partner_exemption")
    words = _listed_words(rule)
    if words == ("none",):
        return set()
    if words == ("all",):
        return keys
    unknown = [w for w in words if w not in keys]
    if unknown:
        raise fail(rule, f"play.partner_exemption: {', '.join(unknown)} is not a play obligation of this spec")
    return set(words)


def _compile_ghna(read: _Reader, deck: dict) -> GhnaRules:
    pair = read.rule("ghna.pair").value.values
    values = read.table("ghna.values")
    no_trumps = "trump" not in values  # a table without trumps (checks.py E420): every ghna is plain
    read.word("ghna.in_hand", ("yes",))
    read.word("ghna.same_suit", ("once",))
    per_trick = read.number("ghna.per_trick")
    if len(pair) != 2 or any(r not in deck["ranks"] for r in pair):
        raise fail(read.rule("ghna.pair"), "ghna.pair: two ranks of the deck")
    if per_trick < 1:
        raise fail(read.rule("ghna.per_trick"), "ghna.per_trick must be at least 1")
    limit = read.word("ghna.limit", ("cap", "minimum", "none"))
    who = read.word("ghna.who", ("bidding_team", "both", "bid_winner"))
    if read.spec.has("ghna.lend"):
        read.word("ghna.lend", ("once",))
    return GhnaRules(
        pair=(pair[0], pair[1]),
        trump_value=values["plain" if no_trumps else "trump"].value,
        plain_value=values["plain"].value,
        both_teams=who == "both",
        per_trick=per_trick,
        limit=limit,
        caps=_caps(read) if limit == "cap" else (),
        minimum_plain=read.table("ghna.minimums")["plain"].value if limit == "minimum" else 0,
        minimum_trump=read.table("ghna.minimums").get("trump", read.table("ghna.minimums")["plain"]).value
        if limit == "minimum" else 0,
        tute_ranks=_tute_ranks(read, deck["ranks"]),
        bid_winner_only=who == "bid_winner",
        lend=read.spec.has("ghna.lend"),
        kinds=_kinds(read, deck["ranks"], deck["suit_codes"]),
        kind_minimums=_kind_minimums(read, limit),
    )


def _no_ghna(deck: dict) -> GhnaRules:
    """A spec without a ghna section: no declaration is ever legal (the pair is any two ranks, never declared)."""
    return GhnaRules(pair=(deck["ranks"][0], deck["ranks"][1]), trump_value=0, plain_value=0, both_teams=True,
                     per_trick=0, limit="none", caps=(), minimum_plain=0, minimum_trump=0, tute_ranks=(), off=True)


GHNA_WINDOWS = ("after_team_trick", "after_own_trick", "before_first_lead")


def _ghna_windows(read: _Reader) -> frozenset:
    rule = read.rule("ghna.window")
    words = _listed_words(rule)
    unknown = [w for w in words if w not in GHNA_WINDOWS]
    if unknown or ("after_team_trick" in words and "after_own_trick" in words):
        raise fail(rule, f"ghna.window: {', '.join(words)} is not supported (one of after_team_trick, after_own_trick, "
                         "optionally with before_first_lead)")
    return frozenset(words)


def _caps(read: _Reader) -> tuple[tuple[int, int | None, bool], ...]:
    rule = read.rule("ghna.caps")
    rows = []
    for entry in rule.value.entries:
        unknown = [f for f in entry.flags if f != "plain_only"]
        if unknown or not isinstance(entry.key, int):
            raise fail(rule, f"ghna.caps: unsupported row {entry.key} = {entry.value} {' '.join(entry.flags)}")
        rows.append((entry.key, entry.value, "plain_only" in entry.flags))
    return tuple(sorted(rows))


def _kinds(read: _Reader, ranks: tuple[int, ...], codes: tuple[str, ...]) -> tuple:
    rule = read.spec.rule("ghna.kinds") if read.spec.has("ghna.kinds") else None
    if rule is None:
        return ()
    kinds = []
    for entry in rule.value.entries:
        kind, message = read_kind(entry, ranks, len(codes), codes)
        if kind is None:
            raise fail(rule, f"ghna.kinds: {message}")
        kinds.append(kind)
    return tuple(kinds)


def _kind_minimums(read: _Reader, limit: str) -> tuple:
    if limit != "minimum" or not read.spec.has("ghna.kinds"):
        return ()
    rows = {e.key: e.value for e in read.spec.value("ghna.minimums").entries}
    return tuple(rows.get(e.key) for e in read.spec.value("ghna.kinds").entries)


def _tute_ranks(read: _Reader, ranks: tuple[int, ...]) -> tuple[int, ...]:
    value = read.spec.value("ghna.tute")
    if value is None or isinstance(value, m.Word):
        if isinstance(value, m.Word) and value.value != "none":
            raise fail(read.rule("ghna.tute"), f"ghna.tute: {value.value} is not supported (a list of ranks, or none)")
        return ()
    found = (value.value,) if isinstance(value, m.Number) else value.values
    if any(r not in ranks for r in found):
        raise fail(read.rule("ghna.tute"), "ghna.tute: ranks of the deck")
    return tuple(found)


def _compile_concession(read: _Reader) -> frozenset[str] | None:
    if not read.spec.has("concession.who"):
        return None
    read.word("concession.who", ("defenders",))
    read.word("concession.consent", ("both", "one"))
    read.word("concession.proposer", ("defender_to_play", "any_defender"))
    value = read.rule("concession.award").value
    words = (value.value,) if isinstance(value, m.Word) else value.words
    return frozenset(words)


# Terms that tell apart two cards of one suit with the same strength run and worth: merging them would be unsound.
CARD_NAMING_TERMS = ("holds_pair",)


def _compile_claim(read: _Reader) -> ClaimRules | None:
    if not read.spec.has("claim.window"):
        return None
    window = read.word("claim.window", ("to_lead", "to_play"))
    false = read.word("claim.false", ("opponents_take_rest", "play_on", "loses_hand", "loses_game"))
    rule = read.spec.rule("claim.holds")
    if rule is None or isinstance(rule.value, m.Word):
        if rule is not None:
            read.word("claim.holds", ("rest",))
        return ClaimRules(window, false, cards_merge(read.spec), points_blind=points_blind(read.spec))
    return ClaimRules(window, false, cards_merge(read.spec), _condition(rule, rule.value.expr, "claimed", read.names),
                      points_blind(read.spec))


def _compile_redeal(read: _Reader) -> RedealRules | None:
    if not read.spec.has("redeal.when"):
        return None
    test = read.expression("redeal.when", "deal", m.Num(0))
    by = read.word("redeal.by", ("automatic", "holder"))
    return RedealRules(test, by == "holder", read.word("redeal.dealer", ("same_seat", "next_seat")) == "same_seat")


def _compile_widow(read: _Reader) -> WidowRules | None:
    if not read.spec.has("widow.size"):
        return None
    read.word("widow.by", ("bid_winner",))
    return WidowRules(read.number("widow.size"), read.word("widow.take", ("optional", "compulsory")) == "compulsory",
                      read.word("widow.points", ("taker", "nobody")) == "taker")


def cards_merge(spec: m.Spec) -> bool:
    """Whether no play duty's condition tells apart two cards of one suit, strength run and worth (claim.py)."""
    conditions = [part for r in spec.section("play") if isinstance(r.value, m.Obligation)
                  for part in (r.value.when, r.value.unless) if part is not None]
    return not any(isinstance(node, m.Pred) and (node.name in CARD_NAMING_TERMS or (node.name == "holds" and _names_rank(node)))
                   for part in conditions for node in m.expr_nodes(part))


POINT_DUTIES = ("no_points", "points", "least_points")
POINT_TERMS = ("trick_points", "hand_points")


def points_blind(spec: m.Spec) -> bool:
    """Whether no play duty (`no_points`, `least_points`, ...) nor duty condition (`trick_points`, `hand_points`) reads
    what the cards are worth: then who may play what depends on suits and strengths only (claim.py)."""
    duties = [r.value for r in spec.section("play") if isinstance(r.value, m.Obligation)]
    conditions = [part for duty in duties for part in (duty.when, duty.unless) if part is not None]
    return not any(duty.duty in POINT_DUTIES for duty in duties) and not any(
        isinstance(node, m.Pred) and node.name in POINT_TERMS for part in conditions for node in m.expr_nodes(part))


def _names_rank(pred: m.Pred) -> bool:
    """`holds` naming anything but a card group (trump, led): perhaps a rank (kept simple: a suit counts too)."""
    return any(arg not in ("trump", "led") for arg in pred.args)


def _compile_match(read: _Reader, settings: dict) -> dict:
    end = read.word("match.end", ("target", "hands", "losses", "elimination", "rounds"))
    chosen = {}
    for key, value in settings.items():
        if key in TABLE_SETTINGS:  # a table setting, read by _seat_count or _chosen_hand_size
            chosen[key] = value
            continue
        rule = read.spec.rule(f"match.{key}")
        if rule is None or not isinstance(rule.value, m.Setting):
            raise fail(None, f"unknown setting {key}: this spec's settings are {_settings_names(read)}", "E300")
        if value not in rule.value.choices:
            allowed = ", ".join(map(str, rule.value.choices))
            raise fail(rule, f"match.{key} = {value} is not allowed (choices: {allowed})", "E300")
        chosen[key] = value
    goal_rule = read.rule("match.losses" if end == "elimination" else f"match.{end}")
    goal = chosen.get(goal_rule.key, goal_rule.value.default)
    levels = _levels(read, chosen)
    remaining = read.number("match.remaining") if end == "elimination" else None
    return dict(match_end=end, match_goal=goal, settings=chosen, match_games=levels[0] if levels else None,
                match_levels=levels, **_at_once(read), decide=_deciders(read.spec.value("match.decide")),
                match_remaining=remaining,
                match_carry=read.word("match.carry", ("card_points", "points")) if read.spec.has("match.carry") else None)


def _levels(read: _Reader, chosen: dict) -> tuple[int, ...]:
    """The wins needed at each level of the match, innermost first (games, then cotos), as the table chose them."""
    levels = []
    for rule_id in MATCH_LEVELS:
        if not read.spec.has(rule_id):
            break
        key = rule_id.split(".")[1]
        levels.append(chosen.get(key, read.rule(rule_id).value.default))
    return tuple(levels)


def _at_once(read: _Reader) -> dict:
    """`match.at_once`: its words (read at the end of the round), or its condition compiled (judged during it)."""
    rule = read.spec.rule("match.at_once")
    if rule is None:
        return {}
    if isinstance(rule.value, m.Formula):
        return {"at_once_test": _condition(rule, rule.value.expr, "at_once", read.names)}
    words = _listed_words(rule)
    return {"at_once": frozenset(words)}


def _deciders(value: m.Value | None) -> tuple[str, ...]:
    """`match.decide` as a tuple of words; unwritten, the higher total wins (and equal totals play on)."""
    if value is None:
        return ("highest_total",)
    return (value.value,) if isinstance(value, m.Word) else tuple(value.words)


def _settings_names(read: _Reader) -> str:
    names = [r.key for r in read.spec.section("match") if isinstance(r.value, m.Setting)]
    names += [name for name, rule_id in TABLE_SETTINGS.items() if isinstance(read.spec.value(rule_id), m.Setting)]
    return ", ".join(names) or "none"


def _vocabulary(spec: m.Spec, rules: Ruleset) -> Vocabulary:
    return Vocabulary(
        suits=rules.suits,
        cards={t: c for c, t in enumerate(rules.card_text)},
        calls={c.name: c.values for c in rules.calls},
        has_bidding=rules.bidding is not None,
        has_swap=rules.swap_rank is not None,
        has_draw=rules.draw_after_window,
        has_concession=rules.concession is not None,
        has_tute=spec.has("ghna.tute"),
        has_ghna=not rules.ghna.off,
        bid_suits=rules.trump_choice == "in_bid",
        bid_ranks=frozenset(rules.ranks) if rules.bidding is not None and rules.bidding.rank_order else frozenset(),
        has_lend=rules.ghna.lend,
        has_claim=spec.has("claim.window"),
        kinds={kind.name: (index, kind.one_suit) for index, kind in enumerate(rules.ghna.kinds)},
        has_redeal=spec.has("redeal.by") and spec.value("redeal.by").value == "holder",
        has_widow=spec.has("widow.size"),
        has_called_card=rules.trump_choice == "called_card",
        no_trump_contract=rules.trump_instead == "none",
        removed=frozenset(rules.removed_text),
    )
