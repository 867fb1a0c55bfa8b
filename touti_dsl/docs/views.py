"""Page views: a validated Spec arranged as the rules page of one language.

A view holds only ready-to-print, translated text; the templates decide the layout.
Sections come in the order a player learns the game (the cards, the deal, the bidding
and its calls, the play, singing, scoring, the match).  Each rule is one sentence of the
catalogs: `rule.<id>.<word>` for a rule written with one word, else `rule.<id>` with the
rule's value in words as `{value}`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .. import model as m
from .. import schema
from ..deck_cards import card_parts
from ..table_sizes import block_for, default_players, for_players
from ..vocabulary import TRUMP_DUTIES, reads_play_time
from ..word_choice import branches
from .catalog import Catalog
from .table_counts import deals_by_players, table_counts
from .terms import Terms
from .words import (Literal, ValueWords, call_names, card_words, condition_names, dealer_sits_out, has_stock, listed, most_sides,
                    rank_labels, table_variants, turned_card_kept, without_trumps)

# Rules shown in the page's head or as headings, not as sentences of a section.
HEAD_RULES = ("system.title", "system.summary", "system.source", "system.glossary")
# Terms made of ranks, and the rule that names them: a glossary's meaning names this game's ranks.
TERM_RANKS = {"ghna": "ghna.pair", "tute": "ghna.tute"}
# In a call block, the title is the heading of its section.
CALL_HEADING = "title"


def is_call_heading(rule: m.Rule) -> bool:
    """A call's title: the heading of its section and its name in conditions, never a sentence of its own."""
    return rule.kind == "call" and rule.key == CALL_HEADING


KING = 12  # the rey of the Spanish deck: the first dealer may be the first player dealt one (rotation.first_dealer)
SPANISH_RANKS = tuple(range(1, 13))  # the whole Spanish deck: 1 to 7, 8 and 9, then sota, caballo and rey


def _count(value) -> int:
    return len(value.items) if isinstance(value, m.Decls) else 0


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule on its rules page: the rule id with '.' replaced by '-'."""
    return rule_id.replace(".", "-")


def vocabulary_id(rule: m.Rule) -> str:
    """The id under which the catalogs know a rule: call rules share `call.KEY`."""
    if isinstance(rule.value, m.Obligation):
        return "play.obligation"
    if rule.kind == "call":
        return "call.require" if isinstance(rule.value, m.Requirement) else f"call.{rule.key}"
    return rule.id


def capitalised(text: str) -> str:
    """Upper-case the first letter (a no-op for scripts without case, and for text opening with markup)."""
    return text[:1].upper() + text[1:]


def uncapitalised(text: str) -> str:
    """A sentence's first letter in lower case, for the sentence put inside another ("if C, the contract is made …")."""
    return text[:1].lower() + text[1:]


@dataclass(frozen=True)
class NoteView:
    """A Decision or house-rule note in the page's language; `lang` is "en" when the spec gives no translation."""

    kind: str
    title: str
    text: str
    lang: str


@dataclass(frozen=True)
class RuleView:
    """One rule as a sentence, with a table when it has rows, and its notes."""

    id: str
    anchor: str
    sentence: str
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    notes: tuple[NoteView, ...] = ()


@dataclass(frozen=True)
class SectionView:
    """A section of the page: its rules, ordered duties (play), a call's preconditions, worked examples."""

    name: str
    title: str
    anchor: str
    rules: tuple[RuleView, ...] = ()
    duties: tuple[RuleView, ...] = ()
    requirements: tuple[RuleView, ...] = ()
    requirements_intro: str = ""
    duties_intro: str = ""  # the duties bind a player following to a trick: the leader leads any card
    heading_anchor: str = ""
    call_intro: str = ""
    examples: tuple[str, ...] = ()


def note_views(words: Catalog, notes: tuple[m.Note, ...]) -> tuple[NoteView, ...]:
    """The notes in the page's language, or in English (marked as such) where the spec has no translation."""
    lang = words.lang
    return tuple(NoteView(note.kind, words.text(f"note.{note.kind}_title"),
                          words.isolate_numbers(capitalised(note.text(lang))) if note.has(lang) else capitalised(note.text()),
                          lang if note.has(lang) else "en") for note in notes)


# A rule whose sentence depends on another rule's word (`rule@WORD.<id>`): the swap says when it is made only
# where `trump.swap_window` does not say it instead; a tute's sentence on the hand's scoring; the hands lost put a
# player out of the match by elimination; a redeal condition is the holder's to call, or voids the deal by itself.
# A number names its wording too: `rule@1.bidding.never_stands` where the bidding goes round once (`bidding.rounds: 1`),
# whose bidder never speaks again: its bid, left the highest, voids the round.
SENTENCE_DEPENDS_ON = {"trump.swap": "trump.swap_window", "ghna.tute": "scoring.round", "match.losses": "match.end",
                       "redeal.when": "redeal.by", "bidding.rank_contract": "trump.choice",
                       "bidding.never_stands": "bidding.rounds"}

# A pass that is not final where the bidding goes round once (`bidding.rounds: 1`): nobody speaks twice, so the
# engine puts a player who passed out as where passes are final, and the page says so (`touti check` warns, W470);
# "may still bid when the turn comes back" would contradict the one-round sentence.
PASS_NOT_FINAL, PASS_FINAL = "bidding.pass.not_final", "bidding.pass.final"

# A rule whose sentence leaves part of it to another rule when that rule is written: the choice of trumps by the
# turned card says where the card lies only when `trump.turned` does not (the dealer's hand, or under the stock).
SAID_BY = {"trump.choice": "trump.turned"}

# A word whose sentence says where the turned card must still be (`rule_turned_<place>.*`, the place of `trump.turned`,
# the dealer's hand when unwritten): a swap after a won trick takes it from under the stock until the stock is drawn,
# from the dealer's hand until the dealer plays it, from the table where it lies aside at any time.
SAID_BY_TURNED_PLACE = {"trump.swap_window"}
# the match ends whose scores count hands lost (porotos), not points nor hands won
LOSS_COUNTS = frozenset({"losses", "elimination"})

# A word whose sentence tells the stock apart where the table has one (`rule_stock.*`): the card set aside is the first
# of the cards left after the deal, and the others are the stock.
SAID_WITH_STOCK = {"trump.turned"}


