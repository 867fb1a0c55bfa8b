"""Validation: a list of small checks over a flattened Spec, each returning diagnostics.

Each `check_*` function takes the complete spec and returns a list of located
`Diagnostic`s; `check_spec` runs them all in order and collects every problem, so one
run reports everything at once.  A check only looks at values of the shape it expects:
a value in the wrong shape is reported once, by `check_shapes`, and skipped by the rest.

Error codes (stable; the language reference lists this table):

| code | problem |
|---|---|
| E001 | unexpected character (syntax), including a line separator other than a line feed, or a control character, outside a comment |
| E002 | unexpected token (syntax): what was found and what was expected |
| E003 | unexpected end of file: a block is still open (named with its line), or the spec is empty |
| E004 | spec larger than the size limit |
| E005 | condition or formula nested too deeply |
| E006 | the model could not be built (internal) |
| E007 | number longer than 18 digits |
| E008 | comparisons chained (`a < b < c`): compare two numbers at a time |
| E010 | no such spec file, or no system of that id in the spec folders (`touti systems` lists them) |
| E011 | spec file unreadable (permissions, not a regular file, not UTF-8: located at the first bad byte) |
| E012 | formatted spec could not be written (`touti fmt`) |
| E020 | `extends` names a path, not a system id |
| E021 | `extends` names no spec in the spec directories |
| E022 | `extends` cycle, or a chain of more than 16 bases |
| E023 | a variant overrides a rule its base does not have |
| E024 | a variant removes a rule or section its base does not have |
| E025 | the file a variant extends declares another system id than its name |
| E026 | the spec a system id names leads (through a link) to a file that is not a `.touti` file of the spec folders |
| E027 | a variant both writes and removes the same rule |
| E028 | a variant's `add KEY: items` / `remove KEY: items` does not fit the base's list |
| E029 | `remove` or `add KEY: items` in a spec that extends no base |
| E030 | the formatter would change the meaning of a file (internal; file left unchanged) |
| E100 | unknown rule id |
| E101 | rule written in the wrong shape (the expected shape is named, with an example) |
| E102 | word not in the rule's vocabulary |
| E103 | required rule missing (also: conditionally required, and all-or-nothing sections) |
| E104 | duplicate rule id |
| E105 | unknown section |
| E106 | system id or title problem |
| E107 | unsupported `touti` version |
| E108 | rule given where it does not apply (`ghna.caps` without `limit: cap`, `signs: allowed` without partners, `first_dealer: first_king` without kings, `table.draw_time` without a stock, ...) |
| E200 | suit name or alias missing, duplicated or not a word |
| E201 | suit code missing, longer than one letter, or duplicated |
| E202 | duplicate rank, or a rank alias used twice |
| E203 | rank not a positive number, or written with a code |
| E204 | `deck.order` not a permutation of the ranks (missing, unknown or repeated rank) |
| E205 | `deck.points` row for an unknown rank, repeated, or not a number of points |
| E206 | a rank without points (and no `others` row) |
| E207 | the deal does not use the deck: hands, stock, turned card and widow do not add up, or the stock does not go round |
| E208 | the sides are not groups of partners that share out the seats, each partner every k seats for k sides; or groups of partners where a seat sits out |
| E209 | table or deck number out of range (seats outside 2 to 6, hand size, last-trick bonus) |
| E210 | unknown rank in `ghna.pair`, `ghna.tute`, `ghna.kinds` or `trump.swap` |
| E211 | `ghna.pair` is not two different ranks, a chain of swap cards (`trump.swap: 7, 2`) names a rank twice, or `trump.swap_window` names a window twice |
| E212 | a `table.sit_out` row that is not `N = dealer` for a number of players the table seats, at least three, once |
| E213 | a widow that cannot be dealt or taken: `widow.size` below 1, beside a stock (`table.draw winner_first`) or a turned card (`trump.choice turned_card`) |
| E214 | a `with N players` block for a number the table does not seat (`table.seats` names it neither as its number nor among the choices of its setting) |
| E215 | a `with N players` block that changes `table.seats` or a rule of the `system` header |
| E216 | a `with N players` block that names a rule neither the language nor the spec knows |
| E217 | two `with N players` blocks for the same number of players |
| E218 | `deck.removed` names a card the deck does not have (no such rank or suit code), or a card twice |
| E219 | `deck.removed` takes out a card a rule needs: a card of a song's ranks (`ghna.pair`, `ghna.tute`, `ghna.kinds`) or a card a kind names, the card whose holder leads the first trick, or every card of a rank of `trump.swap` |
| E220 | a `with N players` block removes (`remove KEY`) a rule the spec does not have or a rule every table needs (an optional section's required rules only all together, the section taken away at that number), or items of a list (`remove KEY: items`: write the rule's whole list instead) |
| E300 | bid step not positive |
| E301 | bid range not aligned to the step |
| E302 | lowest bid not positive, or above the highest bid |
| E303 | `never_stands` / `last_speaker_minimum` / a cap level is not a legal bid |
| E304 | a rule that needs bidding rules in a spec without them (among them a term of `bidders` or `defenders`) |
| E305 | highest bid above the most a team can take, where points make the contract (no `scoring.contract_made` written) |
| E310 | a combination of rules the engine cannot run: a call named like an action (`pass`, `bid`, `swap`, `tute`, ...), `trump.choice` against the bidding, a tute without `most_points` (under a contract, without `match.at_once: tute`), contract rules without a bidding, a chain of swap cards with the turned card in the dealer's hand, or set aside where a table size deals every card (a swap after a won trick, `trump.swap_window after_team_trick`, is possible there while the dealer still holds the turned card), a claim of a condition (`claim.holds`) without `claim.false loses_hand` / `loses_game`, or those at a table of more than two sides, a ranking by place (`middle_loses`, `place_loses`) at a table of partners or with a match end that does not count hands lost, a `scoring.losing_place` beyond the fewest players dealt in, a scoring `require` line (a player who fails it loses the hand) without a ranking by place |
| E311 | a call that keeps its maker in the bidding can be repeated forever: the auction may never end |
| E312 | an auction on ranks (`bidding.bids: ranks`) that cannot be played: `bidding.ranks` names a rank the deck does not have, or a rank twice; `bidding.rank_contract` not positive or above `bidding.maximum`; a points stage whose lowest bid does not raise a rank bid's contract; bids naming trumps (`trump.choice in_bid`); `bidding.last_speaker_minimum`, which never applies there (the last player to speak opens on a rank); `bidding.never_stands` at the rank contract of an auction on ranks alone (no contract could stand); `bidding.ranks` or `bidding.rank_contract` without `bidding.bids: ranks` |
| E400 | unknown term in a condition or formula |
| E401 | term given an argument it does not take, or missing one it needs |
| E402 | term argument is not a call of this spec |
| E403 | term used where it has no value (a play term in a call requirement, a scoring term in a play duty, ...) |
| E404 | unknown play duty |
| E410 | a number where a condition is expected, or a condition where a number is expected |
| E411 | `play.order` does not list every play duty exactly once |
| E412 | `redeal.when` names what the deal does not show: trumps, when no turned card shows them; the led suit |
| E420 | a rule, duty, term or value that needs trumps at a table without them (`trump.choice: none`): the turned card and its swap, a duty to trump or overtrump, `trick_trumped` / `led_trump` / `holds_trump` / `turned_rank` or a `trump` argument, the `trump` row of `ghna.values` / `ghna.minimums`, a kind's value in trumps, a `plain_only` cap |
| E421 | `trick.winner` does not fit `trump.choice`: `highest_led` exactly when the table has no trumps |
| E422 | `trump.instead` does not fit `trump.choice`: another contract is made after the bidding only where the bid winner names trumps (`bid_winner`, where only `none` is another) or calls a card (`called_card`) |
| E405 | `play.partner_exemption` names something that is not a play obligation |
| E406 | call named like a section or a keyword |
| E407 | call value declared twice |
| E408 | call without any `require` precondition |
| E409 | `raise: partner_minimum` on a call whose values are not numbers |
| E500 | `ghna.values` does not give exactly `trump` and `plain` as points |
| E501 | `ghna.caps` levels not increasing |
| E502 | `ghna.caps` not monotonic in the contract (`none`, unlimited, is the top) |
| E503 | unknown flag on a table row (only `plain_only`, only in `ghna.caps`) |
| E504 | `ghna.caps` does not cover the lowest possible contract |
| E505 | `ghna.caps` row malformed (level not a number, cap not a number or `none`) |
| E506 | `ghna.minimums` does not give `plain` and `trump` (and optionally kinds of `ghna.kinds`) as legal contracts |
| E507 | `ghna.per_trick` below 1 |
| E508 | `ghna.kinds` row malformed or impossible (not `NAME = VALUE RANKS [trump VALUE] [wins_hand]` nor `NAME = VALUE CARDS [wins_hand]`, fewer than two cards, a rank repeated beside another, a card named twice or of no suit of the deck, more cards of a rank than suits, a value in trumps for cards of several suits) |
| E509 | `ghna.kinds` names a kind twice, or like a suit or a call |
| E510 | `ghna.kinds` has two kinds of the same cards, or a kind of the cards of the ghna pair or of a tute: the engine could not tell which is declared |
| E511 | `match.at_once` names a kind of `ghna.kinds` not written `wins_hand`; a kind written `wins_hand` under `scoring.round: contract` that `match.at_once` does not name |
| E600 | match setting default not among its choices |
| E601 | match setting value not positive |
| E602 | match setting choice repeated |
| E603 | `match.decide` lists a decider twice |
| E604 | `target` in a condition or formula of a match that has no target (`match.end` hands or losses) |
| E605 | `score(side)` or `carried(side)` where the match is kept per player (`teams: bidder_against_rest` or `bidder_and_called`), or `match.carry` there |
| E609 | `carried(side)` in a match that carries nothing across hands (no `match.carry`) |
| E606 | `match.remaining` not at least one, or not below the fewest players the table seats |
| E607 | `match.games` with `match.end: rounds`: a match of a fixed number of hands has no games to count |
| E608 | `scoring.shares` malformed: a row not a part of a round (`bid_winner`, `partner`, `alone`, `defenders`; only `bid_winner` and `defenders` where the bid winner always plays alone; no `alone` where `trump.call_own: refused` gives it a partner every round), repeated, or not a whole number ≥ 0; or shares at a table whose match is kept per side |
| E700 | a rule that needs a dealer in a spec without one (also the first dealer's, the misdeal's and the cut's customs) |
| E800 | `system.glossary` names a term the language does not know, twice, or with a code |

Warnings (the spec stays valid; `touti check` shows them and exits 0): a rule proved never to decide anything at this
table (`never_decisive.py`; `touti coverage` then says "never decisive here (W...)" instead of MISSING), or a term of
a condition proved never true there (`never_true.py`: the rule may still decide, so coverage counts its cases as usual).

| code | problem |
|---|---|
| W410 | an overtrump duty (`must beat_trump`) at a table where every trick has two cards, after a duty to trump and a duty to head the lead (`beat_led`, `beat_first` or `win`) in force on every lead: they always refuse first |
| W420 | a branch `WORD if hand_tied` of `rotation.next_round` where no played hand can end tied: `scoring.round: contract`, two sides with a tie-break that always names one (`scoring.tie: first_speaker`, or `last_trick` when no concession withholds it), or two sides sharing an odd total of points that no song, widow or concession changes in parity |
| W430 | a declaration of more cards than a hand ever holds: a row of `ghna.kinds`, or the four cards of a `ghna.tute` rank, beyond `table.hand_size` (with a widow, beyond the hand and the widow taken into it) |
| W440 | a condition that reads a partner (`partner_bidding`, `partner_winning`, ...) where every player plays alone (`table.teams: each`, or groups of one seat): the term is never true |
| W450 | `hand_winner` in `rotation.next_round` (a lone word or a branch of a choice) under `scoring.round: middle_loses` or `place_loses`: a ranking by places names only who loses, so the deal always passes to the next seat |
| W460 | a play duty whose `when` or `unless` reads `leading`: duties bind only the players following to a trick already led, so the term is never true there |
| W470 | `bidding.pass: not_final` beside `bidding.rounds: 1`: each player speaks once, so a player who passed never speaks again and the word has no effect |
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import partial
from typing import Callable, Iterator

from . import model as m
from . import schema
from .engine.combinations import players_dealt_in, unsupported
from .engine.loops import endless_calls
from .deck_cards import card_parts, removed_cards
from .declaration_kinds import TRUMP_WORD, Kind, at_once_misuses, problem_code, read_kind, same_cards
from .errors import Diagnostic, did_you_mean
from .expressions import SpecNames, expression_problems
from .search_path import SYSTEM_ID
from .hand_sizes import for_hand_size, hand_size_setting
from .never_decisive import never_decisive
from .never_true import leading_in_a_duty, partner_never_seated, pass_never_spoken_again, winner_never_named
from .table_sizes import for_players
from .vocabulary import DUTIES, TERMS, TRUMP_DUTIES, TRUMP_TERMS
from .word_choice import branches, conditions as choice_conditions

Check = Callable[[m.Spec], list[Diagnostic]]

CHECKS: list[Check] = []
WARNINGS: list[Check] = []  # checks whose diagnostics are warnings, run when asked for: `check_spec(spec, warnings=True)`

SUPPORTED_VERSIONS = (1,)
MIN_SEATS, MAX_SEATS = 2, 6
RESERVED_WORDS = ("touti", "system", "extends", "call", "add", "remove", "require", "must", "when", "unless", "with",
                  "not", "and", "or", "aka", "none", "others")
CAP_FLAGS = ("plain_only",)
MISSPELLING_POOL = 100  # unknown names compared with a missing one; more would only slow huge inputs down
MAX_HINTED = 200  # 'did you mean' is searched for the first unknown rules only: a report shows 50 of them


def check(function: Check) -> Check:
    """Register a check; checks run in registration order."""
    CHECKS.append(function)
    return function


def warns(function: Check) -> Check:
    """Register a check whose diagnostics are warnings (the spec stays valid); they run after every check."""
    WARNINGS.append(function)
    return function


def check_spec(spec: m.Spec, warnings: bool = False) -> list[Diagnostic]:
    """Every diagnostic of every check, in check order (then, with `warnings`, every warning); with `with N players`
    blocks, of every number of players, and with a hand size the table chooses, of every choice: a problem found at
    some choices only says which, in one prefix (`with 4 players and table.hand_size 10: ...`)."""
    runs = CHECKS + WARNINGS if warnings else CHECKS
    return [dataclasses.replace(problem, message=f"with {' and '.join(where)}: {problem.message}") if where else problem
            for problem, where in _problems_where(spec, runs)]


def _problems_where(spec: m.Spec, runs: list[Check]) -> list[tuple[Diagnostic, tuple[str, ...]]]:
    """Each diagnostic with the table choices it is found at only (empty: at every choice)."""
    if spec.seat_rules:
        return _each_table_size(spec, runs)
    if hand_size_setting(spec) is not None:
        return _each_hand_size(spec, runs)
    return [(problem, ()) for run in runs for problem in run(spec)]


def _each_table_size(spec: m.Spec, runs: list[Check]) -> list[tuple[Diagnostic, tuple[str, ...]]]:
    """The blocks' own problems, then every check on the spec of each number of players the table seats (its block
    written over the rules)."""
    refused = {id(rule) for rule, _ in _block_problems(spec) if rule is not None}
    counts = m.seat_counts(spec) or (None,)  # a table.seats missing or misshapen: the spec as written, checked once
    return _each_choice(check_seat_rules(spec), counts,
                        lambda count: for_players(spec, count, usable=lambda rule: id(rule) not in refused),
                        lambda where: f"{_numbers_text(where)} players", runs)


def _each_hand_size(spec: m.Spec, runs: list[Check]) -> list[tuple[Diagnostic, tuple[str, ...]]]:
    """The setting's own problems, then every check on the spec of each hand size the table may choose."""
    choices = tuple(dict.fromkeys(hand_size_setting(spec).choices))
    return _each_choice(check_settings(spec), choices, lambda choice: for_hand_size(spec, choice),
                        lambda where: f"table.hand_size {_numbers_text(where)}", runs)


