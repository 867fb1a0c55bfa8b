"""Worked examples on the rules pages: real cases of the spec's generated suite, replayed and shown with card glyphs.

Each example is picked from `generated/<system>/` by what it shows (the smallest such case,
ties broken by id, so the pages are reproducible), replayed on the reference engine up to
the moment it is about, and told in the page's language: the duty to head the trick and
its exception once the trick is trumped, a bid below a push's minimum, a call on a rank not
below the last one, a contract made or missed by one point, a ghna refused by the contract.  A spec without a generated suite
gets no examples (its page says nothing it could not show).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .. import model as m
from ..declaration_kinds import read_kind
from ..conformance.cases import load_cases, system_case_dir
from ..engine import Game
from ..errors import ToutiError
from ..schema import TABLE_SETTINGS
from .catalog import Catalog
from .terms import Terms
from .views import capitalised
from .words import Literal, card_words, total_without

# A glyph per suit of the Spanish deck; a suit the table does not know shows its code letter.
SUIT_GLYPHS = {"oros": "🪙", "copas": "🏆", "espadas": "🗡️", "bastos": "🪵"}


def suite_folder(spec: m.Spec, root: Path | None) -> Path | None:
    """generated/<system>/ as `touti conform --system` finds it, if the suite was generated."""
    try:
        return system_case_dir(spec.system, root)
    except ToutiError:
        return None


@dataclass
class Teller:
    """Puts one spec's cases in words in one language."""

    words: Catalog
    spec: m.Spec
    game: Game

    def __post_init__(self):
        self.terms = Terms(self.words, self.spec)
        self.lit = Literal(self.words)
        suits = self.spec.value("deck.suits")
        ranks = self.spec.value("deck.ranks")
        self.suits = {d.code: d for d in suits.items} if isinstance(suits, m.Decls) else {}
        self.ranks = {d.key: d for d in ranks.items} if isinstance(ranks, m.Decls) else {}

    def text(self, key: str, **fields) -> str:
        return self.terms.fill(self.words.text(key, **fields))

    def player(self, seat: int) -> str:
        return self.words.text("example.player", number=self.lit(seat + 1))

    def suit(self, code_or_key: str) -> str:
        decl = self.suits.get(code_or_key) or next((d for d in self.suits.values() if d.key == code_or_key), None)
        return decl.label.text(self.words.lang) if decl else code_or_key

    def card(self, text: str) -> str:
        """A card as a glyph chip: its number and suit glyph, its full name on hover and for screen readers."""
        rank, code = int(text[:-1]), text[-1]
        decl = self.suits.get(code)
        key = decl.key if decl else code
        rank_label = self.ranks[rank].label.text(self.words.lang) if rank in self.ranks else str(rank)
        name = card_words(self.words.text, self.words.lang, rank_label, self.suit(code), key="example.card_name")
        glyph = SUIT_GLYPHS.get(key, code.upper())
        return (f'<span class="card card-{key}" title="{name}" role="img" aria-label="{name}">'
                f'<b>{rank}</b>{glyph}</span>')

    def cards(self, texts) -> str:
        return " ".join(self.card(t) for t in texts)

    def replay(self, case: dict, upto: int):
        state = self.game.new_round(**case["setup"])
        for step in case["steps"][:upto]:
            if step["op"] == "apply":
                state.apply(step["seat"], step["action"])
        return state


def _first(cases, wanted: Callable[[dict], bool]) -> dict | None:
    chosen = sorted((c for c in cases if wanted(c)), key=lambda c: (len(c["steps"]), c["id"]))
    return chosen[0] if chosen else None


def _verdict_step(case: dict, op: str) -> int | None:
    return next((i for i, step in enumerate(case["steps"]) if step["op"] == op), None)


# ---------------------------------------------------------------- one example each


def example_block(teller: Teller, title_key: str, lines: list[str]) -> str:
    body = "\n".join(f"    {capitalised(line)}\n" for line in lines).rstrip("\n")
    return f'!!! example "{teller.text(title_key)}"\n\n{body}'


def _trick_lines(teller: Teller, observation: dict) -> list[str]:
    trick = observation["play"]["trick"]
    played = teller.words.text("value.list_separator").join(
        teller.words.text("example.played", player=teller.player(seat), card=teller.card(card)) for seat, card in trick)
    trumps = [teller.text("example.trumps", suit=teller.suit(observation["trump"]))] if observation["trump"] else []
    return [*trumps, teller.text("example.on_the_table", cards=played)]  # a table without trumps names none


