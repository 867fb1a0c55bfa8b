"""Rules written that can never decide anything at the table as seated: the proofs behind checks.py's warnings.

A house-rule editor may write a rule that another rule always pre-empts, or whose situation the table's arithmetic
never lets arise.  The spec stays valid, but the editor is told (`touti check` warns) and `touti coverage` says why the
rule has no case where it decides.  Each finding below is a proof from the model alone, never a guess from play: a
warning on a rule that can decide would be worse than none, so a spec outside a proof's assumptions gets no finding.

- W410: an overtrump duty (`must beat_trump`) where every trick has two cards: the follower only ever faces the card
  led, so a duty to trump (for a plain lead) and a duty to head the lead (for a trump lead), both in force before it,
  always leave it nothing to refuse.
- W420: a branch `WORD if hand_tied` of a word choice (`rotation.next_round`) where no played hand can end tied: the
  scoring always names a winner (a contract is made or failed; two sides and a tie-break that always names one of them:
  the first speaker's, the last trick's), or two
  sides share a total of odd parity that no play changes.
- W430: a declaration of more cards than a hand ever holds (a row of `ghna.kinds`, a rank of `ghna.tute`): its cards
  must all be in the declarer's hand, and a hand holds at most `table.hand_size` cards (with a widow, the widow's cards
  besides, while they are taken).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from . import model as m
from . import schema
from .deck_cards import removed_cards
from .engine.combinations import players_dealt_in
from .word_choice import branches

OVERTRUMP = "beat_trump"
HEADS_THE_LEAD = ("beat_led", "beat_first", "win")  # on a trump lead, each keeps exactly the trumps above it


@dataclass(frozen=True, slots=True)
class NeverDecisive:
    """A rule that can never decide at this table: its warning's code, message, hint and where it is written."""

    rule_id: str
    code: str
    message: str
    hint: str
    loc: m.Loc


def never_decisive(spec: m.Spec) -> list[NeverDecisive]:
    """Every rule of the spec proved never to decide at its table."""
    return [*_overtrump_implied(spec), *_tie_never_happens(spec), *_declarations_beyond_a_hand(spec)]


# ---------------------------------------------------------------- W410: the overtrump duty at two players


def _overtrump_implied(spec: m.Spec) -> Iterator[NeverDecisive]:
    if players_dealt_in(spec) != {2}:
        return
    duties = _duties_in_order(spec)
    exempt = _exempt_keys(spec, duties)
    for index, rule in enumerate(duties):
        if rule.value.duty != OVERTRUMP:
            continue
        before = [d for d in duties[:index] if d.key not in exempt and _in_force_on_any_lead(d.value)]
        trump = next((d for d in before if d.value.duty == "trump"), None)
        head = next((d for d in before if d.value.duty in HEADS_THE_LEAD), None)
        if trump is not None and head is not None:
            yield NeverDecisive(
                rule.id, "W410",
                f"{rule.id} never refuses a card on its own here: every trick has two cards, so on a plain lead "
                f"{trump.id} ({trump.value.duty}) and on a trump lead {head.id} ({head.value.duty}) already refuse "
                f"every card it would",
                f"at a table of two {rule.id} adds nothing to {trump.id} and {head.id}: remove it there, or lift "
                f"one of them (`unless ...`) where the overtrump duty should decide", rule.loc)


def _duties_in_order(spec: m.Spec) -> list[m.Rule]:
    """The play duties in the order the engine applies them: `play.order` when it lists each once, else as written."""
    duties = [r for r in spec.section("play") if isinstance(r.value, m.Obligation)]
    order = spec.value("play.order")
    keys = order.words if isinstance(order, m.WordList) else ()
    by_key = {d.key: d for d in duties}
    return [by_key[k] for k in keys] if sorted(keys) == sorted(by_key) and keys else duties


def _exempt_keys(spec: m.Spec, duties: list[m.Rule]) -> set[str]:
    words = _words(spec, "play.partner_exemption")
    return {d.key for d in duties} if words == ("all",) else set(words) - {"none"}


