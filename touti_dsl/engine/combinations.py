"""Rule combinations the reference engine cannot give a meaning to (E310): one table.

Each entry looks at a flattened Spec and names the rule to blame.  The engine refuses a
spec that matches any entry when it compiles it (`ruleset.compile_spec`), and `touti
check` reports every match as a located E310 (`checks.check_engine_combinations`), so a
spec that checks clean always loads in the engine.  An entry only reads values of the
shape it expects: a value of the wrong shape is reported by the shape checks.
"""

from __future__ import annotations

from typing import Callable, Iterator

from .. import model as m
from ..declaration_kinds import HAND_WINNER_SCORING, at_once_misuses
from ..errors import Diagnostic
from .text import ACTION_KINDS

Finding = tuple[m.Rule | None, str] | tuple[m.Rule | None, str, str]  # the rule to blame, the message, a hint
Entry = Callable[[m.Spec], Iterator[Finding]]

# (entry, the code of the language check that already reports the same problem, if any)
COMBINATIONS: list[tuple[Entry, str | None]] = []


def combination(reported_by: str | None = None) -> Callable[[Entry], Entry]:
    """Register an entry of the table; `reported_by` names a language check that already reports it."""
    def register(entry: Entry) -> Entry:
        COMBINATIONS.append((entry, reported_by))
        return entry

    return register


def unsupported(spec: m.Spec, only_unreported: bool = False) -> list[Diagnostic]:
    """Every combination of `spec` the engine cannot run, as located E310 diagnostics.

    `only_unreported` leaves out the entries that another check of `touti check` already
    reports under its own code, so that no problem is reported twice.
    """
    return [Diagnostic("E310", rule_message[1], rule_message[0].loc if rule_message[0] is not None else spec.loc,
                       rule_message[2] if len(rule_message) > 2 else None)
            for entry, reported_by in COMBINATIONS if not (only_unreported and reported_by)
            for rule_message in entry(spec)]


def _word(spec: m.Spec, rule_id: str) -> str | None:
    value = spec.value(rule_id)
    return value.value if isinstance(value, m.Word) else None


def _has_bidding(spec: m.Spec) -> bool:
    return spec.has("bidding.minimum")


@combination()
def calls_named_like_actions(spec: m.Spec) -> Iterator[Finding]:
    """A call may not take the name of an action of the wire format (`pass`, `bid`, `swap`, ...)."""
    for name in spec.calls:
        if name in ACTION_KINDS:
            first = next(r for r in spec.rules if r.kind == "call" and r.section == name)
            yield first, f"call {name}: the name is an action of the wire format; choose another"


@combination()
def turned_card_with_bidding(spec: m.Spec) -> Iterator[Finding]:
    """A turned card names trumps before anyone speaks: it leaves nothing for a bid winner to choose."""
    if _word(spec, "trump.choice") == "turned_card" and _has_bidding(spec):
        yield spec.rule("trump.choice"), "trump.choice turned_card with a bidding section is not supported"


@combination(reported_by="E108")
def swap_without_turned_card(spec: m.Spec) -> Iterator[Finding]:
    if spec.has("trump.swap") and _word(spec, "trump.choice") not in (None, "turned_card"):
        yield spec.rule("trump.swap"), "trump.swap needs trump.choice turned_card"


@combination()
def swap_chain_in_dealer_hand(spec: m.Spec) -> Iterator[Finding]:
    """A chain's next swap takes the card the one before left where the turned card lay: in the dealer's hand it
    would be taking a card from a hand, so a chain needs the turned card under the stock or set aside; set aside, at
    every table size (a deal that leaves no card over keeps the last card dealt in its hand, ruleset._deal)."""
    if not isinstance(spec.value("trump.swap"), m.Numbers):
        return
    if _word(spec, "trump.turned") in (None, "dealer_hand"):
        yield spec.rule("trump.swap"), ("a chain of swap cards needs trump.turned under_stock or aside: the turned "
                                        "card in the dealer's hand leaves no card for the next swap to take")
    elif _word(spec, "trump.turned") == "aside" and _players_dealt_every_card(spec):
        counts = " or ".join(map(str, _players_dealt_every_card(spec)))
        yield spec.rule("trump.swap"), (f"a chain of swap cards needs a card set aside, but with {counts} players "
                                        "dealt in no card is left over: the turned card stays in a hand and the next "
                                        "swap would have no card to take"), (
            "give the chain one rank (`swap: 7`), or leave a card over at every table size (table.hand_size)")


