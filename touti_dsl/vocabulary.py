"""The vocabulary of the expression language: the state terms a condition or a formula may name.

Specs never contain code: every condition (`require`, `when`, `unless`) and every formula
(`scoring.made: 2 * contract`) is an expression over the terms listed here.  A term is a
truth (`bid_made`) or a number (`contract`, `tricks_won(team)`); it may be used only in
the contexts where the engine can give it a value, and it takes arguments of the kinds
it names.  `checks.py` enforces all three with located errors; the engine implements
each term once (engine/predicates.py); the docs turn each into words through the
translation catalogs (`pred.NAME`).  Adding a term here is a language change: document
it in docs/language.md.

Contexts — where an expression is evaluated, and for whom:
- `call`: a call's preconditions, for the seat that would make the call;
- `bid`: the bidding section's `require` lines, for the seat that would bid (`amount`, and
  `bid_suit` when the bid names trumps);
- `play`: a play duty's `when` / `unless`, for the seat about to play;
- `declare`: the ghna section's `require` lines, for the seat that would declare;
- `swap`: the trump section's `require` lines, for the seat that would swap;
- `concede`: the concession section's `require` lines, for the seat that would concede;
- `claim`: the claim section's `require` lines, for the seat that would claim the rest;
- `deal`: `redeal.when`, for each seat dealt in, on the hand just dealt (trumps are known
  only when a turned card shows them);
- `round`: the scoring formulas, once the round is over (no seat: sides are named);
- `at_once`: a condition of `match.at_once`, evaluated for each side after every trick and
  every declaration (`team` is that side, `opponents` the others): the first side it holds
  for wins the game at once;
- `claimed`: `claim.holds` written as a condition, judged for the claimant's side (`team`, the
  others `opponents`) on the round so far, at the moment of the claim: the terms of `at_once`;
- `standing`: the scoring section's `require` lines, judged for each player dealt in (`team`,
  the others `opponents`) on the finished round, before a ranking by place: the terms of
  `at_once`.
"""

from __future__ import annotations

from dataclasses import dataclass

BIDDING = frozenset({"call", "bid"})
TABLE = frozenset({"play", "declare", "swap", "concede", "claim"})
ROUND = frozenset({"round"})
# a side judged on the round so far: match.at_once, claim.holds; on the finished round: scoring's `require` lines
AT_ONCE = frozenset({"at_once", "claimed", "standing"})
DEAL = frozenset({"deal"})
NEXT_ROUND = frozenset({"next_round"})
FINISHED = ROUND | NEXT_ROUND  # the round is over: scored, or read to say who deals next
EVERYWHERE = BIDDING | TABLE | ROUND | AT_ONCE | DEAL

CONTEXT_NAMES = {
    "call": "a call's precondition",
    "bid": "a bidding requirement",
    "play": "a play duty's condition",
    "declare": "a declaration requirement",
    "swap": "a trump swap requirement",
    "concede": "a concession requirement",
    "claim": "a claim requirement",
    "deal": "a redeal condition",
    "round": "a scoring formula",
    "at_once": "a condition that wins the game at once",
    "claimed": "the condition a claim states",
    "next_round": "the choice of who deals next",
    "standing": "a condition each player must meet at the end of the hand, or lose it",
}

# Argument kinds.  A term lists the kinds its arguments may be, each at most once.
SEAT_SIDES = ("self", "partner", "team", "opponents")
CONTRACT_SIDES = ("bidders", "defenders")
RESULT_SIDES = ("winner", "loser")
AT_ONCE_SIDES = ("team", "opponents")  # in `match.at_once` / `claim.holds`: the side judged (the claimant's), and the others
DEALER_SIDES = ("team", "opponents")  # in `rotation.next_round`: the dealer's side (the first speaker's, without a dealer)
ARG_KINDS = {
    "side": "a side: self, partner, team, opponents, bidders or defenders (winner, loser in scoring; team, opponents, "
            "bidders, defenders in match.at_once, claim.holds and scoring's `require` lines; winner, loser, bidders, defenders and team, opponents "
            "(the dealer's side and the others) in rotation.next_round)",
    "kind": "a kind of declaration: trump (the 40), plain (a 20), tute, or the name of a kind of ghna.kinds",
    "suit": "a suit of the deck",
    "rank": "a rank of the deck",
    "call": "a call of this spec",
    "card_group": "trump or led",
    "value": "a value of the call being made (its `values`)",
}
DECLARATION_KINDS = ("trump", "plain", "tute")