# Rules that speak of a feature the table may not have, and the test that the table has it: the page leaves them out
# otherwise (`remove follow_suit` and the other duties leave `scoring.renounce` with no duty to break).
# `rotation.after_void` says who deals after a round where every player passes in the bidding (a deal a redeal voids is
# dealt again as `redeal.dealer` says): without a bidding it speaks of rounds the table never has.
NEEDS = {"scoring.renounce": lambda page: page.has_duties(),
         "rotation.after_void": lambda page: bool(page.spec.section("bidding"))}


def _has_duty(duty: str):
    return lambda spec: any(isinstance(r.value, m.Obligation) and r.value.duty == duty for r in spec.section("play"))


def _has_call_value(value: str):
    return lambda spec: any(isinstance(values, m.Decls) and any(str(d.key) == value for d in values.items)
                            for values in (spec.value(f"{call}.values") for call in spec.calls))


def _has_section(section: str):
    return lambda spec: bool(spec.section(section))


# Glossary terms for a feature the table may not have, and the test that it has it: the glossary a variant inherits
# (Brisca's from Guiñote) leaves out the songs, the duties, the bidding or the calls its table has removed.
TERM_NEEDS = {
    "ghna": _has_section("ghna"), "tute": lambda spec: spec.value("ghna.tute") not in (None, m.Word("none")),
    "follow": _has_duty("follow"), "overtake": _has_duty("beat_led"), "ruff": _has_duty("trump"),
    "overtrump": _has_duty("beat_trump"),
    **{term: _has_section("bidding") for term in ("bidding", "bid", "pass", "contract", "bidding_team", "defenders")},
    "raise": lambda spec: spec.is_call("push"),  # the players' word for the push call (touti-app)
    "las": _has_call_value("las"), "kont": _has_call_value("kont"),
    "concession": _has_section("concession"),
    "last_trick": lambda spec: spec.has("deck.last_trick"),
    "dealer": lambda spec: spec.value("rotation.dealer") != m.Word("no"),
    **{term: lambda spec: not without_trumps(spec) for term in ("trump_suit", "trump")},
}


def needs_trumps(rule: m.Rule) -> bool:
    """A rule a table without trumps cannot have (checks.py E420): the turned card's, the swap's, a duty to trump."""
    return (rule.id in schema.TURNED_CARD_RULES or rule.id == "trump.swap" or rule.section == "trump" and
            isinstance(rule.value, m.Requirement) or isinstance(rule.value, m.Obligation) and rule.value.duty in TRUMP_DUTIES)


# Sentences that speak of a number of people, and which of the table's counts (TableCounts) that is: "either team"
# and «كلا الفريقين» only at a table of two sides, "(either partner)" only with two partners (Catalog.for_group).
GROUP_SENTENCES = {"ghna.who.both": "sides", "ghna.window.after_team_trick": "partners",
                   "bidding": "sides", "match": "scorers", "match.decide": "scorers",
                   "claim.false.opponents_take_rest": "opponents"}

# The terms of a duty's condition that read the partner winning the trick: where one is written, "every duty applies even
# while your partner is winning the trick" (`play.partner_exemption: none`) would contradict that duty's own sentence.
PARTNER_WINNING_TERMS = ("partner_winning", "partner_unbeatable")

# Rules whose sentence is about a claim of the rest unless `claim.holds` is written as a condition: then the claim is
# an announcement, judged at once (`rule_stated.*`).
STATED_BY = {"claim.window": "claim.holds", "claim.false": "claim.holds"}


