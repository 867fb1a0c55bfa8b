"""Terms of a condition that are never true, words that never name anyone, and a word that changes nothing, at the
table as seated: the proofs behind checks.py's W440, W450, W460 and W470.

Unlike never_decisive.py's findings, the rule itself may still decide (`must beat_led unless trick_trumped or
partner_winning` still refuses cards where every player plays alone; `next_round: hand_winner` still passes the deal):
only the term or the word is dead, so `touti coverage` does not count the rule as never decisive.

- W440: a condition that reads a partner (`partner_bidding`, `partner_winning`, ...) where every player plays alone
  (`table.teams: each`, or groups of one seat): nobody is ever the partner of anyone, so the term is never true.
- W450: `hand_winner` in `rotation.next_round` (a lone word or a branch of a choice) where the round is ranked by places
  (`scoring.round: middle_loses` / `place_loses`): that ranking names only who loses, never a winner, so the word always
  passes the deal to the next seat.
- W460: a play duty whose `when` or `unless` reads `leading`: duties bind only the players following to a trick already
  led (the leader leads any card), so the term is never true where a duty is judged (`when leading`: the duty never
  applies; `unless leading`: the exemption never does).
- W470: `bidding.pass: not_final` beside `bidding.rounds: 1`: each player speaks once, so a player who passed never speaks
  again whatever the pass says; the auction goes round once and the highest bid stands (engine/bidding.py: a run of
  passes never ends it there).  The rule still reads every pass; only its word `not_final` changes nothing.
"""

from __future__ import annotations

from typing import Iterator

from . import model as m
from . import schema
from .never_decisive import NeverDecisive
from .word_choice import branches

PARTNER_TERM = "partner_"
LEADING = "leading"  # the truth term of the player who leads the trick  # the truth terms of the vocabulary that ask about this player's partner


def partner_never_seated(spec: m.Spec) -> Iterator[NeverDecisive]:
    """Every rule whose conditions read a partner term at a table where every player plays alone."""
    teams = spec.value("table.teams")
    alone = (isinstance(teams, m.Word) and teams.value == "each"
             or isinstance(teams, m.Groups) and all(len(group) == 1 for group in teams.groups))
    if not alone:
        return
    for rule in spec.rules:
        terms = sorted({node.name for expr in _conditions(rule.value) for node in m.expr_nodes(expr)
                        if isinstance(node, m.Pred) and node.name.startswith(PARTNER_TERM)})
        if terms:
            named = ", ".join(f"`{term}`" for term in terms)
            where = (f"at this number of players (`with {spec.table_size} players {{ {rule.section} {{ remove {rule.key} }} }}`)"
                     if spec.table_size is not None else "")
            yield NeverDecisive(
                rule.id, "W440",
                f"{rule.id} reads a partner ({named}), but every player plays alone here (table.teams): "
                f"{'it is' if len(terms) == 1 else 'they are'} never true",
                f"write {rule.id} without the partner" + (f", or take it away {where}" if where else
                                                           ", or seat the players in teams (table.teams)"), rule.loc)


def winner_never_named(spec: m.Spec) -> Iterator[NeverDecisive]:
    """Every `hand_winner` word of a rotation rule where a ranking by places names only who loses."""
    ranking = spec.value("scoring.round")
    ranking = ranking.value if isinstance(ranking, m.Word) else None
    if ranking not in ("middle_loses", "place_loses"):
        return
    for rule_id in schema.WORD_CHOICE_RULES:
        rule = spec.rule(rule_id)
        for branch in (branches(rule.value) or ()) if rule is not None else ():
            if branch.word == "hand_winner":
                yield NeverDecisive(
                    rule.id, "W450",
                    f"{rule.id}: `hand_winner` names nobody under scoring.round: {ranking}, which ranks the hand to say "
                    f"only who loses: the deal always passes to the next seat",
                    "write `next_seat` there, or `hand_loser` to pass the deal to the player who lost the hand",
                    branch.loc if branch.loc != m.NOWHERE else rule.loc)


def leading_in_a_duty(spec: m.Spec) -> Iterator[NeverDecisive]:
    """Every play duty whose conditions read `leading`, judged only for players following to a trick."""
    for rule in spec.rules:
        if not isinstance(rule.value, m.Obligation):
            continue
        found = [node for expr in _conditions(rule.value) for node in m.expr_nodes(expr)
                 if isinstance(node, m.Pred) and node.name == LEADING]
        if found:
            yield NeverDecisive(
                rule.id, "W460",
                f"{rule.id} reads `{LEADING}`, but a duty binds only the players following to a trick already led (the "
                f"leader leads any card): it is never true there",
                f"write {rule.id} without `{LEADING}`: the player who leads always leads any card",
                found[0].loc if found[0].loc != m.NOWHERE else rule.loc)


def pass_never_spoken_again(spec: m.Spec) -> Iterator[NeverDecisive]:
    """`bidding.pass: not_final` where the bidding goes round once (`bidding.rounds: 1`): nobody speaks twice."""
    rule, rounds = spec.rule("bidding.pass"), spec.value("bidding.rounds")
    if rule is None or rule.value != m.Word("not_final") or rounds != m.Number(1):
        return
    yield NeverDecisive(
        rule.id, "W470",
        "bidding.pass: `not_final` has no effect under bidding.rounds: 1: each player speaks once, so a player who "
        "passed never speaks again; the bidding goes round once and the highest bid stands",
        "write `pass: final`, or remove `rounds: 1` for a bidding that goes on until a bid is followed by a pass of "
        "every other player", rule.loc)


def _conditions(value: m.Value) -> list[m.Expr]:
    """The conditions and formulas a rule's value holds."""
    if isinstance(value, m.Requirement):
        return [e for e in (value.condition, value.when, value.unless) if e is not None]
    if isinstance(value, m.Obligation):
        return [e for e in (value.when, value.unless) if e is not None]
    expr = m.as_expr(value)
    return [expr] if expr is not None else []