def overtake_refused(teller: Teller, cases) -> str | None:
    case = _first(cases, lambda c: c["polarity"] == "negative" and c["rules"] == ["play.overtake"])
    if case is None:
        return None
    at = _verdict_step(case, "refuse")
    step = case["steps"][at]
    state = teller.replay(case, at)
    seat, card = step["seat"], step["action"].split()[1]
    seen = state.observation(seat)
    legal = [a.split()[1] for a in seen["legal_actions"] if a.startswith("play ")]
    return example_block(teller, "example.title.overtake", [
        *_trick_lines(teller, seen),
        teller.text("example.holds", player=teller.player(seat), cards=teller.cards(seen["hand"])),
        teller.text(teller.words.for_count("example.overtake_refused", len(legal)), player=teller.player(seat), card=teller.card(card), legal=teller.cards(legal)),
    ])


def overtake_lifted(teller: Teller, cases) -> str | None:
    """A positive case where the trick is trumped and a lower card of the led suit is accepted."""
    def trumped(case: dict) -> bool:
        if case["polarity"] != "positive" or "play.overtake" not in case["rules"]:
            return False
        at = _verdict_step(case, "legal")
        seen = teller.replay(case, at).observation(case["steps"][at]["seat"]) if at is not None else None
        if not seen or not seen["play"]["trick"] or not seen["trump"]:
            return False
        trump_code = next((code for code, d in teller.suits.items() if d.key == seen["trump"]), None)
        led = seen["play"]["trick"][0][1][-1]
        # the sentence says the player may play any card of the led suit: a case where the player may play any card at
        # all (no duty yet: Guiñote while cards are left to draw) would show cards of other suits as of the led suit
        following = all(a.split()[1][-1] == led for a in seen["legal_actions"] if a.startswith("play "))
        return following and led != trump_code and any(card[-1] == trump_code for _, card in seen["play"]["trick"])
    case = _first(cases, trumped)
    if case is None:
        return None
    at = _verdict_step(case, "legal")
    seat = case["steps"][at]["seat"]
    seen = teller.replay(case, at).observation(seat)
    legal = [a.split()[1] for a in seen["legal_actions"] if a.startswith("play ")]
    return example_block(teller, "example.title.overtake_lifted", [
        *_trick_lines(teller, seen),
        teller.text("example.holds", player=teller.player(seat), cards=teller.cards(seen["hand"])),
        teller.text("example.overtake_lifted", player=teller.player(seat), legal=teller.cards(legal)),
    ])


def push_minimum(teller: Teller, cases) -> tuple[str, str] | None:
    """A bid refused because it is below the partner's push: (the call's section, the example)."""
    raising = [call for call in teller.spec.calls if teller.spec.has(f"{call}.raise")]
    for call in raising:
        case = _first(cases, lambda c, call=call: c["polarity"] == "negative" and c["rules"] == [f"{call}.raise"])
        if case is None:
            continue
        at = _verdict_step(case, "refuse")
        step = case["steps"][at]
        state = teller.replay(case, at)
        spoken = [teller.words.text("example.said", player=teller.player(s["seat"]), action=_action(teller, s["action"]))
                  for s in case["steps"][:at] if s["op"] == "apply"]
        lowest = min((int(a.split()[1]) for a in state.legal_actions(step["seat"]) if a.startswith("bid ")), default=None)
        verdict = teller.text("example.push_refused", player=teller.player(step["seat"]),
                              amount=teller.lit(step["action"].split()[1]),
                              minimum=teller.lit(lowest if lowest is not None else "—"))
        return call, example_block(teller, "example.title.push", [*(f"{line}  " for line in spoken[:-1]), spoken[-1], verdict])
    return None