@dataclass(frozen=True, slots=True)
class PredicateInfo:
    """A term: its name, whether it is a truth or a number, where it may be used, its arguments, its meaning.

    `args` lists the argument kinds the term accepts (each at most once, in any order);
    `required` how many arguments it needs at least.
    """

    name: str
    result: str  # "truth" | "number"
    contexts: frozenset[str]
    meaning: str
    args: tuple[str, ...] = ()
    required: int = 0

    @property
    def takes_call(self) -> bool:
        return self.args == ("call",)


def _truth(name, contexts, meaning, args=(), required=0):
    return PredicateInfo(name, "truth", frozenset(contexts), meaning, args, required)


def _number(name, contexts, meaning, args=(), required=0):
    return PredicateInfo(name, "number", frozenset(contexts), meaning, args, required)


PREDICATES: dict[str, PredicateInfo] = {
    p.name: p
    for p in (
        # the auction, for the seat that would speak
        _truth("my_turn", BIDDING, "it is this player's turn to speak"),
        _truth("self_out", BIDDING, "this player is out of the bidding (passed where a pass is final, or made a call that leaves it)"),
        _truth("self_bidding", BIDDING, "this player is still in the bidding"),
        _truth("spoken", BIDDING, "this player has already spoken this round (bid, passed or made a call on its turn)"),
        _truth("partner_to_bid", BIDDING, "it is this player's partner's turn to speak"),
        _truth("partner_bidding", BIDDING, "this player's partner is still in the bidding"),
        _truth("partner_holds_high", BIDDING, "this player's partner holds the highest bid"),
        _truth("bid_made", BIDDING, "a bid has been made this round"),
        _truth("opponent_bidding", BIDDING, "at least one opponent is still in the bidding"),
        _truth("holds_ace", BIDDING | DEAL, "this player holds at least one ace (a card of the strongest rank)"),
        _truth("last_speaker", BIDDING, "every other player has passed or left the bidding, nobody having bid"),
        _truth("is_dealer", BIDDING | TABLE | DEAL, "this player is the dealer"),
        _truth("made", BIDDING, "this player has already made that call this round", ("call",), 1),
        _truth("made_at_level", BIDDING, "this player has already made that call at the current highest bid", ("call",), 1),
        # the value of the call being made: a truthful `signal las` (`require truthful: holds_ace when calling(las)`)
        _truth("calling", {"call"}, "the call being made carries that value", ("value",), 1),
        _number("high_bid", BIDDING, "the highest bid so far (0 before any bid)"),
        _number("amount", {"bid"}, "the amount of the bid being made"),
        _truth("bid_suit", {"bid"}, "the bid being made names that suit as trumps", ("suit",), 1),
        # the play, for the seat about to act
        _truth("trick_trumped", TABLE, "a trump has been played to this trick and the led suit is not trumps"),
        _truth("led_trump", TABLE, "a trump has been led to this trick"),
        _truth("partner_winning", TABLE, "this player's partner currently wins the trick"),
        _truth("partner_unbeatable", {"play"}, "this player's partner wins the trick and nobody still to play holds a card that beats it"),
        _truth("leading", TABLE, "this player leads the trick"),
        _truth("holds_led", TABLE, "this player holds a card of the led suit"),
        _truth("holds_trump", TABLE | DEAL, "this player holds a trump"),
        _truth("can_win", {"play"}, "this player holds a card that would win the trick as it stands"),
        _truth("won_last", TABLE, "the last trick was won by that side", ("side",), 1),
        _number("window_declarations", {"declare"}, "the declarations made by that side since the last trick "
                "(by anyone when no side is named)", ("side",)),
        _number("trick_number", TABLE, "the number of the trick being played (1 for the first)"),
        _number("trick_points", TABLE, "the card points already in the trick being played"),
        _truth("first_trick", TABLE, "no trick has been completed yet this round"),
        # the contract
        _truth("has_contract", TABLE | FINISHED | AT_ONCE, "a contract was made in the bidding"),
        _number("contract", TABLE | FINISHED | AT_ONCE, "the contract's amount (0 without a contract)"),
        _truth("bid_winner", TABLE, "this player made the contract"),
        _truth("bidding_side", TABLE, "this player's side holds the contract"),
        # after a swap of a chain (`trump.swap: 7, 2`) it reads the card that swap left (docs/language.md); the words
        # stay those of the turned card: they are the case descriptions of every swap requirement
        _number("turned_rank", BIDDING | TABLE | DEAL, "the rank of the turned card (0 without one)"),
        # counts of the round so far
        _number("tricks_won", TABLE | FINISHED | AT_ONCE, "the tricks won so far this round by that side", ("side",), 1),
        _number("declarations", TABLE | FINISHED | AT_ONCE, "the declarations made this round, by that side and of that kind or suit "
                "(all of them when not named)", ("side", "kind", "suit")),
        _number("declared_points", TABLE | FINISHED | AT_ONCE, "the points declared this round by that side", ("side",), 1),
        _truth("holds", BIDDING | TABLE | DEAL, "this player holds a card of that suit (or trumps, or the led suit) "
               "and of that rank, each when named (`holds(trump, 2)`: the 2 of trumps)",
               ("suit", "rank", "card_group"), 1),
        _number("cards_held", BIDDING | TABLE | DEAL, "the cards this player holds of that suit, trumps or the led suit, "
                "and of that rank (`cards_held(trump, 2)`: the 2 of trumps; all of its cards when nothing is named)",
                ("suit", "rank", "card_group")),
        _number("hand_points", BIDDING | TABLE | DEAL, "the card points of the cards this player holds"),
        # in the bidding too: a truthful `signal kont` ("I have a ghna"); no trumps are named yet, so `holds_pair(trump)`
        # is false until they are
        _truth("holds_pair", TABLE | BIDDING, "this player holds both cards of a ghna of that kind or suit, not yet declared",
               ("kind", "suit")),
        _truth("stock_empty", EVERYWHERE, "no card is left to draw"),
        _number("cards_left", EVERYWHERE, "the cards left to draw"),
        # the declaration being made
        _truth("declaring", {"declare"}, "the declaration being made is of that kind or suit", ("kind", "suit"), 1),
        _number("value", {"declare"}, "the points of the declaration being made"),
        # the round so far (in match.at_once) or finished (in the scoring formulas)
        _number("points", FINISHED | AT_ONCE, "that side's total: card points, last-trick bonus and declarations", ("side",), 1),
        _number("card_points", FINISHED | AT_ONCE, "the card points that side took", ("side",), 1),
        _truth("capote", FINISHED | AT_ONCE, "that side won every trick", ("side",), 1),
        _truth("last_trick", FINISHED, "that side won the last trick", ("side",), 1),
        _truth("conceded", FINISHED, "the defenders conceded the round"),
        _truth("tute", FINISHED | AT_ONCE, "the round was won by a tute"),
        # who deals next: "after a hand tied at sixty, the same dealer deals again"
        _truth("hand_tied", NEXT_ROUND, "nobody won the hand: the highest total is shared and no tie-break settled it"),
        # "the dealer keeps the deal while their side wins": `same_seat if won_hand(team) else next_seat`
        _truth("won_hand", NEXT_ROUND, "that side won the hand", ("side",), 1),
        # the match, as it stood when the round began
        _number("score", FINISHED | AT_ONCE, "that side's match score carried into the round (in the current game)",
                ("side",), 1),
        # a second count kept across the hands of a game (`match.carry`): "reach 120 in one or two hands"
        _number("carried", FINISHED | AT_ONCE, "what that side carried into the round from the earlier hands of the "
                "game (match.carry)", ("side",), 1),
        _number("target", FINISHED | AT_ONCE, "the target score (of the match, or of each game in a match of games)"),
    )
}