def _each_choice(own: list[Diagnostic], choices: tuple, spec_at, label, runs: list[Check]) -> list[tuple[Diagnostic, tuple[str, ...]]]:
    """`own` problems, then every problem of `spec_at(choice)` for each choice of a table setting; one found at some
    choices only gets `label(those choices)` before the choices of another setting it was found at."""
    found: dict[tuple[Diagnostic, tuple[str, ...]], list] = {(problem, ()): [] for problem in own}
    for choice in choices:
        for located in _problems_where(spec_at(choice), runs):
            found.setdefault(located, []).append(choice)
    return [(problem, ((label(at),) if at and len(at) < len(choices) else ()) + where)
            for (problem, where), at in found.items()]


def _numbers_text(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers[:-1])) + (" or " if len(numbers) > 1 else "") + str(numbers[-1])


# ---------------------------------------------------------------- helpers


class _Index:
    """Lookups over one spec, built once per spec so that no check is quadratic in its size."""

    def __init__(self, spec: m.Spec):
        self.spec = spec
        self.by_id: dict[str, m.Rule] = {}
        self.by_section: dict[str, list[m.Rule]] = {}
        self.call_rules: dict[str, list[m.Rule]] = {}
        for rule in spec.rules:
            self.by_id.setdefault(rule.id, rule)
            self.by_section.setdefault(rule.section, []).append(rule)
            if rule.kind == "call":
                self.call_rules.setdefault(rule.section, []).append(rule)
        self.calls = tuple(self.call_rules)


_LAST_INDEX: list[_Index] = []


def _index(spec: m.Spec) -> _Index:
    """The index of `spec`; the checks of one run share it (a one-spec cache, compared by identity)."""
    if not _LAST_INDEX or _LAST_INDEX[0].spec is not spec:
        _LAST_INDEX[:] = [_Index(spec)]
    return _LAST_INDEX[0]


def _rule(spec: m.Spec, rule_id: str) -> m.Rule | None:
    return _index(spec).by_id.get(rule_id)


def _value(spec: m.Spec, rule_id: str) -> m.Value | None:
    rule = _index(spec).by_id.get(rule_id)
    return None if rule is None else rule.value


def _has(spec: m.Spec, rule_id: str) -> bool:
    return rule_id in _index(spec).by_id


def _section(spec: m.Spec, name: str) -> list[m.Rule]:
    return _index(spec).by_section.get(name, [])


def _diag(code: str, message: str, where, hint: str | None = None) -> Diagnostic:
    loc = where if isinstance(where, m.Loc) else getattr(where, "loc", m.NOWHERE)
    return Diagnostic(code, message, loc, hint)


def _typed(spec: m.Spec, rule_id: str, shape: type):
    """The value of a rule if it is written in `shape`, else None (wrong shapes are check_shapes' job)."""
    value = _value(spec, rule_id)
    return value if isinstance(value, shape) else None


def _number(spec: m.Spec, rule_id: str) -> int | None:
    value = _typed(spec, rule_id, m.Number)
    return None if value is None else value.value


def _word(spec: m.Spec, rule_id: str) -> str | None:
    value = _typed(spec, rule_id, m.Word)
    return None if value is None else value.value


def _known_word(spec: m.Spec, rule_id: str) -> str | None:
    """A word-valued rule's word when it is in the rule's vocabulary (a wrong word is reported by E102 alone)."""
    word = _word(spec, rule_id)
    entry = schema.BY_ID.get(rule_id)
    return word if entry is not None and word in entry.words else None


def _item_loc(value: m.Value, index: int) -> m.Loc:
    """Where the index-th item of a list value was written (the value's start when unknown)."""
    locs = getattr(value, "item_locs", ())
    return locs[index] if index < len(locs) else value.loc


def _words(value: m.Value | None) -> tuple[str, ...]:
    if isinstance(value, m.Word):
        return (value.value,)
    if isinstance(value, m.WordList):
        return value.words
    return ()


def _decls(spec: m.Spec, rule_id: str) -> tuple[m.Decl, ...]:
    value = _typed(spec, rule_id, m.Decls)
    return () if value is None else value.items


def _ranks(spec: m.Spec) -> list[int]:
    """The declared ranks that are numbers (others are reported by check_ranks)."""
    ranks = [d.key for d in _decls(spec, "deck.ranks") if _is_int(d.key) and d.key > 0]
    return list(dict.fromkeys(ranks))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _anchor(spec: m.Spec, rule_id: str) -> m.Loc:
    """Where to report a missing rule: its removal, else its section (or call), else the system header."""
    section = rule_id.split(".", 1)[0]
    for change in spec.changes:
        if change.action == "remove" and change.rule_id == rule_id:
            return change.loc
    rules = _section(spec, section)
    if rules:
        return rules[0].loc
    title = _rule(spec, "system.title")
    return title.loc if title is not None else spec.loc


def _has_bidding(spec: m.Spec) -> bool:
    return bool(_section(spec, "bidding"))


def _legal_bid(spec: m.Spec, amount: int) -> bool | None:
    """Whether `amount` is a bid the bidding rules allow; None when those rules are unusable."""
    low, step, high = (_number(spec, f"bidding.{k}") for k in ("minimum", "step", "maximum"))
    if low is None or step is None or high is None or step <= 0 or check_bid_range(spec):
        return None
    return low <= amount <= high and amount % step == 0 or amount == _rank_contract(spec)


def _rank_contract(spec: m.Spec) -> int | None:
    """The contract of a bid on a rank, under `bidding.bids: ranks` (a bid the auction allows too); None otherwise."""
    return _number(spec, "bidding.rank_contract") if _word(spec, "bidding.bids") == "ranks" else None


def _lowest_contract(spec: m.Spec) -> int | None:
    """The lowest bid that can stand as the contract (a `never_stands` minimum does not)."""
    low, step = _number(spec, "bidding.minimum"), _number(spec, "bidding.step")
    if low is None or step is None:
        return None
    lowest = low + step if _number(spec, "bidding.never_stands") == low else low
    ranked = _rank_contract(spec)
    return lowest if ranked is None else min(lowest, ranked)


def _obligations(spec: m.Spec) -> list[m.Rule]:
    return [r for r in _section(spec, "play") if isinstance(r.value, m.Obligation)]


# ---------------------------------------------------------------- shapes and examples

SHAPE_NAMES = {
    m.Number: "a number",
    m.Word: "a word",
    m.WordList: "a list of words",
    m.Numbers: "a list of numbers",
    m.Cards: "cards `2c, 2o`",
    m.Text: 'a quoted text "..."',
    m.Order: "an order `a > b > ...`",
    m.Groups: "seat groups `0 2 | 1 3`",
    m.Setting: "a setting `default (choice, ...)`",
    m.Table: "a table `key = value, ...`",
    m.Decls: 'declarations `name "Label" ...`',
    m.Requirement: "a precondition `require NAME: condition`",
    m.Formula: "a formula such as `2 * contract`",
    m.Obligation: "a duty `must DUTY [when ...] [unless ...]`",
}

EXAMPLES = {
    "deck.suits": 'oros/o "Oros" aka dheb coins, copas/c "Copas"',
    "deck.ranks": '1 "ace" aka as, 2 "two", 3 "three"',
    "deck.order": "1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2",
    "deck.points": "1 = 11, 3 = 10, 12 = 4, 11 = 3, 10 = 2, others = 0",
    "table.teams": "0 2 | 1 3",
    "ghna.values": "trump = 40, plain = 20",
    "ghna.caps": "70 = 0, 80 = 20, 90 = 40, 100 = none",
    "ghna.minimums": "plain = 80, trump = 90",
    "ghna.pair": "12, 11",
    "ghna.tute": "12, 11",
    "match.target": "600 (400, 600, 1000)",
    "match.hands": "3 (2, 3, 5)",
    "match.rounds": "10 (5, 10, 20)",
    "match.losses": "4 (3, 4, 5)",
    "match.games": "3 (2, 3, 4)",
    "match.cotos": "2 (1, 2, 3)",
    "call.values": 'las "I have an ace", kont "I have a ghna"',
    "play.partner_exemption": "none",
}

SHAPE_EXAMPLES = {
    m.Number: "10",
    m.Text: '"..."',
    m.Numbers: "12, 11",
    m.Cards: "2c, 2o",
    m.Setting: "600 (400, 600, 1000)",
    m.Obligation: "must follow",
}


def example_for(spec_entry: schema.RuleSpec) -> str:
    """A one-line example of a rule, written as it would appear in its section."""
    generic_id = "call." + spec_entry.key if spec_entry.section not in schema.SECTIONS else spec_entry.id
    value = EXAMPLES.get(generic_id)
    if value is None and spec_entry.words:
        value = spec_entry.words[0] if m.Word in spec_entry.shapes else ", ".join(spec_entry.words[:2])
    if value is None:
        value = SHAPE_EXAMPLES.get(spec_entry.shapes[0], "...")
    return f"{spec_entry.key}: {value}"


def _shape_list(shapes: tuple[type, ...]) -> str:
    return " or ".join(SHAPE_NAMES.get(s, s.__name__) for s in shapes)


# ---------------------------------------------------------------- structure (E1xx)


@check
def check_version(spec: m.Spec) -> list[Diagnostic]:
    """E107: the `touti N` line names a language version this tool reads."""
    if spec.version in SUPPORTED_VERSIONS:
        return []
    wanted = ", ".join(str(v) for v in SUPPORTED_VERSIONS)
    return [_diag("E107", f"unsupported touti version {spec.version}: this tool reads version {wanted}", spec.loc,
                  f"write `touti {SUPPORTED_VERSIONS[-1]}`")]


@check
def check_system(spec: m.Spec) -> list[Diagnostic]:
    """E106: a system block with a well-formed id (not its base's), and a non-empty title."""
    problems = []
    if not spec.system:
        return [_diag("E106", "no system block: a spec names its rule system with `system \"id\" { title: \"...\" }`",
                      spec.loc)]
    anchor = spec.system_loc if spec.system_loc.line else _anchor(spec, "system.title")
    if not _system_name_ok(spec.system):
        problems.append(_diag("E106", f'system id "{spec.system}" must be lower-case letters, digits and -', anchor,
                              "for example `system \"atlas-house\"`"))
    if spec.base is not None and spec.system == spec.base:
        problems.append(_diag("E106", f'a variant needs its own system id, not its base\'s "{spec.base}"', anchor))
    title = _value(spec, "system.title")
    if isinstance(title, m.Text) and not title.value.strip():
        problems.append(_diag("E106", "system.title is empty", title, 'for example `title: "Atlas Carta"`'))
    return problems


def _system_name_ok(name: str) -> bool:
    return bool(SYSTEM_ID.match(name))


@check
def check_sections(spec: m.Spec) -> list[Diagnostic]:
    """E105: every section is one the language knows (reported once, at its first rule)."""
    problems, seen = [], set()
    for rule in spec.rules:
        if rule.kind != "section" or rule.section in schema.SECTIONS or rule.section in seen:
            continue
        seen.add(rule.section)
        hint = did_you_mean(rule.section, schema.SECTIONS) or "the sections are " + ", ".join(schema.SECTIONS)
        problems.append(_diag("E105", f"unknown section {rule.section!r}", rule, hint))
    return problems


@check
def check_rule_ids(spec: m.Spec) -> list[Diagnostic]:
    """E100: every rule id is in the schema (a `require` in a call and a `must` duty in play are free keys)."""
    problems = []
    for rule in spec.rules:
        if rule.kind == "section" and rule.section not in schema.SECTIONS:
            continue  # reported once by check_sections
        if _misplaced(rule) or schema.spec_for(rule) is not None:
            continue
        hint = _unknown_rule_hint(rule) if len(problems) < MAX_HINTED else None  # past the shown ones, no search
        problems.append(_diag("E100", f"unknown rule {rule.id}", rule, hint))
    return problems


def _unknown_rule_hint(rule: m.Rule) -> str | None:
    if rule.kind == "call":
        keys = [r.key for r in schema.CALL_RULES]
        return did_you_mean(rule.key, keys) or "a call has values, effect, raise and `require NAME: condition` lines"
    keys = [r.key for r in schema.RULES if r.section == rule.section]
    hint = did_you_mean(rule.key, keys)
    if hint is None and rule.section == "play":
        return "a play duty is written `NAME: must DUTY`; other play rules: " + ", ".join(keys)
    return hint or f"the {rule.section} rules are " + ", ".join(keys)


def _misplaced(rule: m.Rule) -> bool:
    """A `require` outside a call or a section it constrains, or a `must` outside play: reported as a shape problem."""
    if isinstance(rule.value, m.Requirement):
        return rule.kind != "call" and rule.section not in schema.REQUIREMENT_SECTIONS
    if isinstance(rule.value, m.Obligation):
        return rule.kind == "call" or rule.section != "play"
    return False