@combination(reported_by="E304")
def contract_rules_without_bidding(spec: m.Spec) -> Iterator[Finding]:
    """Bid-winner trumps, ghna limits, contract scoring, concessions and the bid winner against the rest (or with the
    holder of its called card) all need a contract, so a bidding."""
    if _has_bidding(spec):
        return
    if _word(spec, "trump.choice") in ("bid_winner", "in_bid"):
        yield spec.rule("trump.choice"), f"trump.choice {_word(spec, 'trump.choice')} needs a bidding section"
    if _word(spec, "rotation.first_lead") == "bid_winner":
        yield spec.rule("rotation.first_lead"), "rotation.first_lead bid_winner needs a bidding section"
    if _word(spec, "ghna.who") in ("bidding_team", "bid_winner"):
        yield spec.rule("ghna.who"), f"ghna.who {_word(spec, 'ghna.who')} needs a contract (a bidding section)"
    if _word(spec, "ghna.limit") not in (None, "none"):
        yield spec.rule("ghna.limit"), "ghna limits need a contract (a bidding section)"
    if _word(spec, "scoring.round") == "contract":
        yield spec.rule("scoring.round"), "scoring.round contract needs a bidding section"
    if spec.has("concession.who"):
        yield spec.rule("concession.who"), "a concession needs a bidding team (a bidding section)"
    if m.sides_per_round(spec):
        yield spec.rule("table.teams"), f"table.teams {_word(spec, 'table.teams')} needs a bid winner (a bidding section)"
    if _word(spec, "trump.choice") == "called_card":
        yield spec.rule("trump.choice"), "trump.choice called_card needs a bid winner to call the card (a bidding section)"


@combination()
def called_card_sides(spec: m.Spec) -> Iterator[Finding]:
    """A called card both names trumps and sets the sides: `table.teams bidder_and_called` and `trump.choice
    called_card` go together; the caller's own card is a choice only where a card is called."""
    teams, choice = _word(spec, "table.teams"), _word(spec, "trump.choice")
    if teams == "bidder_and_called" and choice != "called_card":
        yield spec.rule("table.teams"), ("table.teams bidder_and_called needs trump.choice called_card: the called "
                                         "card names the partner and trumps together")
    if choice == "called_card" and teams != "bidder_and_called":
        yield spec.rule("trump.choice"), ("trump.choice called_card needs table.teams bidder_and_called: the holder "
                                          "of the called card is the bid winner's partner")
    if spec.has("trump.call_own") and choice != "called_card":
        yield spec.rule("trump.call_own"), "trump.call_own needs trump.choice called_card: no card is called"


@combination()
def bid_suit_needs_suited_bids(spec: m.Spec) -> Iterator[Finding]:
    """`bid_suit(S)` reads the suit a bid names: only bids under `trump.choice in_bid` name one."""
    if _word(spec, "trump.choice") == "in_bid":
        return
    for rule in spec.section("bidding"):
        if isinstance(rule.value, m.Requirement) and any(
                isinstance(node, m.Pred) and node.name == "bid_suit"
                for part in (rule.value.condition, rule.value.when, rule.value.unless) if part is not None
                for node in m.expr_nodes(part)):
            yield rule, f"{rule.id}: bid_suit needs trump.choice in_bid (only then does a bid name a suit)"


@combination()
def lend_needs_a_partner(spec: m.Spec) -> Iterator[Finding]:
    """`ghna.lend` lets the bid winner's one partner declare: the bid winner's side must be two partners."""
    sides, sizes = _side_counts(spec)
    if spec.has("ghna.lend") and sizes and sizes != {2}:
        yield spec.rule("ghna.lend"), ("ghna.lend lets the bid winner's partner declare: every side of table.teams "
                                       "must be two partners")


@combination()
def claim_rest_to_two_sides(spec: m.Spec) -> Iterator[Finding]:
    """`claim.false opponents_take_rest` gives the rest to the one other side, `loses_hand` / `loses_game` the hand or
    the game: the table must have two sides."""
    sides, _ = _side_counts(spec)
    false = _word(spec, "claim.false")
    if false in ("opponents_take_rest", "loses_hand", "loses_game") and sides and sides != {2}:
        # play_on is no way out for a claim of a condition (claim_stakes refuses it): only a claim of the rest hears of it
        way_out = "" if isinstance(spec.value("claim.holds"), m.Formula) else " (or use play_on)"
        yield spec.rule("claim.false"), (f"claim.false {false} gives the {_CLAIM_GIFTS[false]} to the other side: the "
                                         f"table must have two sides (table.teams){way_out}")