def rank_call_refused(teller: Teller, cases) -> str | None:
    """An auction on ranks: a call refused because it does not name a rank after the last one called (the calling
    order, `bidding.ranks` or else `deck.order`), told with the calls before it."""
    bidding = teller.game.ruleset.bidding
    if bidding is None or not bidding.rank_order:
        return None

    def refused_after_a_rank(case: dict) -> bool:
        at = _verdict_step(case, "refuse")
        return (case["polarity"] == "negative" and case["rules"] == [bidding.rank_order_rule] and at is not None
                and case["steps"][at]["action"].startswith("bid rank ")
                and any(s["op"] == "apply" and s["action"].startswith("bid rank ") for s in case["steps"][:at]))

    def another_rank(case: dict) -> bool:  # a rank above the last call reads better than the same rank again
        at = _verdict_step(case, "refuse")
        last = next(s["action"] for s in reversed(case["steps"][:at]) if s["op"] == "apply" and s["action"].startswith("bid rank "))
        return case["steps"][at]["action"] != last

    case = _first(cases, lambda c: refused_after_a_rank(c) and another_rank(c)) or _first(cases, refused_after_a_rank)
    if case is None:
        return None
    at = _verdict_step(case, "refuse")
    step, applied = case["steps"][at], [s for s in case["steps"][:at] if s["op"] == "apply"]
    spoken = [teller.words.text("example.said", player=teller.player(s["seat"]), action=_action(teller, s["action"]))
              for s in applied]
    last = next(s["action"] for s in reversed(applied) if s["action"].startswith("bid rank "))
    verdict = teller.text("example.rank_refused", player=teller.player(step["seat"]), action=_action(teller, step["action"]),
                          last=_rank_label(teller, last))
    return example_block(teller, "example.title.rank_auction", [*(f"{line}  " for line in spoken), verdict])


def _rank_label(teller: Teller, action: str) -> str:
    """The rank a `bid rank R` names, by its label in the page's language."""
    rank = int(action.rsplit(" ", 1)[1])
    return teller.ranks[rank].label.text(teller.words.lang) if rank in teller.ranks else teller.lit(rank)


def _action(teller: Teller, action: str) -> str:
    """A bidding action in words: `bid 80`, `bid rank 3`, `pass`, `push 20` (a call, shown by its title and value
    label)."""
    head, _, arg = action.partition(" ")
    if head == "bid" and arg.startswith("rank "):
        return teller.text("example.action_rank_bid", rank=_rank_label(teller, action))
    if head == "bid":
        return teller.text("example.action_bid", amount=teller.lit(arg))
    if head == "pass":
        return teller.text("example.action_pass")
    title = teller.spec.value(f"{head}.title")
    name = title.text(teller.words.lang) if isinstance(title, m.Text) else head
    values = teller.spec.value(f"{head}.values")
    labels = {str(d.key): d.label.text(teller.words.lang) for d in values.items} if isinstance(values, m.Decls) else {}
    return f"{name} {teller.lit(labels.get(arg, arg))}" if arg else name  # a call without values ("As"): its name alone


def contract_by_one(teller: Teller, cases) -> str | None:
    """A contract made with nothing to spare, and one missed by a single point."""
    def result(case):
        return next((s["expect"] for s in case["steps"] if s["op"] == "round_result"), None)

    def margin(case):
        found = result(case)
        if not found or not found.get("contract"):
            return None
        return found["totals"][found["contract"]["team"]] - found["contract"]["amount"]

    made = _first(cases, lambda c: margin(c) == 0)
    missed = _first(cases, lambda c: margin(c) == -1)
    lines = []
    for case, key in ((made, "example.contract_made"), (missed, "example.contract_missed")):
        if case is None:
            continue
        found = result(case)
        team = found["contract"]["team"]
        seats = _contract_seats(teller.spec, found)
        players = teller.words.text("value.and").join(teller.lit(s + 1) for s in seats)
        if len(seats) == 1:  # the bid winner alone against the rest: one player's contract, each other scores it
            key = key.replace("example.", "example_rest.")
        key = teller.words.for_group(key, len(seats))  # a pair: Arabic's dual «اللاعبان … جمعا»
        head = teller.text(key, amount=teller.lit(found["contract"]["amount"]), players=players,
                           counted=_counted(teller, found, team))
        lines.append(" ".join((head, *_scored(teller, found, seats))))
    if not lines:
        return None
    return example_block(teller, "example.title.contract", [f"{line}\n" for line in lines])