@check
def check_shapes(spec: m.Spec) -> list[Diagnostic]:
    """E101: each known rule is written in a shape it takes; the message shows the expected shape."""
    problems = []
    for rule in spec.rules:
        if isinstance(rule.value, m.Requirement) and _misplaced(rule):
            places = ", ".join(schema.REQUIREMENT_SECTIONS)
            problems.append(_diag("E101", f"{rule.id}: a `require` precondition belongs in a `call` block or in the "
                                          f"{places} sections", rule))
            continue
        if isinstance(rule.value, m.Obligation) and _misplaced(rule):
            problems.append(_diag("E101", f"{rule.id}: a `must` duty belongs in the play section, as its own rule",
                                  rule, _example_hint(rule)))
            continue
        known = rule.kind == "section" and rule.id in schema.BY_ID
        entry = schema.BY_ID[rule.id] if known else schema.spec_for(rule)
        if entry is None or isinstance(rule.value, entry.shapes):
            continue
        message = (f"{rule.id} is written as {SHAPE_NAMES.get(type(rule.value), 'a value')}, "
                   f"but it takes {_shape_list(entry.shapes)}")
        hint = f"for example `{example_for(entry)}`"
        if isinstance(rule.value, m.Requirement) and known:  # `require winner: ...` takes the name of a rule
            hint = f"{rule.key} is the name of a {rule.section} rule: give the `require` line another name"
        problems.append(_diag("E101", message, rule.value, hint))
    return problems


def _example_hint(rule: m.Rule) -> str | None:
    entry = schema.BY_ID.get(rule.id)
    return None if entry is None else f"for example `{example_for(entry)}`"


@check
def check_vocabulary(spec: m.Spec) -> list[Diagnostic]:
    """E102: a word-valued rule uses only words of its vocabulary."""
    problems = []
    for rule in spec.rules:
        entry = schema.spec_for(rule)
        if entry is None or not entry.words or not isinstance(rule.value, (m.Word, m.WordList)):
            continue
        # match.at_once may name a kind of ghna.kinds too (E511 says whether it wins the hand)
        words = entry.words + _spec_names(spec).kinds if rule.id == "match.at_once" else entry.words
        for index, word in enumerate(_words(rule.value)):
            if word not in words:
                hint = did_you_mean(word, words) or "it takes " + ", ".join(words)
                problems.append(_diag("E102", f"{rule.id} does not take {word!r}", _item_loc(rule.value, index), hint))
    return problems


@check
def check_first_lead(spec: m.Spec) -> list[Diagnostic]:
    """E101 / E102: `rotation.first_lead` written as a formula names a card of the deck: `holder(RANK, SUIT)`."""
    rule = _rule(spec, "rotation.first_lead")
    if rule is None or not isinstance(rule.value, m.Formula):
        return []
    expr = rule.value.expr
    args = expr.args if isinstance(expr, m.Pred) and expr.name == "holder" else ()
    if len(args) != 2 or not isinstance(args[0], int) or isinstance(args[1], int):
        return [_diag("E101", "rotation.first_lead is first_speaker, after_dealer, bid_winner or the holder of a card, "
                              "written holder(RANK, SUIT)", rule.value, "for example `first_lead: holder(2, oros)`")]
    rank, suit = args
    problems = []
    ranks = _ranks(spec)
    if rank not in ranks:
        problems.append(_diag("E102", f"rotation.first_lead: the deck has no rank {rank}", rule.value,
                              "its ranks are " + ", ".join(map(str, ranks))))
    suits = [d.key for d in _decls(spec, "deck.suits")]
    if suit not in suits:
        problems.append(_diag("E102", f"rotation.first_lead: the deck has no suit {suit!r}", rule.value,
                              did_you_mean(suit, suits) or "its suits are " + ", ".join(suits)))
    return problems


@check
def check_word_choices(spec: m.Spec) -> list[Diagnostic]:
    """E101 / E102: a word rule written as a choice (`next_round: same_seat if hand_tied else next_seat`) is a chain of
    `WORD if CONDITION else ...` ending in a word, each a word of the rule's vocabulary (its conditions are typed by
    check_predicates in the rule's context)."""
    problems = []
    for rule_id in schema.WORD_CHOICE_RULES:
        rule = _rule(spec, rule_id)
        if rule is None or not isinstance(rule.value, m.Formula):
            continue
        words = schema.BY_ID[rule_id].words
        found = branches(rule.value)
        if found is None:
            problems.append(_diag("E101", f"{rule_id} is one of {', '.join(words)}, or a choice between them by "
                                          "conditions on the finished round, written `WORD if CONDITION else WORD`",
                                  rule.value, f"for example `{rule.key}: same_seat if hand_tied else next_seat`"))
            continue
        for branch in found:
            if branch.word not in words:
                hint = did_you_mean(branch.word, words) or "it takes " + ", ".join(words)
                problems.append(_diag("E102", f"{rule_id} does not take {branch.word!r}", branch.loc, hint))
    return problems


@check
def check_duplicates(spec: m.Spec) -> list[Diagnostic]:
    """E104: no rule id is written twice."""
    return duplicate_rules(spec.rules)


def duplicate_rules(rules) -> list[Diagnostic]:
    """E104 for every rule whose id an earlier rule already has (also used when flattening variants)."""
    first: dict[str, m.Rule] = {}
    problems = []
    for rule in rules:
        if rule.id in first:
            where = first[rule.id].loc
            place = f"line {where.line}" if where.file == rule.loc.file else f"{where.file}:{where.line}"
            problems.append(_diag("E104", f"{rule.id} is written twice (first at {place})", rule, "keep one of them"))
        else:
            first[rule.id] = rule
    return problems


def _required_ids(spec: m.Spec) -> list[str]:
    """Rule ids this spec must have: the schema's required rules, of optional sections only when used."""
    present = {rule.section for rule in spec.rules}
    ids = [r.id for r in schema.RULES if r.required and (r.section not in schema.OPTIONAL_SECTIONS or r.section in present)]
    for call in _index(spec).calls:
        ids += [f"{call}.{r.key}" for r in schema.CALL_RULES if r.required]
    ids += [rule_id for rule_id, needed in _conditional_rules(spec) if needed]
    return ids


def _conditional_rules(spec: m.Spec) -> list[tuple[str, bool]]:
    """Rules required exactly when another rule has a given value: (rule id, needed here)."""
    return [(rule_id, _known_word(spec, other) in _when_words(wanted)) for rule_id, (other, wanted) in APPLIES_WHEN.items()
            if rule_id not in OPTIONAL_WHEN_APPLICABLE]


def _when_words(wanted: str | tuple[str, ...]) -> tuple[str, ...]:
    """The values of APPLIES_WHEN under which a rule applies: one word, or several."""
    return wanted if isinstance(wanted, tuple) else (wanted,)


@check
def check_required(spec: m.Spec) -> list[Diagnostic]:
    """E103: every required rule is present (bidding and concession are all-or-nothing; caps iff limit cap...)."""
    missing = [r for r in _required_ids(spec) if not _has(spec, r) and not _misspelled(spec, r)]
    problems, absent_sections = [], []
    for rule_id in missing:
        section = rule_id.split(".", 1)[0]
        if _section(spec, section) or _anchor(spec, rule_id) != _anchor(spec, "system.title"):
            problems.append(_missing_rule(spec, rule_id))
        elif section not in absent_sections:
            absent_sections.append(section)
    for section in absent_sections:
        keys = [r.split(".", 1)[1] for r in missing if r.startswith(section + ".")]
        problems.append(_diag("E103", f"missing section {section} (with {', '.join(keys)})",
                              _anchor(spec, "system.title"), f"add `{section} {{ ... }}`"))
    return problems


def _missing_rule(spec: m.Spec, rule_id: str) -> Diagnostic:
    entry = schema.spec_for(m.Rule(*rule_id.split(".", 1), m.Word(""), _kind_of(spec, rule_id)))
    meaning = f" ({entry.meaning})" if entry and entry.meaning else ""
    hint = f"add `{example_for(entry)}`" if entry else None
    return _diag("E103", f"missing rule {rule_id}{meaning}", _anchor(spec, rule_id), hint)


def _misspelled(spec: m.Spec, rule_id: str) -> bool:
    """Whether an unknown rule or section near `rule_id` is already reported (E100, E105) as its misspelling."""
    section, key = rule_id.split(".", 1)
    index = _index(spec)
    unknown_sections = [name for name, rules in index.by_section.items()
                        if name not in schema.SECTIONS and rules[0].kind == "section"]
    unknown_keys = [r.key for r in index.by_section.get(section, []) if schema.spec_for(r) is None]
    return bool(did_you_mean(section, unknown_sections[:MISSPELLING_POOL])
                or did_you_mean(key, unknown_keys[:MISSPELLING_POOL]))


def _kind_of(spec: m.Spec, rule_id: str) -> str:
    return "call" if rule_id.split(".", 1)[0] in _index(spec).call_rules else "section"


# Rules of APPLIES_WHEN that stay optional where they apply (no swap, no lend), unlike caps for `limit: cap`.
OPTIONAL_WHEN_APPLICABLE = ("trump.swap", "ghna.lend", "scoring.capote_void", "scoring.place_tie")
APPLIES_WHEN = {
    "ghna.caps": ("ghna.limit", "cap"),
    "ghna.minimums": ("ghna.limit", "minimum"),
    "match.target": ("match.end", "target"),
    "match.hands": ("match.end", "hands"),
    "match.rounds": ("match.end", "rounds"),
    "match.losses": ("match.end", ("losses", "elimination")),
    "match.remaining": ("match.end", "elimination"),
    "scoring.tie": ("scoring.round", "most_points"),
    "scoring.capote_void": ("scoring.round", "middle_loses"),
    "scoring.losing_place": ("scoring.round", "place_loses"),
    "scoring.place_tie": ("scoring.round", "place_loses"),
    "trump.swap": ("trump.choice", "turned_card"),
    "ghna.lend": ("ghna.who", "bid_winner"),
    "bidding.rank_contract": ("bidding.bids", "ranks"),
}


@check
def check_applicable(spec: m.Spec) -> list[Diagnostic]:
    """E108: a rule that only applies with another rule's value is not given without it."""
    problems = []
    for rule_id, (other, wanted) in APPLIES_WHEN.items():
        rule, actual = _rule(spec, rule_id), _known_word(spec, other)
        if rule is None or actual is None or actual in _when_words(wanted):
            continue
        allowed = " or ".join(f"`{other.split('.')[1]}: {word}`" for word in _when_words(wanted))
        problems.append(_diag("E108", f"{rule_id} applies only with {allowed}, but {other} is {actual}", rule,
                              f"remove {rule_id}"))
    return problems


@check
def check_draw_time(spec: m.Spec) -> list[Diagnostic]:
    """E108: `table.draw_time` says when the stock is drawn, so it needs a stock (`table.draw winner_first`)."""
    rule = _rule(spec, "table.draw_time")
    if rule is None or _word(spec, "table.draw") == "winner_first":
        return []
    draw = _word(spec, "table.draw")
    why = "table.draw is not written" if draw is None else f"table.draw is {draw}"
    return [_diag("E108", f"table.draw_time says when the stock is drawn, but this table has no stock ({why})", rule,
                  "remove table.draw_time, or write `draw: winner_first` where the deal leaves a stock")]


# ---------------------------------------------------------------- deck and table (E2xx)


@check
def check_suits(spec: m.Spec) -> list[Diagnostic]:
    """E200, E201: suits are words, each with a unique one-letter code; names and aliases are unique."""
    problems, names, codes = [], {}, {}
    for decl in _decls(spec, "deck.suits"):
        if not isinstance(decl.key, str):
            problems.append(_diag("E200", f"a suit is named by a word, not {decl.key!r}", decl, 'for example `oros/o "Oros"`'))
            continue
        for name in (decl.key, *decl.aliases):
            if name in names:
                problems.append(_diag("E200", f"suit name {name!r} is used twice (also by {names[name]})", decl))
            names.setdefault(name, decl.key)
        problems += _suit_code_problems(decl, codes)
    return problems


def _suit_code_problems(decl: m.Decl, codes: dict[str, str]) -> list[Diagnostic]:
    if decl.code is None:
        return [_diag("E201", f"suit {decl.key} has no code: cards are written rank + code, like `1o`", decl,
                      f'write `{decl.key}/{decl.key[0]} "..."`')]
    if len(decl.code) != 1:
        return [_diag("E201", f"suit code {decl.code!r} must be one letter", decl)]
    if decl.code in codes:
        return [_diag("E201", f"suit code {decl.code!r} is used twice (also by {codes[decl.code]})", decl)]
    codes[decl.code] = decl.key
    return []


@check
def check_ranks(spec: m.Spec) -> list[Diagnostic]:
    """E202, E203: ranks are distinct positive numbers without codes; rank aliases are unique."""
    problems, seen, aliases = [], set(), {}
    for decl in _decls(spec, "deck.ranks"):
        if not _is_int(decl.key) or decl.key <= 0:
            problems.append(_diag("E203", f"a rank is a positive number, not {decl.key!r}", decl, 'for example `1 "ace"`'))
            continue
        if decl.code is not None:
            problems.append(_diag("E203", f"rank {decl.key} has a code; only suits have codes", decl))
        if decl.key in seen:
            problems.append(_diag("E202", f"rank {decl.key} is declared twice", decl))
        seen.add(decl.key)
        for alias in decl.aliases:
            if alias in aliases:
                problems.append(_diag("E202", f"rank alias {alias!r} is used twice (also by {aliases[alias]})", decl))
            aliases.setdefault(alias, decl.key)
    return problems


@check
def check_removed_cards(spec: m.Spec) -> list[Diagnostic]:
    """E218, E219: each card `deck.removed` takes out is a card of the deck, named once, and no rule needs it: the
    ranks of a song (`ghna.pair`, `ghna.tute`, `ghna.kinds`: each suit's cards of them) and the card whose holder
    leads (`rotation.first_lead: holder(RANK, SUIT)`)."""
    value = _typed(spec, "deck.removed", m.Cards)
    ranks, codes = _ranks(spec), {d.code: d.key for d in _decls(spec, "deck.suits") if d.code}
    if value is None or not ranks or not codes:
        return []
    problems, seen, needed, named = [], set(), _ranks_needed(spec), _named_cards_needed(spec)
    for index, card in enumerate(value.cards):
        rank, code = card_parts(card)
        where = _item_loc(value, index)
        if rank not in ranks or code not in codes:
            what = f"no rank {rank}" if rank not in ranks else f"no suit of code {code!r}"
            hint = ("its ranks are " + ", ".join(map(str, ranks)) if rank not in ranks
                    else "its suit codes are " + ", ".join(codes))
            problems.append(_diag("E218", f"deck.removed: the deck has no card {card} ({what})", where, hint))
        elif card in seen:
            problems.append(_diag("E218", f"deck.removed takes {card} out twice", where))
        elif rank in needed or card in named or (rank, codes[code]) == _first_lead_card(spec):
            rule_id = needed.get(rank, "ghna.kinds" if card in named else "rotation.first_lead")
            hint = ("a song needs the cards of its ranks in every suit" if rank in needed
                    else "a kind of ghna.kinds names that card" if card in named
                    else "the first trick is led by the holder of that card")
            problems.append(_diag("E219", f"deck.removed takes {card} out, but {rule_id} needs it", where, hint))
        seen.add(card)
    return problems + _swap_ranks_removed(spec, value, seen, codes)


