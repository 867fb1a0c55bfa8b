"""Declaration kinds (`ghna.kinds`): named combinations declared beside the ghna pair and the tute.

A row of `ghna.kinds` is `NAME = VALUE RANK RANK ... [trump VALUE] [wins_hand]`:

- different ranks make a combination of ONE suit, declared per suit (`ghna guinotes copas`),
  worth VALUE, or the `trump` value when the suit is trumps (the 40 and the 20 of the pair);
- one rank written N times makes N cards of that rank of different suits, declared once
  (`ghna ases`), worth VALUE whatever trumps are;
- cards written as the actions write them (`bazzica = 40 11e 10o`: the caballo of espadas and
  the sota of oros) make a combination of those very cards, declared once (`ghna bazzica`),
  worth VALUE whatever trumps are.

Each kind may be declared once per suit (a one-suit kind) or once (a rank kind, a kind of named cards) per round.
A kind written `wins_hand` ends the round when declared, its side winning the hand at
once, as the built-in tute does (`tute: 12` is the kind `0 12 12 12 12 wins_hand` with
its own action text, `tute 12`); `match.at_once` may name such a kind, as it names `tute`,
for its declaration to win the game.
This module only reads a row into a `Kind` or says what is wrong with it; `checks.py`
turns the problems into located diagnostics and the engine compiles the kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import model as m

TRUMP_WORD = "trump"
WINS_HAND = "wins_hand"  # the last word of a row whose declaration ends the round, its side winning the hand
UNKNOWN_RANK = "is not a rank of the deck"
# words a kind may not be called: the declaration kinds of conditions and the wire format's words
RESERVED_KIND_NAMES = ("trump", "plain", "tute", "ghna", "lend", "led")


@dataclass(frozen=True)
class Kind:
    """One named combination: its ranks, whether it is of one suit, its values."""

    name: str
    ranks: tuple[int, ...]  # one suit: the different ranks; across suits: the rank, repeated `count` times; named: theirs
    one_suit: bool
    value: int  # a plain suit's value, or the value of a rank kind or of named cards
    trump_value: int  # the value when the one suit is trumps (= value when not given)
    wins_hand: bool = False  # declaring it ends the round, its side winning the hand (as a tute)
    cards: tuple[tuple[int, str], ...] = ()  # named cards (`11e 10o`): each its rank and its suit's code, else empty

    @property
    def count(self) -> int:
        return len(self.ranks)


def read_kind(entry: m.Entry, ranks: tuple[int, ...], suits: int,
              codes: tuple[str, ...] | None = None) -> tuple[Kind | None, str | None]:
    """The kind of one `ghna.kinds` row, or None and what is wrong with the row (see `problem_code`); `codes`, the
    deck's suit codes, when a named card's suit is to be checked (the checks and the engine give them)."""
    if not isinstance(entry.key, str):
        return None, f"a kind is named by a word, not {entry.key}"
    if entry.key in RESERVED_KIND_NAMES:
        return None, f"{entry.key!r} is a word of the language; name the kind otherwise"
    if not isinstance(entry.value, int) or entry.value < 0:
        return None, f"kind {entry.key}: the value is a number of points ≥ 0"
    words = list(entry.flags)
    wins_hand = bool(words) and words[-1] == WINS_HAND
    words = words[:-1] if wins_hand else words
    if WINS_HAND in words:
        return None, f"kind {entry.key}: `{WINS_HAND}` comes last"
    trump_value = entry.value
    if TRUMP_WORD in words:
        at = words.index(TRUMP_WORD)
        if at != len(words) - 2 or not _is_number(words[-1]):
            return None, f"kind {entry.key}: `trump` comes last, followed by the value in trumps"
        trump_value, words = int(words[-1]), words[:at]
    if any(_card(w) for w in words):
        return _named_cards(entry, words, ranks, codes, wins_hand)
    if any(not _is_number(w) for w in words):
        bad = next(w for w in words if not _is_number(w))
        return None, f"kind {entry.key}: {bad!r} is not a rank (write the ranks after the value)"
    found = tuple(int(w) for w in words)
    unknown = [r for r in found if r not in ranks]
    if unknown:
        return None, f"kind {entry.key}: {', '.join(map(str, unknown))} {UNKNOWN_RANK}"
    if len(found) < 2:
        return None, f"kind {entry.key}: a combination is at least two cards"
    distinct = set(found)
    if len(distinct) == 1:
        if len(found) > suits:
            return None, f"kind {entry.key}: {len(found)} cards of rank {found[0]} cannot be held with {suits} suits"
        if TRUMP_WORD in entry.flags:
            return None, f"kind {entry.key}: cards of several suits have no value in trumps; drop `trump`"
        return Kind(entry.key, found, False, entry.value, entry.value, wins_hand), None
    if len(distinct) != len(found):
        return None, (f"kind {entry.key}: a rank written twice beside another rank: a combination is different ranks "
                      "of one suit, or one rank of several suits")
    return Kind(entry.key, found, True, entry.value, trump_value, wins_hand), None


def _named_cards(entry: m.Entry, words: list[str], ranks: tuple[int, ...], codes: tuple[str, ...] | None,
                 wins_hand: bool) -> tuple[Kind | None, str | None]:
    """A kind of named cards (`40 11e 10o`): every word a card of the deck, each once, at least two."""
    cards = [_card(w) for w in words]
    if not all(cards):
        bad = next(w for w, card in zip(words, cards) if card is None)
        return None, f"kind {entry.key}: {bad!r} is not a card: name every card as the actions write it (`11e`)"
    if TRUMP_WORD in entry.flags:
        return None, f"kind {entry.key}: named cards have one value whatever trumps are; drop `trump`"
    unknown = [w for w, (rank, _) in zip(words, cards) if rank not in ranks]
    if unknown:
        return None, f"kind {entry.key}: the rank of {', '.join(unknown)} {UNKNOWN_RANK}"
    if codes is not None and any(code not in codes for _, code in cards):
        bad = next(w for w, (_, code) in zip(words, cards) if code not in codes)
        return None, f"kind {entry.key}: {bad!r} names no suit of the deck (the codes are {', '.join(codes)})"
    if len(set(cards)) != len(cards):
        return None, f"kind {entry.key}: a card written twice"
    if len(cards) < 2:
        return None, f"kind {entry.key}: a combination is at least two cards"
    return Kind(entry.key, tuple(rank for rank, _ in cards), False, entry.value, entry.value, wins_hand, tuple(cards)), None


def _card(word: str) -> tuple[int, str] | None:
    """`11e` as (11, "e"): a card as the actions write it, its rank then its suit's code; None for another word."""
    rank, code = word[:-1], word[-1:]
    return (int(rank), code) if _is_number(rank) and code.isalpha() else None