_CLAIM_GIFTS = {"opponents_take_rest": "rest", "loses_hand": "hand", "loses_game": "game"}


@combination()
def claim_stakes(spec: m.Spec) -> Iterator[Finding]:
    """A claim of a condition wins or loses the hand or the game (`claim.false loses_hand / loses_game`); a hand won
    at once needs a hand winner (`most_points`), a game won at once a match with one (as `match.at_once`)."""
    false, holds = _word(spec, "claim.false"), spec.value("claim.holds")
    if isinstance(holds, m.Formula) and false not in ("loses_hand", "loses_game"):
        yield spec.rule("claim.holds"), ("a claim of a condition wins or loses the hand or the game at once: it needs "
                                         "claim.false loses_hand or loses_game")
    if false == "loses_hand" and _word(spec, "scoring.round") != "most_points":
        yield spec.rule("claim.false"), "claim.false loses_hand needs a hand winner: scoring.round most_points"
    if false == "loses_game" and m.sides_per_round(spec) and spec.has("match.games"):
        # (elsewhere, as for match.at_once, the game goes to every player of the side that wins it: scoring.py)
        yield spec.rule("claim.false"), (f"claim.false loses_game in a match in games (match.games) needs fixed sides: "
                                         f"with {_word(spec, 'table.teams')} the sides change each round, and a side "
                                         "of several players cannot win one game")
    if false == "loses_game" and _word(spec, "match.end") in ("losses", "elimination"):
        yield spec.rule("claim.false"), "claim.false loses_game names a winner: it needs match.end target or hands, not losses"


@combination()
def scoring_and_match_end(spec: m.Spec) -> Iterator[Finding]:
    """A tute wins the hand at once: under `contract` only as a game won at once; `contract` scores towards a target;
    a ranking by place names only losers, so its scores count hands lost.

    A contract round has no hand winner for a tute to be, so a tute there ends the round
    with no score, and only `match.at_once: tute` gives it a meaning (the game is won).
    """
    scoring, end = _word(spec, "scoring.round"), _word(spec, "match.end")
    has_tute = isinstance(spec.value("ghna.tute"), (m.Number, m.Numbers))  # `tute: none` is no tute
    wins_game = "tute" in _words_of(spec, "match.at_once")
    if has_tute and scoring not in HAND_WINNER_SCORING and not wins_game:
        yield spec.rule("ghna.tute"), ("ghna.tute (winning the hand at once) needs scoring.round most_points, or "
                                       "match.at_once tute (under a contract a tute wins the game)")
    if scoring == "contract" and end not in (None, "target", "rounds"):
        yield spec.rule("match.end"), "scoring.round contract scores points: it needs match.end target (or rounds)"
    if scoring in ("middle_loses", "place_loses") and end not in (None, "losses", "elimination"):
        yield (spec.rule("match.end"), f"scoring.round {scoring} names only who loses the hand: the scores count "
               "hands lost, so it needs match.end losses or elimination", "write `end: losses` or `end: elimination`")


def _players_dealt_every_card(spec: m.Spec) -> tuple[int, ...]:
    """The numbers of players dealt in whose hands take the whole deck (no card left over to set aside): at every
    number of seats the table may choose, and with `match.end elimination` down to one more than `match.remaining`."""
    hand, suits, ranks = spec.value("table.hand_size"), spec.value("deck.suits"), spec.value("deck.ranks")
    if not isinstance(suits, m.Decls) or not isinstance(ranks, m.Decls):
        return ()
    sizes = {e.key: e.value for e in hand.entries if isinstance(e.value, int)} if isinstance(hand, m.Table) else {}
    deck = len(suits.items) * len(ranks.items)
    return tuple(sorted(players for players in players_dealt_in(spec)
                        if players * (hand.value if isinstance(hand, m.Number) else sizes.get(players, 0)) == deck))