class PageWords:
    """Everything needed to put one spec's rules in words in one language."""

    def __init__(self, words: Catalog, spec: m.Spec):
        self.words = words
        self.spec = spec
        self.terms = Terms(words, spec)
        self.lit = Literal(words)

    def text(self, key: str, **fields) -> str:
        return self.terms.fill(self.words.text(key, **fields))

    def word_sentence(self, rule: m.Rule) -> str | None:
        """The sentence of a rule written with words, when the catalogs give each of its words a sentence of its own.

        A list of such words (`window: after_own_trick, before_first_lead`) reads as their sentences in turn, a word
        with a wording of its own in a list (`rule_also.*`: "the exchange may also be made before the first lead")
        after the others."""
        if isinstance(rule.value, m.Word):
            words: tuple[str, ...] = (rule.value.value,)
        elif isinstance(rule.value, m.WordList):
            words = rule.value.words
        else:
            return None
        also = {word for word in words if len(words) > 1 and self.words.has(f"rule_also.{vocabulary_id(rule)}.{word}")}
        keys = [f"rule_also.{vocabulary_id(rule)}.{word}" if word in also else self._word_key(rule, word)
                for word in sorted(words, key=lambda word: word in also)]
        if not all(self.words.has(key) for key in keys):
            return None
        return " ".join(self.text(key, **self._word_fields(rule)) for key in keys)

    def _word_key(self, rule: m.Rule, word: str) -> str:
        """The sentence of one word of a rule (a pass not final read as final where each player speaks once,
        PASS_NOT_FINAL): said plainly when the play has no duty at all (`rule_no_duty.*`: any
        card may always be played), without what another written rule says (`rule_said.*`, SAID_BY), where the turned
        card lies (`rule_turned_<place>.*`, SAID_BY_TURNED_PLACE), beside a stock (`rule_stock.*`, SAID_WITH_STOCK), the
        void round of every player passing beside a redeal's (`rule_all_pass.*`), else for the table (_table_key)."""
        key = f"{vocabulary_id(rule)}.{word}"
        if key == PASS_NOT_FINAL and self.spec.value("bidding.rounds") == m.Number(1):
            key = PASS_FINAL  # each player speaks once: a pass is final whatever the rule says (engine/bidding.py, W470)
        if rule.section == "play" and not self.has_duties() and self.words.has(f"rule_no_duty.{key}"):
            return f"rule_no_duty.{key}"
        if rule.id == "play.partner_exemption" and self._duty_reads_partner_winning() and self.words.has(
                f"rule_partner_read.{key}"):
            return f"rule_partner_read.{key}"  # not "every duty applies": a duty's own condition lifts it
        if self.spec.has(SAID_BY.get(rule.id, "")) and self.words.has(f"rule_said.{key}"):
            return f"rule_said.{key}"
        if rule.id in SAID_WITH_STOCK and has_stock(self.spec) and self.words.has(f"rule_stock.{key}"):
            return f"rule_stock.{key}"
        if rule.id in SAID_BY_TURNED_PLACE and self.words.has(f"rule_turned_{self._turned_place()}.{key}"):
            return f"rule_turned_{self._turned_place()}.{key}"
        if isinstance(self.spec.value(STATED_BY.get(rule.id, "")), m.Formula) and self.words.has(f"rule_stated.{key}"):
            return self._table_key(f"rule_stated.{key}")
        if key == "table.draw.none" and self._cards_left() and self.words.has(f"rule_left.{key}"):
            return f"rule_left.{key}"  # a widow, or a turned card set aside: not every card is dealt into the hands
        if rule.id == "trump.choice" and self.spec.section("widow") and self.words.has(f"rule_widow.{key}"):
            return f"rule_widow.{key}"  # the widow is taken or left before the play begins
        if rule.id == "widow.by" and self.spec.value("trump.choice") in (m.Word("in_bid"), m.Word("none")) \
                and self.words.has(f"rule_no_choice.{key}"):
            return f"rule_no_choice.{key}"  # trumps named in the bid, or none: nothing is chosen after the widow
        if rule.id == "rotation.after_void" and self.spec.section("redeal") and self.words.has(f"rule_all_pass.{key}"):
            return self._table_key(f"rule_all_pass.{key}")  # the void round of every player passing, not a redeal's
        return self._table_key(f"rule.{key}")

    def _cards_left(self) -> bool:
        """Whether some deal of this table leaves cards out of the hands: a widow, or a turned card set aside (the
        engine's deals, every table size)."""
        return any(deal.widow or deal.turned_place == "aside" for deal in deals_by_players(self.spec).values())

    def _turned_place(self) -> str:
        place = self.spec.value("trump.turned")
        return place.value if isinstance(place, m.Word) else "dealer_hand"

    def _word_fields(self, rule: m.Rule) -> dict[str, str]:
        """The spec's words a one-word rule's sentence names: the first dealer and the partners by kings name the
        deck's king; a claim's window says when it is never made, of the stock and the swap the table has."""
        if rule.id == "claim.window":
            when = "_".join(name for name, has in (("stock", has_stock(self.spec)), ("swap", self.spec.has("trump.swap")))
                            if has)
            # an announcement is judged at once: only a table with a stock hears that cards left to draw do not wait
            even = self.text("clause.claim.even.stock") if has_stock(self.spec) else ""
            return {"never": self.text(f"clause.claim.never.{when}") if when else "", "even": even}
        if rule.id not in ("rotation.first_dealer", "table.partnerships"):
            return {}
        return {"king": rank_labels(self.spec, self.words.lang).get(KING, self.lit(KING))}

    def shown(self, rule: m.Rule) -> bool:
        """Whether the page states a rule: a rule about a feature the table does not have (`NEEDS`: the penalty for
        breaking a duty of play where play has no duty) says nothing true of this table."""
        need = NEEDS.get(rule.id)
        return need is None or need(self)

    def _duty_reads_partner_winning(self) -> bool:
        """Whether a duty's `when` / `unless` reads the partner winning the trick (`partner_winning`,
        `partner_unbeatable`), at a table with partners: the duty itself is then lifted, or owed, by it."""
        if table_variants(self.spec) == ("_each",):
            return False
        return any(isinstance(node, m.Pred) and node.name in PARTNER_WINNING_TERMS
                   for rule in self.spec.section("play") if isinstance(rule.value, m.Obligation)
                   for part in (rule.value.when, rule.value.unless) if part is not None
                   for node in m.expr_nodes(part))

    def has_duties(self) -> bool:
        return any(isinstance(rule.value, m.Obligation) for rule in self.spec.section("play"))

    def _table_key(self, key: str) -> str:
        """The wording of `key` for this table: without a dealer, the wording where the first word passes
        (`*_no_dealer.*`); without a bidding section, the wording where nobody speaks (`*_no_bidding.*`; both with the
        table's sides first); without a ghna section, the wording without songs (`*_no_ghna.*`,
        after the table's sides: `rule_each_no_ghna.*`); `*_in_cotos.*` for a match in cotos (games won make a coto, not the
        match), `*_in_games.*` for a match played in games (cotos: the end rule and an at-once win decide a game), each
        first in the wording of the table's sides (`*_in_games_each.*`), then the wording of the table's sides
        (`*_rest.*`, `*_each.*`: see table_variants); each of those first with `_no_bonus` after it where the last
        trick is worth nothing (`deck.last_trick: 0`: Brisca)."""
        head, rest = key.split(".", 1)
        levels = tuple(suffix for rule_id, suffix in (("match.cotos", "_in_cotos"), ("match.games", "_in_games"))
                       if self.spec.has(rule_id))
        variants = table_variants(self.spec)
        # a level's wording for the table's sides first (`rule_in_games_each.*`: a capote taken by one player wins the game)
        suffixes = tuple(f"{level}{variant}" for level in levels for variant in variants) + levels + variants
        if not self.spec.section("ghna"):  # no songs: a sentence that counts them has a wording without them
            suffixes = tuple(f"{s}_no_ghna" for s in table_variants(self.spec) or ("",)) + suffixes
        if not self.spec.section("bidding"):  # nobody speaks: the deal and the turn pass, not "the first word"
            suffixes = tuple(f"{s}_no_bidding" for s in (*table_variants(self.spec), "")) + suffixes
        if self.spec.value("rotation.dealer") == m.Word("no"):  # nobody deals: the first word passes, not the deal
            suffixes = tuple(f"{s}_no_dealer" for s in (*table_variants(self.spec), "")) + suffixes
        if self.spec.value("deck.last_trick") == m.Number(0):  # no bonus: a sentence that counts one has a wording without
            suffixes = tuple(f"{s}_no_bonus" for s in (*suffixes, "")) + suffixes
        found = next((f"{head}{s}.{rest}" for s in suffixes if self.words.has(f"{head}{s}.{rest}")), key)
        counted = GROUP_SENTENCES.get(rest)
        return found if counted is None else self.words.for_group(found, getattr(table_counts(self.spec), counted))

    def sentence_key(self, rule: m.Rule) -> str:
        """The sentence's key (see _sentence_key), in the wording for its count when the catalog has one (`KEY#many`:
        «13 ورقة» but «10 أوراق»; "at most one declaration"); a table setting counts by its default."""
        key = self._sentence_key(rule)
        value = rule.value
        count = value.value if isinstance(value, m.Number) else value.default if isinstance(value, m.Setting) else None
        return self.words.for_count(key, count) if isinstance(count, int) else key

    def _sentence_key(self, rule: m.Rule) -> str:
        """`rule.<id>`; its wording where another rule's word calls for it (`rule@WORD.<id>`, SENTENCE_DEPENDS_ON); its
        wording for a formula (`rule_formula.*`: a rank chosen by a formula reads apart from the
        sentence), for a value given as a table of rows (`rule_table.*`), or for a match played in hands won
        (`rule_in_hands.*`: a score then counts hands, not points), in hands lost (`rule_in_losses.*`: `match.end
        losses` or `elimination`, where a hand's winner may count a lost hand, as in Tute gana-pierde), or in a fixed
        number of hands (`rule_in_rounds.*`: a tie is for the highest total after the last hand)."""
        key = vocabulary_id(rule)
        other = self.spec.value(SENTENCE_DEPENDS_ON.get(rule.id, ""))
        if isinstance(other, (m.Word, m.Number)) and self.words.has(f"rule@{other.value}.{key}"):
            return f"rule@{other.value}.{key}"  # the sentence another rule's word calls for (SENTENCE_DEPENDS_ON)
        end = self.spec.value("match.end")
        if isinstance(end, m.Word) and end.value == "hands" and self.words.has(f"rule_in_hands.{key}"):
            return self._table_key(f"rule_in_hands.{key}")  # hands won by a player, not a team, at a table of each
        if isinstance(end, m.Word) and end.value in LOSS_COUNTS and self.words.has(f"rule_in_losses.{key}"):
            return self._table_key(f"rule_in_losses.{key}")  # the scores count hands lost: "scores 1" would read as a win
        if isinstance(end, m.Word) and end.value == "rounds" and self.words.has(f"rule_in_rounds.{key}"):
            return self._table_key(f"rule_in_rounds.{key}")  # a tie after the last hand, not at a goal
        if isinstance(rule.value, m.Formula) and self.words.has(f"rule_formula.{key}"):
            return self._table_key(f"rule_formula.{key}")
        if rule.id == "table.sit_out" and self._sits_out() in ("always", "never") and self.words.has(f"rule_{self._sits_out()}.{key}"):
            return f"rule_{self._sits_out()}.{key}"  # every table size has a player out, or none has (one number's page)
        if isinstance(rule.value, m.Table) and self.words.has(f"rule_table.{key}"):
            return f"rule_table.{key}"  # a number given by a table of rows (hand sizes by players) reads apart
        return self._table_key(f"rule.{key}")

    def _sits_out(self) -> str:
        """`always` where a player sits out at every table size the spec seats (`table.sit_out` lists them all),
        `never` on the "With N players" section of a number the rows leave out (the rules above, of the default
        number, keep the rows' sentence), else `some`."""
        out, sizes = self.spec.value("table.sit_out"), set(m.seat_counts(self.spec))
        rows = {entry.key for entry in out.entries} if isinstance(out, m.Table) else set()
        if not sizes or not rows:
            return "some"
        if sizes <= rows:
            return "always"
        other_number = self.spec.table_size not in (None, default_players(self.spec))
        return "never" if other_number and not sizes & rows else "some"

    def rule_view(self, rule: m.Rule) -> RuleView:
        notes = note_views(self.words, rule.notes)
        whole = (self.word_sentence(rule) or self._holder_sentence(rule) or self._swap_chain_sentence(rule)
                 or self._choice_sentence(rule) or self._truth_choice_sentence(rule) or self._removed_sentence(rule) or self._place_sentence(rule)
                 or self._shares_sentence(rule))
        if rule.id == "match.end" and whole is not None:
            whole = " ".join(filter(None, (whole, self._unwritten_decide())))
        if rule.id == "scoring.round" and whole is not None:
            whole = " ".join(filter(None, (whole, self._unwritten_hand_scores())))
        if rule.id == "scoring.tie" and whole is not None:
            whole = " ".join(filter(None, (whole, self._tie_outside(rule))))
        if rule.id in ("trump.turned", "trump.swap_window") and whole is not None:
            whole = self._none_aside(rule, whole)
        if rule.id in ("trump.choice", "trump.turned", "trump.swap_window") and whole is not None:
            whole = self._dealer_out(rule, whole)
        if rule.id == "match.carry" and whole is not None and self.spec.has("match.games"):
            whole = f"{whole} {self.text('clause.match.carry.in_games')}"  # reset with the scores (engine/levels.py)
        bids = self.spec.value("bidding.bids")
        if rule.id == "trump.call_own" and whole is not None and isinstance(bids, m.Word) and bids.value == "ranks":
            whole = f"{whole} {self.text('clause.trump.call_own.ranks')}"  # none held by another: any (engine/called.py)
        if whole is not None:
            return RuleView(id=rule.id, anchor=anchor(rule.id), sentence=whole, notes=notes)
        key = self.sentence_key(rule)
        after = None if isinstance(rule.value, m.Requirement) else self.words.conjunction_before(key, "value")
        shown = ValueWords(self.words, self.spec, rule, vocabulary_id(rule), self.terms, after).visit(rule.value)
        sentence = shown.inline if isinstance(rule.value, m.Requirement) else \
            capitalised(self.text(key, value=shown.inline, **self._deck_fields(rule), **self._swap_fields(rule)))
        if rule.id == "deck.ranks":
            sentence = " ".join(filter(None, (sentence, self._ranks_left_out())))
        if rule.id == "concession.award":
            sentence = " ".join((sentence, *self._award_after(rule)))
        sentence = " ".join(filter(None, (sentence, shown.after)))
        return RuleView(id=rule.id, anchor=anchor(rule.id), sentence=sentence, headers=shown.headers, rows=shown.rows,
                        notes=notes)

    def _award_after(self, rule: m.Rule) -> list[str]:
        """What `concession.award` leaves unsaid: a held declaration counts only where its holder meets the ghna
        section's `require` lines that read no moment of the play (engine/ghna.held_undeclared), and a conceded round is a
        capote of the contract makers where the defenders won no trick (engine/scoring.trick_counts, the term `capote`),
        said where a rule reads one; and where the winner of the last trick deals next, the bid winner does after a
        concession (engine/game._next_pivot)."""
        value = rule.value
        words = value.words if isinstance(value, m.WordList) else (value.value,) if isinstance(value, m.Word) else ()
        found = []
        if "held_ghna" in words and any(isinstance(r.value, m.Requirement) and not reads_play_time(r.value)
                                        for r in self.spec.section("ghna")):
            found.append(self.text("concession.held_requirements"))
        if self._reads_capote():
            found.append(self.text("concession.capote"))
        rotation = branches(self.spec.value("rotation.next_round")) or ()
        if "remaining_cards" in words and any(branch.word == "last_trick_winner" for branch in rotation):
            dealer = self.spec.value("rotation.dealer")
            no_dealer = isinstance(dealer, m.Word) and dealer.value == "no"
            found.append(self.text("concession.next_round_no_dealer" if no_dealer else "concession.next_round"))
        return found

    def _reads_capote(self) -> bool:
        """Whether a rule of the spec reads a capote: the term `capote(...)`, `match.at_once: capote`, a capote that
        `scoring.capote_void` voids, or a ranking by places (whose sentence says what a capote does)."""
        at_once = self.spec.value("match.at_once")
        if (isinstance(at_once, m.Word) and at_once.value == "capote") or (
                isinstance(at_once, m.WordList) and "capote" in at_once.words) or self.spec.has("scoring.capote_void"):
            return True
        if self.spec.value("scoring.round") in (m.Word("middle_loses"), m.Word("place_loses")):
            return True
        for rule in self.spec.rules:
            value = rule.value
            parts = (value.expr,) if isinstance(value, m.Formula) else \
                (value.condition, value.when, value.unless) if isinstance(value, m.Requirement) else ()
            if any(isinstance(node, m.Pred) and node.name == "capote"
                   for part in parts if part is not None for node in m.expr_nodes(part)):
                return True
        return False

    def _holder_sentence(self, rule: m.Rule) -> str | None:
        """`rotation.first_lead: holder(RANK, SUIT)`: the card named by its labels in the page's language."""
        if rule.id != "rotation.first_lead" or not isinstance(rule.value, m.Formula):
            return None
        rank, suit = rule.value.expr.args
        names = condition_names(self.spec, self.words.lang)
        dealer = self.spec.value("rotation.dealer")
        head = "rule_holder_no_dealer" if isinstance(dealer, m.Word) and dealer.value == "no" else "rule_holder"
        return self.text(f"{head}.rotation.first_lead", rank=names.ranks.get(rank) or self.lit(rank), suit=names.suits[suit])

    def _choice_sentence(self, rule: m.Rule) -> str | None:
        """A word rule written as a choice (word_choice.py: `next_round: same_seat if hand_tied else next_seat`): each
        branch's condition in words, then its word's clause (`choice.<id>.<word>`, in the wording for the table), the
        last branch after "otherwise"; None for a lone word."""
        if rule.id not in schema.WORD_CHOICE_RULES or not isinstance(rule.value, m.Formula):
            return None
        return self._branches_sentence(rule, [
            (branch.condition, self.text(self._table_key(f"choice.{vocabulary_id(rule)}.{branch.word}")))
            for branch in branches(rule.value) or ()])

    def _truth_choice_sentence(self, rule: m.Rule) -> str | None:
        """A condition rule written as a choice of conditions (`contract_made: capote(bidders) if contract > 230 else
        points(bidders) >= contract`): the rule's own sentence for each branch, after its condition ("if the contract
        is more than 230, the contract is made when ...; otherwise the contract is made when ..."); inside one sentence
        the choice read "made when X if C, otherwise Y", its "if" tangled with the sentence's own."""
        if schema.EXPRESSION_RULES.get(rule.id, ("", ""))[1] != "truth" or not isinstance(rule.value, m.Formula):
            return None
        key = self.sentence_key(rule)
        words = ValueWords(self.words, self.spec, rule, vocabulary_id(rule), self.terms,
                           self.words.conjunction_before(key, "value"))
        parts, expr = [], rule.value.expr
        while isinstance(expr, m.IfElse):
            parts.append((expr.condition, expr.then))
            expr = expr.otherwise
        if not parts:
            return None
        parts.append((None, expr))
        return self._branches_sentence(rule, [
            (condition, uncapitalised(self.text(key, value=words.visit(m.Formula(then)).inline)).rstrip("."))
            for condition, then in parts])

    def _branches_sentence(self, rule: m.Rule, parts) -> str:
        """Clauses each after its condition in words ("if C, clause; else, if D, clause"), the last, whose condition is
        None, after "otherwise"."""
        said = []
        for index, (condition, clause) in enumerate(parts):
            if condition is None:
                said.append(self.text("choice.otherwise", clause=clause))
                continue
            key = "choice.if" if index == 0 else "choice.else_if"
            words = ValueWords(self.words, self.spec, rule, vocabulary_id(rule), self.terms,
                               self.words.conjunction_before(key, "condition"))
            said.append(self.text(key, condition=words.visit(m.Formula(condition)).inline, clause=clause))
        return capitalised("".join(said))

    def _removed_sentence(self, rule: m.Rule) -> str | None:
        """`deck.removed: 2b`: each card by its labels in the page's language, and the cards the deck keeps."""
        if rule.id != "deck.removed" or not isinstance(rule.value, m.Cards):
            return None
        names = condition_names(self.spec, self.words.lang)
        suit_of = {d.code: d.key for d in self.spec.value("deck.suits").items}
        cards = [card_parts(card) for card in rule.value.cards]
        listed = ValueWords(self.words, self.spec, rule, vocabulary_id(rule), self.terms).listed(
            card_words(self.text, self.words.lang, names.ranks.get(rank) or self.lit(rank), names.suits[suit_of[code]]) for rank, code in cards)
        suits, ranks = (_count(self.spec.value(r)) for r in ("deck.suits", "deck.ranks"))
        key = "rule.deck.removed" + ("#one" if len(cards) == 1 else "")
        return capitalised(self.text(key, value=listed, count=self.lit(suits * ranks - len(cards))))

    def _place_sentence(self, rule: m.Rule) -> str | None:
        """`scoring.losing_place`: the place in words ("the second highest score", `last`: "the lowest score"), and
        where `scoring.place_tie` is unwritten, that whoever is tied with that score loses too (the engine's `share`)."""
        if rule.id != "scoring.losing_place" or not isinstance(rule.value, (m.Number, m.Word)):
            return None
        head = "rule" if self.spec.has("scoring.place_tie") else "rule_shared"
        return self.text(f"{head}.scoring.losing_place", place=self.text(f"place.{rule.value.value}"))

    def _shares_sentence(self, rule: m.Rule) -> str | None:
        """`scoring.shares`: every part of a round at this table with the multiple it scores, an unwritten part's 1
        (and the bid winner's `bid_winner` share when it plays alone and `alone` is unwritten) said as well; where
        the bid winner always plays alone (`bidder_against_rest`), its one part (`share.bidder`)."""
        if rule.id != "scoring.shares" or not isinstance(rule.value, m.Table):
            return None
        written = {entry.key: entry.value for entry in rule.value.entries}
        alone = written.get("alone", written.get("bid_winner", 1))
        if self.spec.value("table.teams") == m.Word("bidder_and_called"):
            parts = (("bid_winner", written.get("bid_winner", 1)), ("partner", written.get("partner", 1)),
                     ("alone", alone))
        else:
            parts = (("bidder", written.get("bid_winner", 1)),)
        parts += (("defenders", written.get("defenders", 1)),)
        listed = ValueWords(self.words, self.spec, rule, vocabulary_id(rule), self.terms).listed(
            self.text(f"share.{part}", count=self.lit(count)) for part, count in parts)
        return capitalised(self.text("rule.scoring.shares", value=listed))

    def _swap_chain_sentence(self, rule: m.Rule) -> str | None:
        """`trump.swap: 7, 2`: the first rank takes the turned card, then a clause for each next link ("after that,
        the two may take the seven"); None for a single rank or a formula."""
        if rule.id != "trump.swap" or not isinstance(rule.value, m.Numbers):
            return None
        labels = rank_labels(self.spec, self.words.lang)
        names = [labels.get(rank) or self.lit(rank) for rank in rule.value.values]
        links = "".join(self.text("clause.trump.swap.chain_link", rank=rank, previous=previous)
                        for previous, rank in zip(names, names[1:]))
        return self.text("rule_chain.trump.swap", first=names[0], links=links, **self._swap_fields(rule))

    def _none_aside(self, rule: m.Rule, sentence: str) -> str:
        """`trump.turned: aside` at a table size whose deal leaves no card over (the engine's deal, `turned_card_kept`):
        the last card dealt shows trumps and stays in its hand, and a swap after a won trick takes it from there while
        that player holds it, as from a dealer keeping it (`sentence` and that clause); where every deal of the table
        as seated leaves none, the turned card is said to be that last card alone ("the card left over ... set aside"
        then names a card no deal leaves); `sentence` alone where every size leaves a card aside."""
        words = rule.value.words if isinstance(rule.value, m.WordList) else (rule.value.value,)
        if self._turned_place() != "aside" or (rule.id == "trump.swap_window" and "after_team_trick" not in words):
            return sentence
        counts = turned_card_kept(self.spec)
        if not counts:
            return sentence
        if rule.id == "trump.turned" and set(counts) == set(deals_by_players(self.spec)):
            return self.text("clause.trump.turned.none_left")
        listed = ValueWords(self.words, self.spec, rule, vocabulary_id(rule), self.terms)
        clause = self.text(f"clause.{rule.id}.none_aside", players=listed.listed(map(self.lit, counts), "value.or"))
        return f"{sentence} {clause}"

    def _dealer_out(self, rule: m.Rule, sentence: str) -> str:
        """Where the dealer sits out of some round (`table.sit_out`, `dealer_sits_out`) and the turned card is the last
        card dealt (`trump.turned: dealer_hand`, as when unwritten): that card goes to the player before the dealer,
        who keeps it, and, for a swap after a won trick, takes the dealer's place (the engine's `Seating.last_dealt`);
        the sentences that give it to the dealer say so after them, or, where the dealer always sits out, say it
        instead (`rule_dealer_out.*`).  `sentence` alone otherwise."""
        out = dealer_sits_out(self.spec)
        if not out or self._turned_place() != "dealer_hand":
            return sentence
        words = rule.value.words if isinstance(rule.value, m.WordList) else (rule.value.value,)
        if rule.id == "trump.choice" and ("turned_card" not in words or self.spec.has("trump.turned")):
            return sentence  # trumps chosen otherwise, or the turned card's place said by its own sentence
        if rule.id == "trump.swap_window" and "after_team_trick" not in words:
            return sentence
        if out == "always" and rule.id != "trump.swap_window":
            return self.text(f"rule_dealer_out.{rule.id}.{words[0]}")
        key = "clause.trump.swap_window.dealer_out" if rule.id == "trump.swap_window" else "clause.trump.turned.dealer_out"
        return f"{sentence} {self.text(key)}"

    def _unwritten_decide(self) -> str:
        """What happens when several sides reach the target together (or share the highest total after the last hand
        of `end: rounds`), without `match.decide` (the engine's default: the highest total, equal totals play on);
        "" otherwise."""
        end = self.spec.value("match.end")
        if self.spec.has("match.decide") or not isinstance(end, m.Word) or end.value not in ("target", "rounds"):
            return ""
        head = "rule_unwritten_in_rounds" if end.value == "rounds" else "rule_unwritten"
        return self.text(self._table_key(f"{head}.match.decide"))

    def _unwritten_hand_scores(self) -> str:
        """What the winner and the losers of a hand score under `most_points` where the match is played to points (a
        target, or the totals after a number of hands) and `scoring.winner` / `loser` are unwritten: the engine's 1 and
        0 (ruleset.SCORING_DEFAULTS), which a reader would otherwise take for the round's points; "" elsewhere (in
        hands won or lost the match's own sentence says what a hand counts)."""
        end = self.spec.value("match.end")
        if self.spec.value("scoring.round") != m.Word("most_points") or end not in (m.Word("target"), m.Word("rounds")):
            return ""
        said = [self.text(self._table_key(f"rule.scoring.{key}"), value=self.lit(default))
                for key, default in (("winner", 1), ("loser", 0)) if not self.spec.has(f"scoring.{key}")]
        return " ".join(said)

    def _tie_outside(self, rule: m.Rule) -> str:
        """With more than two sides, the side a tie-break favours may not be among the tied: nobody wins the hand then
        (as the engine plays it); "" at a table of two sides, or for `tie: none`."""
        if most_sides(self.spec) <= 2 or rule.value == m.Word("none"):
            return ""
        return self.text(self._table_key("rule_many_sides.scoring.tie"))

    def _deck_fields(self, rule: m.Rule) -> dict[str, str]:
        """The deck's sizes, for the sentences of the suits and the ranks (a variant may add or remove ranks)."""
        if rule.id not in ("deck.suits", "deck.ranks"):
            return {}
        suits, ranks = (_count(self.spec.value(r)) for r in ("deck.suits", "deck.ranks"))
        return dict(cards=self.lit(suits * ranks), suit_count=self.lit(suits), per_suit=self.lit(ranks))

    def _swap_fields(self, rule: m.Rule) -> dict[str, str]:
        """When the swap is made, as a clause of its sentence (plain or formula alike): before the first lead, the
        engine's window when `trump.swap_window` is not written; nothing when it is, its own sentence saying when."""
        if rule.id != "trump.swap":
            return {}
        return {"window": "" if self.spec.has("trump.swap_window") else self.text("clause.trump.swap.before_first_lead")}

    def _ranks_left_out(self) -> str:
        """Which ranks of the whole 48-card Spanish deck this game leaves out ("" when none)."""
        ranks = self.spec.value("deck.ranks")
        present = {d.key for d in ranks.items} if isinstance(ranks, m.Decls) else set()
        absent = [rank for rank in SPANISH_RANKS if rank not in present]
        if absent == [8, 9]:
            return self.text("rule.deck.no_eights_nines")
        if not absent:
            return ""
        listed = ValueWords(self.words, self.spec, self.spec.rule("deck.ranks"), "deck.ranks", self.terms)
        return self.text("rule.deck.left_out", ranks=listed.listed(map(self.lit, absent)))

    def in_play_order(self, duties) -> tuple[RuleView, ...]:
        """The duties as the engine applies them: in `play.order` when the spec gives one, else as written."""
        order = self.spec.value("play.order")
        keys = (order.value,) if isinstance(order, m.Word) else order.words if isinstance(order, m.WordList) else ()
        rank = {key: index for index, key in enumerate(keys)}
        return tuple(v for r, v in sorted(duties, key=lambda pair: rank.get(pair[0].key, len(rank))))

    def standalone_sentence(self, rule: m.Rule) -> str:
        """A rule's sentence read out of its section (a variant's differences, `touti diff`): a precondition says what
        it allows, and a table's rows follow its sentence."""
        if isinstance(rule.value, m.Requirement):  # its condition follows the sentence's conjunction («إلا إذا»)
            key = "rule.require.call" if rule.kind == "call" else f"rule.require.{rule.section}"
            call = call_names(self.spec, self.words.lang).get(rule.section) or rule.section
            shown = ValueWords(self.words, self.spec, rule, vocabulary_id(rule), self.terms,
                               self.words.conjunction_before(key, "value")).visit(rule.value)
            return capitalised(self.text(key, value=shown.inline, call=call))
        view = self.rule_view(rule)
        if view.rows and view.sentence.endswith(":"):
            separator = self.words.text("value.list_separator")  # a row of more than two cells: the rest after its key
            rows = separator.join(self.text("diff.row", left=row[0], right=separator.join(row[1:])) for row in view.rows)
            return f"{view.sentence} {rows}."
        return view.sentence

    def section_title(self, name: str) -> str:
        if not self.spec.is_call(name):
            stated = isinstance(self.spec.value(f"{name}.holds"), m.Formula) and self.words.has(f"section_stated.{name}")
            return self.text(f"section_stated.{name}" if stated else f"section.{name}")  # a claim of a condition
        title = self.spec.value(f"{name}.{CALL_HEADING}")
        return title.text(self.words.lang) if isinstance(title, m.Text) else self.text("heading.call", name=name)

    def requirements_intro(self, name: str, is_call: bool, requirements) -> str:
        """What the listed preconditions allow: the call ("this call", under its heading), or the section's action (a
        bid, a ghna, the swap, a concession)."""
        if is_call:
            return self.text("intro.requirements")
        return self.text(f"intro.requirements.{name}") if requirements else ""

    def section_view(self, name: str) -> SectionView:
        """One section or call block, its rules split by kind."""
        rules = [r for r in self.spec.section(name) if not is_call_heading(r) and self.shown(r)]
        views = [(rule, self.rule_view(rule)) for rule in rules]
        is_call = self.spec.is_call(name)
        heading = self.spec.rule(f"{name}.{CALL_HEADING}") if is_call else None
        requirements = tuple(v for r, v in views if isinstance(r.value, m.Requirement))
        alone = ()
        if len(requirements) == 1:  # one precondition is one sentence, not "only when all of these hold:" over a list of one
            rule = next(r for r, _ in views if isinstance(r.value, m.Requirement))
            alone, requirements = (replace(requirements[0], sentence=self.standalone_sentence(rule)),), ()
        return SectionView(
            name=name,
            title=self.section_title(name),
            anchor=f"call-{name}" if is_call else f"section-{name}",
            rules=tuple(v for r, v in views if not isinstance(r.value, (m.Obligation, m.Requirement)))
            + (self.no_songs() if name == "play" else ()) + alone,
            duties=self.in_play_order(tuple((r, v) for r, v in views if isinstance(r.value, m.Obligation))),
            requirements=requirements,
            requirements_intro=self.requirements_intro(name, is_call, requirements),
            duties_intro=self.text("intro.duties") if name == "play" else "",
            heading_anchor=anchor(heading.id) if heading is not None else "",
            call_intro=self.text("intro.call") if is_call else "",
        )

    def no_songs(self) -> tuple[RuleView, ...]:
        """A spec without a ghna section (`remove ghna`): one sentence at the end of the play, nobody sings; no heading
        of songs, which the table does not have."""
        if self.spec.section("ghna"):
            return ()
        return (RuleView(id="ghna", anchor="ghna-none", sentence=self.text("rule_unwritten.ghna")),)

    def head_text(self, rule_id: str, plain: bool = False) -> str:
        """A Text of the system block in the page's language; English, marked as English, without a translation."""
        value = self.spec.value(rule_id)
        if not isinstance(value, m.Text):
            return ""
        if not value.has(self.words.lang):
            return value.value if plain else f'<span lang="en" dir="ltr">{value.value}</span>'
        return value.text(self.words.lang) if plain else self.words.isolate_numbers(value.text(self.words.lang))

    def glossary_rows(self) -> tuple[tuple[str, ...], ...]:
        """Term, its other spellings and meaning, for each term the spec names."""
        words: dict[str, tuple[list[str], list[str]]] = {}  # one row per word: "trump" the card and "trump" the verb
        for name in self.terms.entries:
            if not TERM_NEEDS.get(name, lambda spec: True)(self.spec):
                continue
            word, *others = self.terms.spellings(name)
            aliases, meanings = words.setdefault(word, ([], []))
            aliases += [a for a in (*others, *self.terms.entries[name].aliases) if a not in aliases]
            meanings.append(self.term_meaning(name))
        separator = self.words.text("glossary.meaning_separator")
        return tuple((f"**{self.lit(word)}**", ", ".join(self.lit(a) for a in aliases), separator.join(meanings))
                     for word, (aliases, meanings) in words.items())

    def term_meaning(self, name: str) -> str:
        """What a term means in this game: a term made of ranks (`TERM_RANKS`) names the spec's ranks, in words as its
        rule says them (guinote's cante is a rey and a sota); without that rule, the term's general meaning."""
        rule = self.spec.rule(TERM_RANKS.get(name, ""))
        if rule is None or not isinstance(rule.value, (m.Number, m.Numbers)):  # `tute: none`: no ranks to name
            return self.text(self._table_key(f"term_meaning.{name}"))
        ranks = ValueWords(self.words, self.spec, rule, rule.id, self.terms).visit(rule.value).inline
        return self.text(f"term_meaning_ranks.{name}", ranks=ranks)