def _in_force_on_any_lead(duty: m.Obligation) -> bool:
    """No `when`, and no `unless` but `trick_trumped`, which never holds for the second card of a trick."""
    return duty.when is None and (duty.unless is None or _is_term(duty.unless, "trick_trumped"))


def _is_term(expr: m.Expr, name: str) -> bool:
    return isinstance(expr, m.Pred) and expr.name == name and not expr.args


# ---------------------------------------------------------------- W420: `hand_tied` where no hand ends tied


def _tie_never_happens(spec: m.Spec) -> Iterator[NeverDecisive]:
    tied_branches = [(rule, branch) for rule_id in schema.WORD_CHOICE_RULES if (rule := spec.rule(rule_id)) is not None
                     for branch in branches(rule.value) or () if branch.condition is not None
                     and _is_term(branch.condition, "hand_tied")]
    if not tied_branches:
        return
    reason = _why_no_tie(spec)
    if reason is None:
        return
    for rule, branch in tied_branches:
        yield NeverDecisive(
            rule.id, "W420", f"{rule.id}: `{branch.word} if hand_tied` is never taken here: {reason}",
            f"drop `{branch.word} if hand_tied else` from {rule.id}, or change the rule that rules a tie out",
            branch.condition.loc if branch.condition.loc != m.NOWHERE else rule.loc)


def _why_no_tie(spec: m.Spec) -> str | None:
    """Why no played hand of this table ends tied (`hand_tied`: no winner and the highest total shared), or None when
    one may."""
    scoring = _word(spec, "scoring.round")
    if scoring == "contract":
        return "under scoring.round: contract every played hand is won by the contract made or failed"
    if not _two_sides(spec):
        return None
    if scoring == "most_points" and _tie_break_always_settles(spec):
        return f"with two sides, scoring.tie: {_word(spec, 'scoring.tie')} settles every tie for the most points"
    if scoring not in ("most_points", "middle_loses", "place_loses"):
        return None
    total = _odd_total(spec)
    return None if total is None else (f"the two sides always share {total} points (the cards, the last trick and "
                                       f"songs of even values), an odd number that cannot be split evenly")


def _tie_break_always_settles(spec: m.Spec) -> bool:
    """With two sides a tie for the most points is between both, so a tie-break that always names a side settles it:
    the first speaker's; the last trick's, which every played hand gives (a concession only when its award says so)."""
    tie = _word(spec, "scoring.tie")
    return tie == "first_speaker" or tie == "last_trick" and _concession_gives(spec, "last_trick")


def _two_sides(spec: m.Spec) -> bool:
    """Every round is scored between exactly two sides."""
    teams = spec.value("table.teams")
    if isinstance(teams, m.Groups):
        return len(teams.groups) == 2
    if _word(spec, "table.teams") in m.SIDES_PER_ROUND:
        return True
    return _word(spec, "table.teams") == "each" and m.seat_counts(spec) == (2,) and players_dealt_in(spec) == {2}


def _odd_total(spec: m.Spec) -> int | None:
    """The points every played hand shares out when that total is odd and nothing played changes its parity: every
    card's points go to a side (no widow, no card set aside, a concession gives the remaining cards), the last-trick
    bonus (which a concession may not give) and every song are even.  None otherwise."""
    if spec.section("widow") or _word(spec, "trump.turned") == "aside" or not _concession_gives(spec, "remaining_cards"):
        return None
    bonus = spec.value("deck.last_trick")
    bonus = bonus.value if isinstance(bonus, m.Number) else None
    cards = _card_points_total(spec)
    if bonus is None or cards is None or bonus % 2 or not _songs_even(spec):
        return None
    return cards + bonus if (cards + bonus) % 2 else None


def _concession_gives(spec: m.Spec, what: str) -> bool:
    """No concession ends a hand early, or the conceding side gets `what` (`remaining_cards`, `last_trick`)."""
    if not spec.section("concession"):
        return True
    return what in _words(spec, "concession.award")