def _side_counts(spec: m.Spec) -> tuple[set[int], set[int]]:
    """The numbers of sides the table may have, and the sizes of its sides."""
    teams = spec.value("table.teams")
    counts = set(m.seat_counts(spec))
    if isinstance(teams, m.Groups):
        return {len(teams.groups)}, {len(g) for g in teams.groups}
    if isinstance(teams, m.Word) and teams.value == "each":  # a seat sitting out of the round is no side of it
        out = spec.value("table.sit_out")
        out = {e.key for e in out.entries} if isinstance(out, m.Table) else set()
        return {n - (n in out) for n in counts}, {1}
    if isinstance(teams, m.Word) and teams.value in m.SIDES_PER_ROUND:  # the rest: every other seat dealt in
        out = spec.value("table.sit_out")
        out = {e.key for e in out.entries} if isinstance(out, m.Table) else set()
        rest = {n - 1 - (n in out) for n in counts}  # a called partner takes one seat from the rest
        return {2}, {1} | rest | ({2} | {r - 1 for r in rest} if teams.value == "bidder_and_called" else set())
    return set(), set()


# a table without pairs has no concession: taken away whole, or at one number in its block, all its rules together
CONCESSION_HINT = ("take the concession out: `remove concession`, or `remove` each of its rules in a "
                   "`with N players` block")
# how a table of three players or more plays a contract (Touti for three: the bid winner against the two others)
CONTRACT_SIDES_HINT = ("write two sides in `teams`, or `teams: bidder_against_rest`: the bid winner alone against all "
                       "the others")


@combination()
def rules_for_two_teams_of_two(spec: m.Spec) -> Iterator[Finding]:
    """A concession is answered by the proposer's one partner; a contract is played by two sides."""
    sides, sizes = _side_counts(spec)
    if spec.has("concession.who") and sizes and sizes != {2}:
        yield spec.rule("concession.who"), ("a concession is answered by the proposer's partner: every side of "
                                            "table.teams must be two partners"), CONCESSION_HINT
    if _has_bidding(spec) and sides and sides != {2}:
        yield spec.rule("bidding.minimum"), (f"a contract is played by two sides, not {', '.join(map(str, sorted(sides)))} "
                                             "(table.teams)"), CONTRACT_SIDES_HINT


@combination()
def places_need_each_for_oneself(spec: m.Spec) -> Iterator[Finding]:
    """A ranking by place ranks players, not teams: `middle_loses` (with two sides the middle score is everyone's) needs
    three players or more, each for oneself; scoring's `require` lines (a player who fails one loses the hand) need a
    ranking by place; `place_loses` needs each for oneself and a `scoring.losing_place` that
    every table the match may deal ranks (at least one, at most the fewest players dealt in)."""
    sides, sizes = _side_counts(spec)
    scoring = _word(spec, "scoring.round")
    if scoring == "middle_loses" and (sizes != {1} or min(sides, default=0) < 3):
        yield spec.rule("scoring.round"), "scoring.round middle_loses needs table.teams each and at least three players"
    if scoring not in ("middle_loses", "place_loses"):
        for rule in spec.section("scoring"):
            if isinstance(rule.value, m.Requirement) and rule.id != "scoring.round":  # one named `round` is E101's
                yield (rule, f"{rule.id}: a player who fails a scoring `require` line loses the hand, which only a "
                             f"ranking by place names (scoring.round middle_loses or place_loses), not "
                             f"{scoring or 'this scoring.round'}", f"remove {rule.id}, or write `round: middle_loses`")
        return
    if scoring != "place_loses":
        return
    if sizes and sizes != {1}:
        yield spec.rule("scoring.round"), "scoring.round place_loses ranks players: it needs table.teams each", "write `teams: each`"
    place, fewest = spec.value("scoring.losing_place"), min(players_dealt_in(spec), default=0)
    if isinstance(place, m.Number) and sizes == {1} and not 1 <= place.value <= fewest:
        yield (spec.rule("scoring.losing_place"),
               f"scoring.losing_place {place.value} is beyond the places of the ranking: the fewest players dealt in "
               f"a hand are {fewest}", f"write a place from 1 to {fewest}, or `last`")


def players_dealt_in(spec: m.Spec) -> set[int]:
    """The numbers of players dealt in a hand: at every number of seats the table may choose, and with `match.end
    elimination` down to one more than `match.remaining` (a player sitting out is dealt no card)."""
    counts, remaining = set(m.seat_counts(spec)), spec.value("match.remaining")
    if counts and _word(spec, "match.end") == "elimination" and isinstance(remaining, m.Number):
        counts |= set(range(remaining.value + 1, max(counts)))
    out = spec.value("table.sit_out")
    resting = {e.key for e in out.entries} if isinstance(out, m.Table) else set()
    return {n - (n in resting) for n in counts}