def inherits_summary(spec: m.Spec) -> bool:
    """Whether a variant's summary is its base's, not written again: a summary sums up the base's table, deck and
    rules, which a variant's changes may make false, so a variant's pages show only a summary it restates."""
    return spec.base is not None and spec.has("system.summary") and \
        not any(change.rule_id == "system.summary" for change in spec.changes)


@dataclass(frozen=True)
class RulesPage:
    """Everything a rules page shows for one spec in one language."""

    lang: str
    system: str
    source_path: str
    title: str
    summary: str
    source: str
    sections: tuple[SectionView, ...]
    glossary: tuple[tuple[str, ...], ...] = ()
    house_notes: tuple[NoteView, ...] = ()
    base: str | None = None
    differences: tuple = field(default=())
    table_sizes: tuple[TableSizeView, ...] = ()
    table_sizes_intro: str = ""
    # the intro says which number of players the page's rules are those of: a link to a rule of that number's block
    # (`with 4 players: RULE`, as the blame names it) lands there
    table_sizes_anchor: str = ""


@dataclass(frozen=True)
class TableSizeView:
    """What changes at another number of players than the default: "With 2 players: ..." and the changed rules'
    notes."""

    players: int
    anchor: str
    sentence: str
    notes: tuple[NoteView, ...] = ()


