"""Which rules a spec may contain, the shape each takes, and the words each accepts.

This is the language's reference table: `checks.py` validates a flattened spec against
it, the docs list it in the language reference, and the formatter uses its section
order.  Rule ids are `section.key`; in a `call NAME` block they are `NAME.key`, with the
keys of CALL_RULES plus one free key per `require NAME: ...` precondition; in `play`,
every rule written `must DUTY ...` is an obligation, applied in spec order.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import model as m


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """One rule the language knows: its shapes, its vocabulary and whether it is required."""

    id: str
    shapes: tuple[type, ...]
    words: tuple[str, ...] = ()
    required: bool = True
    meaning: str = ""

    @property
    def section(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def key(self) -> str:
        return self.id.split(".", 1)[1]


YES_NO = ("yes", "no")
WORDS = (m.Word,)
# A formula or a condition: written as an expression, or as a lone number or word.
EXPRESSION = (m.Formula, m.Number, m.Word)


def _r(rule_id, shapes, words=(), required=True, meaning=""):
    return RuleSpec(rule_id, shapes if isinstance(shapes, tuple) else (shapes,), words, required, meaning)


RULES: tuple[RuleSpec, ...] = (
    _r("system.title", m.Text, meaning="the name of the rule system"),
    _r("system.summary", m.Text, required=False, meaning="the rule system in one line"),
    _r("system.source", m.Text, required=False, meaning="where the rules come from"),
    _r("system.glossary", m.Decls, required=False,
       meaning="the players' words for the terms of the game, per language, first the word the pages use, then its other spellings"),
    _r("deck.suits", m.Decls, meaning="the suits, each with a one-letter code, a label and aliases"),
    _r("deck.ranks", m.Decls, meaning="the ranks of a suit, each with a label and aliases"),
    _r("deck.order", m.Order, meaning="the order of the ranks in a suit, strongest first"),
    _r("deck.points", m.Table, meaning="the card points of each rank; `others` for the rest"),
    _r("deck.last_trick", m.Number, meaning="the bonus for winning the last trick"),
    _r("deck.removed", m.Cards, required=False,
       meaning="single cards taken out of the deck, each its rank then its suit's code (`2c`): nobody is dealt them, "
               "draws them or turns them"),
    _r("table.seats", (m.Number, m.Setting),
       meaning="the number of players, 2 to 6 (a setting when the table may choose: default and allowed values)"),
    _r("table.teams", (m.Groups, m.Word), ("each", "bidder_against_rest", "bidder_and_called"),
       meaning="the sides: groups of partners (seats are numbered in play order), `each` for every player for oneself, "
               "`bidder_against_rest`: each round, the bid winner against all the others, or `bidder_and_called`: each "
               "round, the bid winner and the holder of the card it calls (`trump.choice called_card`) against the others, "
               "the bid winner alone when the card is its own"),
    _r("table.sit_out", m.Table, ("dealer",), required=False,
       meaning="who sits out of each round, by number of players at the table (`5 = dealer`): the dealer deals but "
               "is dealt no card, and neither plays nor wins nor loses that round"),
    _r("table.hand_size", (m.Number, m.Setting, m.Table),
       meaning="the cards dealt to each player (a setting when the table may choose: default and allowed values; "
               "a table by number of players dealt in when the seats are a setting)"),
    _r("table.draw", WORDS, ("none", "winner_first"), required=False,
       meaning="the cards left after the deal form a stock; after each trick every player draws one, the winner first"),
    _r("table.draw_time", WORDS, ("after_trick", "after_window"), required=False,
       meaning="when the stock is drawn: right after each trick (`after_trick`, as when the rule is not written), or "
               "once the trick winner's side has swapped and declared, when the trick winner draws (`draw`), before "
               "the next lead (`after_window`)"),
    _r("table.direction", WORDS, ("counterclockwise", "clockwise"), meaning="the direction of play around the table"),
    _r("table.signs", WORDS, ("allowed", "forbidden"), required=False,
       meaning="whether partners may make signs to each other about their cards during the play (a table custom: "
               "docs only, engines see no signs)"),
    _r("table.partner_hands", WORDS, ("hidden", "shown"), required=False,
       meaning="whether partners may show each other their hands during the play (a table custom: docs only, each "
               "player's view of the round stays its own)"),
    _r("table.partnerships", WORDS, ("agreed", "first_kings", "high_cards"), required=False,
       meaning="how the partnerships are formed: agreed before the match, or drawn: cards dealt face up one at a time "
               "until two kings (rank 12) come out, whose receivers are partners against the other two (`first_kings`), "
               "or a card drawn by each player, the two highest partners against the two lowest (`high_cards`) (a "
               "table custom: docs only, the seats of `table.teams` stand for the partnerships drawn)"),
    _r("rotation.dealer", WORDS, YES_NO, meaning="whether a dealer deals each round"),
    _r("rotation.first_speaker", WORDS, ("after_dealer", "random"), meaning="who speaks first in a round"),
    _r("rotation.first_lead", (m.Word, m.Formula), ("first_speaker", "after_dealer", "bid_winner"),
       meaning="who leads the first trick: the first speaker, the player after the dealer, the player who made the "
               "contract (`bid_winner`), or the holder of a card (`holder(2, oros)`)"),
    _r("rotation.next_round", (m.Word, m.Formula), ("next_seat", "last_trick_winner", "hand_loser", "hand_winner", "same_seat"),
       meaning="who deals (or speaks first) in the next round: the next seat, the winner of the last trick, the first "
               "seat, after the current one, of the side that lost (hand_loser) or won (hand_winner) the hand, or the "
               "same seat again (same_seat); or a choice by conditions on the finished round: "
               "`same_seat if hand_tied else next_seat`"),
    _r("rotation.after_void", WORDS, ("next_seat", "same_seat"), meaning="how it moves on after a void (all-pass) round"),
    _r("redeal.when", EXPRESSION,
       meaning="when a deal is void and dealt again: a condition on one player's hand, just dealt (`deal` context); "
               "the deal is void when it holds for a player dealt in"),
    _r("redeal.by", WORDS, ("automatic", "holder"),
       meaning="who voids the deal: nobody (`automatic`: the round is void as soon as it is dealt), or the player whose "
               "hand meets `redeal.when` (`holder`: its option, `redeal`, before the first action of the round)"),
    _r("redeal.dealer", WORDS, ("same_seat", "next_seat"),
       meaning="who deals again: the same dealer (or first speaker), or the next seat as after any round"),
    _r("rotation.turn_order", WORDS, ("next_seat",), meaning="who speaks or plays next"),
    _r("rotation.first_dealer", WORDS, ("random", "first_king", "highest_card"), required=False,
       meaning="how the first dealer of a match is chosen: by lot, or cards dealt face up one at a time until a king "
               "(rank 12) comes out, whose receiver deals, or a card drawn by each player, the highest (in the order "
               "of the ranks) dealing (a table custom: docs only, engines take it from the seed)"),
    _r("rotation.cut", m.Number, required=False,
       meaning="the fewest cards the player who cuts the shuffled deck must lift, and must leave (a table custom: "
               "docs only, engines deal from the seed)"),
    _r("rotation.misdeal", WORDS, ("redeal", "redeal_once", "pass_deal"), required=False,
       meaning="what follows a misdeal: the same dealer deals again; the same dealer deals again once and a second "
               "misdeal in a row passes the deal to the next player; or the deal passes on at once (a table custom: "
               "docs only, engines never misdeal)"),
    _r("bidding.minimum", m.Number, meaning="the lowest bid"),
    _r("bidding.step", m.Number, meaning="bids are multiples of this and each raises the last by at least this"),
    _r("bidding.maximum", m.Number, meaning="the highest bid"),
    _r("bidding.pass", WORDS, ("final", "not_final"),
       meaning="whether a pass is final for the round; when it is not, the bidding ends after a bid followed by a pass of "
               "every other player in turn"),
    _r("bidding.all_pass", WORDS, ("void",), meaning="what happens when all pass: the round is void and nobody scores"),
    _r("bidding.never_stands", m.Number, required=False, meaning="a bid that may open but never stands as the contract"),
    _r("bidding.last_speaker_minimum", m.Number, required=False, meaning="the lowest opening of the last player to speak"),
    _r("bidding.rounds", m.Number, required=False, meaning="1: each player speaks once and the highest bid stands"),
    _r("bidding.pass_allowed", EXPRESSION, required=False, meaning="when a player to speak may pass (a condition)"),
    _r("bidding.bids", WORDS, ("points", "ranks"), required=False,
       meaning="what a bid names: a number of points (`bid 80`, as when the rule is not written), or a rank (`bid rank 3`), "
               "each call weaker than the last in the order of `bidding.ranks`, a rank bid being a contract of "
               "`bidding.rank_contract` points; once the weakest rank is called the bids go on in points, from "
               "`bidding.minimum` to `bidding.maximum`; under `trump.choice called_card` the card called is of the "
               "contract's rank"),
    _r("bidding.ranks", m.Order, required=False,
       meaning="the ranks a bid may name, in the order they are called, strongest first: each call names a rank after the "
               "last one called (`bidding.bids: ranks`; when the rule is not written, `deck.order`)"),
    _r("bidding.rank_contract", m.Number, required=False,
       meaning="the contract of a bid on a rank, in points (`bidding.bids: ranks`)"),
    _r("widow.size", m.Number,
       meaning="the cards left out of the deal, face down (the widow): the hands and the widow share out the deck"),
    _r("widow.by", WORDS, ("bid_winner",),
       meaning="who may take the widow, after the bidding and before the first lead: the bid winner (`take widow`), "
               "who then puts aside as many cards of the hand (`discard CARD`, one at a time)"),
    _r("widow.take", WORDS, ("optional", "compulsory"),
       meaning="whether the bid winner may leave the widow where it lies (`leave widow`: optional) or must take it"),
    _r("widow.points", WORDS, ("taker", "nobody"),
       meaning="what the cards put aside count for: the card points of the taker's side, as if won in a trick "
               "(`taker`), or nothing (`nobody`); a widow left where it lies counts for nobody"),
    _r("trump.choice", WORDS, ("bid_winner", "turned_card", "in_bid", "called_card", "none"),
       meaning="how trumps are chosen: by the bid winner after the bidding, by the turned card, named in each bid "
               "(`bid 80 oros`), the contract's suit becoming trumps, or by the card the bid winner calls after the "
               "bidding (`call 3c`), its suit becoming trumps; `none`: the round has no trump suit at all"),
    _r("trump.call_own", WORDS, ("allowed", "refused"), required=False,
       meaning="whether the bid winner may call a card of its own hand (`trump.choice called_card`) and so play alone "
               "against all the others (`allowed`, as when the rule is not written), or must call a card another player holds"),
    _r("trump.instead", WORDS, ("none", "bid_winner"), required=False,
       meaning="a contract of another kind the bid winner may make instead, after the bidding (`trump.choice "
               "bid_winner` or `called_card`): `none`, the round played without trumps (`trump none`); `bid_winner`, "
               "trumps it names itself (`trump copas`) where a card is called; either way no card is called, so "
               "where the called card sets the sides the bid winner plays alone"),
    _r("trump.swap", (m.Number, m.Numbers, m.Formula), required=False,
       meaning="the rank of trumps that may be exchanged for the turned card (a formula may depend on `turned_rank`); "
               "several ranks make a chain: each next rank may take the card the swap before it left"),
    _r("trump.turned", WORDS, ("dealer_hand", "under_stock", "aside"), required=False,
       meaning="where the turned card goes: the dealer's hand, face up under the stock (drawn last), or set aside (the "
               "card left over after the deal; when none is, the dealer's last card)"),
    _r("trump.swap_duty", WORDS, ("allowed", "compulsory"), required=False,
       meaning="whether the holder of the swap card may make the swap, or must make it as soon as it is possible "
               "(no card is played until then)"),
    _r("trump.swap_window", (m.Word, m.WordList), ("before_first_lead", "after_team_trick"), required=False,
       meaning="when the swap may be made: before the first lead, or after a trick won by one's side, before the next "
               "lead (while the turned card is still to be taken: under the stock until it is drawn, in the dealer's hand "
               "until the dealer plays it, or set aside); both words, each once, open both windows"),
    _r("play.partner_exemption", (m.Word, m.WordList), meaning="the duties lifted while one's partner wins the trick (`none`)"),
    _r("play.order", (m.Word, m.WordList), required=False,
       meaning="the order in which the play duties apply, when it differs from the order they are written in"),
    _r("play.free_discard", WORDS, ("any",), meaning="when no duty applies, any card may be played"),
    _r("trick.winner", WORDS, ("highest_trump_else_led", "highest_led"),
       meaning="who wins a trick: the highest trump if any, else the highest card of the led suit; or, at a table "
               "without trumps (`trump.choice: none`), the highest card of the led suit"),
    _r("trick.next_leader", WORDS, ("winner",), meaning="who leads the next trick"),
    _r("trick.review", WORDS, ("none", "last", "all"), required=False,
       meaning="which tricks already won a player may look at again: none, only the last one, or all (a table custom: "
               "docs only, an engine's view of the round may show more)"),
    _r("ghna.pair", m.Numbers, meaning="the two ranks of a ghna, held in one hand"),
    _r("ghna.values", m.Table, meaning="the value of a ghna in trumps and in a plain suit"),
    _r("ghna.who", WORDS, ("bidding_team", "both", "bid_winner"),
       meaning="who may declare: the bidding team, either team, or the bid winner alone"),
    _r("ghna.lend", WORDS, ("once",), required=False,
       meaning="with `who: bid_winner`, the bid winner may once a round let the partner declare one ghna (`lend`)"),
    _r("ghna.window", (m.Word, m.WordList), ("after_team_trick", "after_own_trick", "before_first_lead"),
       meaning="when a ghna may be declared: after a trick won by one's side, or only after one's own trick; "
               "and, with before_first_lead, also before the first card of the round is led"),
    _r("ghna.per_trick", m.Number, meaning="declarations per won trick, for the whole team"),
    _r("ghna.in_hand", WORDS, ("yes",), meaning="both cards must still be in the declarer's hand"),
    _r("ghna.same_suit", WORDS, ("once",), meaning="a suit may be declared once per round"),
    _r("ghna.limit", WORDS, ("cap", "minimum", "none"), meaning="how the contract limits declarations"),
    _r("ghna.caps", m.Table, required=False, meaning="the total declared at most, by contract level"),
    _r("ghna.minimums", m.Table, required=False, meaning="the lowest contract for each kind of ghna"),
    _r("ghna.tute", (m.Word, m.Number, m.Numbers), required=False, meaning="ranks whose four cards in one hand, sung, win the hand at once"),
    _r("ghna.kinds", m.Table, required=False,
       meaning="other combinations that may be declared: `NAME = VALUE RANKS [trump VALUE] [wins_hand]`, different "
               "ranks of one suit or one rank of several suits, or `NAME = VALUE CARDS [wins_hand]`, the very cards named "
               "(`bazzica = 40 11e 10o`); `wins_hand`: declaring it wins the hand at once"),
    _r("concession.who", WORDS, ("defenders",), meaning="which team may concede"),
    _r("concession.consent", WORDS, ("both", "one"), meaning="who must agree: both defenders, or the proposer alone"),
    _r("concession.proposer", WORDS, ("defender_to_play", "any_defender"),
       meaning="who may propose: the defender whose turn it is to play, or either defender at any time of the play "
               "(at most once per trick for the defending team, either way)"),
    _r("concession.award", (m.Word, m.WordList), ("remaining_cards", "last_trick", "held_ghna"), meaning="what the bidding team receives"),
    _r("claim.window", WORDS, ("to_lead", "to_play"),
       meaning="when a player may claim every remaining trick for its side: when about to lead a trick, or whenever "
               "it is its turn to play (never while cards are left to draw, nor while the trump swap may still be made)"),
    _r("claim.holds", (m.Word, m.Formula), ("rest",), required=False,
       meaning="what a claim states: `rest`, every remaining trick for the claimant's side (judged by playing it "
               "out; the default), or a condition judged for the claimant's side (`team`) on the round so far at "
               "the moment of the claim (an announcement: `points(team) >= 101`)"),
    _r("claim.false", WORDS, ("opponents_take_rest", "play_on", "loses_hand", "loses_game"),
       meaning="what a claim that does not hold costs: the opponents take every remaining trick (two sides only), "
               "the play goes on and the claimant's side may not claim again this round, or the claimant's side "
               "loses the hand or the game at once (two sides only; a claim of a condition that holds wins it)"),
    _r("scoring.round", WORDS, ("contract", "most_points", "middle_loses", "place_loses"),
       meaning="how a round is scored: a contract, the most points winning, or (each for oneself) the middle score "
               "losing or the place `scoring.losing_place` names losing"),
    _r("scoring.contract_made", EXPRESSION, required=False,
       meaning="when the contract is made (by default: `points(bidders) >= contract`)"),
    _r("scoring.made", EXPRESSION, required=False, meaning="what the bidding side scores when it makes the contract"),
    _r("scoring.made_defenders", EXPRESSION, required=False, meaning="what the defenders score when the contract is made"),
    _r("scoring.failed", EXPRESSION, required=False, meaning="what the bidding side scores when it fails the contract"),
    _r("scoring.failed_defenders", EXPRESSION, required=False, meaning="what the defenders score when the contract fails"),
    _r("scoring.winner", EXPRESSION, required=False, meaning="what the side that wins the hand scores (most points)"),
    _r("scoring.loser", EXPRESSION, required=False, meaning="what the side that loses the hand scores (most points)"),
    _r("scoring.capote_void", EXPRESSION, required=False,
       meaning="when a capote does not count (middle_loses): a condition judged for the side that took every trick "
               "(`winner`); when it holds, that side alone loses the hand instead of every other"),
    _r("scoring.losing_place", (m.Number, m.Word), ("last",), required=False,
       meaning="which place of the ranking by points loses the hand (place_loses): 1 for the most points, 2 for the "
               "second most, ..., or `last` for the fewest; the tute wins the hand at once as ever, and a capote "
               "is ranked like any other hand"),
    _r("scoring.place_tie", WORDS, ("share", "none", "last_trick", "first_speaker"), required=False,
       meaning="players tied on points at the losing place (place_loses): they all lose (`share`, the default), "
               "nobody loses (`none`: the hand scores nothing), or the player who won the last trick, or the first "
               "speaker, ranks above the others tied with it"),
    _r("scoring.tie", WORDS, ("last_trick", "first_speaker", "bidders", "none"), required=False,
       meaning="who wins a tie for the most points: the side that won the last trick, the side of the round's first "
               "speaker (the hand), the bidding side, or nobody (`none`: the hand scores nothing)"),
    _r("scoring.shares", m.Table, required=False,
       meaning="where the match is kept per player (`teams: bidder_against_rest` or `bidder_and_called`), the "
               "multiple of its side's score each player scores by its part in the round: `bid_winner` (the contract "
               "maker with a partner), `partner` (the holder of the called card), `alone` (the contract maker without "
               "a partner; `bid_winner` when unwritten) and `defenders` (each other player); 1 for a part unwritten"),
    _r("scoring.declarations", WORDS, ("in_total", "paid_by_each"), required=False,
       meaning="what a declaration scores besides its side's total: nothing more (`in_total`, the default), or "
               "`paid_by_each`: its value is paid at once to its declarer by each other player dealt in (each other "
               "side, at a table of partners), whoever wins the hand"),
    _r("scoring.renounce", WORDS, ("loses_hand", "loses_game", "loses_match"), required=False,
       meaning="the penalty for an illegal play: the hand, the game or the whole match lost (docs only: engines refuse it)"),
    _r("match.end", WORDS, ("target", "hands", "losses", "elimination", "rounds"),
       meaning="how a match ends: a side reaches a target score, wins a number of hands, or loses a number of hands; "
               "or `rounds`: after a fixed number of hands played, the highest total wins; "
               "or `elimination`: a player who has lost `match.losses` hands leaves the match, and the others play on "
               "until `match.remaining` players are left"),
    _r("match.target", m.Setting, required=False, meaning="the score that wins the match (default and allowed values)"),
    _r("match.hands", m.Setting, required=False, meaning="the hands won that win the match (default and allowed values)"),
    _r("match.rounds", m.Setting, required=False,
       meaning="with `end: rounds`, the hands played (a void hand not counted) after which the match is over: the "
               "highest total wins, a tie settled by `match.decide` or by playing on (default and allowed values)"),
    _r("match.losses", m.Setting, required=False,
       meaning="the hands lost (porotos) that end the match: once a side has lost that many, every other side wins "
               "(with `end: elimination`, that player leaves the match)"),
    _r("match.remaining", m.Number, required=False,
       meaning="with `end: elimination`, the players left when the match ends (they win it): it ends once that many, "
               "or fewer, are left"),
    _r("match.games", m.Setting, required=False,
       meaning="the games a side must win to win the match (games won make a coto with `match.cotos`): each game is played as `match.end` says, then "
               "the scores start again from zero (default and allowed values)"),
    _r("match.cotos", m.Setting, required=False,
       meaning="the cotos a side must win to win the match, when `match.games` games won make a coto: after each coto "
               "the games won start again from zero (default and allowed values)"),
    _r("match.carry", WORDS, ("card_points", "points"), required=False,
       meaning="a second count each side keeps across the hands of the match (of each game, with `match.games`), "
               "besides its match score: the card points it took (`card_points`), or its round totals (`points`: "
               "card points, last-trick bonus and declarations); read in conditions as `carried(side)`, the count "
               "carried into the round from the hands before it"),
    _r("match.decide", (m.Word, m.WordList), ("highest_total", "last_trick", "first_speaker", "bidders"), required=False,
       meaning="who wins when several sides reach the target (or the hands) after the same round, deciders in turn: the "
               "highest total, the side that won the last trick, the side of the round's first speaker, the bidding side; "
               "when none decides, the game goes on (unwritten: `highest_total`)"),
    _r("match.at_once", (m.Word, m.WordList, m.Formula), ("tute", "capote"), required=False,
       meaning="what wins the game (the match, without `match.games`) at once: a sung tute, a capote (every trick of "
               "a round taken by one side), a kind of ghna.kinds that wins the hand, or a condition checked for each "
               "side after every trick and declaration"),
    _r("match.next_pair", WORDS, ("losers_leave", "same_pairs"), required=False,
       meaning="who plays the next match where more pairs wait their turn at the one table: the pair that lost leaves "
               "for the next pair waiting (`losers_leave`), or the same two pairs play again (`same_pairs`) (a table "
               "custom: docs only, engines play one match)"),
)

# The parts a player may play in a round where the match is kept per player, the rows of `scoring.shares`.
SHARE_PARTS = ("bid_winner", "partner", "alone", "defenders")

# The levels of a match played in games, innermost first: each counts the wins of the level below it
# (games won make a coto, cotos won make the match); a level is written only with every level below it.
MATCH_LEVELS = ("match.games", "match.cotos")

# The table rules a table may choose, by their `--set` name (the match's settings are named by their key).
TABLE_SETTINGS = {"seats": "table.seats", "hand_size": "table.hand_size"}

CALL_RULES: tuple[RuleSpec, ...] = (
    _r("call.title", m.Text, required=False, meaning="the name of the call on the rules pages, per language"),
    _r("call.values", m.Decls, required=False, meaning="the values the call can take; none means the call stands alone"),
    _r("call.effect", WORDS, ("leave", "stay"), meaning="whether the call takes its maker out of the bidding"),
    _r("call.raise", WORDS, ("partner_minimum",), required=False, meaning="the call sets the minimum of the partner's next raise"),
)

# The rules of the turned card that a table without trumps (`trump.choice: none`) cannot have (checks.py E420): no
# card is turned to show trumps, so none lies under the stock or aside, and none may be exchanged (`trump.swap`
# itself applies only with `choice: turned_card`, E108).
TURNED_CARD_RULES = ("trump.turned", "trump.swap_window", "trump.swap_duty")

SECTIONS = ("system", "deck", "table", "rotation", "redeal", "bidding", "widow", "trump", "play", "trick", "ghna", "concession", "claim", "scoring", "match")
OPTIONAL_SECTIONS = ("redeal", "bidding", "widow", "concession", "claim", "ghna")

BY_ID: dict[str, RuleSpec] = {r.id: r for r in RULES}
CALL_BY_KEY: dict[str, RuleSpec] = {r.key: r for r in CALL_RULES}


# Sections whose `require NAME: condition` lines constrain an action, and the context they are evaluated in.
REQUIREMENT_SECTIONS = {"bidding": "bid", "ghna": "declare", "trump": "swap", "concession": "concede", "claim": "claim",
                        "scoring": "standing"}
REQUIREMENT_ACTIONS = {"bidding": "a bid", "ghna": "a declaration", "trump": "the trump swap",
                       "concession": "a concession", "claim": "a claim"}
# `require NAME: condition` in `scoring` constrains no action: each player dealt in must meet it at the end of the
# hand, or lose the hand (a ranking by place only: `middle_loses`, `place_loses`; engine/scoring.py).
STANDING_MEANING = ("a condition each player dealt in must meet at the end of the hand (`team` is the player judged), "
                    "or lose it: the first such line, in the order written, that some player fails makes those players "
                    "lose, before the ranking by place")
# Rules whose value is a formula or condition: (context, "number" | "truth").
EXPRESSION_RULES = {
    "bidding.pass_allowed": ("bid", "truth"),
    "redeal.when": ("deal", "truth"),
    "trump.swap": ("swap", "number"),
    "scoring.contract_made": ("round", "truth"),
    "scoring.capote_void": ("round", "truth"),
    **{f"scoring.{key}": ("round", "number")
       for key in ("made", "made_defenders", "failed", "failed_defenders", "winner", "loser")},
}

# Rules written either with words of their vocabulary or as a condition (a formula): the context of the condition.
CONDITION_RULES = {"match.at_once": "at_once", "claim.holds": "claimed"}

# Word rules that may be written as a choice of their words by conditions (word_choice.py): the conditions' context.
WORD_CHOICE_RULES = {"rotation.next_round": "next_round"}


def spec_for(rule: m.Rule) -> RuleSpec | None:
    """The RuleSpec a rule is checked against; None for an unknown rule id."""
    if rule.kind == "section" and isinstance(rule.value, m.Requirement) and rule.section == "scoring":
        return RuleSpec(rule.id, (m.Requirement,), required=False, meaning=STANDING_MEANING)
    if rule.kind == "section" and isinstance(rule.value, m.Requirement) and rule.section in REQUIREMENT_SECTIONS:
        action = REQUIREMENT_ACTIONS[rule.section]
        return RuleSpec(rule.id, (m.Requirement,), required=False, meaning=f"a precondition of {action}")
    if rule.kind == "call":
        if isinstance(rule.value, m.Requirement):
            return RuleSpec(rule.id, (m.Requirement,), required=False, meaning="a precondition of the call")
        found = CALL_BY_KEY.get(rule.key)
        return None if found is None else RuleSpec(rule.id, found.shapes, found.words, found.required, found.meaning)
    if rule.section == "play" and isinstance(rule.value, m.Obligation):
        return RuleSpec(rule.id, (m.Obligation,), required=False, meaning="a play duty")
    return BY_ID.get(rule.id)


def section_rank(section: str) -> int:
    """Canonical position of a section; calls come right after bidding."""
    if section in SECTIONS:
        index = SECTIONS.index(section)
        return index if index <= SECTIONS.index("bidding") else index + 1
    return SECTIONS.index("bidding") + 1