def _counted(teller: Teller, found: dict, team: int) -> str:
    """What the contract's side counted: its card points, and the last trick's bonus and its ghna where the table
    has them (Brisca has neither: its card points alone), with their sum."""
    bonus = teller.spec.value("deck.last_trick")
    last = bonus.value if isinstance(bonus, m.Number) and found["last_trick"] == team else 0  # the team that won it
    without = total_without(teller.spec)
    parts = [teller.text("example.counted.cards", n=teller.lit(found["card_points"][team]))]
    if "_no_bonus" not in without:
        parts.append(teller.text("example.counted.last", n=teller.lit(last)))
    if "_no_ghna" not in without:
        parts.append(teller.text("example.counted.ghna", n=teller.lit(found["ghna"][team])))
    if len(parts) == 1:
        return parts[0]
    listed = teller.words.text("example.counted.separator").join(parts[:-1]) + teller.words.text("value.and") + parts[-1]
    return teller.text("example.counted.total", parts=listed, total=teller.lit(found["totals"][team]))


def _scored(teller: Teller, found: dict, seats: tuple[int, ...]) -> list[str]:
    """Who scores what, read from the round's score changes (so a table's own `scoring.made` / `failed` formulas
    and shares show as they are played): the contract's side, then the others, each group in one sentence when its
    players score alike, player by player otherwise; a side scoring nothing goes unsaid."""
    changes = found["score_changes"]
    per_player = teller.spec.value("table.teams") in (m.Word("bidder_against_rest"), m.Word("bidder_and_called"))
    ours = list(seats) if per_player else [found["contract"]["team"]]
    theirs = [unit for unit in range(len(changes)) if unit not in ours]
    rest = "_rest" if len(seats) == 1 else ""
    said = []
    # each player of a side scoring for themselves ("They score 61 each", "Each of the other players scores 61"), where
    # a side of partners scores once ("They score 80", "The defenders score 80"); Arabic's dual «يسجّلان»
    holders = teller.words.for_group(f"example{rest}.scored.holders" + ("_each" if per_player and not rest else ""),
                                     len(seats))
    others = "example_rest.scored.others" if per_player or rest else "example.scored.others"
    others = teller.words.for_group(others, len(theirs))  # "The other player scores 70" at a table of two
    for units, key in ((ours, holders), (theirs, others)):
        amounts = {changes[unit] for unit in units}
        if amounts == {0}:
            continue
        if len(amounts) == 1:
            said.append(teller.text(key, n=teller.lit(changes[units[0]])))
            continue
        for amount in sorted(amounts - {0}, key=[changes[unit] for unit in units].index):  # a player who sits out: 0
            scorers = [unit for unit in units if changes[unit] == amount]
            if len(scorers) == 1:
                said.append(capitalised(teller.text("example.scored.player", player=teller.player(scorers[0]),
                                                    n=teller.lit(amount))))
            else:
                said.append(teller.text(teller.words.for_group("example.scored.players", len(scorers)), n=teller.lit(amount), players=teller.words.text(
                    "value.and").join(teller.lit(unit + 1) for unit in scorers)))
    return said or [teller.text("example.scored.nothing")]


def _contract_seats(spec: m.Spec, found: dict) -> tuple[int, ...]:
    """The seats that hold the contract of a round result: the bid winner alone against the rest, the bid winner and
    the holder of its called card (alone when it called its own), else the seats of the bid winner's team (the groups
    of `table.teams`, or partners seated alternately)."""
    teams, contract = spec.value("table.teams"), found["contract"]
    if teams == m.Word("bidder_against_rest"):
        return (contract["bidder"],)
    if teams == m.Word("bidder_and_called"):
        partner = found.get("partner")
        return tuple(sorted({contract["bidder"], contract["bidder"] if partner is None else partner}))
    if isinstance(teams, m.Groups):
        return tuple(teams.groups[contract["team"]])
    if teams == m.Word("each"):  # a side is a seat: "players 2 and 4" named a seat a table of two has not
        return (contract["team"],)
    return contract["team"], contract["team"] + 2


