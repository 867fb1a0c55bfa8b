"""`touti coverage`: does every rule id of a spec have its cases?

Rules fall in four kinds, decided from the model alone:

- *refusing* rules forbid actions (play duties, call preconditions, bid bounds, ghna and
  concession conditions, turn order, the cards `deck.removed` takes out): each needs a positive case (the action allowed
  where the rule is in force) and a negative one (an action refused, naming the rule).
  A call precondition that no explored state refuses on its own is listed as *never
  decisive*, with the reason, instead of failing: RULES.md expects some (an implied
  condition still stated because it is part of the published rules).  A rule checks.py warns never decides at
  this table (W410, W420: never_decisive.py) is listed so too, naming the warning, whatever its cases.
- *outcome* rules decide what happens (trick winner, scoring and its `require` lines, rotation, match end...):
  each needs at least one case whose expectations check it, both sides where the rule
  has two (a contract made and one failed).  A scoring formula whose condition the cases
  show on one side only (`3 if capote(winner) else 1` and no capote) is *one-sided*, with
  the condition named (condition_sides.py): listed, not failing, for the condition may be
  one no round can meet at this table.
- *foundation* rules (the deck and the table) shape every case's setup.
- *descriptive* rules (titles, direction of play, the table customs recorded for the docs:
  a penalty, the first dealer, a misdeal, the cut, signs, looking back at tricks; a rule set to
  `none`) have no behaviour to check.

A rule of a `with N players` block is a row of its own, named `with N players: RULE` as
`touti diff` names it, sorted by the spec of that number of players and covered by the cases
played at that number (a case's `setup.settings.seats`, the default number when it names
none); a case at a number whose block writes the rule counts for the block's rule, not for
the spec's own rule of that id, which is not in force there.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import model as m
from ..conformance.cases import case_players
from ..never_decisive import never_decisive
from ..table_sizes import block_rule_name, for_players, rule_name_at
from .condition_sides import unshown_sides

# Table customs the engine does not play (docs only): a penalty, how the first dealer is chosen, a misdeal, the cut, signs,
# hands shown to a partner, partnerships drawn, looking back at tricks, the pairs that play the next match.
CUSTOMS = {"scoring.renounce", "rotation.first_dealer", "rotation.misdeal", "rotation.cut", "table.signs", "table.partner_hands",
           "table.partnerships", "trick.review", "match.next_pair"}
DESCRIPTIVE = {"system.title", "system.summary", "system.source", "system.glossary", "table.direction", *CUSTOMS}
FOUNDATION = {"deck.suits", "deck.ranks", "table.seats", "table.teams", "table.hand_size", "widow.size"}
REFUSING_FIXED = {
    "rotation.turn_order", "bidding.minimum", "bidding.step", "bidding.maximum", "bidding.pass",
    "bidding.last_speaker_minimum", "trump.swap", "ghna.who", "ghna.window", "ghna.per_trick", "ghna.in_hand",
    "ghna.same_suit", "ghna.caps", "ghna.minimums", "concession.who", "concession.proposer", "concession.consent",
    "bidding.pass_allowed", "trump.swap_duty", "ghna.lend", "claim.window", "widow.by",
    "deck.removed",  # refuses a card taken out of the deck (`play 2b`); every round it deals is its allowed side
}
# Rules whose word `none` still decides an outcome: no ghna limit; no trumps (the led suit alone wins a trick), at the
# table or by the contract that plays without them; nobody
# loses a tie at the losing place.
NONE_DECIDES = ("ghna.limit", "trump.choice", "trump.instead", "scoring.place_tie")
# With `concession.consent: one` a proposal concedes the round at once: there is no vote to refuse to the wrong
# defender, and no second proposal of the trick to refuse; `any_defender` then refuses nobody either.
CONCEDES_AT_ONCE = {"concession.consent": "one", "concession.proposer": "any_defender"}
NEVER_DECISIVE_REASON = (
    "no explored state refuses an action by this precondition alone: the other preconditions "
    "(or the turn order) already imply it"
)


@dataclass(frozen=True)
class RuleCoverage:
    """One rule's kind, its case counts and its verdict."""

    rule_id: str
    kind: str
    positive: int
    negative: int
    status: str  # covered | outcome | one-sided | never-decisive | foundation | descriptive | MISSING
    reason: str = ""