def kind_label(name: str) -> str:
    """How a page names a kind: its name in words (`as_tres` is "as tres"), never a code word."""
    return name.replace("_", " ")


def problem_code(message: str) -> str:
    """The error code of a row problem: E210 for a rank the deck does not have, else E508."""
    return "E210" if message.endswith(UNKNOWN_RANK) else "E508"


def same_cards(a: Kind, b: Kind) -> bool:
    """Whether two kinds are the same combination (the engine could not tell which one is declared)."""
    return a.one_suit == b.one_suit and sorted(a.ranks) == sorted(b.ranks) and sorted(a.cards) == sorted(b.cards)


# the round's scoring that has a hand winner for a declaration to be (under `contract`, only a game won at once)
HAND_WINNER_SCORING = (None, "most_points", "middle_loses", "place_loses")


def wins_hand(entry: m.Entry) -> bool:
    """Whether a `ghna.kinds` row is written `wins_hand` (its last word)."""
    return bool(entry.flags) and entry.flags[-1] == WINS_HAND


def at_once_misuses(spec: m.Spec) -> list[tuple[m.Entry | str, str, str]]:
    """E511: a kind named by `match.at_once` that does not win the hand (the word), a kind that wins the hand under a
    scoring with no hand winner that `match.at_once` does not name (the row): (the row or the word, message, hint)."""
    table = spec.value("ghna.kinds")
    rows = {e.key: e for e in table.entries} if isinstance(table, m.Table) else {}
    at_once = spec.value("match.at_once")
    words = (at_once.value,) if isinstance(at_once, m.Word) else at_once.words if isinstance(at_once, m.WordList) else ()
    found: list[tuple[m.Entry | str, str, str]] = []
    for word in words:
        if word in rows and not wins_hand(rows[word]):
            found.append((word, f"match.at_once: the kind {word} does not win the hand, so its declaration ends no round",
                          f"end its row with `{WINS_HAND}`, or write a condition: `declarations(team, {word}) > 0`"))
    scoring = spec.value("scoring.round")
    scoring = scoring.value if isinstance(scoring, m.Word) else None
    if scoring not in HAND_WINNER_SCORING:
        for name, entry in rows.items():
            if wins_hand(entry) and name not in words:
                found.append((entry, (f"ghna.kinds: {name} wins the hand at once, but scoring.round {scoring} has no "
                                      "hand winner: only a game won at once gives it a meaning"),
                              f"name it in match.at_once (`at_once: {name}`), or drop `{WINS_HAND}`"))
    return found


def _is_number(word: str) -> bool:
    return word.isdigit() and (word == "0" or not word.startswith("0"))
