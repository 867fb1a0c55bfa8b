"""Mutant: the match ends only when a team goes past the target, not when it reaches it.

Breaks match.target ("first team to 600").  Patched: scoring.match_result (`>` instead of `>=`).
"""

from _serve import serve_reference

from touti_dsl.engine import scoring


def match_result_past_goal(st) -> dict:
    scores = list(st.scores)
    if st.phase == "done":
        changes = scoring.round_result(st)["score_changes"]
        scores = [scores[t] + changes[t] for t in (0, 1)]
    past = [t for t in (0, 1) if scores[t] > st.rules.match_goal]
    winner = past[0] if len(past) == 1 else (None if not past or scores[0] == scores[1] else int(scores[1] > scores[0]))
    return {"scores": scores, "over": bool(past), "winner": winner}


scoring.match_result = match_result_past_goal
serve_reference("atlas-carta", "match-needs-more")
