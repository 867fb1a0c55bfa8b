"""Declaration kinds (`ghna.kinds`): named combinations declared beside the ghna pair and the tute.

A row of `ghna.kinds` is `NAME = VALUE RANK RANK ... [trump VALUE]`:

- different ranks make a combination of ONE suit, declared per suit (`ghna guinotes copas`),
  worth VALUE, or the `trump` value when the suit is trumps (the 40 and the 20 of the pair);
- one rank written N times makes N cards of that rank of different suits, declared once
  (`ghna ases`), worth VALUE whatever trumps are.

Each kind may be declared once per suit (a one-suit kind) or once (a rank kind) per round.
This module only reads a row into a `Kind` or says what is wrong with it; `checks.py`
turns the problems into located diagnostics and the engine compiles the kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import model as m

TRUMP_WORD = "trump"
UNKNOWN_RANK = "is not a rank of the deck"
# words a kind may not be called: the declaration kinds of conditions and the wire format's words
RESERVED_KIND_NAMES = ("trump", "plain", "tute", "ghna", "lend", "led")


@dataclass(frozen=True)
class Kind:
    """One named combination: its ranks, whether it is of one suit, its values."""

    name: str
    ranks: tuple[int, ...]  # one suit: the different ranks; across suits: the rank, repeated `count` times
    one_suit: bool
    value: int  # a plain suit's value, or the value of a rank kind
    trump_value: int  # the value when the one suit is trumps (= value when not given)

    @property
    def count(self) -> int:
        return len(self.ranks)


def read_kind(entry: m.Entry, ranks: tuple[int, ...], suits: int) -> tuple[Kind | None, str | None]:
    """The kind of one `ghna.kinds` row, or None and what is wrong with the row (see `problem_code`)."""
    if not isinstance(entry.key, str):
        return None, f"a kind is named by a word, not {entry.key}"
    if entry.key in RESERVED_KIND_NAMES:
        return None, f"{entry.key!r} is a word of the language; name the kind otherwise"
    if not isinstance(entry.value, int) or entry.value < 0:
        return None, f"kind {entry.key}: the value is a number of points ≥ 0"
    words = list(entry.flags)
    trump_value = entry.value
    if TRUMP_WORD in words:
        at = words.index(TRUMP_WORD)
        if at != len(words) - 2 or not _is_number(words[-1]):
            return None, f"kind {entry.key}: `trump` comes last, followed by the value in trumps"
        trump_value, words = int(words[-1]), words[:at]
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
        return Kind(entry.key, found, False, entry.value, entry.value), None
    if len(distinct) != len(found):
        return None, (f"kind {entry.key}: a rank written twice beside another rank: a combination is different ranks "
                      "of one suit, or one rank of several suits")
    return Kind(entry.key, found, True, entry.value, trump_value), None


def kind_label(name: str) -> str:
    """How a page names a kind: its name in words (`as_tres` is "as tres"), never a code word."""
    return name.replace("_", " ")


def problem_code(message: str) -> str:
    """The error code of a row problem: E210 for a rank the deck does not have, else E508."""
    return "E210" if message.endswith(UNKNOWN_RANK) else "E508"


def same_cards(a: Kind, b: Kind) -> bool:
    """Whether two kinds are the same combination (the engine could not tell which one is declared)."""
    return a.one_suit == b.one_suit and sorted(a.ranks) == sorted(b.ranks)


def _is_number(word: str) -> bool:
    return word.isdigit() and (word == "0" or not word.startswith("0"))