def _section_names(spec: m.Spec) -> list[str]:
    seen: dict[str, None] = {}
    for rule in spec.rules:
        if rule.section != "system":
            seen.setdefault(rule.section, None)
    return sorted(seen, key=schema.section_rank)  # stable: calls keep their spec order


def table_size_views(words: Catalog, spec: m.Spec) -> tuple[TableSizeView, ...]:
    """For each number of players the table seats other than the default, the sentences of the rules that read
    otherwise than on the page of the default number: its `with N players` block's rules, and the rules whose
    wording depends on the number or on those rules (each for oneself, more than two sides, where the turned card
    lies), then those of the default's rules the block removes, each said not to apply; the notes of its block's
    rules and removals that it states."""
    default = for_players(spec)
    shown = PageWords(words, default)
    before = {rule.id: shown.standalone_sentence(rule) for rule in _page_order(default) if shown.shown(rule)}
    views = []
    for players in (n for n in m.seat_counts(spec) if n != default.table_size):
        sized = for_players(spec, players)
        now = PageWords(words, sized)
        changed = [rule for rule in _page_order(sized) if now.shown(rule)
                   and now.standalone_sentence(rule) != before.get(rule.id)]
        gone = [rule_id for rule_id in before if not sized.has(rule_id)]
        if not changed and not gone:
            continue
        said = [capitalised(now.standalone_sentence(rule)) for rule in changed]
        said += _removed_sentences(shown, sized, gone, before)
        sentence = words.text(words.for_count("table_size.with", players), players=now.lit(players), sentences=" ".join(said))
        block = block_for(spec, players)
        own = {rule.id for rule in block.rules} if block is not None else set()
        notes = tuple(note for rule in changed if rule.id in own for note in note_views(words, rule.notes))
        notes += tuple(note for removal in (block.removed if block is not None else ()) if removal.target in gone
                       for note in note_views(words, removal.notes))
        views.append(TableSizeView(players, f"players-{players}", sentence, notes))
    return tuple(views)