def _swap_ranks_removed(spec: m.Spec, removed: m.Cards, taken: set[str], codes: dict[str, str]) -> list[Diagnostic]:
    """E219: a rank of `trump.swap` (a number or a chain) whose every card is taken out: no swap by it could be made.
    One card of it taken out leaves the swap in the other suits (the engine refuses it in that suit)."""
    value = _value(spec, "trump.swap")
    ranks = value.values if isinstance(value, m.Numbers) else (value.value,) if isinstance(value, m.Number) else ()
    problems = []
    for rank in ranks:
        cards = [f"{rank}{code}" for code in codes]
        if all(card in taken for card in cards):
            where = _item_loc(removed, max(removed.cards.index(card) for card in cards))
            problems.append(_diag("E219", f"deck.removed takes out every card of rank {rank}, but trump.swap needs "
                                          "them: no swap could ever be made", where,
                                  "keep at least one of them, or remove trump.swap"))
    return problems


def _ranks_needed(spec: m.Spec) -> dict[int, str]:
    """The ranks whose every card a rule needs, each with the rule: the songs' (ghna.pair, ghna.tute, ghna.kinds)."""
    needed = {}
    for rule_id in ("ghna.pair", "ghna.tute"):
        value = _value(spec, rule_id)
        for rank in value.values if isinstance(value, m.Numbers) else (value.value,) if isinstance(value, m.Number) else ():
            needed.setdefault(rank, rule_id)
    for kind in _read_kinds(spec):
        for rank in kind.ranks if not kind.cards else ():
            needed.setdefault(rank, "ghna.kinds")
    return needed


def _named_cards_needed(spec: m.Spec) -> set[str]:
    """The cards a kind of named cards of ghna.kinds needs (`11e`), as `deck.removed` writes them."""
    return {f"{rank}{code}" for kind in _read_kinds(spec) for rank, code in kind.cards}


def _read_kinds(spec: m.Spec) -> list[Kind]:
    """The rows of ghna.kinds that read as kinds (a row that does not is E508's)."""
    found = (read_kind(entry, tuple(_ranks(spec)), len(_decls(spec, "deck.suits")))[0]
             for entry in (_typed(spec, "ghna.kinds", m.Table) or m.Table(())).entries)
    return [kind for kind in found if kind is not None]


def _first_lead_card(spec: m.Spec) -> tuple[int, str] | None:
    """The (rank, suit) of `rotation.first_lead: holder(RANK, SUIT)`, or None."""
    value = _typed(spec, "rotation.first_lead", m.Formula)
    args = value.expr.args if value is not None and isinstance(value.expr, m.Pred) else ()
    return tuple(args) if len(args) == 2 else None


@check
def check_order(spec: m.Spec) -> list[Diagnostic]:
    """E204: deck.order lists every rank exactly once."""
    order, ranks = _typed(spec, "deck.order", m.Order), _ranks(spec)
    if order is None or not ranks:
        return []
    known, listed = set(ranks), Counter(order.ranks)
    missing = [r for r in ranks if r not in listed]
    unknown = list(dict.fromkeys(r for r in order.ranks if r not in known))
    repeated = sorted(r for r, times in listed.items() if times > 1)
    parts = [f"{label} {', '.join(map(str, found))}" for label, found in
             (("missing", missing), ("unknown", unknown), ("repeated", repeated)) if found]
    if not parts:
        return []
    return [_diag("E204", "deck.order is not a permutation of the ranks: " + "; ".join(_short(p) for p in parts),
                  _order_culprit(order, known),
                  "list each rank of deck.ranks once, strongest first")]


def _order_culprit(order: m.Order, known: set[int]) -> m.Loc:
    """The first unknown or repeated rank of an order; its start when only ranks are missing."""
    seen: set[int] = set()
    for index, rank in enumerate(order.ranks):
        if rank not in known or rank in seen:
            return _item_loc(order, index)
        seen.add(rank)
    return order.loc


def _short(text: str, limit: int = 200) -> str:
    """A message part cut to `limit` characters (huge inputs make huge lists)."""
    return text if len(text) <= limit else text[: limit - 4] + " ..."


@check
def check_points(spec: m.Spec) -> list[Diagnostic]:
    """E205, E206: deck.points gives a whole number of points to each declared rank, or to `others`."""
    table, ranks = _typed(spec, "deck.points", m.Table), _ranks(spec)
    if table is None:
        return []
    problems, seen, known = [], set(), set(ranks)
    for entry in table.entries:
        problems += _points_entry_problems(entry, known, seen)
    unpriced = [str(r) for r in ranks if r not in seen]
    if unpriced and "others" not in seen:
        ranks_text = f"rank {unpriced[0]} has" if len(unpriced) == 1 else f"ranks {', '.join(unpriced)} have"
        problems.append(_diag("E206", f"{ranks_text} no points", table, "add them, or `others = 0` for the rest"))
    return problems


def _points_entry_problems(entry: m.Entry, ranks: set[int], seen: set) -> list[Diagnostic]:
    if entry.key in seen:
        return [_diag("E205", f"deck.points gives rank {entry.key} twice", entry)]
    seen.add(entry.key)
    if entry.key != "others" and (not _is_int(entry.key) or (ranks and entry.key not in ranks)):
        hint = did_you_mean(str(entry.key), [str(r) for r in sorted(ranks)] + ["others"])
        return [_diag("E205", f"deck.points gives points to unknown rank {_shown(entry.key)}", entry, hint)]
    if not _is_int(entry.value) or entry.value < 0:
        return [_diag("E205", f"points of {_shown(entry.key)} must be a whole number ≥ 0, not {_shown(entry.value)}", entry)]
    return []


def _shown(value) -> str:
    return "none" if value is None else str(value)


def _seat_counts(spec: m.Spec) -> tuple[int, ...]:
    """The numbers of players the table may seat: the number, or every choice of the setting (only its own on the
    spec of one number of players)."""
    return m.seat_counts(spec)


def _table_choices(spec: m.Spec) -> tuple[int, ...]:
    """Every number of players the table may seat, also on the spec of one of them."""
    return m.seat_counts(dataclasses.replace(spec, table_size=None)) if spec.table_size else m.seat_counts(spec)


def _sitting_out(spec: m.Spec) -> dict[int, m.Entry]:
    """The `table.sit_out` rows, by number of players at the table (malformed rows are E212's)."""
    value = _value(spec, "table.sit_out")
    if not isinstance(value, m.Table):
        return {}
    return {e.key: e for e in value.entries if _is_int(e.key) and e.value == "dealer"}


def _dealt_in_counts(spec: m.Spec) -> tuple[int, ...]:
    """The numbers of players dealt in a round: the table's, less one where the dealer sits out, then the smaller
    tables `match.end elimination` plays on at (the engine deals each: `combinations.players_dealt_in`)."""
    out = _sitting_out(spec)
    table = tuple(dict.fromkeys(n - (n in out) for n in _seat_counts(spec)))
    return table + _after_elimination(spec, table)


def _why_dealt(spec: m.Spec, players: int) -> str:
    """Why a round deals `players`, when only elimination leaves that many at the table."""
    table = tuple(dict.fromkeys(n - (n in _sitting_out(spec)) for n in _seat_counts(spec)))
    if players not in _after_elimination(spec, table):
        return ""
    return (f" (match.end elimination plays down to match.remaining {_value(spec, 'match.remaining').value}, "
            f"so hands are dealt to {players} players)")


def _after_elimination(spec: m.Spec, table: tuple[int, ...]) -> tuple[int, ...]:
    """The numbers of players dealt in only once players are out of the match (E606 judges `match.remaining`)."""
    return tuple(sorted((n for n in players_dealt_in(spec) if n >= MIN_SEATS and n not in table), reverse=True))


def _hand_sizes(spec: m.Spec) -> dict[int, m.Number | m.Entry]:
    """The hand size written for each number of players dealt in (what is missing is E209's)."""
    value = _value(spec, "table.hand_size")
    if isinstance(value, m.Number):
        return {n: value for n in _dealt_in_counts(spec)}
    if isinstance(value, m.Table):
        return {e.key: e for e in value.entries if _is_int(e.key) and _is_int(e.value)}
    return {}