def rule_kind(spec: m.Spec, rule: m.Rule) -> str:
    """refusing, outcome, foundation or descriptive (see module docstring)."""
    value = rule.value
    if rule.id in DESCRIPTIVE or (rule.kind == "call" and rule.key == "title") or (isinstance(value, m.Word) and value.value == "none" and rule.id not in NONE_DECIDES):
        return "descriptive"
    if rule.id in FOUNDATION:
        return "foundation"
    if rule.id == "rotation.after_void" and not spec.has("bidding.minimum"):
        return "descriptive"  # without bidding no round is ever void
    if rule.id == "ghna.who" and isinstance(value, m.Word) and value.value == "both":
        return "outcome"
    if isinstance(value, m.Requirement) and rule.kind == "section" and rule.section == "scoring":
        return "outcome"  # a player who fails it loses the hand: no action is refused
    if rule.id in CONCEDES_AT_ONCE and _word(spec, "concession.consent") == "one" \
            and _word(spec, rule.id) == CONCEDES_AT_ONCE[rule.id]:
        return "outcome"  # one defender's word ends the round: nothing to answer, no second proposal to refuse
    if rule.id == "bidding.pass" and _word(spec, rule.id) == "not_final" and not _calls_that_leave(spec):
        return "outcome"  # a seat that passed bids again: only a call that leaves puts a seat out for good
    if isinstance(value, (m.Requirement, m.Obligation)) or rule.id in REFUSING_FIXED:
        return "refusing"
    if rule.kind == "call" and rule.key in ("values", "raise"):
        return "refusing"
    if rule.id == "trump.choice" and isinstance(value, m.Word) and value.value in ("bid_winner", "in_bid"):
        return "refusing"
    if rule.id == "bidding.bids" and isinstance(value, m.Word) and value.value == "ranks" or rule.id == "bidding.ranks":
        return "refusing"  # a bid in points before the last rank, a card called of another rank; a rank out of order
    if rule.id == "ghna.tute" and not isinstance(value, m.Word) or rule.id == "ghna.kinds":
        return "refusing"  # refuses a combination not held (or already declared)
    if rule.id in ("redeal.when", "redeal.by") and isinstance(spec.value("redeal.by"), m.Word) \
            and spec.value("redeal.by").value == "holder":
        return "refusing"  # the holder's `redeal`: refused for a hand that does not call for it, or too late
    if rule.id == "widow.take" and isinstance(value, m.Word) and value.value == "compulsory":
        return "refusing"  # `leave widow` refused: the bid winner must take it
    if rule.id == "claim.false" and isinstance(value, m.Word) and value.value == "play_on":
        return "refusing"  # a side whose claim failed may not claim again
    if rule.id == "table.draw_time" and isinstance(value, m.Word) and value.value == "after_window":
        return "refusing"  # a card led before the trick winner's `draw`
    return "outcome"


def _calls_that_leave(spec: m.Spec) -> bool:
    """Whether a call takes its maker out of the bidding (`effect: leave`), the one way out when a pass is not final."""
    return any(rule.kind == "call" and rule.key == "effect" and isinstance(rule.value, m.Word)
               and rule.value.value == "leave" for rule in spec.rules)


def _word(spec: m.Spec, rule_id: str) -> str | None:
    value = spec.value(rule_id) if spec.has(rule_id) else None
    return value.value if isinstance(value, m.Word) else None


def _calls_that_leave(spec: m.Spec) -> list[str]:
    return [call for call in spec.calls if _word(spec, f"{call}.effect") == "leave"]


def count_cases(cases: list[dict], spec: m.Spec | None = None) -> dict[str, list[int]]:
    """rule id -> [positive cases, negative cases]; with a spec whose blocks write rules by the number of players,
    a case played at a number whose block writes one of its rules counts under the block's rule name."""
    counts: dict[str, list[int]] = {}
    for case in cases:
        for rule in case["rules"]:
            pair = counts.setdefault(rule if spec is None else counted_as(spec, case, rule), [0, 0])
            pair[0 if case["polarity"] == "positive" else 1] += 1
    return counts