def _removed_sentences(shown: PageWords, sized: m.Spec, gone: list[str], before: dict[str, str]) -> list[str]:
    """The default's rules a table size does without, each said not to apply; a section or a call it does without
    whole (Touti for two: no concession, no signals) said once by its heading, since its rules' sentences lean on it."""
    said, whole = [], {}
    for rule_id in gone:
        section = shown.spec.rule(rule_id).section
        if any(rule.section == section for rule in sized.rules):
            said.append(shown.text("table_size.removed", sentence=capitalised(before[rule_id])))
        else:
            whole.setdefault(section, None)
    if len(whole) == 1:
        said.append(shown.text("table_size.section_removed", section=shown.section_title(next(iter(whole)))))
    elif whole:  # one sentence for them all: the same sentence over again for each read as a stammer
        titles = (shown.text("table_size.section_name", section=shown.section_title(section)) for section in whole)
        said.append(shown.text("table_size.sections_removed", sections=listed(shown.words, titles)))
    return said


def _page_order(spec: m.Spec) -> list[m.Rule]:
    """The rules the page states in sentences, in its order: by section, then as written (a call's title is a
    heading)."""
    order = {name: index for index, name in enumerate(_section_names(spec))}
    return sorted((rule for rule in spec.rules if rule.section in order and not is_call_heading(rule)),
                  key=lambda rule: order[rule.section])