@dataclass(frozen=True, slots=True)
class DutyInfo:
    """A play duty: which cards it narrows the choice to, applied only 'if able'."""

    name: str
    meaning: str


DUTIES: dict[str, DutyInfo] = {
    d.name: d
    for d in (
        DutyInfo("follow", "play a card of the led suit"),
        DutyInfo("beat_led", "play a card of the led suit higher than the highest card of the led suit in the trick"),
        # some tables only ask to beat the card led ("montar: superar el valor de la carta de salida")
        DutyInfo("beat_first", "play a card of the led suit higher than the card led (the first card of the trick)"),
        DutyInfo("trump", "play a trump"),
        DutyInfo("beat_trump", "play a trump higher than every trump in the trick"),
        DutyInfo("win", "play a card that wins the trick"),
        DutyInfo("no_undertrump", "avoid playing a trump lower than the trick's best trump"),
        DutyInfo("no_points", "play a card worth no points"),
        DutyInfo("points", "play a card worth points"),
        DutyInfo("least_points", "play a card of the fewest points among those you may play"),
    )
}


# Duties that narrow the choice to trumps: without any trumps (`trump.choice: none`) they could never apply, a rule
# that never decides on a page that would speak of trumps (checks.py E420).  Following and heading the led suit stay.
TRUMP_DUTIES = ("trump", "beat_trump", "no_undertrump")
# Terms that read trumps or the turned card: false or 0 in every round without trumps, a condition that never decides
# (E420, as is a `trump` argument); `bid_suit`, a suit named in the bid, is already E310 outside `trump.choice in_bid`.
TRUMP_TERMS = ("trick_trumped", "led_trump", "holds_trump", "turned_rank")
# Terms of the `declare` context that read the moment of the play: the trick being played, the window after a trick,
# the tricks and declarations so far, the stock (and any term given the `led` suit).  A concession's award of the held
# declarations (`concession.award: held_ghna`) cannot wait for a window: it judges the ghna section's `require` lines
# that read none of them, for the holder, as if it declared at the concession, and leaves out those that do
# (`reads_play_time`; engine/ghna.held_undeclared, the pages' `concession.held_requirements`).
PLAY_TIME_TERMS = frozenset({"trick_trumped", "led_trump", "partner_winning", "leading", "holds_led", "won_last",
                             "window_declarations", "trick_number", "trick_points", "first_trick", "tricks_won",
                             "declarations", "declared_points", "stock_empty", "cards_left"})


