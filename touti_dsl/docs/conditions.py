"""Conditions and formulas in words: `render_condition(expr, lang)` turns an expression node into a clause.

Each language is a table of per-node clause builders, like a dialect of prose: English is
the base table and French and Arabic override only the builders whose word order or
joining differs.  Every clause's words come from the catalogs (`pred.*`, `pred_not.*`,
`pred_args.*` for a term with arguments, `arg.*`, `expr.*`), so this module holds
grammar, never vocabulary.  A clause may hold `[[term]]` marks: the page fills them with
the spec's players' words (`terms.Terms.fill`).  A node type that no table knows is an
error naming the type: a new node must be given words here, never skipped.

A clause may stand right after a conjunction ("if", "when", `Prose.after`): Arabic then puts the verb «كان» / «يكون»
before a clause that opens with its subject's noun («إذا كان عدد اللمّات …», «عندما يكون …»), never before one that
opens with a verb («إذا ربح …»); a negative clause that denies such a clause («هذا اللاعب ليس صاحب العقد») puts its
negation on that verb instead, said with the affirmative clause («إذا لم يكن هذا اللاعب هو صاحب العقد», «عندما لا يكون
…»), never «إذا كان … ليس …».
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from .. import model as m
from ..declaration_kinds import kind_label
from ..vocabulary import CONTRACT_SIDES, DECLARATION_KINDS, PREDICATES, RESULT_SIDES, SEAT_SIDES
from .catalog import READER, Catalog, catalog
from .table_counts import TableCounts

SIDES = SEAT_SIDES + CONTRACT_SIDES + RESULT_SIDES
CARD_GROUPS = ("trump", "led")
COMPARE_KEYS = {">=": "at_least", ">": "more_than", "<=": "at_most", "<": "less_than", "==": "equal", "!=": "not_equal"}
ARITH_KEYS = {"+": "plus", "-": "minus", "*": "times"}
# Terms whose number is a rank: a number compared with them is named as a rank ("ace", not 1).
RANK_TERMS = frozenset({"turned_rank"})
# Words that agree with the number of people they name, and which of the table's counts (TableCounts) that is:
# «الخصمان» and "both opponents" only where each player has exactly two (Catalog.for_group).
COUNTED = {"arg.side.opponents": "opponents", "arg.side_judged.opponents": "opponents",
           "arg.side_dealer.opponents": "opponents", "arg.side_first_speaker.opponents": "opponents",
           "pred.opponent_bidding": "opponents", "pred_not.opponent_bidding": "opponents",
           "pred.last_speaker": "others", "pred_not.last_speaker": "others",
           "arg.any_side": "sides", "arg.any_side_each": "sides"}
# Terms whose words are a feminine noun, per language: a verb agrees with them (Arabic «رتبة»).
FEMININE_TERMS = {"ar": frozenset({"turned_rank"})}
# The conjunctions a clause may follow (`Prose.after`): "if" («إذا», «إلا إذا») and "when" («عندما»).
CONJUNCTIONS = ("if", "when")
# Sentences of truth terms that open with their subject's noun, per language (catalog keys, `you:` for the wording
# addressed to the reader): after a conjunction they take the verb «كان» / «يكون» as a comparison does («إلا إذا كان
# هذا اللاعب يملك آسًا», «إلا إذا كان هذا اللاعب هو صاحب العقد»); one that opens with a verb («ربح …») never does.
# Their subjects are masculine («هذا اللاعب», «شريك», «الإعلان») but those of FEMININE_SENTENCES.  «أنت الموزّع»
# is not listed: it would need «كنتَ», not «كان».
NOMINAL_SENTENCES = {"ar": frozenset({
    *(f"{form}.{name}" for form in ("pred", "pred_not") for name in (
        "self_out", "self_bidding", "spoken", "partner_bidding", "partner_holds_high", "opponent_bidding", "holds_ace",
        "made", "made_at_level", "partner_winning", "leading", "holds_led", "holds_trump", "is_dealer", "bid_winner",
        "bidding_side", "can_win")),
    "pred.last_speaker", "pred.bid_suit", "pred.calling", "pred.partner_unbeatable", "pred.holds", "pred.holds_pair",
    *(f"{form}.{name}" for form in ("pred_args", "pred_args_not") for name in ("holds", "holds_pair", "declaring",
                                                                                "calling", "bid_suit")),
    *(f"{form}.{name}" for form in ("pred_call", "pred_call_not") for name in ("made", "made_at_level")),
    *(f"{READER}{key}" for key in ("pred.partner_winning", "pred_not.partner_winning", "pred.partner_unbeatable",
                                   "pred.bidding_side", "pred_not.bidding_side"))})}
# «المزايدة الجارية تسمّي …»: «كانت»
FEMININE_SENTENCES = {"ar": frozenset({"pred.bid_suit", "pred_args.bid_suit", "pred_args_not.bid_suit"})}
# Negative sentences that deny a sentence opening with its subject's noun («ليس» / «لا» before the predicate), per
# language, with that affirmative sentence: right after a conjunction the negation goes on the verb the conjunction
# takes (`expr.not_be.*`: «إذا لم يكن …», «عندما لا يكون …») and the affirmative sentence follows, as Arabic reads it; a
# negative sentence with «لم» («هذا اللاعب لم يقم …») already has its verb and stays («إذا كان هذا اللاعب لم يقم …»).
DENIED_SENTENCES = {"ar": {
    **{f"{form}_not.{name}": f"{form}.{name}" for form, names in (
        ("pred", ("bid_winner", "bidding_side", "can_win", "holds_ace", "holds_led", "holds_trump", "is_dealer",
                  "leading", "partner_holds_high", "partner_winning")),
        ("pred_args", ("bid_suit", "calling", "declaring", "holds", "holds_pair")),
        (f"{READER}pred", ("bidding_side", "partner_winning", "bid_winner", "can_win", "holds_led", "holds_trump",
                           "is_dealer", "leading")),
        (f"{READER}pred_args", ("holds", "holds_pair"))) for name in names},
    "expr.compare.not_equal": "expr.compare.equal",
    # «ليس صحيحًا أنّ …»: «إذا لم يكن صحيحًا أنّ …»
    "expr.not": "expr.true_that", "expr.not_both": "expr.true_that_both"}}
# The denied sentences whose subject is the reader («لست الموزّع», «لا تملك …»): the verb agrees with the reader
# (`expr.not_be.*#you`: «إلا إذا لم تكن تملك …», «عندما لا تكون أنت الموزّع»).
READER_SUBJECTS = {"ar": frozenset(f"{READER}{key}" for key in (
    "pred_not.bid_winner", "pred_not.can_win", "pred_not.holds_led", "pred_not.holds_trump", "pred_not.is_dealer",
    "pred_not.leading", "pred_args_not.holds", "pred_args_not.holds_pair"))}


@dataclass(frozen=True)
class Names:
    """How the page names what a condition points at in the spec: its calls, suits and ranks (labels in the page's language)."""

    calls: Mapping[str, str] = field(default_factory=dict)
    suits: Mapping[str, str] = field(default_factory=dict)
    ranks: Mapping[int, str] = field(default_factory=dict)
    numbers_are_ranks: bool = False  # a formula whose value is a rank (`trump.swap`): every number names a rank
    subject: str | None = None  # the side the rule's sentence is about: `points(winner)` in `scoring.winner` is "their own points"
    each: bool = False  # every player plays for oneself: `team` is the player, not a team of partners
    kinds: tuple[str, ...] = ()  # the names of ghna.kinds
    to_reader: bool = False  # the sentence around speaks to the reader ("you must"): "you hold", not "this player holds"
    values: Mapping[str, str] = field(default_factory=dict)  # the values of the call whose rule is shown (`calling(las)`)
    counts: TableCounts = TableCounts()  # how many opponents, other players, sides: «الخصمان» only for exactly two
    # what a side's total holds at this table: `_no_ghna` without songs, `_no_bonus` where the last trick is worth
    # nothing (Brisca), both, or "" (cards, last-trick bonus and declarations)
    total_without: str = ""


@dataclass(frozen=True)
class Prose:
    """What a builder needs: the catalog of the language and the page's names of the spec's calls, suits and ranks."""

    words: Catalog
    names: Names = field(default_factory=Names)
    table: Mapping[type, Callable[[Prose, m.Expr], str]] = field(default_factory=dict)
    after: str | None = None  # the conjunction (CONJUNCTIONS) right before the clause being built, if any

    def clause(self, expr: m.Expr, after: str | None = None) -> str:
        """`expr` as a clause; `after`: the conjunction it follows (a clause inside another follows none, unless its
        builder says so: the first of a list, a choice's condition)."""
        builder = self.table.get(type(expr))
        if builder is None:
            raise TypeError(f"render_condition has no words for a {type(expr).__name__} node in {self.words.lang!r}")
        return builder(self if after == self.after else replace(self, after=after), expr)

    def after_conjunction(self, clause: str, feminine: bool = False, denied: bool = False, reader: bool = False) -> str:
        """`clause`, whose subject's noun opens it, as it reads after the conjunction `after` (`expr.be.*`: Arabic
        «كان» / «يكون», «كانت» / «تكون» for a feminine subject; other languages leave it as it is); `denied`: the clause
        is denied by the verb (`expr.not_be.*`: «لم يكن» / «لا يكون», «لم تكن» for the reader: `reader`)."""
        if self.after is None:
            return clause
        key = f"expr.{'not_be' if denied else 'be'}.{self.after}"
        agreement = "#you" if reader else "#feminine" if feminine else ""
        return self.words.text(f"{key}{agreement}" if self.words.has(f"{key}{agreement}") else key, clause=clause)

    def affirmative(self, said: str) -> str | None:
        """The affirmative sentence that the negative sentence `said` denies, when it is said so right after the
        conjunction the clause follows (DENIED_SENTENCES); else None."""
        return DENIED_SENTENCES.get(self.words.lang, {}).get(said) if self.after is not None else None

    def counted(self, key: str) -> str:
        """`key` in its wording for the number of people it names at this table (COUNTED)."""
        return self.words.for_group(key, getattr(self.names.counts, COUNTED[key])) if key in COUNTED else key

    def text(self, key: str, **fields) -> str:
        return self.words.text(self.counted(key), **fields)

    def sentence(self, key: str, **fields) -> str:
        """A truth term's sentence `key`: after a conjunction, one that opens with its subject's noun takes a verb
        (NOMINAL_SENTENCES)."""
        said = f"{READER}{key}" if self.names.to_reader and self.words.has(f"{READER}{key}") else key  # the words used
        if (affirmative := self.affirmative(said)) is not None:
            feminine = affirmative in FEMININE_SENTENCES.get(self.words.lang, ())
            reader = said in READER_SUBJECTS.get(self.words.lang, ())
            return self.after_conjunction(self.text(affirmative.removeprefix(READER), **fields), feminine, denied=True,
                                          reader=reader)
        text = self.text(key, **fields)
        if said not in NOMINAL_SENTENCES.get(self.words.lang, ()):
            return text
        return self.after_conjunction(text, said in FEMININE_SENTENCES.get(self.words.lang, ()))

    def call(self, name: str) -> str:
        return self.names.calls.get(name) or f"<code>{name}</code>"

    def number(self, value: int) -> str:
        """A number of the spec: isolated left to right on a right-to-left page."""
        return f'<bdi dir="ltr">{value}</bdi>' if self.words.rtl else str(value)

    def rank(self, value: int) -> str:
        """A rank by its label in the page's language; a label written in digits is a number."""
        label = self.names.ranks.get(value, str(value))
        return self.number(label) if label.isdigit() else label


def _about_call(prose: Prose, sentence: str, call: str | None) -> str:
    return sentence if call is None else prose.words.text("expr.about_call", sentence=sentence, call=prose.call(call))


def _with_args(prose: Prose, node: m.Pred, key: str) -> str:
    """A term with arguments (`tricks_won(team)`, `holds(trump)`): its `pred_args.*` sentence, `{side}` and `{what}` filled."""
    return prose.sentence(key, **_arg_fields(prose, node))


def _arg_fields(prose: Prose, node: m.Pred) -> dict:
    """The arguments in words: `side` (who) and `what` (a kind of declaration, a suit, a rank, trumps or the led suit)."""
    kinds = PREDICATES[node.name].args if node.name in PREDICATES else ()
    side = "arg.any_side_each" if prose.names.each and prose.words.has("arg.any_side_each") else "arg.any_side"
    what = prose.words.text("arg.any_kind")
    if "value" in kinds:  # `calling(las)`: a value of the call, which may share a word with a suit or a side
        return {"side": prose.text(side), "what": _call_value(prose, str(node.args[0]))}
    for arg in node.args:
        if arg in SIDES:
            side = _side_key(prose, arg)
        else:
            what = _what(prose, arg, cards="card_group" in kinds)
    ranks = [arg for arg in node.args if isinstance(arg, int)]
    groups = [arg for arg in node.args if arg in CARD_GROUPS or arg in prose.names.suits]
    if "card_group" in kinds and ranks and groups:  # one card: `cards_held(trump, 2)`, the 2 of trumps
        what = _card_of(prose, ranks[0], groups[0])
    return {"side": prose.text(side), "what": what}


def _call_value(prose: Prose, value: str) -> str:
    """A value of the call being made, as the call's values are named on the page: "las (“I have an ace”)"."""
    return prose.names.values.get(value) or f"<code>{value}</code>"  # checks.py allows no other value


# The words of `team` and `opponents` where a rule's sentence is about a side of its own (Names.subject): the side
# judged in match.at_once and claim.holds, the dealer's side (the first speaker's, without a dealer) in
# rotation.next_round.
SUBJECT_SIDES = {"team": "side_judged", "dealer": "side_dealer", "first_speaker": "side_first_speaker"}


def _side_key(prose: Prose, side: str) -> str:
    """A side's words; in match.at_once (whose subject is `team`, the side judged) `team` and `opponents` are that
    side and its opponents, not a player's, and in rotation.next_round the dealer's (SUBJECT_SIDES); where each plays
    for oneself, a player's side is the player."""
    subject, alone = SUBJECT_SIDES.get(prose.names.subject), f"arg.side_each.{side}"
    own = (f"arg.{subject}_each.{side}",) * prose.names.each + (f"arg.{subject}.{side}",) if subject else ()
    found = next((key for key in own if prose.words.has(key)), None)
    if found is not None:
        return found
    return alone if prose.names.each and prose.words.has(alone) else f"arg.side.{side}"


def _card_of(prose: Prose, rank: int, group: str) -> str:
    """A rank in a suit, trumps or the led suit: "the 2 of trumps"."""
    named = prose.names.ranks.get(rank) or prose.number(rank)
    if group in CARD_GROUPS:
        return prose.words.text(f"arg.card.rank_{group}", rank=named)
    return prose.words.text("arg.card.rank_suit", rank=named, suit=prose.names.suits[group])


def _what(prose: Prose, arg, cards: bool) -> str:
    """A kind, suit or rank argument; `cards` for a term about cards held (`holds`): "a trump", "a card of Copas"."""
    if cards and (arg in CARD_GROUPS or arg in prose.names.suits or isinstance(arg, int)):
        if isinstance(arg, int):
            return prose.words.text("arg.card.rank", rank=prose.names.ranks.get(arg) or prose.number(arg))
        if arg in CARD_GROUPS:
            return prose.words.text(f"arg.card.{arg}")
        return prose.words.text("arg.card.suit", suit=prose.names.suits[arg])
    if arg in DECLARATION_KINDS or arg == "led":
        return prose.words.text(f"arg.kind.{arg}")
    if arg in prose.names.suits:
        return prose.words.text("arg.suit", suit=prose.names.suits[arg])
    if isinstance(arg, str) and arg in prose.names.kinds:
        return prose.words.text("arg.kind.named", name=kind_label(arg))
    return f"<code>{arg}</code>"  # checks.py allows no other argument: a spec word, never a blank


def _about_a_call(prose: Prose, node: m.Pred, key: str) -> str | None:
    """A term about a call of the spec (`made(signal)`) names the call inside its sentence: `pred_call.*`."""
    if node.arg is None or not prose.words.has(key):
        return None
    return prose.sentence(key, call=prose.call(node.arg))


def _about_the_player(prose: Prose, node: m.Pred, form: str) -> str | None:
    """`pred_args_self.*` (`form`, or `pred_args_self_not.*`): a term about the side of the player the sentence is
    about (`self`, or `team` where each plays for oneself), said with that player as the subject of its verb, so that a
    duty speaking to the reader says "you have won" (`you:pred_args_self.*`), never "won by this player"."""
    own = "self" in node.args or (prose.names.each and "team" in node.args)
    key = f"{form}.{node.name}"
    return key if own and prose.names.subject is None and prose.words.has(key) else None


def _as_counted(prose: Prose, key: str) -> str:
    """`key` in its wording for what a total holds at this table (`Names.total_without`), when the catalog has one:
    a Brisca's total is "their own card points", not "(cards, last trick bonus and declarations)"."""
    form, name = key.split(".", 1)
    variant = f"{form}{prose.names.total_without}.{name}"
    return variant if prose.names.total_without and prose.words.has(variant) else key


def _predicate(prose: Prose, node: m.Pred) -> str:
    if prose.names.subject in node.args and prose.words.has(f"pred_args_own.{node.name}"):
        # `{what}`: a kind named beside the side
        return _with_args(prose, node, _as_counted(prose, f"pred_args_own.{node.name}"))
    if (key := _about_the_player(prose, node, "pred_args_self")) is not None:
        return _with_args(prose, node, key)
    if prose.words.has(f"pred_args.{node.name}"):
        return _with_args(prose, node, _as_counted(prose, f"pred_args.{node.name}"))
    return _about_a_call(prose, node, f"pred_call.{node.name}") or \
        _about_call(prose, prose.sentence(f"pred.{node.name}"), node.arg)


def _negation(prose: Prose, node: m.Not) -> str:
    operand = node.operand
    if isinstance(operand, (m.All, m.Any_)) and len(operand.operands) == 1:
        return prose.clause(m.Not(operand.operands[0]), prose.after)
    if isinstance(operand, m.Pred):  # every truth term has its own negative sentence: no "not: ..."
        if (key := _about_the_player(prose, operand, "pred_args_self_not")) is not None:
            return _with_args(prose, operand, key)
        if prose.words.has(f"pred_args_not.{operand.name}"):
            return _with_args(prose, operand, f"pred_args_not.{operand.name}")
        return _about_a_call(prose, operand, f"pred_call_not.{operand.name}") or \
            _about_call(prose, prose.sentence(f"pred_not.{operand.name}"), operand.arg)
    # "not both a and b": the negation covers the pair
    key = "expr.not_both" if isinstance(operand, m.All) and len(operand.operands) == 2 else "expr.not"
    if (affirmative := prose.affirmative(key)) is not None:
        return prose.after_conjunction(prose.words.text(affirmative, item=prose.clause(operand)), denied=True)
    return prose.words.text(key, item=prose.clause(operand))


def _number(prose: Prose, node: m.Num) -> str:
    if not prose.names.numbers_are_ranks:
        return prose.number(node.value)
    if node.value not in prose.names.ranks:  # a rank no card has (`else 0`): nobody takes the turned card
        return prose.words.text("expr.rank_none")
    return prose.rank(node.value)


def _operand(prose: Prose, node: m.Expr, other: m.Expr, in_sum: bool = False) -> str:
    """One side of a comparison or a sum: a number compared with a rank term is named as that rank; a choice or a
    sum inside a sum is put in brackets, so that "a plus (10 if b, otherwise 0) is at least 101" reads one way."""
    if isinstance(node, m.Num) and isinstance(other, m.Pred) and other.name in RANK_TERMS:
        return prose.rank(node.value)
    if isinstance(node, m.IfElse) or (isinstance(node, m.Arith) and in_sum):
        return prose.words.text("expr.group", item=prose.clause(node))
    return prose.clause(node)


def _counted_at_least_one(node: m.Compare) -> m.Compare:
    """`x > 0` written as `x >= 1`: every term counts or scores in whole numbers, and "the number of tricks they won
    is at least 1" says at once what "... is more than 0" makes the reader work out (a rank is no count)."""
    if node.op == ">" and isinstance(node.right, m.Num) and node.right.value == 0 and not (
            isinstance(node.left, m.Pred) and node.left.name in RANK_TERMS):
        return replace(node, op=">=", right=m.Num(1, node.right.loc))
    return node


RANKS_ABOVE = {">": lambda rank, bound: rank > bound, ">=": lambda rank, bound: rank >= bound}
MOST_RANKS_LISTED = 5


def _ranks_above(prose: Prose, node: m.Compare) -> list[int]:
    """The ranks `turned_rank > N` / `>= N` holds for, when they are few: "at least sota" would read as card strength
    (an ace and a three outrank the sota), so the page names them: "sota, caballo or king".  A comparison below a
    rank is left as written: it also holds with no turned card (the term is 0 then)."""
    if not (node.op in RANKS_ABOVE and isinstance(node.left, m.Pred) and node.left.name in RANK_TERMS
            and isinstance(node.right, m.Num)):
        return []
    above = [rank for rank in sorted(prose.names.ranks) if RANKS_ABOVE[node.op](rank, node.right.value)]
    return above if 0 < len(above) <= MOST_RANKS_LISTED and len(above) < len(prose.names.ranks) else []


def _comparison(prose: Prose, node: m.Compare) -> str:
    """`expr.compare.*`; its feminine wording (`#feminine`) when the verb agrees with a feminine term (Arabic
    «رتبة الورقة المقلوبة تساوي …», not «يساوي»)."""
    node = _counted_at_least_one(node)
    listed = _ranks_above(prose, node)
    if listed:
        names = [prose.rank(rank) for rank in listed]
        right = prose.words.text("expr.rank_list.separator").join(names[:-1])
        right = right + prose.words.text("expr.rank_list.or") + names[-1] if right else names[-1]
        return _stated(prose, node, "expr.compare.equal", right)
    return _stated(prose, node, f"expr.compare.{COMPARE_KEYS[node.op]}", _operand(prose, node.right, node.left))


def _stated(prose: Prose, node: m.Compare, key: str, right: str) -> str:
    """A comparison's sentence under `key`, its right side written already."""
    affirmative = prose.affirmative(key)  # «إذا لم يكن … يساوي …», not «إذا كان … لا يساوي …»
    key = affirmative or key
    feminine = isinstance(node.left, m.Pred) and node.left.name in FEMININE_TERMS.get(prose.words.lang, ())
    if feminine and prose.words.has(f"{key}#feminine"):
        key = f"{key}#feminine"
    sentence = prose.words.text(key, left=_operand(prose, node.left, node.right), right=right)
    return prose.after_conjunction(sentence, feminine, denied=affirmative is not None)  # its subject, the left side, opens it


def _arithmetic(prose: Prose, node: m.Arith) -> str:
    return prose.words.text(f"expr.arith.{ARITH_KEYS[node.op]}", left=_operand(prose, node.left, node.right, True),
                            right=_operand(prose, node.right, node.left, True))


def _minus(prose: Prose, node: m.Neg) -> str:
    return prose.words.text("expr.neg", item=prose.clause(node.operand))


def _choice(prose: Prose, node: m.IfElse) -> str:
    return prose.words.text("expr.if_else", then=prose.clause(node.then), condition=prose.clause(node.condition, "if"),
                            otherwise=prose.clause(node.otherwise))


def _joined(prose: Prose, operands, last_key: str) -> str:
    """Clauses joined as a sentence lists them: "a, b and c" (the joining words come from the catalog)."""
    clauses = [prose.clause(operand) for operand in operands]
    if len(clauses) == 1:  # the parser may wrap a lone condition
        return clauses[0]
    separator = prose.words.text("expr.separator")
    return separator.join(clauses[:-1]) + prose.words.text(last_key) + clauses[-1]


def _conjunction(prose: Prose, node: m.All) -> str:
    return _joined(prose, node.operands, "expr.and")


def _disjunction(prose: Prose, node: m.Any_) -> str:
    text = _joined(prose, node.operands, "expr.or")
    return text if len(node.operands) == 1 else prose.words.text("expr.either", items=text)


ENGLISH: dict[type, Callable] = {
    m.Pred: _predicate, m.Not: _negation, m.All: _conjunction, m.Any_: _disjunction,
    m.Num: _number, m.Compare: _comparison, m.Arith: _arithmetic, m.Neg: _minus, m.IfElse: _choice,
}


def _arabic_joined(prose: Prose, operands, last_key: str, each_after: bool = False) -> str:
    """Arabic repeats the conjunction before every clause after the first: "أ، وب، وج".  The first clause stands
    right after the conjunction the list follows (`Prose.after`: «إذا كان أ، وب»); `each_after`: every clause does,
    as alternatives do («إذا إمّا كان أ، أو كان ب»)."""
    clauses = [prose.clause(operand, prose.after if each_after or index == 0 else None)
               for index, operand in enumerate(operands)]
    return clauses[0] + "".join(prose.words.text(last_key) + clause for clause in clauses[1:])


def _arabic_disjunction(prose: Prose, node: m.Any_) -> str:
    if len(node.operands) == 1:
        return _arabic_joined(prose, node.operands, "expr.or")
    return prose.words.text("expr.either", items=_arabic_joined(prose, node.operands, "expr.or", each_after=True))


ARABIC: dict[type, Callable] = {
    **ENGLISH,
    m.All: lambda prose, node: _arabic_joined(prose, node.operands, "expr.and"),
    m.Any_: _arabic_disjunction,
}
def _french_disjunction(prose: Prose, node: m.Any_) -> str:
    """French repeats "soit" before every alternative: "soit a, soit b, soit c"."""
    clauses = [prose.clause(operand) for operand in node.operands]
    if len(clauses) == 1:
        return clauses[0]
    return prose.words.text("expr.either", items=prose.words.text("expr.either_separator").join(clauses))


FRENCH: dict[type, Callable] = {**ENGLISH, m.Any_: _french_disjunction}  # conjunctions as in English ("a, b et c")

TABLES: dict[str, Mapping[type, Callable]] = {"en": ENGLISH, "fr": FRENCH, "ar": ARABIC}


def render_condition(expr: m.Expr, lang: str, names: Names | None = None, after: str | None = None) -> str:
    """A condition or a formula as a clause in `lang`; `names` gives the page's name of each call, suit and rank;
    `after`, the conjunction (CONJUNCTIONS) the clause follows in its sentence, if any."""
    names = names or Names()
    words = catalog(lang).addressing_the_reader() if names.to_reader else catalog(lang)
    return Prose(words, names, TABLES[lang]).clause(expr, after)