def counted_as(spec: m.Spec, case: dict, rule_id: str) -> str:
    """The name a case's rule counts under: `with N players: RULE` when the block of the case's number writes it."""
    return rule_name_at(spec, case_players(spec, case), rule_id) if spec.seat_rules else rule_id


def _verdict(kind: str, positive: int, negative: int, is_requirement: bool) -> tuple[str, str]:
    if kind in ("foundation", "descriptive"):
        return kind, ""
    if positive and negative:
        return "covered", ""
    if kind == "refusing":
        if is_requirement and positive and not negative:
            return "never-decisive", NEVER_DECISIVE_REASON
        if positive and not negative:
            return "MISSING", ("no negative case: the case generator found no position where this rule alone refuses an "
                               "action; if it can never refuse at this table (the overtrump duty with two players), "
                               "remove it from the spec")
        return "MISSING", "needs a positive and a negative case"
    if positive or negative:
        return "outcome", "checked by outcome expectations"
    return "MISSING", "no case checks this rule"


def _stated_reason(rule: m.Rule) -> str:
    """The spec's own word on why a precondition never decides (a comment `never decisive ...`)."""
    for comment in (*rule.comments, rule.trailing or ""):
        if comment.lower().startswith("never decisive"):
            return comment
    return ""


def coverage(spec: m.Spec, cases: list[dict]) -> list[RuleCoverage]:
    """The coverage of every rule of the spec by the given cases, then of every rule of its `with N players` blocks."""
    counts = count_cases(cases, spec)
    seatings = [for_players(spec, n) for n in m.seat_counts(spec)] if spec.seat_rules else [spec]
    report = [_rule_coverage(spec, rule, rule.id, counts, _proved_idle(seatings)) for rule in spec.rules]
    one_sided = unshown_sides(spec, cases)
    report = [RuleCoverage(row.rule_id, row.kind, row.positive, row.negative, "one-sided", one_sided[row.rule_id])
              if row.rule_id in one_sided and row.status in ("covered", "outcome") else row for row in report]
    for block in spec.seat_rules:
        seated = for_players(spec, block.players)  # the block's rule is sorted as the spec of that number reads it
        report += [_rule_coverage(seated, seated.rule(rule.id), block_rule_name(block.players, rule.id), counts,
                                  _proved_idle([seated])) for rule in block.rules]
    return report


def _proved_idle(seatings: list[m.Spec]) -> dict[str, str]:
    """rule id -> why it never decides, for the rules checks.py warns never decide at every one of these tables."""
    found = [{f.rule_id: f"never decisive here ({f.code}): {f.message}" for f in never_decisive(s)} for s in seatings]
    return {rule_id: why for rule_id, why in found[0].items() if all(rule_id in other for other in found[1:])}


def _rule_coverage(spec: m.Spec, rule: m.Rule, name: str, counts: dict[str, list[int]],
                   idle: dict[str, str]) -> RuleCoverage:
    kind = rule_kind(spec, rule)
    positive, negative = counts.get(name, [0, 0])
    status, reason = _verdict(kind, positive, negative, isinstance(rule.value, m.Requirement))
    if status == "never-decisive":
        reason = _stated_reason(rule) or reason
    if rule.id in idle and status == "MISSING":
        status, reason = "never-decisive", idle[rule.id]
    elif rule.id in idle:
        reason = "; ".join(filter(None, (reason, idle[rule.id])))
    return RuleCoverage(name, kind, positive, negative, status, reason)


def render_text(spec: m.Spec, report: list[RuleCoverage]) -> str:
    """A table, one rule a line, then a summary line."""
    width = max(len(r.rule_id) for r in report)
    lines = [f"coverage of {spec.system}: positive/negative cases per rule"]
    for row in report:
        note = f"  ({row.reason})" if row.reason else ""
        lines.append(f"  {row.rule_id:<{width}}  {row.kind:<11} +{row.positive:<3} -{row.negative:<3} {row.status}{note}")
    missing = [r for r in report if r.status == "MISSING"]
    totals = {s: sum(1 for r in report if r.status == s)
              for s in ("covered", "outcome", "one-sided", "never-decisive", "foundation", "descriptive")}
    summary = ", ".join(f"{n} {s}" for s, n in totals.items())
    lines.append(f"{len(report)} rules: {summary}, {len(missing)} missing")
    return "\n".join(lines)
