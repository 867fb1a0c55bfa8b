"""The wire format: the text of cards and actions, parsed strictly.

Cards are `<rank><suit code>`: `1o` (ace of oros), `12c` (rey of copas), `10e`, `7b`;
suit codes come from `deck.suits` (`oros/o`).  Actions are one line of single-space
separated lower-case tokens:

| text | action |
|---|---|
| `pass` | leave the bidding |
| `bid 80` | bid 80 |
| `bid rank 3` | bid on a rank (only under `bidding.bids: ranks`; a rank of `deck.ranks`): a contract of `bidding.rank_contract` points whose card to call is of that rank |
| `bid 80 oros` | bid 80 naming trumps (only, and always, under `trump.choice in_bid`; a suit id of `deck.suits`) |
| `<call> <value>` / `<call>` | a call of the spec (`signal las`, `preannounce kont`, `push 10`, `as`) |
| `trump copas` | the contract maker names trumps (a suit id of `deck.suits`) |
| `trump none` | the contract maker plays the round without trumps instead (only under `trump.instead: none`) |
| `call 3c` | the contract maker calls a card (`trump.choice called_card`): its suit is trumps, its holder the partner |
| `swap` | exchange the `trump.swap` rank of trumps for the turned card |
| `play 12c` | play a card |
| `ghna copas` | declare the `ghna.pair` of that suit |
| `ghna guinotes copas`, `ghna ases` | declare a kind of `ghna.kinds`: a one-suit kind names its suit, a rank kind or a kind of named cards nothing more |
| `tute 12` | declare the four cards of rank 12 |
| `lend` | the bid winner lets the partner declare one ghna (`ghna.lend`) |
| `concede`, `agree`, `refuse` | propose a concession, accept it, refuse it |
| `claim` | show the rest of the hand and claim every remaining trick for one's side (`claim` section) |
| `redeal` | void the deal just dealt, the hand meeting `redeal.when` (`redeal.by: holder`) |
| `take widow`, `leave widow` | the bid winner takes the widow into the hand, or leaves it where it lies (the widow section) |
| `discard 4o` | the widow's taker puts a card of the hand aside, one per card of the widow |
| `draw` | the trick winner closes the window after its trick and every player draws, the winner first (`table.draw_time after_window`) |

Anything else (extra spaces, upper case, leading zeros, a card not of the deck, an
action kind the spec does not define) is refused with rule id `action.syntax`; a card
written right that `deck.removed` takes out of the deck (`play 2b`) is refused with rule
id `deck.removed`.

Canonical order of legal actions (what `RoundState.legal_actions` returns): by kind in
ACTION_KINDS order, then `bid` by amount (under `in_bid`, each amount's suits in
`deck.suits` order; under `bidding.bids: ranks`, `bid rank R` in the order of the calls before the bids in points), calls in spec order and each call's values in
spec order, `call CARD` in canonical deck order, `trump`/`ghna` by suit in `deck.suits` order (`trump none` after the suits), then the kinds of `ghna.kinds` in spec order (a one-suit kind's
suits in `deck.suits` order), `play` by card in canonical
deck order (suits in `deck.suits` order, then ranks in `deck.ranks` order), `tute` in
`ghna.tute` order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import REMOVED, SYNTAX, IllegalAction

ACTION_KINDS = ("pass", "bid", "call", "call_card", "trump", "swap", "play", "ghna", "tute", "lend", "concede", "agree", "refuse",
                "claim", "redeal", "take", "leave", "discard", "draw")
KIND_RANK = {kind: index for index, kind in enumerate(ACTION_KINDS)}

# Used with fullmatch only: `$` would also match before a trailing newline ("bid 80\n").
NUMBER = re.compile(r"0|[1-9][0-9]{0,8}")
VALUE_WORD = re.compile(r"[a-z0-9_+]+")
CACHE_LIMIT = 200_000
NO_TRUMP = "none"  # `trump none`: the contract without trumps of `trump.instead: none`

Parsed = tuple  # (kind, argument): ("bid", 80), ("bid", (80, 0)) naming oros, ("play", 17), ("call", ("signal", "las")) ...


def card_text(rank: int, suit_code: str) -> str:
    """`12` and `c` give `12c`."""
    return f"{rank}{suit_code}"


@dataclass(frozen=True)
class Vocabulary:
    """What the parser accepts for one spec: suits, cards, calls and the optional kinds."""

    suits: tuple[str, ...]
    cards: dict[str, int]
    calls: dict[str, tuple[str, ...] | None]
    has_bidding: bool
    has_swap: bool
    has_concession: bool
    has_tute: bool
    bid_suits: bool = False  # `trump.choice in_bid`: every bid names a suit, and only then
    bid_ranks: frozenset = frozenset()  # `bidding.bids: ranks`: the deck's ranks, which `bid rank R` may name
    has_lend: bool = False
    has_ghna: bool = True  # False without a ghna section: `ghna SUIT` is no action of the spec
    has_claim: bool = False
    kinds: dict = None  # `ghna.kinds`: name -> (index, one_suit)
    has_redeal: bool = False  # `redeal.by: holder`: the `redeal` action
    has_widow: bool = False  # the widow section: `take widow`, `leave widow`, `discard CARD`
    has_called_card: bool = False  # `trump.choice called_card`: `call CARD` (a spec's call is never named `call`: E310)
    has_draw: bool = False  # `table.draw_time after_window`: the `draw` action
    no_trump_contract: bool = False  # `trump.instead none`: `trump none`, the round played without trumps
    removed: frozenset = frozenset()  # the cards `deck.removed` takes out (`2b`): refused with that rule, not as syntax


def parse_action(text: object, vocabulary: Vocabulary, cache: dict) -> Parsed:
    """The parsed form of an action text, or IllegalAction(action.syntax)."""
    found = cache.get(text) if isinstance(text, str) else None
    if found is not None:
        return found
    if not isinstance(text, str):
        raise IllegalAction(SYNTAX, f"an action is a text, not {type(text).__name__}")
    parsed = _parse(text, vocabulary)
    if len(cache) < CACHE_LIMIT:
        cache[text] = parsed
    return parsed


def _parse(text: str, vocabulary: Vocabulary) -> Parsed:
    tokens = text.split(" ")
    if not text or "" in tokens:
        raise IllegalAction(SYNTAX, f"malformed action {text!r}: tokens are separated by single spaces")
    head, args = tokens[0], tokens[1:]
    if head in vocabulary.calls:
        return _parse_call(text, head, args, vocabulary.calls[head])
    parser = _PARSERS.get(head)
    if parser is None:
        raise IllegalAction(SYNTAX, f"unknown action {text!r}")
    return parser(text, args, vocabulary)


def _bare(kind: str, enabled: str | None = None):
    def parse(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
        if enabled and not getattr(vocabulary, enabled):
            raise IllegalAction(SYNTAX, f"this spec has no {kind!r} action")
        if args:
            raise IllegalAction(SYNTAX, f"malformed action {text!r}: {kind!r} takes no argument")
        return (kind, None)

    return parse


def _one_arg(text: str, args: list[str], what: str) -> str:
    if len(args) != 1:
        raise IllegalAction(SYNTAX, f"malformed action {text!r}: expected one {what}")
    return args[0]


def _number_arg(text: str, args: list[str], what: str, malformed: str) -> int:
    """The one whole-number argument of an action, or IllegalAction(action.syntax) saying `malformed`."""
    value = _one_arg(text, args, what)
    if not NUMBER.fullmatch(value):
        raise IllegalAction(SYNTAX, malformed)
    return int(value)


def _parse_bid(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    if not vocabulary.has_bidding:
        raise IllegalAction(SYNTAX, "this spec has no bidding")
    malformed = f"malformed bid {text!r}: the amount is a whole number like 80"
    if args[:1] == ["rank"]:
        return _parse_rank_bid(text, args[1:], vocabulary)
    if not vocabulary.bid_suits:
        if len(args) == 2 and args[1] in vocabulary.suits:
            raise IllegalAction(SYNTAX, f"malformed bid {text!r}: in this spec a bid names no suit (bid 80)")
        return ("bid", _number_arg(text, args, "amount", malformed))
    if len(args) != 2:
        raise IllegalAction(SYNTAX, f"malformed bid {text!r}: a bid names its amount and the trump suit, like "
                                    f"`bid 80 {vocabulary.suits[0]}`")
    amount = _number_arg(text, args[:1], "amount", malformed)
    return ("bid", (amount, _suit_arg(text, args[1:], vocabulary)))


def _parse_rank_bid(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    """`bid rank 3`: a bid naming a rank of the deck (`bidding.bids: ranks`)."""
    if not vocabulary.bid_ranks:
        raise IllegalAction(SYNTAX, f"malformed bid {text!r}: in this spec a bid names points, not a rank (bid 80)")
    rank = _number_arg(text, args, "rank", f"malformed bid {text!r}: a bid on a rank names it like `bid rank 3`")
    if rank not in vocabulary.bid_ranks:
        raise IllegalAction(SYNTAX, f"{rank} is not a rank of this deck in {text!r}")
    return ("rank_bid", rank)


def _parse_pass(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    if not vocabulary.has_bidding:
        raise IllegalAction(SYNTAX, "this spec has no bidding")
    return _bare("pass")(text, args, vocabulary)


def _suit_arg(text: str, args: list[str], vocabulary: Vocabulary) -> int:
    suit = _one_arg(text, args, "suit")
    if suit not in vocabulary.suits:
        raise IllegalAction(SYNTAX, f"unknown suit {suit!r} in {text!r}: the suits are {', '.join(vocabulary.suits)}")
    return vocabulary.suits.index(suit)


def _parse_trump(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    if vocabulary.no_trump_contract and args == [NO_TRUMP]:  # a suit is never named `none` (E200)
        return ("trump", None)
    return ("trump", _suit_arg(text, args, vocabulary))


def _parse_ghna(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    if not vocabulary.has_ghna:
        raise IllegalAction(SYNTAX, "this spec has no ghna (no songs)")
    kinds = vocabulary.kinds or {}
    if not args or args[0] not in kinds:  # `ghna SUIT`: the pair (a kind is never named like a suit: E509)
        return ("ghna", _suit_arg(text, args, vocabulary))
    index, one_suit = kinds[args[0]]
    if not one_suit:
        if len(args) != 1:
            raise IllegalAction(SYNTAX, f"malformed action {text!r}: `ghna {args[0]}` names no suit")
        return ("kind", (index, None))
    if len(args) != 2:
        raise IllegalAction(SYNTAX, f"malformed action {text!r}: `ghna {args[0]}` names its suit, like "
                                    f"`ghna {args[0]} {vocabulary.suits[0]}`")
    return ("kind", (index, _suit_arg(text, args[1:], vocabulary)))


def _parse_play(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    card = _one_arg(text, args, "card")
    if card in vocabulary.removed:
        raise IllegalAction(REMOVED, f"{card!r} is taken out of this deck (deck.removed): nobody holds it")
    if card not in vocabulary.cards:
        raise IllegalAction(SYNTAX, f"{card!r} is not a card of this deck (a card is written like 12c: rank, then suit code)")
    return ("play", vocabulary.cards[card])


def _parse_called_card(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    if not vocabulary.has_called_card:
        raise IllegalAction(SYNTAX, "this spec calls no card (trump.choice called_card)")
    return ("call_card", _parse_play(text, args, vocabulary)[1])


def _parse_widow(kind: str):
    def parse(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
        if not vocabulary.has_widow:
            raise IllegalAction(SYNTAX, "this spec has no widow")
        if args != ["widow"]:
            raise IllegalAction(SYNTAX, f"malformed action {text!r}: say `{kind} widow`")
        return (kind, None)

    return parse


def _parse_discard(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    if not vocabulary.has_widow:
        raise IllegalAction(SYNTAX, "this spec has no widow")
    return ("discard", _parse_play(text, args, vocabulary)[1])


def _parse_tute(text: str, args: list[str], vocabulary: Vocabulary) -> Parsed:
    if not vocabulary.has_tute:
        raise IllegalAction(SYNTAX, "this spec has no tute")
    return ("tute", _number_arg(text, args, "rank", f"malformed action {text!r}: a tute names a rank like 12"))


def _parse_call(text: str, name: str, args: list[str], values: tuple[str, ...] | None) -> Parsed:
    if len(args) > 1:
        raise IllegalAction(SYNTAX, f"malformed call {text!r}: a call takes at most one value")
    if values is None and args:
        raise IllegalAction(SYNTAX, f"malformed call {text!r}: {name!r} takes no value")
    if args and not VALUE_WORD.fullmatch(args[0]):
        raise IllegalAction(SYNTAX, f"malformed call {text!r}")
    return ("call", (name, args[0] if args else None))


_PARSERS = {
    "pass": _parse_pass,
    "bid": _parse_bid,
    "trump": _parse_trump,
    "call": _parse_called_card,
    "swap": _bare("swap", "has_swap"),
    "play": _parse_play,
    "ghna": _parse_ghna,
    "tute": _parse_tute,
    "lend": _bare("lend", "has_lend"),
    "concede": _bare("concede", "has_concession"),
    "agree": _bare("agree", "has_concession"),
    "refuse": _bare("refuse", "has_concession"),
    "claim": _bare("claim", "has_claim"),
    "redeal": _bare("redeal", "has_redeal"),
    "take": _parse_widow("take"),
    "leave": _parse_widow("leave"),
    "discard": _parse_discard,
    "draw": _bare("draw", "has_draw"),
}


def format_call(name: str, value: str | None) -> str:
    """`signal las`, `push 10`, or `as` for a call without values."""
    return name if value is None else f"{name} {value}"