def _songs_even(spec: m.Spec) -> bool:
    """Every declaration that adds points adds an even number (a tute ends the hand at once and adds none)."""
    if not spec.section("ghna"):
        return True
    values = spec.value("ghna.values")
    if spec.has("ghna.kinds") or not isinstance(values, m.Table):
        return False
    return all(isinstance(e.value, int) and e.value % 2 == 0 for e in values.entries)


def _card_points_total(spec: m.Spec) -> int | None:
    """The points of every card in the deck (less the cards `deck.removed` takes out)."""
    suits, ranks, points = spec.value("deck.suits"), spec.value("deck.ranks"), spec.value("deck.points")
    if not (isinstance(suits, m.Decls) and isinstance(ranks, m.Decls) and isinstance(points, m.Table)):
        return None
    by_rank = {e.key: e.value for e in points.entries}
    if not all(isinstance(v, int) for v in by_rank.values()):
        return None
    removed = set(removed_cards(spec))
    return sum(by_rank.get(rank.key, by_rank.get("others", 0)) for suit in suits.items for rank in ranks.items
               if (rank.key, suit.code) not in removed)


def _words(spec: m.Spec, rule_id: str) -> tuple[str, ...]:
    """The words of a rule written as one word or a list of them (none for another shape)."""
    value = spec.value(rule_id)
    return (value.value,) if isinstance(value, m.Word) else value.words if isinstance(value, m.WordList) else ()


def _word(spec: m.Spec, rule_id: str) -> str | None:
    value = spec.value(rule_id)
    return value.value if isinstance(value, m.Word) else None


# ---------------------------------------------------------------- W430: a declaration of more cards than a hand holds


def _declarations_beyond_a_hand(spec: m.Spec) -> Iterator[NeverDecisive]:
    most = _most_cards_held(spec)
    if most is None:
        return
    kinds = spec.rule("ghna.kinds")
    if kinds is not None and isinstance(kinds.value, m.Table):
        for entry in kinds.value.entries:
            count = len(entry.flags) - _trailing_words(entry.flags)
            if count > most and isinstance(entry.key, str):
                yield NeverDecisive(
                    kinds.id, "W430",
                    f"ghna.kinds: {entry.key} is {count} cards, but a hand here holds at most {most} (table.hand_size): "
                    f"it can never be declared", _more_cards_hint(count, entry.key), entry.loc if entry.loc != m.NOWHERE else kinds.loc)
    tute = spec.rule("ghna.tute")
    suits = spec.value("deck.suits")
    count = len(suits.items) if isinstance(suits, m.Decls) else 0
    if tute is not None and isinstance(tute.value, (m.Number, m.Numbers)) and count > most:
        yield NeverDecisive(
            tute.id, "W430",
            f"ghna.tute: a tute is the {count} cards of a rank, but a hand here holds at most {most} "
            f"(table.hand_size): it can never be declared", _more_cards_hint(count, "the tute"), tute.loc)


def _most_cards_held(spec: m.Spec) -> int | None:
    """The most cards a hand ever holds: the largest hand dealt (at any number of players dealt in), and the widow's
    cards while the bid winner has taken them; None when the hand size is not written as numbers (a setting is
    checked at each of its choices, as one number)."""
    hand = spec.value("table.hand_size")
    if isinstance(hand, m.Number):
        most = hand.value
    elif isinstance(hand, m.Table) and hand.entries and all(isinstance(e.value, int) for e in hand.entries):
        most = max(e.value for e in hand.entries)
    else:
        return None
    widow = spec.value("widow.size")
    return most + (widow.value if isinstance(widow, m.Number) else 0)


def _trailing_words(flags: tuple[str, ...]) -> int:
    """How many of a kind row's last words are not its ranks: `wins_hand`, and `trump VALUE`."""
    words = list(flags)
    trailing = 0
    if words and words[-1] == "wins_hand":
        words, trailing = words[:-1], 1
    if "trump" in words:
        trailing += len(words) - words.index("trump")
    return trailing


def _more_cards_hint(count: int, name: str) -> str:
    return f"deal at least {count} cards (table.hand_size), or drop {name}"

