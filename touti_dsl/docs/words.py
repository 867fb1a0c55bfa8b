"""Rule values in words: what fills the `{value}` of a rule's sentence, and the rows of its table.

The visitor dispatches on the node type (`visit_<Class>`) and fails loudly on a node type
it does not know: a new value type must be given words here, never skipped.  Conditions
are put in words by `conditions.render_condition`, the one place for them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from .. import model as m
from .. import schema
from ..declaration_kinds import kind_label, read_kind
from .catalog import Catalog
from .conditions import Names, render_condition
from .table_counts import deals_by_players, table_counts
from .terms import Terms, without_article

# Rules whose numbers are ranks, shown by their labels ("rey").
RANK_RULES = frozenset({"ghna.pair", "ghna.tute", "trump.swap"})
# The side each rule's sentence is about ("The team that wins the hand scores …"): a formula names it "their own".
# (`team` in match.at_once and claim.holds: the side the condition is judged for)
RULE_SUBJECTS = {"scoring.winner": "winner", "scoring.loser": "loser", "match.at_once": "team", "claim.holds": "team",
                 "scoring.capote_void": "winner",  # the capote's side, judged as `winner`
                 "rotation.next_round": "dealer"}  # `team`: the dealer's side (the first speaker's, without a dealer)
# Rules whose words name play duties of the spec: each is shown by the duty's words, linked to it.
DUTY_LISTS = frozenset({"play.partner_exemption", "play.order"})
# Word lists read as an order of precedence ("a, else b"), not as a set ("a and b").
ORDERED_LISTS = frozenset({"match.decide"})
# Tables keyed by rank: the key column shows rank labels.
RANK_KEYED_TABLES = frozenset({"deck.points"})


def table_variants(spec: m.Spec) -> tuple[str, ...]:
    """The catalog key variants of a table's sides, most specific first: `_each` when every player plays for oneself
    (a player, not a team); `_rest` then `_each` when the bid winner plays alone against the others (the defenders
    are a side, but the bidder, the scores and the match are a player's); `_called` first when the bid winner's
    called card names a partner (a side of two, or the bid winner alone)."""
    teams = spec.value("table.teams")
    word = teams.value if isinstance(teams, m.Word) else ""
    return {"each": ("_each",), "bidder_against_rest": ("_rest", "_each"),
            "bidder_and_called": ("_called", "_rest", "_each")}.get(word, ())


def has_stock(spec: m.Spec) -> bool:
    """Whether cards are left to draw after the deal (`table.draw: winner_first`): without a stock, "when no card is
    left to draw" always holds and goes without saying."""
    return spec.value("table.draw") == m.Word("winner_first")


def without_trumps(spec: m.Spec) -> bool:
    """A table without trumps (`trump.choice: none`): its page says so once, in the trump section, and nowhere else."""
    return spec.value("trump.choice") == m.Word("none")


def turned_card_kept(spec: m.Spec) -> tuple[int, ...]:
    """The numbers of players dealt in whose deal leaves no card to set aside (`trump.turned: aside`): the last card
    dealt then shows trumps and stays in that hand.  Read from the engine's deals, so that the page says what the
    engine plays."""
    return tuple(sorted(players for players, deal in deals_by_players(spec).items() if deal.turned_place != "aside"))


def dealer_sits_out(spec: m.Spec) -> str:
    """Whether the dealer sits out of the rounds this table may deal (`table.sit_out: 5 = dealer`, at a number of
    players the table seats or, by `match.end elimination`, is left with): `always`, `some`, or "" (never).  The last
    card is then dealt to the player before the dealer, who keeps the turned card in the dealer's place (the engine's
    `Seating.last_dealt`)."""
    out = spec.value("table.sit_out")
    rows = {entry.key for entry in out.entries if entry.value == "dealer"} if isinstance(out, m.Table) else set()
    counts = set(m.seat_counts(spec))
    remaining = spec.value("match.remaining")
    if spec.value("match.end") == m.Word("elimination") and isinstance(remaining, m.Number) and counts:
        counts |= set(range(remaining.value + 1, max(counts) + 1))
    return "always" if counts and counts <= rows else "some" if rows & counts else ""


def most_sides(spec: m.Spec) -> int:
    """The most sides a round of this table can have: the groups of partners, two when the bid winner plays against
    the rest, else one per player dealt in (the most seats the table may choose, less one sitting out)."""
    teams = spec.value("table.teams")
    if isinstance(teams, m.Groups):
        return len(teams.groups)
    if isinstance(teams, m.Word) and teams.value in m.SIDES_PER_ROUND:
        return 2
    counts = m.seat_counts(spec) or (2,)
    out = spec.value("table.sit_out")
    resting = {e.key for e in out.entries} if isinstance(out, m.Table) else set()
    return max(n - (n in resting) for n in counts)


class Visitor:
    """Dispatch on the node's class name; an unhandled node type is an error, not a fall-through."""

    def visit(self, node):
        method = getattr(self, f"visit_{type(node).__name__}", None)
        if method is None:
            raise TypeError(f"{type(self).__name__} has no rendering for a {type(node).__name__} node")
        return method(node)


RTL_LETTER = re.compile(r"[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]")


def isolate(text: str) -> str:
    """Spec text set apart from the page's direction: left to right unless it is written in an RTL script."""
    return f"<bdi>{text}</bdi>" if RTL_LETTER.search(text) else f'<bdi dir="ltr">{text}</bdi>'


def code(text) -> str:
    """Inline code that survives table cells: pipes are escaped as HTML entities."""
    return f"<code>{str(text).replace('&', '&amp;').replace('<', '&lt;').replace('|', '&#124;')}</code>"


class Literal:
    """Numbers and Latin fragments on a page: isolated left to right on a right-to-left page, as is elsewhere."""

    def __init__(self, words: Catalog):
        self.rtl = words.rtl

    def __call__(self, text) -> str:
        text = str(text)
        if not self.rtl or RTL_LETTER.search(text):
            return text
        return f'<bdi dir="ltr">{text}</bdi>'


# How a page quotes a call's name: French sets its guillemets apart with spaces, as the catalogs do.
QUOTES = {"fr": "« {} »", "ar": "«{}»"}


class CallNames(Mapping):
    """The name of each call on the page: its `title` in `lang` when the spec gives one.

    Looked up one call at a time: a page asks for it at every rule and every condition,
    and building the whole table each time made a spec with many calls quadratic.
    """

    def __init__(self, spec: m.Spec, lang: str):
        self.spec, self.lang = spec, lang

    def __getitem__(self, call: str) -> str:
        is_call = any(rule.kind == "call" for rule in self.spec.section(call))
        title = self.spec.value(f"{call}.title") if is_call else None
        if not isinstance(title, m.Text):
            raise KeyError(call)
        return QUOTES.get(self.lang, "“{}”").format(title.text(self.lang))

    def __iter__(self):
        return (call for call in self.spec.calls if call in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def call_names(spec: m.Spec, lang: str) -> Mapping[str, str]:
    """The name of each call on the page (see CallNames)."""
    return CallNames(spec, lang)


VOWEL_START = re.compile(r"[AEIOUÉÈÊaeiouéèêh]")  # a name a French article or «de» elides before (`value.card_elided_*`)


def listed(words: Catalog, items, last: str = "value.and") -> str:
    """Items as a sentence of `words`' language lists them: "a, b and c" (`last`: the word before the last item)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return words.text("value.list_separator").join(items[:-1]) + words.text(last) + items[-1]


def card_words(text, lang: str, rank: str, suit: str, key: str = "value.card") -> str:
    """A card by its rank's and its suit's names (`text`: a page's catalog text with fields): `key` (`value.card`, or
    `example.card_name` without an article), or its wording where a name opens with a vowel (French elides: «l'as de
    Bâtons», «le deux d'Épées»); the rank named as the first noun of an Arabic construct, without its article
    («آس الصبادة»)."""
    vowel_rank, vowel_suit = (bool(VOWEL_START.match(name)) for name in (rank, suit))
    elided = {(True, True): "_elided_both", (True, False): "_elided_rank", (False, True): "_elided_suit"}
    return text(key + elided.get((vowel_rank, vowel_suit), ""), rank=without_article(rank, lang), suit=suit)


def condition_names(spec: m.Spec, lang: str, numbers_are_ranks: bool = False, subject: str | None = None,
                    to_reader: bool = False) -> Names:
    """How conditions on the page name the spec's calls, suits and ranks, and the side the sentence is about."""
    suits = spec.value("deck.suits")
    labels = {decl.key: decl.label.text(lang) for decl in suits.items} if isinstance(suits, m.Decls) else {}
    kinds = spec.value("ghna.kinds")
    return Names(calls=call_names(spec, lang), suits=labels, ranks=rank_labels(spec, lang),
                 numbers_are_ranks=numbers_are_ranks, subject=subject, to_reader=to_reader,
                 each=table_variants(spec) == ("_each",), counts=table_counts(spec), total_without=total_without(spec),
                 kinds=tuple(e.key for e in kinds.entries) if isinstance(kinds, m.Table) else ())


def total_without(spec: m.Spec) -> str:
    """What a side's total lacks at this table, as the suffix of its wording: `_no_ghna` without a ghna section,
    `_no_bonus` where the last trick is worth nothing, both in that order, or ""."""
    no_ghna = "" if spec.section("ghna") else "_no_ghna"
    return no_ghna + ("_no_bonus" if spec.value("deck.last_trick") == m.Number(0) else "")


def call_value(words: Catalog, terms: Terms, decl: m.Decl) -> str:
    """A call's value by its label in the page's language, after the players' word for it when the glossary has one:
    "las (“I have an ace”)"."""
    lit, label = Literal(words), decl.label.text(words.lang)
    word = terms.word(str(decl.key)) if terms.knows(str(decl.key)) else label
    if word == label:
        return lit(label)
    return words.text("value.call_value", name=lit(word), meaning=lit(label))


def call_values(spec: m.Spec, call: str, words: Catalog, terms: Terms) -> dict[str, str]:
    """Each value of a call (`values: las "I have an ace", …`) as the page names it (see call_value)."""
    values = spec.value(f"{call}.values")
    return {str(decl.key): call_value(words, terms, decl) for decl in values.items} if isinstance(values, m.Decls) else {}


@dataclass(frozen=True)
class Rendered:
    """A rule value in words: what fills its sentence and, for tables, the rows under their headings."""

    inline: str
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    after: str = ""  # a sentence that follows the rule's own (a setting's other choices: never inside the sentence)


class ValueWords(Visitor):
    """A rule value in words, for one rule of one spec (rank and suit labels come from the spec's deck)."""

    def __init__(self, words: Catalog, spec: m.Spec, rule: m.Rule, vocabulary_id: str, terms: Terms | None = None,
                 after: str | None = None):
        self.words = words
        self.after = after  # the conjunction the rule's sentence puts before its value (Catalog.conjunction_before)
        self.spec = spec
        self.rule = rule
        self.vocabulary_id = vocabulary_id
        self.lit = Literal(words)
        self.terms = terms or Terms(words, spec)

    # -- helpers
    def text(self, key: str, **fields) -> str:
        return self.terms.fill(self.words.text(key, **fields))

    def rank(self, rank) -> str:
        return rank_labels(self.spec, self.words.lang).get(rank) or self.lit(rank)

    def word(self, word: str) -> str:
        if self.vocabulary_id in DUTY_LISTS and self.spec.has(f"play.{word}"):
            duty = self.spec.value(f"play.{word}")  # names a duty of this spec: its words, linked to it
            return f"[{self.text(f'duty.{duty.duty}')}](#play-{word})" if isinstance(duty, m.Obligation) else code(word)
        if self.rule.id == "match.at_once" and word in self.kind_names():  # a kind that wins the hand, by its name
            return self.text("word.match.at_once.kind", name=kind_label(word))
        table = [f"word{suffix}.{self.vocabulary_id}.{word}" for suffix in table_variants(self.spec)]
        if without_trumps(self.spec):  # "in another suit" than trumps: in any suit, without them
            table.insert(0, f"word_no_trumps.{self.vocabulary_id}.{word}")
        return self.terms.fill(self.words.first(*table, f"word.{self.vocabulary_id}.{word}", f"word.{word}"))

    def kind_names(self) -> tuple[str, ...]:
        kinds = self.spec.value("ghna.kinds")
        return tuple(e.key for e in kinds.entries) if isinstance(kinds, m.Table) else ()

    def number(self, number: int) -> str:
        return self.rank(number) if self.rule.id in RANK_RULES else self.lit(number)

    def listed(self, items, last: str = "value.and") -> str:
        """Items as a sentence lists them: "a, b and c"."""
        return listed(self.words, items, last)

    # -- value shapes
    def condition(self, expr: m.Expr, to_reader: bool = False, after: str | None = None) -> str:
        subject = RULE_SUBJECTS.get(self.rule.id)
        if self.rule.section == "scoring" and isinstance(self.rule.value, m.Requirement):
            subject = "team"  # scoring's `require` lines: the player judged, as in match.at_once
        if subject == "dealer" and self.spec.value("rotation.dealer") == m.Word("no"):
            subject = "first_speaker"  # nobody deals: the side is the first speaker's
        names = condition_names(self.spec, self.words.lang, numbers_are_ranks=self.rule.id in RANK_RULES,
                                subject=subject, to_reader=to_reader)
        if self.rule.kind == "call":  # `calling(las)` names a value of this call as its values are named
            names = replace(names, values=call_values(self.spec, self.rule.section, self.words, self.terms))
        return self.terms.fill(render_condition(expr, self.words.lang, names, after))

    def visit_Number(self, node: m.Number) -> Rendered:
        if self.rule.id in schema.EXPRESSION_RULES:  # a formula rule written as a lone number
            return self.visit_Formula(m.Formula(m.as_expr(node)))
        return Rendered(self.number(node.value))

    def visit_Word(self, node: m.Word) -> Rendered:
        if self.rule.id in schema.EXPRESSION_RULES:  # a formula rule written as a lone term
            return self.visit_Formula(m.Formula(m.as_expr(node)))
        return Rendered(self.word(node.value))

    def visit_Formula(self, node: m.Formula) -> Rendered:
        return Rendered(self.condition(node.expr, after=self.after))

    def visit_WordList(self, node: m.WordList) -> Rendered:
        last = "value.else" if self.vocabulary_id in ORDERED_LISTS else "value.and"
        return Rendered(self.listed((self.word(w) for w in node.words), last))

    def visit_Numbers(self, node: m.Numbers) -> Rendered:
        last = "value.or" if self.rule.id == "ghna.tute" else "value.and"
        return Rendered(self.listed((self.number(n) for n in node.values), last))

    def visit_Text(self, node: m.Text) -> Rendered:
        return Rendered(node.text(self.words.lang) if node.has(self.words.lang) else isolate(node.value))

    def visit_Order(self, node: m.Order) -> Rendered:
        return Rendered(self.words.text("value.order_separator").join(self.rank(r) for r in node.ranks))

    def visit_Groups(self, node: m.Groups) -> Rendered:
        teams = (self.words.text(self.words.for_group("value.team", len(group)),  # «اللاعبان» for a pair
                                 seats=self.listed(self.lit(s + 1) for s in group)) for group in node.groups)
        return Rendered(self.words.text("value.teams_separator").join(teams))

    def visit_Setting(self, node: m.Setting) -> Rendered:
        if node.choices in ((), (node.default,)):
            return Rendered(self.lit(node.default))
        others = self.listed((self.lit(c) for c in node.choices if c != node.default), "value.or")
        default = self.lit(node.default)
        return Rendered(default, after=self.words.text("value.setting_choices", choices=others, default=default))

    def visit_Table(self, node: m.Table) -> Rendered:
        if self.rule.id == "ghna.minimums":
            return self.minimums_by_level(node)
        if self.rule.id == "ghna.kinds":
            return self.kinds(node)
        headers = (self.text(f"table.{self.vocabulary_id}.key"), self.text(f"table.{self.vocabulary_id}.value"))
        rows = tuple((self.entry_key(e.key), self.entry_value(e)) for e in node.entries)
        return Rendered("", headers, rows)

    def minimums_by_level(self, node: m.Table) -> Rendered:
        """Lowest contracts per kind of ghna, turned into a table by contract level: what each level allows."""
        lowest = self.spec.value("bidding.minimum")
        minimums = {e.key: e.value for e in node.entries if isinstance(e.value, int)}
        levels = sorted({*minimums.values(), *([lowest.value] if isinstance(lowest, m.Number) else [])})
        rows = []
        for level in levels:
            allowed = [self.kind_with_points(kind) for kind, minimum in minimums.items() if minimum <= level]
            rows.append((self.lit(level), self.listed(allowed) if allowed else self.words.text("value.nothing")))
        headers = (self.text("table.ghna.caps.key"), self.text("table.ghna.minimums.value"))
        sentence = self.listed(self.words.text("value.kind_from", kind=self.kind_with_points(k), level=self.lit(v))
                               for k, v in minimums.items())
        return Rendered(sentence, headers, tuple(rows))

    def kinds(self, node: m.Table) -> Rendered:
        """The combinations of ghna.kinds: each kind's name, its cards in words, its value (in trumps too)."""
        ranks = tuple(rank_labels(self.spec, "en"))
        suits = self.spec.value("deck.suits")
        rows = []
        for entry in node.entries:
            kind, _ = read_kind(entry, ranks, len(suits.items) if isinstance(suits, m.Decls) else 4)
            if kind is None:  # `touti check` reports it; a page shows the row as written
                rows.append((self.lit(entry.key), self.lit(" ".join(entry.flags)), self.lit(entry.value)))
                continue
            if kind.one_suit:
                cards = self.text("value.kind_one_suit", ranks=self.listed(self.rank(r) for r in kind.ranks))
            elif kind.cards:  # the very cards it names, each by its rank and its suit
                suit_names = condition_names(self.spec, self.words.lang).suits
                suit_of = {d.code: d.key for d in suits.items}
                cards = self.listed(card_words(self.text, self.words.lang, self.rank(r), suit_names[suit_of[code]]) for r, code in kind.cards)
            else:
                cards = self.text(self.words.for_count("value.kind_one_rank", kind.count), count=self.lit(kind.count),
                                  rank=self.rank(kind.ranks[0]))
            value = self.lit(kind.value)
            if kind.trump_value != kind.value:
                value = self.text("value.kind_trump_value", value=value, trump=self.lit(kind.trump_value))
            if kind.wins_hand:
                value = self.text("value.kind_wins_hand", value=value)
            rows.append((self.lit(kind_label(kind.name)), cards, value))
        headers = tuple(self.text(f"table.ghna.kinds.{column}") for column in ("key", "cards", "value"))
        return Rendered("", headers, tuple(rows))

    def kind_with_points(self, kind: str) -> str:
        """A kind of ghna with its value from ghna.values: "20 in a plain suit"."""
        values = self.spec.value("ghna.values")
        points = {e.key: e.value for e in values.entries} if isinstance(values, m.Table) else {}
        if kind not in ("trump", "plain"):  # a kind of ghna.kinds: its name (its cards and values are in its table)
            return self.lit(kind_label(kind))
        return self.words.text("value.kind_points", points=self.lit(points.get(kind, "?")), kind=self.word(kind))

    def visit_Decls(self, node: m.Decls) -> Rendered:
        """Suits, ranks, call values: each label in the page's language, its other names after it; a call's values are
        alternatives ("las, kont or pass"), the deck's suits and ranks all there ("… and rey")."""
        last = "value.or" if self.vocabulary_id == "call.values" else "value.and"
        return Rendered(self.listed((self.declared(d) for d in node.items), last))

    def declared(self, decl: m.Decl) -> str:
        """`label (other names)`; a call value is named by the players' word for it when the glossary has one."""
        lang = self.words.lang
        label = decl.label.text(lang)
        if self.vocabulary_id == "call.values":
            return call_value(self.words, self.terms, decl)
        others = [*decl.label.all(lang)[1:], *decl.aliases]
        if isinstance(decl.key, int) and label != str(decl.key):
            others.insert(0, str(decl.key))
        others = [o for o in dict.fromkeys(others) if o.casefold() != label.casefold()]  # "as (1)", not "as (1, as)"
        if not others:
            return self.lit(label)
        # one isolated run: on a right-to-left page "dheb, coins" keeps its order
        return self.words.text("value.also", label=self.lit(label), others=self.lit(f"({', '.join(others)})"))

    def visit_Requirement(self, node: m.Requirement) -> Rendered:
        return Rendered(self.condition(node.condition, after=self.after) + self.guards(node))

    def visit_Obligation(self, node: m.Obligation) -> Rendered:
        return Rendered(self.text("duty.must", duty=self.text(f"duty.{node.duty}")) + self.guards(node))

    def guards(self, node: m.Requirement | m.Obligation) -> str:
        """The `when` / `unless` clauses that limit a requirement or a duty: ", when …", ", unless …".  A duty speaks
        to the reader ("you must"), and so do its clauses."""
        to_reader = isinstance(node, m.Obligation)
        text = ""
        if node.when is not None and not (node.when == m.Pred("stock_empty") and not has_stock(self.spec)):
            text += self.words.text("duty.when", condition=self.condition(
                node.when, to_reader, self.words.conjunction_before("duty.when", "condition")))
        if node.unless is not None:  # Arabic: a requirement's «إلا إذا …، إلا إذا …» read as two exceptions
            unless = "duty.unless" if to_reader else "requirement.unless"
            text += self.words.text(unless, condition=self.condition(
                node.unless, to_reader, self.words.conjunction_before(unless, "condition")))
        return text

    # -- table cells
    def entry_key(self, key) -> str:
        if isinstance(key, int):
            return self.rank(key) if self.rule.id in RANK_KEYED_TABLES else self.lit(key)
        return self.word(key)

    def entry_value(self, entry: m.Entry) -> str:
        value = self.word("none" if entry.value is None else entry.value) if not isinstance(entry.value, int) \
            else self.lit(entry.value)  # a word (`5 = dealer`) reads in the page's language
        flags = [self.word(flag) for flag in entry.flags]
        return self.words.text("value.list_separator").join([value, *flags])


def rank_labels(spec: m.Spec, lang: str) -> dict:
    """Rank number → label in `lang`, from the spec's deck.ranks."""
    ranks = spec.value("deck.ranks")
    if not isinstance(ranks, m.Decls):
        return {}
    return {decl.key: decl.label.text(lang) for decl in ranks.items}