@combination()
def swap_duty_without_swap(spec: m.Spec) -> Iterator[Finding]:
    if spec.has("trump.swap_duty") and not spec.has("trump.swap"):
        yield spec.rule("trump.swap_duty"), "trump.swap_duty needs a swap (trump.swap)"


def _words_of(spec: m.Spec, rule_id: str) -> tuple[str, ...]:
    value = spec.value(rule_id)
    return (value.value,) if isinstance(value, m.Word) else value.words if isinstance(value, m.WordList) else ()


@combination()
def match_levels(spec: m.Spec) -> Iterator[Finding]:
    """Games are won, so they need a match end with one winner; a tie-break or an at-once win needs its event."""
    if _word(spec, "match.end") == "elimination" and _word(spec, "table.teams") != "each":
        yield spec.rule("match.end"), "match.end elimination puts players out one by one: it needs table.teams each"
    if spec.has("match.games") and _word(spec, "match.end") in ("losses", "elimination"):
        yield spec.rule("match.games"), "match.games counts games won: it needs match.end target or hands, not losses"
    at_once = _words_of(spec, "match.at_once")
    if "tute" in at_once and not isinstance(spec.value("ghna.tute"), (m.Number, m.Numbers)):
        yield spec.rule("match.at_once"), "match.at_once tute needs a tute (ghna.tute)"
    yield from _at_once_per_player(spec, at_once)
    if _word(spec, "scoring.tie") == "bidders" and not _has_bidding(spec):
        yield spec.rule("scoring.tie"), "scoring.tie bidders needs a bidding side (a bidding section)"


@combination()
def paid_declarations(spec: m.Spec) -> Iterator[Finding]:
    """`scoring.declarations paid_by_each` moves points between the match scores: it needs declarations (a ghna
    section) and scores in points (`match.end target` or `rounds`), not counts of hands."""
    if _word(spec, "scoring.declarations") != "paid_by_each":
        return
    if not spec.has("ghna.pair"):
        yield (spec.rule("scoring.declarations"), "scoring.declarations paid_by_each needs declarations: a ghna section",
               "remove scoring.declarations, or add a ghna section")
    end = _word(spec, "match.end")
    if end not in ("target", "rounds"):
        yield (spec.rule("scoring.declarations"),
               f"scoring.declarations paid_by_each pays points into the match scores: it needs match.end target or "
               f"rounds, not {end} (the scores count hands)", "write `end: target`, or remove scoring.declarations")


def _at_once_per_player(spec: m.Spec, words: tuple[str, ...]) -> Iterator[Finding]:
    """Where the match is kept per player, `match.at_once` is defined for a match to a target, in hands or in rounds
    (the players of the side that meets it win the match, scoring.py) and for a match counting hands lost (it wins
    the hand: every other player loses it); not for a match in games at sides set each round (a side of several
    players would win one game each), nor as words at a match counting hands lost (a tute wins the hand there already)."""
    if not (words or spec.has("match.at_once")):
        return
    end = _word(spec, "match.end")
    if end in ("losses", "elimination") and words:
        yield (spec.rule("match.at_once"),
               f"match.at_once {', '.join(words)}: at a match counting hands lost (match.end {end}) a tute already wins "
               "the hand and makes every other player lose; match.at_once there is a condition that wins the hand",
               "write a condition, such as `at_once: points(team) >= 101`")
    if m.sides_per_round(spec) and spec.has("match.games"):
        yield (spec.rule("match.at_once"),
               f"match.at_once in a match in games (match.games) needs fixed sides: with {_word(spec, 'table.teams')} "
               "the sides change each round, and a side of several players cannot win one game",
               "remove match.games, or match.at_once")


@combination(reported_by="E511")
def winning_kinds(spec: m.Spec) -> Iterator[Finding]:
    """A kind that wins the hand needs a hand winner (or `match.at_once` naming it); `match.at_once` names only such."""
    for where, message, _ in at_once_misuses(spec):
        yield spec.rule("ghna.kinds" if isinstance(where, m.Entry) else "match.at_once"), message