@check
def check_table_numbers(spec: m.Spec) -> list[Diagnostic]:
    """E209: 2 to 6 seats, a positive hand size for each, and a last-trick bonus that is not negative."""
    problems = []
    seats, hand, bonus = (_value(spec, k) for k in ("table.seats", "table.hand_size", "deck.last_trick"))
    wrong = [n for n in _seat_counts(spec) if not MIN_SEATS <= n <= MAX_SEATS]
    if wrong:
        problems.append(_diag("E209", f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {wrong[0]}", seats))
    sizes = _hand_sizes(spec)
    for size in sizes.values():
        if size.value <= 0:
            problems.append(_diag("E209", f"table.hand_size must be positive, not {size.value}", size))
    if isinstance(hand, m.Table):
        missing = [n for n in _dealt_in_counts(spec) if n not in sizes]
        if missing:
            problems.append(_diag("E209", f"table.hand_size gives no hand size for {missing[0]} players"
                                  f"{_why_dealt(spec, missing[0])}", hand, f"add a row `{missing[0]} = N`"))
    if isinstance(bonus, m.Number) and bonus.value < 0:
        problems.append(_diag("E209", f"deck.last_trick must not be negative ({bonus.value})", bonus))
    return problems


@check
def check_deck_size(spec: m.Spec) -> list[Diagnostic]:
    """E207: the deal uses the deck: every card is dealt, drawn from the stock, or turned aside."""
    suits = len({d.key for d in _decls(spec, "deck.suits")})
    ranks = len(set(_ranks(spec)))
    if not suits or not ranks:
        return []
    deck = suits * ranks - len(_known_removed(spec))
    draw, turned = _word(spec, "table.draw") == "winner_first", _word(spec, "trump.turned") or "dealer_hand"
    widow = _widow_size(spec)
    problems = []
    for seats, size in _hand_sizes(spec).items():
        if seats not in _dealt_in_counts(spec) or size.value <= 0 or not MIN_SEATS <= seats <= MAX_SEATS:
            continue
        if widow:  # the widow is left out of the deal: the hands share out the rest of the deck exactly
            problem = _widow_deal_problem(deck, seats, size.value, widow)
            hint = _widow_deal_hint(deck, seats, size.value, widow)
        else:
            problem = _deal_problem(deck, seats, size.value, draw, turned)
            hint = f"table.hand_size: {deck // seats}" if deck % seats == 0 and not draw else None
        if problem is not None:
            problems.append(_diag("E207", problem + _why_dealt(spec, seats), size, hint))
    if turned == "under_stock" and not draw:
        problems.append(_diag("E207", "trump.turned under_stock needs a stock to draw from (table.draw winner_first)",
                              _value(spec, "trump.turned")))
    return problems


def _known_removed(spec: m.Spec) -> tuple[tuple[int, str], ...]:
    """The cards `deck.removed` takes out that the deck has (E218 reports the others), once each."""
    ranks, codes = set(_ranks(spec)), {d.code for d in _decls(spec, "deck.suits")}
    return tuple(card for card in removed_cards(spec) if card[0] in ranks and card[1] in codes)


def _widow_size(spec: m.Spec) -> int:
    """The cards of the widow (`widow.size`), or 0 without one (or with a size E213 refuses)."""
    value = _typed(spec, "widow.size", m.Number)
    return value.value if value is not None and value.value > 0 else 0


def _widow_deal_problem(deck: int, seats: int, size: int, widow: int) -> str | None:
    dealt = seats * size
    if dealt + widow == deck:
        return None
    return (f"the deck has {deck} cards, but {seats} hands of {size} ({dealt}) and a widow of {widow} (widow.size) "
            f"make {dealt + widow}: the hands and the widow share out the deck")


def _widow_deal_hint(deck: int, seats: int, size: int, widow: int) -> str:
    """A deal that fits: the hands that leave this widow, else the widow these hands leave, else a smaller hand and
    the widow it leaves (a widow has at least one card)."""
    if (deck - widow) % seats == 0 and deck > widow:
        return f"table.hand_size: {(deck - widow) // seats}"
    if deck - seats * size >= 1:
        return f"widow.size: {deck - seats * size}"
    smaller = next((h for h in range(size - 1, 0, -1) if deck - seats * h >= 1), None)
    return f"table.hand_size: {smaller} with widow.size: {deck - seats * smaller}" if smaller else "remove the widow"


@check
def check_widow(spec: m.Spec) -> list[Diagnostic]:
    """E213: a widow of at least one card, left out of a deal that has no stock to draw and no turned card."""
    size = _typed(spec, "widow.size", m.Number)
    if size is None:
        return []
    problems = []
    if size.value < 1:
        problems.append(_diag("E213", f"widow.size must be at least 1, not {size.value}", size,
                              "remove the widow section for a deal without a widow"))
    if _word(spec, "table.draw") == "winner_first":
        problems.append(_diag("E213", "a widow beside a stock: the cards left after the deal are either drawn "
                                      "(table.draw winner_first) or left out as the widow", size,
                              "write `draw: none`, or remove the widow section"))
    if _word(spec, "trump.choice") == "turned_card":
        problems.append(_diag("E213", "a widow with trumps shown by a turned card: the bid winner takes the widow "
                                      "before trumps are named (trump.choice bid_winner or in_bid)", size))
    return problems


def _deal_problem(deck: int, seats: int, size: int, draw: bool, turned: str) -> str | None:
    dealt = seats * size
    left = deck - dealt
    start = f"the deck has {deck} cards and {seats} hands of {size} need {dealt}"
    if left < 0:
        return start
    if draw:
        if not left:
            return f"{start}: no card is left to draw (table.draw winner_first)"
        drawn = left - (turned == "aside")
        if not drawn:
            return f"{start}: the one card left is set aside as the turned card, and none is left to draw (table.draw winner_first)"
        if drawn % seats:
            return f"{start}: the {drawn} cards of the stock do not go round {seats} players (each draws one a trick)"
        return None
    if left == 0 or (left == 1 and turned == "aside"):
        return None
    return f"{start}, leaving {left}: deal them all, set one aside as the turned card, or draw them (table.draw)"


@check
def check_sit_out(spec: m.Spec) -> list[Diagnostic]:
    """E212, E208: `table.sit_out` rows are `N = dealer`, once each, for a number of players the table seats, at
    least three (two or more play); a seat sitting out would leave its side of partners short, so the sides are not
    groups of partners."""
    table = _typed(spec, "table.sit_out", m.Table)
    if table is None:
        return []
    problems, seen, counts = [], set(), _table_choices(spec)
    for entry in table.entries:
        if not _is_int(entry.key) or entry.value != "dealer":
            problems.append(_diag("E212", "a table.sit_out row is `PLAYERS = dealer`", entry, "for example `5 = dealer`"))
        elif entry.key in seen:
            problems.append(_diag("E212", f"table.sit_out gives {entry.key} players twice", entry))
        elif entry.key not in counts or entry.key < 3:
            seated = ", ".join(map(str, counts)) or "none"
            problems.append(_diag("E212", f"table.sit_out: table.seats does not seat {entry.key} players with one "
                                          f"sitting out (it seats {seated}; at least three, so that two play)", entry,
                                  "write table.sit_out without that row, or seat that many players"))
        seen.add(entry.key)
    teams = _value(spec, "table.teams")
    if isinstance(teams, m.Groups):  # bidder_against_rest is an engine limit (E310), not a side left short
        problems.append(_diag("E208", "a seat sitting out of a round would leave its side of partners short: with "
                                      "table.sit_out the sides are `each` (or the bid winner against the rest)", teams,
                              "write `teams: each`, or remove table.sit_out"))
    return problems


@check
def check_teams(spec: m.Spec) -> list[Diagnostic]:
    """E208: fixed sides share out the seats, partners sitting every k seats for k sides; or `each`."""
    teams = _typed(spec, "table.teams", m.Groups)
    if teams is None:
        return []
    if isinstance(_value(spec, "table.seats"), m.Setting) and spec.table_size is None:
        return [_diag("E208", "with a number of players chosen at the table, the sides are `each`", teams,
                      "write `teams: each`, or groups of partners in a `with N players` block of each number")]
    counts = _seat_counts(spec)
    if not counts or not MIN_SEATS <= counts[0] <= MAX_SEATS:
        return []
    n, k = counts[0], len(teams.groups)
    seats = [s for group in teams.groups for s in group]
    problem = None
    if k < 2 or len({len(g) for g in teams.groups}) != 1 or len(teams.groups[0]) < 2:
        problem = "the sides are at least two groups of the same number of partners"
    elif sorted(seats) != list(range(n)):
        # table.seats named, so that a variant seating another number is blamed at its seats
        problem = f"each seat 0 to {n - 1} of the {n} players of table.seats is in exactly one side"
    elif any(len({s % k for s in g}) != 1 for g in teams.groups):
        problem = f"partners sit every {k} seats (seat and seat + {k})"
    if problem is None:
        return []
    return [_diag("E208", f"table.teams {_groups_text(teams)} is not a valid split: {problem}", teams,
                  _teams_hint(n, k))]


def _teams_hint(players: int, sides: int) -> str:
    """A split of that many players the check accepts: the sides asked for, else the fewest sides of two or more
    partners; `each` when there is none (three, five players)."""
    if players % sides or players // sides < 2:
        sides = next((d for d in range(2, players) if players % d == 0 and players // d >= 2), 0)
    if not sides:
        return f"write `teams: each`: {players} players cannot be shared into equal sides of two partners or more"
    example = " | ".join(" ".join(str(s) for s in range(i, players, sides)) for i in range(sides))
    return f"write `teams: {example}`, or `teams: each`"


def _groups_text(groups: m.Groups) -> str:
    return " | ".join(" ".join(map(str, g)) for g in groups.groups)


@check
def check_rank_references(spec: m.Spec) -> list[Diagnostic]:
    """E210, E211: ghna.pair, ghna.tute and trump.swap name declared ranks; the pair is two different ranks, and a
    chain of swap cards names each rank once (a rank taking back the card it left would undo its own swap)."""
    ranks = _ranks(spec)
    if not ranks:
        return []
    problems, known = [], set(ranks)
    for rule_id in ("ghna.pair", "ghna.tute", "trump.swap"):
        value = _value(spec, rule_id)
        named = value.values if isinstance(value, m.Numbers) else (value.value,) if isinstance(value, m.Number) else ()
        for index, rank in enumerate(named):
            if rank not in known:
                problems.append(_diag("E210", f"{rule_id} names unknown rank {rank}", _item_loc(value, index),
                                      did_you_mean(str(rank), map(str, ranks))))
    tute = _typed(spec, "ghna.tute", m.Word)
    if tute is not None and tute.value != "none":
        problems.append(_diag("E102", f"ghna.tute is `none` or the ranks that win when four are sung, not {tute.value!r}",
                              tute, "for example `tute: 12, 11`"))
    pair = _typed(spec, "ghna.pair", m.Numbers)
    if pair is not None and (len(pair.values) != 2 or pair.values[0] == pair.values[1]):
        problems.append(_diag("E211", "ghna.pair is two different ranks, held in one hand", pair, "for example `pair: 12, 11`"))
    chain = _typed(spec, "trump.swap", m.Numbers)
    for index, rank in enumerate(chain.values if chain is not None else ()):
        if rank in chain.values[:index]:
            problems.append(_diag("E211", f"trump.swap names rank {rank} twice: each rank of the chain swaps once",
                                  _item_loc(chain, index), "for example `swap: 7, 2`"))
    return problems


@check
def check_swap_windows(spec: m.Spec) -> list[Diagnostic]:
    """E211: `trump.swap_window` names each window once (`before_first_lead, after_team_trick` opens both)."""
    value = _value(spec, "trump.swap_window")
    words = _words(value)
    return [_diag("E211", f"trump.swap_window names {word!r} twice", _item_loc(value, index),
                  "name each window once: `swap_window: before_first_lead, after_team_trick`")
            for index, word in enumerate(words) if word in words[:index]]


# ---------------------------------------------------------------- bidding (E3xx)


@check
def check_bid_range(spec: m.Spec) -> list[Diagnostic]:
    """E300, E301, E302: a positive step; minimum and maximum multiples of it; minimum ≤ maximum."""
    low, step, high = (_value(spec, f"bidding.{k}") for k in ("minimum", "step", "maximum"))
    if not all(isinstance(v, m.Number) for v in (low, step, high)):
        return []
    if step.value <= 0:
        return [_diag("E300", f"bidding.step must be positive, not {step.value}", step)]
    problems = []
    for bound in (low, high):
        if bound.value % step.value:
            problems.append(_diag("E301", f"bid range not aligned to the step: {bound.value} is not a multiple of "
                                          f"{step.value}", bound, f"use {bound.value - bound.value % step.value}"))
    if low.value <= 0:
        problems.append(_diag("E302", f"bidding.minimum must be positive, not {low.value}", low))
    elif low.value > high.value:
        problems.append(_diag("E302", f"bidding.minimum {low.value} is above bidding.maximum {high.value}", low))
    return problems


@check
def check_rank_auction(spec: m.Spec) -> list[Diagnostic]:
    """E312: an auction on ranks names ranks of the deck, each once, has a contract of a rank bid within the bids, a
    points stage whose lowest bid raises that contract (or none: `maximum` at the contract), and bids naming no suit;
    its rules are written only with `bidding.bids: ranks`."""
    order, contract = _typed(spec, "bidding.ranks", m.Order), _typed(spec, "bidding.rank_contract", m.Number)
    if _word(spec, "bidding.bids") != "ranks":
        told = ("bidding.ranks",) if _known_word(spec, "bidding.bids") else ("bidding.ranks", "bidding.rank_contract")
        return [_diag("E312", f"{rule.id} applies only to an auction on ranks", rule, "add `bids: ranks` to bidding, or "
                              f"remove {rule.id}") for rule in map(partial(_rule, spec), told) if rule is not None]
    problems = _rank_order_problems(order, set(_ranks(spec))) if order is not None else []
    if _word(spec, "trump.choice") == "in_bid":
        problems.append(_diag("E312", "a bid on a rank names no suit: trumps cannot be named in the bids (trump.choice "
                                      "in_bid) of an auction on ranks", _rule(spec, "bidding.bids"),
                              "use `trump.choice: called_card` or `bid_winner`"))
    low, high = _typed(spec, "bidding.minimum", m.Number), _typed(spec, "bidding.maximum", m.Number)
    if contract is None or low is None or high is None:
        return problems
    if contract.value <= 0 or contract.value > high.value:
        problems.append(_diag("E312", f"bidding.rank_contract {contract.value} must be a positive number of points no "
                                      f"higher than bidding.maximum {high.value}", contract))
    elif low.value <= contract.value < high.value:
        problems.append(_diag("E312", f"bidding.minimum {low.value} does not raise the contract of a rank bid "
                                      f"({contract.value}): bids in points go on above it", low,
                              f"use `minimum: {contract.value + 1}`, or `maximum: {contract.value}` for an auction on "
                              f"ranks alone"))
    return problems + _rank_auction_special_bids(spec, contract.value, high.value)


def _rank_auction_special_bids(spec: m.Spec, contract: int, high: int) -> list[Diagnostic]:
    """E312: `bidding.last_speaker_minimum` never applies to an auction on ranks (a player who opens does so on a rank;
    bids in points come only after the last rank), and `bidding.never_stands` at the rank contract leaves an auction on
    ranks alone no contract that may stand."""
    problems = []
    minimum = _rule(spec, "bidding.last_speaker_minimum")
    if minimum is not None:
        problems.append(_diag("E312", "bidding.last_speaker_minimum never applies to an auction on ranks: the last "
                                      f"player to speak opens on a rank (a contract of {contract}), and bids in points "
                                      "come only after the last rank is called", minimum.value,
                              "remove last_speaker_minimum, or bid in points (`bids: points`)"))
    never = _typed(spec, "bidding.never_stands", m.Number)
    if never is not None and never.value == contract == high:
        problems.append(_diag("E312", f"bidding.never_stands {contract} is the contract of every bid on a rank, the "
                                      f"only bid of an auction on ranks alone (maximum {high}): no contract could ever "
                                      "stand", never, "remove never_stands, or let bids in points follow the ranks "
                                                      "(`maximum` above the rank contract)"))
    return problems


def _rank_order_problems(order: m.Order, known: set[int]) -> list[Diagnostic]:
    """A rank of `bidding.ranks` the deck does not have, or named twice, located at the rank."""
    problems, seen = [], set()
    for index, rank in enumerate(order.ranks):
        if rank not in known or rank in seen:
            what = "is named twice" if rank in seen else "is not a rank of the deck"
            problems.append(_diag("E312", f"bidding.ranks: rank {rank} {what}", _item_loc(order, index),
                                  "name each rank a bid may call once, strongest first"))
        seen.add(rank)
    return problems


@check
def check_special_bids(spec: m.Spec) -> list[Diagnostic]:
    """E303: never_stands and last_speaker_minimum are legal bids."""
    problems = []
    for rule_id in ("bidding.never_stands", "bidding.last_speaker_minimum"):
        value = _typed(spec, rule_id, m.Number)
        if value is not None and _legal_bid(spec, value.value) is False:
            problems.append(_diag("E303", f"{rule_id} {value.value} is not a legal bid", value, _bid_range_text(spec)))
    return problems


def _bid_range_text(spec: m.Spec) -> str:
    low, step, high = (_number(spec, f"bidding.{k}") for k in ("minimum", "step", "maximum"))
    ranked = _rank_contract(spec)
    on_ranks = f"a bid on a rank is a contract of {ranked}; " if ranked is not None else ""
    return f"{on_ranks}bids are {low} to {high} in steps of {step}"


def _needs_bidding(spec: m.Spec) -> list[tuple[m.Rule, str]]:
    """Rules that only make sense with a contract, each with the reason."""
    found = []
    for rule_id, words, reason in (
        ("scoring.round", ("contract",), "a contract is scored"),
        ("trump.choice", ("bid_winner",), "the bid winner chooses trumps"),
        ("trump.choice", ("in_bid",), "each bid names trumps"),
        ("rotation.first_lead", ("bid_winner",), "the bid winner leads the first trick"),
        ("ghna.who", ("bidding_team", "bid_winner"), "only the bidding team (or its bid winner) declares"),
        ("ghna.limit", ("cap", "minimum"), "ghna are limited by the contract"),
        ("concession.who", ("defenders",), "the defenders concede to the bidding team"),
        ("match.decide", ("bidders",), "a decider favours the bidding side"),
        ("widow.by", ("bid_winner",), "the bid winner takes the widow"),
        ("table.teams", ("bidder_against_rest",), "the bid winner plays against the rest"),
        ("table.teams", ("bidder_and_called",), "the bid winner calls its partner's card"),
        ("trump.choice", ("called_card",), "the bid winner calls a card whose suit is trumps"),
        ("trump.instead", ("none", "bid_winner"), "the bid winner may make another contract"),
    ):
        rule = _rule(spec, rule_id)
        if rule is not None and set(_words(rule.value)) & set(words):
            found.append((rule, reason))
    calls = [r for r in spec.rules if r.kind == "call"]
    if calls:
        found.append((calls[0], f"call {calls[0].section} is made during the bidding"))
    return found


@check
def check_bidding_needed(spec: m.Spec) -> list[Diagnostic]:
    """E304: contract scoring, bid-winner trumps, calls and the like need bidding rules."""
    if _has_bidding(spec):
        return []
    return [_diag("E304", f"{rule.id} needs bidding rules: {reason}, but the spec has no bidding section",
                  _word_loc(rule, "bidders"), "add a `bidding { ... }` section") for rule, reason in _needs_bidding(spec)]


@check
def check_contract_sides_need_bidding(spec: m.Spec) -> list[Diagnostic]:
    """E304: a term of `bidders` or `defenders` needs bidding rules; without a contract the side is nobody, so
    `points(bidders)` would quietly read 0 (a claim stating it would never hold)."""
    if _has_bidding(spec):
        return []
    return [_diag("E304", f"{rule.id}: {pred.name}({side}) names the {side} side, but the spec has no bidding "
                          "section: nobody bids, so the side is nobody", pred,
                  "name team or opponents, or add a `bidding { ... }` section")
            for rule, expr, _, _ in spec_expressions(spec) for pred in _terms(expr)
            for side in pred.args if side in ("bidders", "defenders")]


def _word_loc(rule: m.Rule, word: str) -> m.Loc:
    """Where a word of a rule's word list was written (the rule's start for a single word or another value)."""
    words = rule.value.words if isinstance(rule.value, m.WordList) else ()
    return _item_loc(rule.value, words.index(word)) if word in words else rule.loc


@check
def check_reachable_maximum(spec: m.Spec) -> list[Diagnostic]:
    """E305: the highest bid is not above the most a team can take (cards, last trick, every ghna).

    Only where the contract is made by its points: a spec that writes `scoring.contract_made` says itself what
    makes a contract (a kaput bid above every point made by taking every trick), so no bid is out of reach."""
    if _rule(spec, "scoring.contract_made") is not None:
        return []
    high, bonus = _typed(spec, "bidding.maximum", m.Number), _number(spec, "deck.last_trick")
    suits, points, ghna = len(_decls(spec, "deck.suits")), _clean_table(spec, "deck.points"), _most_ghna(spec)
    if high is None or bonus is None or points is None or ghna is None or check_points(spec) or check_suits(spec):
        return []
    cards = (suits * sum(points.get(r, points.get("others", 0)) for r in _ranks(spec))
             - sum(points.get(r, points.get("others", 0)) for r, _ in _known_removed(spec)))
    best = cards + bonus + ghna
    if high.value <= best:
        return []
    return [_diag("E305", f"bidding.maximum {high.value} can never be made: a team takes at most {best}", high)]


def _clean_table(spec: m.Spec, rule_id: str) -> dict | None:
    """A table's rows as a dict when every value is a whole number ≥ 0 and no key repeats, else None."""
    table = _typed(spec, rule_id, m.Table)
    if table is None or any(not _is_int(e.value) or e.value < 0 for e in table.entries):
        return None
    rows = {e.key: e.value for e in table.entries}
    return rows if len(rows) == len(table.entries) else None


def _most_ghna(spec: m.Spec) -> int | None:
    """Every ghna of the deck declared once (one in trumps), or None when ghna.values is unusable."""
    if not _has(spec, "ghna.values"):
        return 0
    values = _clean_table(spec, "ghna.values")
    if values is not None and _no_trumps(spec) and set(values) == {"plain"}:
        return len(_decls(spec, "deck.suits")) * values["plain"]  # no suit is trumps: every ghna is plain
    if values is None or set(values) != {"trump", "plain"}:
        return None
    return values["trump"] + (len(_decls(spec, "deck.suits")) - 1) * values["plain"]


# ---------------------------------------------------------------- calls, conditions, play (E4xx)


@check
def check_call_names(spec: m.Spec) -> list[Diagnostic]:
    """E406: a call is not named like a section or a keyword."""
    problems = []
    for call in _index(spec).calls:
        if call in schema.SECTIONS or call in RESERVED_WORDS:
            first = _index(spec).call_rules[call][0]
            problems.append(_diag("E406", f"a call may not be named {call!r}: that name is taken by the language",
                                  first, "choose another name, like `signal` or `preannounce`"))
    return problems


@check
def check_call_values(spec: m.Spec) -> list[Diagnostic]:
    """E407, E409: call values are declared once; a raising call has number values."""
    problems = []
    for call in _index(spec).calls:
        keys = set()
        for decl in _decls(spec, f"{call}.values"):
            if decl.key in keys:
                problems.append(_diag("E407", f"call {call} declares value {decl.key} twice", decl))
            keys.add(decl.key)
        raising = _rule(spec, f"{call}.raise")
        if raising is not None and not (keys and all(_is_int(k) for k in keys)):
            problems.append(_diag("E409", f"{call}.raise needs number values (the raise amounts), like `values: 10 "
                                          f'"+10", 20 "+20"`', raising))
    return problems


@check
def check_call_requirements(spec: m.Spec) -> list[Diagnostic]:
    """E408: every call has at least one `require` precondition."""
    problems = []
    for call in _index(spec).calls:
        rules = _index(spec).call_rules[call]
        if not any(isinstance(r.value, m.Requirement) for r in rules):
            problems.append(_diag("E408", f"call {call} has no `require` line: when may it be made?", rules[0],
                                  "for example `require own_turn: my_turn`"))
    return problems


def spec_expressions(spec: m.Spec) -> Iterator[tuple[m.Rule, m.Expr, str, str]]:
    """Every expression of the spec: (rule, expression, context it is evaluated in, type it must have)."""
    for rule in spec.rules:
        value = rule.value
        if isinstance(value, m.Requirement):
            context = "call" if rule.kind == "call" else schema.REQUIREMENT_SECTIONS.get(rule.section)
            if context is not None:
                for expr in (value.condition, value.when, value.unless):
                    if expr is not None:
                        yield rule, expr, context, "truth"
        elif isinstance(value, m.Obligation) and rule.section == "play" and rule.kind == "section":
            for expr in (value.when, value.unless):
                if expr is not None:
                    yield rule, expr, "play", "truth"
        elif rule.kind == "section" and rule.id in schema.EXPRESSION_RULES and isinstance(value, schema.EXPRESSION):
            context, wanted = schema.EXPRESSION_RULES[rule.id]
            yield rule, m.as_expr(value), context, wanted
        elif rule.kind == "section" and rule.id in schema.CONDITION_RULES and isinstance(value, m.Formula):
            yield rule, value.expr, schema.CONDITION_RULES[rule.id], "truth"
        elif rule.kind == "section" and rule.id in schema.WORD_CHOICE_RULES:
            for condition in choice_conditions(value):
                yield rule, condition, schema.WORD_CHOICE_RULES[rule.id], "truth"


def _spec_names(spec: m.Spec) -> SpecNames:
    suits = tuple(str(d.key) for d in _decls(spec, "deck.suits"))
    kinds = _typed(spec, "ghna.kinds", m.Table)
    names = tuple(e.key for e in kinds.entries if isinstance(e.key, str)) if kinds is not None else ()
    return SpecNames(suits, tuple(_ranks(spec)), tuple(_index(spec).calls), names)


@check
def check_predicates(spec: m.Spec) -> list[Diagnostic]:
    """E400-E403, E410: expressions name known terms, usable where they stand, with fitting arguments and types."""
    problems = []
    names = _spec_names(spec)
    values: dict[str, SpecNames] = {}  # per call: `calling(VALUE)` names a value of the call it stands in
    for rule, expr, context, wanted in spec_expressions(spec):
        if context == "call" and rule.section not in values:
            own = tuple(str(d.key) for d in _decls(spec, f"{rule.section}.values"))
            values[rule.section] = dataclasses.replace(names, values=own)
        problems += expression_problems(expr, context, wanted, values.get(rule.section, names) if context == "call"
                                        else names, rule.id)
    return problems


# Terms with no value without declarations: a spec without a ghna section may not name them.
DECLARATION_TERMS = ("declarations", "declared_points", "window_declarations", "holds_pair", "declaring", "value", "tute")
# Words of other sections that name a declaration: (rule id, word).
DECLARATION_WORDS = (("concession.award", "held_ghna"),)  # `match.at_once: tute` without a tute is E310


@check
def check_without_ghna(spec: m.Spec) -> list[Diagnostic]:
    """E108: without a ghna section (no songs, `remove ghna`), nothing names a declaration: not
    `concession.award: held_ghna`, no condition or formula on declarations (`match.at_once: tute` is E310)."""
    if _index(spec).by_section.get("ghna"):
        return []
    why = "this spec has no ghna section: nobody declares (a ghna, a cante or a tute)"
    problems = []
    for rule_id, word in DECLARATION_WORDS:
        rule = _rule(spec, rule_id)
        if rule is not None and word in _words(rule.value):
            problems.append(_diag("E108", f"{rule_id}: {word} applies only with declarations, but {why}",
                                  _word_loc(rule, word), "remove the word, or add a ghna section"))
    for rule, expr, _, _ in spec_expressions(spec):
        for pred in _terms(expr):
            if pred.name in DECLARATION_TERMS:
                problems.append(_diag("E108", f"{rule.id}: {pred.name} counts declarations, but {why}", pred,
                                      "remove the condition, or add a ghna section"))
    return problems


def _terms(expr) -> Iterator[m.Pred]:
    """Every term of an expression, left to right."""
    if isinstance(expr, m.Pred):
        yield expr
        return
    for name in getattr(expr, "__dataclass_fields__", ()):
        value = getattr(expr, name)
        for child in value if isinstance(value, tuple) else (value,):
            if isinstance(child, m.Expr):
                yield from _terms(child)


@check
def check_redeal_condition(spec: m.Spec) -> list[Diagnostic]:
    """E412: `redeal.when` looks at a hand just dealt: no suit has been led, and trumps are known only from a turned card
    (a table without any trumps says so by E420 instead)."""
    rule = _rule(spec, "redeal.when")
    if rule is None or not isinstance(rule.value, schema.EXPRESSION):
        return []
    trumps_shown = _known_word(spec, "trump.choice") in ("turned_card", "none")
    problems = []
    for node in m.expr_nodes(m.as_expr(rule.value)):
        if not isinstance(node, m.Pred):
            continue
        if "led" in node.args:
            problems.append(_diag("E412", f"{node.name}(led) in redeal.when: no card has been led when the cards are dealt",
                                  node))
        elif not trumps_shown and (node.name == "holds_trump" or "trump" in node.args):
            problems.append(_diag("E412", f"{node.name} in redeal.when names trumps, but no turned card shows them at the "
                                          "deal (trump.choice is not turned_card)", node,
                                  "trumps are chosen later: say it with suits or ranks"))
    return problems


# ---------------------------------------------------------------- a table without trumps (E420, E421)


def _no_trumps(spec: m.Spec) -> bool:
    return _known_word(spec, "trump.choice") == "none"


# Refused rather than ignored (schema.TURNED_CARD_RULES, vocabulary.TRUMP_DUTIES and TRUMP_TERMS say why each), so
# that a variant that takes the trumps away from its base also takes away, visibly, what needed them.
@check
def check_without_trumps(spec: m.Spec) -> list[Diagnostic]:
    """E420: at a table without trumps (`trump.choice: none`) no rule, duty, term or value needs them: the turned card's
    rules and the swap's requirements, a duty to trump or overtrump, a term that reads trumps or the turned card, the
    `trump` rows of `ghna.values` and `ghna.minimums`, a kind's value in trumps, a cap for plain suits only."""
    if not _no_trumps(spec):
        return []
    why = "this table has no trumps (trump.choice: none)"
    problems = [_diag("E420", f"{rule.id}: the turned card shows trumps, but {why}", rule, f"remove {rule.id}")
                for rule in map(lambda rule_id: _rule(spec, rule_id), schema.TURNED_CARD_RULES) if rule is not None]
    problems += [_diag("E420", f"{rule.id}: a requirement of the trump swap, but {why}", rule, f"remove {rule.id}")
                 for rule in _section(spec, "trump") if isinstance(rule.value, m.Requirement)]
    problems += [_diag("E420", f"{rule.id}: must {rule.value.duty} plays trumps, but {why}",
                       rule.value.duty_loc if rule.value.duty_loc.line else rule.value.loc, f"remove {rule.id}")
                 for rule in _obligations(spec) if rule.value.duty in TRUMP_DUTIES]
    for rule, expr, _, _ in spec_expressions(spec):
        if rule.section == "trump":
            continue  # the swap's requirements are refused whole, above
        problems += [_diag("E420", f"{rule.id}: {pred.name}{'(trump)' if 'trump' in pred.args else ''} reads trumps, "
                                   f"but {why}", pred, "say it with suits, ranks or the led suit")
                     for pred in _terms(expr) if pred.name in TRUMP_TERMS or "trump" in pred.args]
    return problems + _trump_rows(spec, why)


def _trump_rows(spec: m.Spec, why: str) -> list[Diagnostic]:
    """E420: the rows of the ghna tables that price or limit a song in trumps (every song is in a plain suit)."""
    problems = []
    for rule_id in ("ghna.values", "ghna.minimums"):
        table = _typed(spec, rule_id, m.Table)
        problems += [_diag("E420", f"{rule_id}: a trump row, but {why}: every ghna is in a plain suit", entry,
                           "keep only the `plain` row") for entry in (table.entries if table else ()) if entry.key == "trump"]
    kinds = _typed(spec, "ghna.kinds", m.Table)
    problems += [_diag("E420", f"ghna.kinds: {entry.key} has a value in trumps, but {why}", entry,
                       f"remove `{TRUMP_WORD} VALUE` from the row") for entry in (kinds.entries if kinds else ())
                 if TRUMP_WORD in entry.flags]
    caps = _typed(spec, "ghna.caps", m.Table)
    problems += [_diag("E420", f"ghna.caps: {entry.key} allows plain suits only, but {why}: every ghna is plain", entry,
                       "remove plain_only") for entry in (caps.entries if caps else ()) if "plain_only" in entry.flags]
    return problems


@check
def check_trick_winner(spec: m.Spec) -> list[Diagnostic]:
    """E421: who wins a trick fits the trumps: the highest card of the led suit (`highest_led`) exactly when the table
    has none.  Both are written, so that a variant that takes trumps away says how a trick is won now."""
    winner, choice = _known_word(spec, "trick.winner"), _known_word(spec, "trump.choice")
    if winner is None or choice is None or (winner == "highest_led") == (choice == "none"):
        return []
    if choice == "none":
        return [_diag("E421", "trick.winner: highest_trump_else_led, but this table has no trumps (trump.choice: none)",
                      _value(spec, "trick.winner"), "write `winner: highest_led`: the highest card of the led suit wins")]
    return [_diag("E421", f"trick.winner: highest_led leaves out the trumps that trump.choice {choice} names",
                  _value(spec, "trick.winner"), "write `winner: highest_trump_else_led`, or `choice: none` in trump")]


# What another contract of `trump.instead` may be at each `trump.choice`: where trumps are turned, named in the bids or
# absent, the contract maker has no choice to make in their place.
INSTEAD_OF_CHOICE = {"bid_winner": ("none",), "called_card": ("none", "bid_winner")}


@check
def check_contract_instead(spec: m.Spec) -> list[Diagnostic]:
    """E422: `trump.instead` is another contract than the table's own, made where the bid winner sets the trumps after
    the bidding."""
    instead, choice = _known_word(spec, "trump.instead"), _known_word(spec, "trump.choice")
    if instead is None or choice is None:
        return []
    allowed = INSTEAD_OF_CHOICE.get(choice, ())
    if instead not in allowed:
        hint = (f"write `instead: {allowed[0]}`" if allowed else
                "write `choice: bid_winner` or `choice: called_card`, or remove trump.instead")
        why = ("the bid winner already names trumps" if choice == instead else
               f"trump.choice {choice} leaves the bid winner no trumps to set after the bidding")
        return [_diag("E422", f"trump.instead: {instead} is no other contract here: {why}", _value(spec, "trump.instead"),
                      hint)]
    return []


@check
def check_duties(spec: m.Spec) -> list[Diagnostic]:
    """E404: every play obligation names a known duty."""
    problems = []
    for rule in _obligations(spec):
        if rule.value.duty not in DUTIES:
            hint = did_you_mean(rule.value.duty, _spelled_like(rule.value.duty, DUTIES)) or \
                "the duties are " + ", ".join(DUTIES)
            where = rule.value.duty_loc if rule.value.duty_loc.line else rule.value.loc
            problems.append(_diag("E404", f"unknown duty {rule.value.duty!r} in {rule.id}", where, hint))
    return problems


def _spelled_like(name: str, candidates) -> list[str]:
    """The candidates that `name` may be a misspelling of: the same words, each spelled alike (`beat_trumps` for
    `beat_trump`), or the same letters but for the underscores (`nopoints`).  A name with a word more or another word
    is a different name, often the opposite one: `lowest_points` or `most_points` is no misspelling of `points` or
    `no_points`, and a did-you-mean must not offer the duty that means the contrary."""
    words = name.split("_")

    def alike(candidate: str) -> bool:
        theirs = candidate.split("_")
        if name.replace("_", "") == candidate.replace("_", ""):
            return True
        return len(theirs) == len(words) and all(did_you_mean(a, [b]) for a, b in zip(words, theirs))

    return [c for c in candidates if alike(c)]


@check
def check_play_order(spec: m.Spec) -> list[Diagnostic]:
    """E411: `play.order` lists every play duty of the spec exactly once."""
    rule = _rule(spec, "play.order")
    if rule is None or not isinstance(rule.value, (m.Word, m.WordList)):
        return []
    duties = [r.key for r in _obligations(spec)]
    written = _words(rule.value)
    for index, word in enumerate(written):
        if word not in duties:
            hint = did_you_mean(word, duties) or "the play duties are " + ", ".join(duties)
            return [_diag("E411", f"play.order: {word!r} is not a play duty of this spec", _item_loc(rule.value, index), hint)]
        if written.index(word) != index:
            return [_diag("E411", f"play.order lists {word!r} twice", _item_loc(rule.value, index))]
    missing = [d for d in duties if d not in written]
    if missing:
        return [_diag("E411", f"play.order leaves out {', '.join(missing)}: list every play duty once", rule.value)]
    return []


@check
def check_partner_exemption(spec: m.Spec) -> list[Diagnostic]:
    """E405: play.partner_exemption is `none` or names play obligations of this spec."""
    value = _value(spec, "play.partner_exemption")
    words = _words(value)
    if not words or words == ("none",):
        return []
    duties = [r.key for r in _obligations(spec)]
    obligations = set(duties)
    if "none" in words:
        return [_diag("E405", "play.partner_exemption is either `none` or a list of obligations, not both", value)]
    return [_diag("E405", f"play.partner_exemption names {word!r}, which is not a play obligation of this spec",
                  _item_loc(value, index), did_you_mean(word, duties) or "the obligations are " + ", ".join(duties))
            for index, word in enumerate(words) if word not in obligations]


# ---------------------------------------------------------------- ghna (E5xx)


@check
def check_ghna_values(spec: m.Spec) -> list[Diagnostic]:
    """E500: ghna.values gives exactly `trump` and `plain`, each a whole number of points."""
    table = _typed(spec, "ghna.values", m.Table)
    if table is None:
        return []
    return _kind_table_problems(table, "E500", "ghna.values", lambda v: _is_int(v) and v >= 0, "a number of points",
                                trumps=not _no_trumps(spec))


def _kind_table_problems(table: m.Table, code: str, rule_id: str, valid, wanted: str,
                         extra: tuple[str, ...] = (), trumps: bool = True) -> list[Diagnostic]:
    """Rows keyed `trump` and `plain`, exactly once each, and optionally once each of `extra`, with values accepted by
    `valid`; at a table without trumps the `trump` row is the business of E420 and only `plain` is required."""
    problems, seen = [], set()
    keys = ("trump", "plain", *extra) if trumps else ("plain", *extra)
    for entry in table.entries:
        if not trumps and entry.key == "trump":
            seen.add(entry.key)
            continue
        if entry.key not in keys or entry.key in seen:
            what = "is repeated" if entry.key in seen else f"is not {' or '.join(keys)}"
            problems.append(_diag(code, f"{rule_id}: row {_shown(entry.key)} {what}", entry,
                                  did_you_mean(str(entry.key), keys)))
        elif not valid(entry.value):
            problems.append(_diag(code, f"{rule_id}: {entry.key} must be {wanted}, not {_shown(entry.value)}", entry))
        seen.add(entry.key)
    for kind in ("trump", "plain")[0 if trumps else 1:] if not problems else ():
        if kind not in seen:
            problems.append(_diag(code, f"{rule_id} has no {kind} row", table, f"add `{kind} = ...`"))
    return problems


@check
def check_table_flags(spec: m.Spec) -> list[Diagnostic]:
    """E503: table rows carry flags only in ghna.caps, and only known ones (plain_only)."""
    problems = []
    for rule in spec.rules:
        if not isinstance(rule.value, m.Table):
            continue
        if rule.id == "ghna.kinds":
            continue  # its rows end with ranks: check_kinds reads them
        allowed = CAP_FLAGS if rule.id == "ghna.caps" else ()
        for entry in rule.value.entries:
            for flag in (f for f in entry.flags if f not in allowed):
                hint = did_you_mean(flag, allowed) or (f"{rule.id} rows take no flags" if not allowed else None)
                problems.append(_diag("E503", f"unknown flag {flag!r} in {rule.id}", entry, hint))
    return problems


@check
def check_caps(spec: m.Spec) -> list[Diagnostic]:
    """E501, E502, E505, E303: caps rows are legal contract levels, increasing, with caps never decreasing."""
    table = _typed(spec, "ghna.caps", m.Table)
    if table is None:
        return []
    problems, last_level, last_cap = [], None, -1
    for entry in table.entries:
        if not _is_int(entry.key) or not (entry.value is None or _is_int(entry.value) and entry.value >= 0):
            problems.append(_diag("E505", "a ghna.caps row is `CONTRACT = CAP` with a number ≥ 0 or `none`", entry,
                                  "for example `90 = 40` or `110 = none`"))
            continue
        if last_level is not None and entry.key <= last_level:
            problems.append(_diag("E501", f"ghna.caps levels must increase: {entry.key} comes after {last_level}", entry))
        elif _legal_bid(spec, entry.key) is False:
            problems.append(_diag("E303", f"ghna.caps level {entry.key} is not a legal bid", entry, _bid_range_text(spec)))
        cap = float("inf") if entry.value is None else entry.value
        if cap < last_cap:
            problems.append(_diag("E502", f"ghna.caps is not monotonic: the cap at {entry.key} ({_shown(entry.value)}) "
                                          f"is below the cap at {last_level}", entry, "a higher contract never allows less"))
        last_level, last_cap = entry.key, max(cap, last_cap)
    return problems + _caps_coverage(spec, table)


def _caps_coverage(spec: m.Spec, table: m.Table) -> list[Diagnostic]:
    """E504: the first caps level is at or below the lowest contract that can stand."""
    lowest = _lowest_contract(spec)
    levels = [e.key for e in table.entries if _is_int(e.key)]
    if lowest is None or not levels or min(levels) <= lowest:
        return []
    first = next(e for e in table.entries if e.key == min(levels))
    return [_diag("E504", f"ghna.caps starts at {min(levels)}, so a contract of {lowest} has no cap", first,
                  f"add a row `{lowest} = ...`")]


@check
def check_minimums(spec: m.Spec) -> list[Diagnostic]:
    """E506: ghna.minimums gives `plain` and `trump`, each a legal contract."""
    table = _typed(spec, "ghna.minimums", m.Table)
    if table is None:
        return []

    def legal(value) -> bool:
        return _is_int(value) and _legal_bid(spec, value) is not False

    return _kind_table_problems(table, "E506", "ghna.minimums", legal, "a legal contract", _spec_names(spec).kinds,
                                trumps=not _no_trumps(spec))


@check
def check_kinds(spec: m.Spec) -> list[Diagnostic]:
    """E210, E508, E509, E510: each ghna.kinds row is a possible combination, named once, of cards no other declaration has."""
    table, ranks = _typed(spec, "ghna.kinds", m.Table), _ranks(spec)
    if table is None or not ranks:
        return []
    suits = [d.key for d in _decls(spec, "deck.suits")]
    codes = tuple(d.code for d in _decls(spec, "deck.suits") if d.code)
    problems, kinds = [], []
    for entry in table.entries:
        kind, message = read_kind(entry, tuple(ranks), len(suits), codes)
        if kind is None:
            problems.append(_diag(problem_code(message), f"ghna.kinds: {message}", entry,
                                  "for example `guinotes = 20 1 3 trump 40`, `ases = 40 1 1 1 1` or `bazzica = 40 11e 10o`"))
            continue
        if kind.name in suits or kind.name in spec.calls or any(k.name == kind.name for k, _ in kinds):
            what = "a suit" if kind.name in suits else "a call" if kind.name in spec.calls else "another kind"
            problems.append(_diag("E509", f"ghna.kinds: {kind.name} is already the name of {what}", entry))
            continue
        clash = _same_declaration(spec, kind, kinds, len(suits))
        if clash:
            problems.append(_diag("E510", f"ghna.kinds: {kind.name} is the same cards as {clash}", entry,
                                  "a card may serve several kinds, but two declarations of the same cards cannot be told apart"))
            continue
        kinds.append((kind, entry))
    return problems


@check
def check_winning_kinds(spec: m.Spec) -> list[Diagnostic]:
    """E511: `match.at_once` names only kinds that win the hand; a kind that wins the hand has a hand winner to be
    (under `scoring.round: contract`, `match.at_once` names it: the game is won), as for the tute (E310)."""
    rule = _rule(spec, "match.at_once")
    return [_diag("E511", message, where if isinstance(where, m.Entry) else _word_loc(rule, where), hint)
            for where, message, hint in at_once_misuses(spec)]


def _same_declaration(spec: m.Spec, kind: Kind, kinds: list, suits: int) -> str | None:
    """What declaration `kind` is the same cards as (another kind, the ghna pair, a tute), or None."""
    other = next((k.name for k, _ in kinds if same_cards(k, kind)), None)
    if other:
        return f"kind {other}"
    pair = _typed(spec, "ghna.pair", m.Numbers)
    if kind.one_suit and pair is not None and sorted(pair.values) == sorted(kind.ranks):
        return "the ghna (ghna.pair)"
    tute = _value(spec, "ghna.tute")
    tute_ranks = tute.values if isinstance(tute, m.Numbers) else (tute.value,) if isinstance(tute, m.Number) else ()
    if not kind.one_suit and not kind.cards and kind.count == suits and kind.ranks[0] in tute_ranks:
        return f"the tute of {kind.ranks[0]} (ghna.tute)"
    return None


@check
def check_per_trick(spec: m.Spec) -> list[Diagnostic]:
    """E507: at least one declaration per won trick."""
    value = _typed(spec, "ghna.per_trick", m.Number)
    if value is None or value.value >= 1:
        return []
    return [_diag("E507", f"ghna.per_trick must be at least 1, not {value.value}", value)]


# ---------------------------------------------------------------- match (E6xx)


@check
def check_settings(spec: m.Spec) -> list[Diagnostic]:
    """E600-E602: a setting's default is among its choices, all positive and distinct."""
    problems = []
    for rule in spec.rules:
        value = rule.value
        if not isinstance(value, m.Setting):
            continue
        if any(v <= 0 for v in (value.default, *value.choices)):
            problems.append(_diag("E601", f"{rule.id} values must be positive", value))
        if len(set(value.choices)) != len(value.choices):
            problems.append(_diag("E602", f"{rule.id} lists a choice twice", value))
        if value.default not in value.choices:
            choices = ", ".join(map(str, value.choices))
            problems.append(_diag("E600", f"{rule.id} default {value.default} is not among its choices ({choices})",
                                  value, f"add {value.default} to the choices, or choose one of them"))
    return problems


@check
def check_decide(spec: m.Spec) -> list[Diagnostic]:
    """E108, E603: `match.decide` applies to a match played to a target, in hands won or in a fixed number of hands,
    each decider once."""
    rule = _rule(spec, "match.decide")
    if rule is None:
        return []
    end = _known_word(spec, "match.end")
    if end in ("losses", "elimination"):
        return [_diag("E108", f"match.decide applies only with `end: target`, `end: hands` or `end: rounds`, but match.end is {end} "
                              "(every side short of the limit wins)", rule, "remove match.decide")]
    words = _words(rule.value)
    return [_diag("E603", f"match.decide lists {word!r} twice", _item_loc(rule.value, index),
                  "a decider that did not settle it the first time cannot settle it later")
            for index, word in enumerate(words) if word in words[:index]]


@check
def check_levels(spec: m.Spec) -> list[Diagnostic]:
    """E108: a level of the match counts wins of the level below it: `match.cotos` (cotos won) needs `match.games`."""
    rule = _rule(spec, "match.cotos")
    if rule is None or spec.has("match.games"):
        return []
    return [_diag("E108", "match.cotos counts cotos, each made of games won, but the match has no match.games",
                  rule, "add `games: 3 (2, 3, 4)` to the match section (the games that make a coto), or remove cotos")]


@check
def check_rounds_without_games(spec: m.Spec) -> list[Diagnostic]:
    """E607: `end: rounds` is one fixed run of hands that the highest total wins: it has no games (nor cotos) to count.

    Decision: a game of a fixed number of hands, games counted above it, would need the count of hands to start
    again after each game; no source of survey 2 plays it, so it is refused rather than guessed."""
    rule = _rule(spec, "match.games")
    if rule is None or _known_word(spec, "match.end") != "rounds":
        return []
    return [_diag("E607", "match.games counts games won, but with `end: rounds` the match is one fixed number of hands "
                          "that the highest total wins", rule, "remove games (and cotos), or use `end: target` or `end: hands`")]


@check
def check_match_terms(spec: m.Spec) -> list[Diagnostic]:
    """E604, E605, E609: `target` needs a match to a target; `score(side)` and `carried(side)` need the match kept
    per side, not per player; `carried(side)` needs a count carried across hands (`match.carry`)."""
    problems = []
    end = _known_word(spec, "match.end")
    per_player = m.sides_per_round(spec)
    carry = _rule(spec, "match.carry")
    if carry is not None and per_player:
        problems.append(_diag("E605", f"match.carry: with `teams: {_word(spec, 'table.teams')}` the match is kept per "
                                      "player, so a side carries nothing across hands", carry, "remove match.carry"))
    for rule, expr, _context, _wanted in spec_expressions(spec):
        for node in m.expr_nodes(expr):
            if not isinstance(node, m.Pred):
                continue
            if node.name == "target" and end not in (None, "target"):
                problems.append(_diag("E604", f"target in {rule.id}: this match has no target (match.end is {end})",
                                      node, "compare with a number, or play the match with `end: target`"))
            if node.name in ("score", "carried") and per_player:
                problems.append(_diag("E605", f"{node.name} in {rule.id}: with `teams: {_word(spec, 'table.teams')}` "
                                              "the match is kept per player, so a side has no score of its own", node))
            elif node.name == "carried" and carry is None:
                problems.append(_diag("E609", f"carried in {rule.id}: this match carries nothing across hands",
                                      node, "write `carry: card_points` (or `points`) in match"))
    return problems


@check
def check_remaining(spec: m.Spec) -> list[Diagnostic]:
    """E606: with `end: elimination`, the match ends with at least one player left, and before it starts."""
    remaining, counts = _typed(spec, "match.remaining", m.Number), _seat_counts(spec)
    if remaining is None or not counts or 1 <= remaining.value < min(counts):
        return []
    return [_diag("E606", f"match.remaining must be at least 1 and below the {min(counts)} players the table may seat, "
                          f"not {remaining.value}", remaining)]


@check
def check_shares(spec: m.Spec) -> list[Diagnostic]:
    """E608: `scoring.shares` rows are parts of a round (bid_winner, partner, alone, defenders), each once, each a whole
    number ≥ 0, at a table whose match is kept per player; `partner` (and `alone`, the bid winner's only part) only
    where the bid winner may have a partner (`bidder_and_called`); no `alone` where it always has one
    (`trump.call_own: refused`)."""
    table = _typed(spec, "scoring.shares", m.Table)
    if table is None:
        return []
    teams = _word(spec, "table.teams")
    if not m.sides_per_round(spec):
        return [_diag("E608", "scoring.shares: each player scores its side's score, since the sides are the same every "
                              "round; the shares are for a match kept per player", table,
                      "use `teams: bidder_against_rest` or `bidder_and_called`, or remove shares")]
    parts = schema.SHARE_PARTS if teams == "bidder_and_called" else ("bid_winner", "defenders")
    never_alone = teams == "bidder_and_called" and _word(spec, "trump.call_own") == "refused"
    if never_alone:
        parts = tuple(part for part in parts if part != "alone")
    problems, seen = [], set()
    for entry in table.entries:
        if entry.key not in parts or entry.key in seen:
            what = "is repeated" if entry.key in seen else (
                "is not a part of a round at this table: trump.call_own is refused, so the bid winner always has a "
                "partner" if never_alone and entry.key == "alone" else
                "is not a part of a round at this table: the bid winner always plays alone against the rest"
                if entry.key in schema.SHARE_PARTS else "is not a part of a round")
            hint = "write scoring.shares without `alone`" if never_alone and entry.key == "alone" else (
                did_you_mean(str(entry.key), parts) or "the parts are " + ", ".join(parts))
            problems.append(_diag("E608", f"scoring.shares: row {_shown(entry.key)} {what}", entry, hint))
        elif not (_is_int(entry.value) and entry.value >= 0):
            problems.append(_diag("E608", f"scoring.shares: {entry.key} must be a whole number ≥ 0 (how many times its "
                                          f"side's score the player scores), not {_shown(entry.value)}", entry))
        seen.add(entry.key)
    return problems


# ---------------------------------------------------------------- seat flow (E7xx)


@check
def check_dealer_needed(spec: m.Spec) -> list[Diagnostic]:
    """E700: first speaker or first lead after the dealer, the turned card, the dealer sitting out, and the customs of
    the deal (the first dealer, a misdeal, the cut) need a dealer."""
    if _word(spec, "rotation.dealer") != "no":
        return []
    problems = []
    if spec.has("table.sit_out"):
        problems.append(_diag("E700", "table.sit_out: the dealer sits out, but rotation.dealer is no",
                              _value(spec, "table.sit_out")))
    for rule_id, word in (("rotation.first_speaker", "after_dealer"), ("rotation.first_lead", "after_dealer"),
                          ("trump.choice", "turned_card")):
        if _word(spec, rule_id) == word:
            problems.append(_diag("E700", f"{rule_id}: {word} needs a dealer, but rotation.dealer is no",
                                  _value(spec, rule_id)))
    for rule_id in ("rotation.first_dealer", "rotation.misdeal", "rotation.cut"):  # customs of the deal
        if spec.has(rule_id):
            problems.append(_diag("E700", f"{rule_id} says how the cards are dealt, but rotation.dealer is no",
                                  _value(spec, rule_id), f"remove {rule_id}, or write `dealer: yes`"))
    return problems


@check
def check_random_speaker_needs_no_dealer(spec: m.Spec) -> list[Diagnostic]:
    """E108: `first_speaker: random` draws who speaks first at a table without a dealer; with a dealer the seat after
    the dealer speaks first, so the word would be silently ignored."""
    if _word(spec, "rotation.first_speaker") != "random" or _word(spec, "rotation.dealer") != "yes":
        return []
    return [_diag("E108", "rotation.first_speaker: random draws the first speaker of a table without a dealer; with "
                          "rotation.dealer yes the seat after the dealer speaks first",
                  _value(spec, "rotation.first_speaker"), "write `first_speaker: after_dealer`, or `dealer: no`")]


@check
def check_customs(spec: m.Spec) -> list[Diagnostic]:
    """E108: the table customs (docs only) fit the table: signs between partners and hands shown to a partner need
    partners, partnerships (agreed or drawn) and the pairs of the next match two pairs of partners, the first dealer
    or the partners by kings need kings (rank 12) in the deck."""
    problems = []
    if _known_word(spec, "table.signs") == "allowed" and _word(spec, "table.teams") == "each":
        problems.append(_diag("E108", "table.signs allowed speaks of partners, but with `teams: each` nobody has one",
                              _value(spec, "table.signs"), "write `signs: forbidden`, or remove table.signs"))
    if _known_word(spec, "table.partner_hands") == "shown" and _word(spec, "table.teams") == "each":
        problems.append(_diag("E108", "table.partner_hands shown speaks of partners, but with `teams: each` nobody "
                                      "has one", _value(spec, "table.partner_hands"),
                              "write `partner_hands: hidden`, or remove table.partner_hands"))
    partnerships = _known_word(spec, "table.partnerships")
    teams = spec.value("table.teams")
    pairs = isinstance(teams, m.Groups) and len(teams.groups) == 2 and all(len(g) == 2 for g in teams.groups)
    for rule_id in ("table.partnerships", "match.next_pair"):
        word = _known_word(spec, rule_id)
        if word is not None and not pairs:
            problems.append(_diag("E108", f"{rule_id} {word} speaks of two partnerships of two, but table.teams is "
                                          "not two pairs of partners", _value(spec, rule_id), f"remove {rule_id}"))
    ranks = _typed(spec, "deck.ranks", m.Decls)
    for rule_id, word in (("rotation.first_dealer", "first_king"), ("table.partnerships", "first_kings")):
        if _known_word(spec, rule_id) == word and ranks is not None and not any(decl.key == 12 for decl in ranks.items):
            problems.append(_diag("E108", f"{rule_id} {word} deals until a king comes out, but the deck has no rank "
                                          "12 (the king)", _value(spec, rule_id),
                                  "write `first_dealer: random`" if rule_id == "rotation.first_dealer"
                                  else "write `partnerships: agreed`"))
    return problems + _cut_problems(spec)


def _cut_problems(spec: m.Spec) -> list[Diagnostic]:
    """E108: `rotation.cut N` lifts N cards and leaves N: at least one, and the deck must hold twice as many."""
    cut = _typed(spec, "rotation.cut", m.Number)
    if cut is None:
        return []
    suits, ranks = len({d.key for d in _decls(spec, "deck.suits")}), len(set(_ranks(spec)))
    deck = suits * ranks - len(_known_removed(spec)) if suits and ranks else None
    if cut.value >= 1 and (deck is None or 2 * cut.value <= deck):
        return []
    message = (f"rotation.cut {cut.value}: a cut lifts at least one card" if cut.value < 1 else
               f"rotation.cut {cut.value}: lifting {cut.value} cards and leaving as many needs {2 * cut.value} cards, "
               f"but the deck has {deck}")
    return [_diag("E108", message,
                  cut, "the sources cut at least four cards (`cut: 4`)")]


# ---------------------------------------------------------------- what the engine can run (E31x)


@check
def check_engine_combinations(spec: m.Spec) -> list[Diagnostic]:
    """E310: no combination of rules the reference engine refuses (the engine's own table, engine/combinations.py)."""
    return unsupported(spec, only_unreported=True)


@check
def check_endless_calls(spec: m.Spec) -> list[Diagnostic]:
    """E311: no call that stays in the bidding can be repeated forever with nothing else happening (engine/loops.py)."""
    return endless_calls(spec)


# ---------------------------------------------------------------- the glossary (E800)


@check
def check_glossary(spec: m.Spec) -> list[Diagnostic]:
    """E800: the glossary names each known term once, without a code."""
    problems, seen = [], set()
    for decl in _decls(spec, "system.glossary"):
        if decl.key not in TERMS:
            problems.append(_diag("E800", f"the glossary has no term {decl.key!r}", decl,
                                  did_you_mean(str(decl.key), list(TERMS)) or f"known terms: {', '.join(TERMS)}"))
        elif decl.key in seen:
            problems.append(_diag("E800", f"the glossary gives the term {decl.key!r} twice", decl))
        elif decl.code is not None:
            problems.append(_diag("E800", f"glossary term {decl.key!r} has a code; only suits have codes", decl))
        seen.add(decl.key)
    return problems


# ---------------------------------------------------------------- rules that never decide (W410, W420, W430), terms and words never true (W440, W450, W460), a word with no effect (W470)


@warns
def check_never_decisive(spec: m.Spec) -> list[Diagnostic]:
    """W410, W420, W430 (warnings: the spec stays valid): a rule proved never to decide at this table (never_decisive.py)."""
    return [Diagnostic(found.code, found.message, found.loc, found.hint, severity="warning")
            for found in never_decisive(spec)]


@warns
def check_never_true(spec: m.Spec) -> list[Diagnostic]:
    """W440, W450, W460, W470 (warnings: the spec stays valid): a term of a condition proved never true, a word proved never
    to name anyone, or to change anything, at this table (never_true.py)."""
    return [Diagnostic(found.code, found.message, found.loc, found.hint, severity="warning")
            for found in (*partner_never_seated(spec), *winner_never_named(spec), *leading_in_a_duty(spec),
                          *pass_never_spoken_again(spec))]


# ---------------------------------------------------------------- rules by the number of players (E214-E217, E220)


@check
def check_seat_rules(spec: m.Spec) -> list[Diagnostic]:
    """E214-E217, E220: a `with N players` block is written once for a number the table seats, and changes rules that
    the number of players may change: not `table.seats` nor the system header, and only rules the language or the spec
    knows; it removes only rules the spec has and a table may do without."""
    return list(dict.fromkeys(problem for _, problem in _block_problems(spec)))  # a whole section's removal: said once


def _block_problems(spec: m.Spec) -> list[tuple[m.Rule | m.Removal | None, Diagnostic]]:
    """Each problem of the blocks, with the rule or removal of a block it refuses (None for a whole block)."""
    found: list[tuple[m.Rule | m.Removal | None, Diagnostic]] = []
    choices, seen = _table_choices(spec), set()
    seated = ", ".join(map(str, choices)) or "none"
    for block in spec.seat_rules:
        where = f"with {block.players} players"
        if block.players in seen:
            found.append((None, _diag("E217", f"{where} is written twice: one block for each number of players",
                                      block, "merge the two blocks")))
        elif block.players not in choices:
            found.append((None, _diag("E214", f"{where}: the table does not seat {block.players} players (it seats "
                                              f"{seated})", block, "add the number to `table.seats`, as a setting "
                                                                   "`seats: 4 (2, 3, 4)`")))
        seen.add(block.players)
        found += [(rule, problem) for rule in block.rules for problem in _block_rule_problems(spec, where, rule)]
        found += [(removal, problem) for removal in block.removed
                  for problem in _block_removal_problems(spec, where, removal)]
    return found


def _block_removal_problems(spec: m.Spec, where: str, removal: m.Removal) -> list[Diagnostic]:
    rule_id, written = removal.target, removal.as_written
    if removal.items is not None:
        return [_diag("E220", f"{where}: {written}: items: a block removes a whole rule, not items of its list",
                      removal, f"write the list of {rule_id} at {where.removeprefix('with ')} in full: "
                               f"`{removal.key}: ...`")]
    if removal.key is None:  # `remove SECTION` left as written: the spec has no rule there (table_sizes.expand_whole_removals)
        sections = list(dict.fromkeys(rule.section for rule in spec.rules))
        return [_diag("E220", f"{where}: {written}: the spec has no rule in {removal.section} to remove", removal,
                      did_you_mean(removal.section, sections))]
    if not spec.has(rule_id):
        hint = did_you_mean(rule_id, [r.id for r in spec.rules][:MISSPELLING_POOL])
        return [_diag("E220", f"{where}: {written}: the spec has no rule {rule_id} to remove", removal, hint)]
    known = schema.BY_ID.get(rule_id)
    needed = known is not None and known.required and not _section_taken_away(spec, where, removal.section)
    if removal.whole and (needed or removal.section == "system" or rule_id == "table.seats"):
        return [_diag("E220", f"{where}: {written}: every table needs the {removal.section} section", removal,
                      f"write the rules of {removal.section} that differ at {where.removeprefix('with ')} instead")]
    if needed or rule_id == "table.seats" or removal.section == "system":
        return [_diag("E220", f"{where}: {written}: every table needs {rule_id}", removal,
                      _keep_or_take_away(spec, where, removal))]
    return []


def _keep_or_take_away(spec: m.Spec, where: str, removal: m.Removal) -> str:
    """What to write instead: the rule's value at that number, or, in an optional section, the section taken away."""
    at = where.removeprefix("with ")
    if removal.section not in schema.OPTIONAL_SECTIONS:
        return f"write the value {removal.target} has at {at} instead"
    return (f"write the value {removal.target} has at {at} instead, or take the {removal.section} section away at "
            f"{at}: `remove {removal.section}` in the block")


def _section_taken_away(spec: m.Spec, where: str, section: str) -> bool:
    """Whether a block takes a whole optional section away at its number (Touti for two has no concession: nobody
    has a partner to answer it): it removes every rule the spec has in that section, required ones included."""
    block = next(b for b in spec.seat_rules if f"with {b.players} players" == where)
    removed = {removal.target for removal in block.removed if removal.items is None}
    return section in schema.OPTIONAL_SECTIONS and all(rule.id in removed
                                                       for rule in spec.rules if rule.section == section)


def _block_rule_problems(spec: m.Spec, where: str, rule: m.Rule) -> list[Diagnostic]:
    if rule.id == "table.seats" or rule.section == "system":
        return [_diag("E215", f"{where}: {rule.id} cannot change with the number of players", rule,
                      "the block is chosen by `table.seats`; write the rule outside the block")]
    known = rule.id in schema.BY_ID or spec.has(rule.id) or isinstance(rule.value, (m.Requirement, m.Obligation))
    if known:
        return []
    hint = did_you_mean(rule.id, [r.id for r in spec.rules][:MISSPELLING_POOL] + list(schema.BY_ID)[:MISSPELLING_POOL])
    return [_diag("E216", f"{where}: {rule.id} is no rule of the language nor of this spec", rule, hint)]