def reads_play_time(requirement) -> bool:
    """Whether a `require` line (its condition, `when` or `unless`) reads a term of PLAY_TIME_TERMS or the led suit."""
    from .model import Pred, expr_nodes

    parts = (requirement.condition, requirement.when, requirement.unless)
    return any(isinstance(node, Pred) and (node.name in PLAY_TIME_TERMS or "led" in node.args)
               for part in parts if part is not None for node in expr_nodes(part))


@dataclass(frozen=True, slots=True)
class TermInfo:
    """A term of the game that a spec's `system.glossary` may name in each language (the players' own words)."""

    name: str
    word: str  # the English word the pages use when the spec gives none
    meaning: str


TERMS: dict[str, TermInfo] = {
    t.name: t
    for t in (
        TermInfo("trick", "trick", "the cards played, one by each player; the strongest card wins them all"),
        TermInfo("last_trick", "last trick", "the round's last trick, worth a bonus to the team that wins it"),
        TermInfo("bidding", "bidding", "the auction before the play, in which the teams bid for the contract"),
        TermInfo("bid", "bid", "a number of points a player undertakes that the team will take"),
        TermInfo("pass", "pass", "declining to bid when one's turn comes"),
        TermInfo("contract", "contract", "the highest bid, which the bidding team must reach"),
        TermInfo("bidding_team", "bidding team", "the team of the player who won the bidding"),
        TermInfo("defenders", "defenders", "the other team, which tries to stop the contract"),
        TermInfo("trump_suit", "trumps", "the suit of the round that beats every other suit"),
        TermInfo("trump", "trump", "a card of the trump suit"),
        TermInfo("follow", "follow suit", "play a card of the suit that was led"),
        TermInfo("overtake", "head the trick", "play a higher card of the led suit than the best one already played"),
        TermInfo("ruff", "trump", "play a trump when one holds no card of the led suit"),
        TermInfo("overtrump", "overtrump", "play a higher trump than a trump already in the trick"),
        TermInfo("raise", "push", "telling the partner to bid higher"),
        TermInfo("ghna", "ghna", "two cards of one suit held in one hand, declared for points"),  # a page names the ranks: ghna.pair
        TermInfo("tute", "tute", "the four cards of one rank in one hand, declared: the hand is won at once"),  # ghna.tute
        TermInfo("las", "las", "the announcement “I have an ace”"),
        TermInfo("kont", "kont", "the announcement “I have a ghna”"),
        TermInfo("concession", "concession", "the defenders giving up the rest of the round"),
        TermInfo("dealer", "dealer", "the player who deals the cards"),
        TermInfo("round", "round", "one deal of the cards, played out to the last trick"),
        TermInfo("match", "match", "the rounds played until a team wins"),
    )
}
