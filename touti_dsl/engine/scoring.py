"""Scoring a finished round and reading the match score.

`scoring.round contract`: the bidding team's total (its card points, the last-trick bonus
if it won the last trick, its ghna) makes the contract or not; the team that wins scores
the contract, the other 0.  `most_points`: the team with the higher total wins the hand
(a tie goes to the last trick's team under `scoring.tie last_trick`), a tute wins at
once; the hand winner scores 1 (without `scoring.tie`, a tie scores nothing).  A void
round scores nothing.
"""

from __future__ import annotations


def round_result(st) -> dict:
    """The wire-format round result of a terminal state."""
    rules = st.rules
    bonus = [0, 0]
    if st.last_trick_team is not None:
        bonus[st.last_trick_team] = rules.last_trick_bonus
    totals = [st.card_points[t] + bonus[t] + st.ghna_points[t] for t in (0, 1)]
    made, winner, changes = _outcome(st, totals)
    return {
        "void": st.void,
        "contract": st.contract,
        "trump": None if st.trump_suit is None else rules.suits[st.trump_suit],
        "card_points": list(st.card_points),
        "last_trick": st.last_trick_team,
        "ghna": list(st.ghna_points),
        "totals": totals,
        "made": made,
        "conceded": st.conceded,
        "tute": st.tute_team,
        "winner": winner,
        "score_changes": changes,
    }


def _outcome(st, totals: list[int]) -> tuple[bool | None, int | None, list[int]]:
    changes = [0, 0]
    if st.void:
        return None, None, changes
    if st.rules.scoring == "contract":
        team, amount = st.contract_team, st.contract_amount
        made = totals[team] >= amount
        winner = team if made else 1 - team
        changes[winner] = amount
        return made, winner, changes
    winner = _most_points_winner(st, totals)
    if winner is not None:
        changes[winner] = 1
    return None, winner, changes


def _most_points_winner(st, totals: list[int]) -> int | None:
    if st.tute_team is not None:
        return st.tute_team
    if totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return st.last_trick_team if st.rules.tie == "last_trick" else None


def match_result(st) -> dict:
    """Match scores (after this round's changes once terminal), whether it is over, who won."""
    scores = list(st.scores)
    if st.phase == "done":
        changes = round_result(st)["score_changes"]
        scores = [scores[t] + changes[t] for t in (0, 1)]
    goal = st.rules.match_goal
    reached = [t for t in (0, 1) if scores[t] >= goal]
    winner = None
    if len(reached) == 1:
        winner = reached[0]
    elif len(reached) == 2 and scores[0] != scores[1]:
        winner = 0 if scores[0] > scores[1] else 1
    return {"scores": scores, "over": bool(reached), "winner": winner}
