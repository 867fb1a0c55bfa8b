"""Concession: the defender to play (or either defender, `proposer: any_defender`) proposes, the other agrees or refuses.

At most one proposal per defending team per trick; the bidding team never concedes.  On
agreement the bidding team receives what `concession.award` lists: every remaining card
(all hands, the trick in progress and the stock still to draw) as card points, the last-trick bonus, and the held,
undeclared declarations (the ghna pairs and the kinds of `ghna.kinds`) as the best
combination that fits the contract's limit (ghna.best_held).
"""

from __future__ import annotations

from . import ghna
from .errors import CONCESSION_PENDING, PHASE, IllegalAction


NONE = ()


def can_propose(st, seat: int) -> bool:
    return refusal(st, seat, "concede") is None


def voter(st) -> int | None:
    """The defender who must answer the pending proposal, or None."""
    return None if st.concede_pending is None else st.seating.partner[st.concede_pending]


def refusal(st, seat: int, kind: str) -> tuple[str, str] | None:
    """Why `seat` may not `concede` / `agree` / `refuse` now, or None."""
    if st.phase != "play":
        return PHASE, "a concession is possible only during the play"
    if kind != "concede":
        if st.concede_pending is None:
            return PHASE, "no concession has been proposed"
        if seat != voter(st):
            return "concession.consent", f"only seat {voter(st)}, the other defender, answers the proposal"
        return None
    if st.concede_pending is not None:
        return CONCESSION_PENDING
    team = st.seating.team_of[seat]
    if team == st.contract_team:
        return "concession.who", "only the defending team may concede"
    if seat != st.to_play and not st.rules.concession_any_defender:
        return "concession.proposer", "only the defender whose turn it is to play may propose a concession"
    if st.concede_trick[team] == st.tricks_played:
        return "concession.proposer", "your team has already proposed a concession during this trick"
    for rule_id, test in st.rules.requirements.get("concession", NONE):
        if not test(st, seat, None):
            return rule_id, f"a concession needs: {st.rules.requirement_text[rule_id]}"
    return None


def refuse(st, seat: int, kind: str) -> None:
    raise IllegalAction(*refusal(st, seat, kind))


def apply(st, seat: int, kind: str) -> None:
    if kind == "concede":
        st.concede_trick[st.seating.team_of[seat]] = st.tricks_played
        if st.rules.concession_by_one:
            _award(st)  # one defender's word is enough: no vote
            return
        st.concede_pending = seat
    elif kind == "refuse":
        st.concede_pending = None
    else:
        _award(st)


def _award(st) -> None:
    rules, team = st.rules, st.contract_team
    award = rules.concession
    if "remaining_cards" in award:
        remaining = [c for hand in st.hands for c in hand] + st.trick_cards + st.stock  # the stock is not yet won either
        st.card_points[team] += sum(rules.card_points[c] for c in remaining)
    if "last_trick" in award:
        st.last_trick_team = team
    if "held_ghna" in award:
        for what, arg in ghna.best_held(st, team):
            points = ghna.held_value(st, (what, arg))
            st.ghna_points[team] += points
            st.held_credit.append((what, arg, points))
    st.concede_pending = None
    st.conceded = True
    st.phase, st.to_play = "done", None