def ghna_refused(teller: Teller, cases) -> str | None:
    for rule in ("ghna.caps", "ghna.minimums"):
        case = _first(cases, lambda c, rule=rule: c["polarity"] == "negative" and c["rules"] == [rule])
        if case is None:
            continue
        at = _verdict_step(case, "refuse")
        step = case["steps"][at]
        seat = step["seat"]
        seen = teller.replay(case, at).observation(seat)
        pair = declared_cards(teller.spec, step["action"].split()[1:], seen["hand"])
        return example_block(teller, "example.title.ghna", [
            teller.text("example.contract", amount=teller.lit(seen["contract"]["amount"]),
                        suit=teller.suit(seen["trump"])) if seen["trump"] else
            teller.text("example.contract_no_trumps", amount=teller.lit(seen["contract"]["amount"])),
            teller.text("example.ghna_refused", player=teller.player(seat), cards=teller.cards(pair),
                        amount=teller.lit(seen["contract"]["amount"])),
        ])
    return None


def declared_cards(spec: m.Spec, words: list[str], hand: list[str]) -> list[str]:
    """The cards of `hand` a declaration is made of, from the words after `ghna`: a pair (`oros`), a kind of one suit
    (`as_tres oros`), a kind of one rank across suits (`reyes`: every rey held) or of named cards (`bazzica`)."""
    suits = spec.value("deck.suits")
    code_of = {d.key: d.code for d in suits.items} if isinstance(suits, m.Decls) else {}
    kind = _kind(spec, words[0]) if words else None
    if kind is None:  # `ghna SUIT`: the pair
        pair = spec.value("ghna.pair")
        ranks, code = (pair.values if isinstance(pair, m.Numbers) else ()), code_of.get(words[0] if words else None)
        return [c for c in hand if c[-1:] == code and int(c[:-1]) in ranks]
    if kind.cards:
        named = {f"{rank}{code}" for rank, code in kind.cards}
        return [c for c in hand if c in named]
    if not kind.one_suit:
        return [c for c in hand if int(c[:-1]) == kind.ranks[0]]
    code = code_of.get(words[1] if len(words) > 1 else None)
    return [c for c in hand if c[-1:] == code and int(c[:-1]) in kind.ranks]


def _kind(spec: m.Spec, name: str):
    """The kind of `ghna.kinds` named `name`, or None (no such kind: the word is a suit)."""
    kinds, ranks, suits = (spec.value(rule) for rule in ("ghna.kinds", "deck.ranks", "deck.suits"))
    entry = next((e for e in kinds.entries if e.key == name), None) if isinstance(kinds, m.Table) else None
    if entry is None or not isinstance(ranks, m.Decls) or not isinstance(suits, m.Decls):
        return None
    return read_kind(entry, tuple(d.key for d in ranks.items), len(suits.items))[0]


@dataclass(frozen=True)
class Suite:
    """What the worked examples are replayed from: a spec's generated cases and its engine (the same in every language)."""

    cases: list
    game: Game


def example_suite(spec: m.Spec, root: Path | None = None) -> Suite | None:
    """The spec's generated cases and its game, or None when its suite was never generated (or cannot be read)."""
    folder = suite_folder(spec, root)
    if folder is None:
        return None
    try:
        cases = load_cases(folder)
    except ToutiError:
        return None  # a broken suite is reported by `touti conform`; the page simply shows no example
    # the pages' examples are told at the default table (number of players, hand size): a case played at another
    # choice is left out
    return Suite([case for case in cases if TABLE_SETTINGS.keys().isdisjoint(case["setup"].get("settings", {}))],
                 Game.from_spec(spec))


def worked_examples(spec: m.Spec, words: Catalog, root: Path | None = None,
                    suite: Suite | None = None) -> dict[str, tuple[str, ...]]:
    """The worked examples of each section of the spec's page (none when its suite was never generated).

    `suite` is the spec's example_suite when the caller already has it (one per spec for its three pages).
    """
    suite = suite or example_suite(spec, root)
    if suite is None:
        return {}
    cases = suite.cases
    teller = Teller(words, spec, suite.game)
    shown: dict[str, list[str]] = {}
    for section, example in (("play", overtake_refused(teller, cases)), ("play", overtake_lifted(teller, cases)),
                             ("scoring", contract_by_one(teller, cases)), ("ghna", ghna_refused(teller, cases))):
        if example:
            shown.setdefault(section, []).append(example)
    ranks = rank_call_refused(teller, cases)
    if ranks:
        shown.setdefault("bidding", []).append(ranks)
    push = push_minimum(teller, cases)
    if push:
        shown.setdefault(push[0], []).append(push[1])
    return {section: tuple(examples) for section, examples in shown.items()}