def rules_page(words: Catalog, spec: m.Spec, source_path: str, differences: tuple = (), examples=None) -> RulesPage:
    """The view of a spec's rules page in the catalog's language; `examples` maps a section to its worked examples.

    With `with N players` blocks, the page states the rules of the default number of players, then what changes at
    each other number (`table_sizes`)."""
    sizes = table_size_views(words, spec) if spec.seat_rules else ()
    spec = for_players(spec) if spec.seat_rules else spec
    page = PageWords(words, spec)
    sections = []
    for name in _section_names(spec):
        view = page.section_view(name)
        shown = tuple((examples or {}).get(name, ()))
        sections.append(view if not shown else SectionView(**{**view.__dict__, "examples": shown}))
    title = page.head_text("system.title", plain=True) or spec.system  # the front matter takes no markup
    source = page.head_text("system.source")
    return RulesPage(
        lang=words.lang, system=spec.system, source_path=source_path, title=title,
        summary="" if inherits_summary(spec) else page.head_text("system.summary"),
        source=page.text("page.source", source=source) if source else "",
        sections=tuple(sections),
        glossary=page.glossary_rows(),
        house_notes=note_views(words, m.spec_notes(spec.header_comments)),
        base=spec.base, differences=differences, table_sizes=sizes,
        table_sizes_intro=page.text(words.for_count("intro.table_sizes", spec.table_size), players=page.lit(spec.table_size)) if sizes else "",
        table_sizes_anchor=f"players-{spec.table_size}" if sizes else "",
    )
