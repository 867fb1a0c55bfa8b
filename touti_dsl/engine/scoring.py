"""Scoring a finished round and reading the match score.

`scoring.round contract`: the contract is made when `scoring.contract_made` holds (by
default the bidding team's total — its card points, the last-trick bonus if it won the
last trick, its ghna — is at least the contract).  Each side then scores its formula:
`scoring.made` / `scoring.made_defenders` when made (by default the contract and 0),
`scoring.failed` / `scoring.failed_defenders` when not (by default 0 and the contract); a
round a tute (or the condition of `match.at_once`) ended at once scores nothing, its side
the winner: the game is won (`match.at_once`).
`most_points`: the side with the highest total wins the hand (a tie for the highest goes
to the side `scoring.tie` favours — the last trick's, the first speaker's or the bidding
side —, when it is one of the tied), a
tute (or the condition of `match.at_once`, met during the round) wins at once, on the
points taken so far; the winner scores `scoring.winner` (1 by default), every other side dealt in
`scoring.loser` (0) — 0 and 1 where the match counts hands lost (ruleset.LOSS_COUNT_DEFAULTS) —; without
`scoring.tie`, a tie scores nothing.  A void round scores
nothing.  `middle_loses` (each for oneself): the sides are ranked by total and the
middle place loses (with an even number of sides, the two middle places), together
with every side tied with a losing place; a tute, or a capote (one side took every
trick), makes every other side lose, unless `scoring.capote_void` holds for the capote's side
(judged as `winner`: "a capote does not count for a player who has sung"), which then loses
alone.  Then (and so under `place_loses` below) scoring's `require` lines (`require took_trick: tricks_won(team) > 0`), judged in the order
written for each side dealt in (`team`): the sides that fail the first line some side fails lose the hand, and the
ranking is not consulted; when every side meets every line, the ranking decides.  `place_loses` (each for oneself)
generalises the middle place: the side at `scoring.losing_place` of the ranking loses
(1: the most points, `last`: the fewest), a tute (or `match.at_once`) making every other side lose, a capote ranked like
any other hand; `scoring.place_tie` says who loses when totals are equal at that place: every side tied with it
(`share`, as `middle_loses`), nobody (`none`), or the side of the last trick or of the first speaker ranks above the
others tied with it.  Only the sides dealt in are ranked: a seat
sitting out of the round (`table.sit_out`) neither wins nor loses it.  Each loser scores `scoring.loser`, the others
nothing (`scoring.loser` is 1 when unwritten: the scores count hands lost); the result lists the `losers`.  Every list of the result has one entry per
side (two for two teams), but `score_changes` where the match is kept per seat
(`bidder_against_rest`, `bidder_and_called`): each seat dealt in scores its side's change, times its
`scoring.shares` row for its part in the round (`bid_winner`, `partner`, `alone`, `defenders`: `part_in_round`).
With `scoring.declarations paid_by_each`, each declaration's value is then paid to its declarer by every other score
entry dealt in, whatever the round's outcome (`paid_declarations`).
"""

from __future__ import annotations

from . import called, claim, levels
from .predicates import Facts

# the scorings that rank the sides by points and make a place lose
BY_PLACE = ("middle_loses", "place_loses")


def round_result(st) -> dict:
    """The wire-format round result of a terminal state."""
    rules = st.rules
    totals = totals_so_far(st)
    made, winner, changes = _outcome(st, totals)
    changes = [int(c) for c in changes]
    if rules.against_bidder:  # the match is kept per seat: each seat dealt in scores what its side scored this round
        seated = st.seating.in_play  # a seat sitting the round out (table.sit_out: the dealer) scores nothing
        changes = [0] * rules.seats if st.void else [changes[side] * share(st, seat) if seat in seated else 0
                                                      for seat, side in enumerate(st.seating.team_of)]
    if rules.declarations_paid:
        changes = paid_declarations(st, changes)
    result = {
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
    if rules.scoring in BY_PLACE:
        result["losers"] = [] if st.void else _losers_by_place(st, totals)
    ended = claim.ending(st)
    if ended is not None:  # only a round a claim ended says so: every other result stays as it was
        result["claim"] = {"seat": ended[0], "held": ended[1]}
    if rules.at_once_test is not None:  # only a spec with an at-once condition says whether it ended the round
        result["at_once"] = st.at_once_team
    if rules.call_text:  # only a spec of a called card says which card and whose partner it made (None: alone)
        result["called"] = None if st.called_card is None else rules.card_text[st.called_card]
        result["partner"] = called.partner(st)
    if st.phase == "done":  # a finished round never changes again: match_result reads its changes from here
        st.final_changes = tuple(changes)
    return result


def hand_sides(result: dict, team_of, word: str) -> frozenset[int]:
    """The sides `rotation.next_round: hand_loser` / `hand_winner` names after a played round of result `result`: the
    side that won or the others; under a ranking by places (`losers` in the result) the sides that lost, and nobody as
    the hand's winner, since that ranking names only who loses.  Empty when the round names nobody (a tie)."""
    if "losers" in result:
        return frozenset(result["losers"]) if word == "hand_loser" else frozenset()
    winner = result["winner"]
    if winner is None:
        return frozenset()
    return frozenset({winner}) if word == "hand_winner" else frozenset(set(team_of) - {winner})


def paid_declarations(st, changes: list[int]) -> list[int]:
    """`scoring.declarations paid_by_each`: each declaration's value paid at once to its declarer by each other score
    entry dealt in (a seat where the match is kept per player, else a side), whatever the outcome of the round."""
    seating = st.seating
    per_seat = st.rules.against_bidder
    entries = sorted({seat if per_seat else seating.team_of[seat] for seat in seating.in_play})
    changes = list(changes)
    for seat, _, _, value in st.declarations:
        payee = seat if per_seat else seating.team_of[seat]
        for entry in entries:
            if entry != payee:
                changes[entry] -= value
                changes[payee] += value
    return changes


def part_in_round(st, seat: int) -> str:
    """A seat's part in a round where the sides follow the contract: `bid_winner` (with a partner), `alone` (the
    contract maker without one), `partner` (the holder of the called card) or `defenders`."""
    if seat == st.contract_bidder:
        return "bid_winner" if called.partner(st) is not None else "alone"
    return "partner" if seat == called.partner(st) else "defenders"


def share(st, seat: int) -> int:
    """`scoring.shares`: the multiple of its side's score a seat scores by its part (1 unwritten; an `alone` bid
    winner takes the `bid_winner` share when `alone` is unwritten)."""
    shares = st.rules.shares
    if not shares or st.contract_bidder is None:
        return 1
    part = part_in_round(st, seat)
    if part == "alone" and part not in shares:
        part = "bid_winner"
    return shares.get(part, 1)


def totals_so_far(st) -> list[int]:
    """Each side's total: its card points, the last-trick bonus once the last trick is played, its declarations."""
    rules = st.rules
    bonus = [0] * rules.sides
    if st.last_trick_team is not None:
        bonus[st.last_trick_team] = rules.last_trick_bonus
    return [st.card_points[t] + bonus[t] + st.ghna_points[t] for t in range(rules.sides)]


def _outcome(st, totals: list[int]) -> tuple[bool | None, int | None, list[int]]:
    changes = [0] * st.rules.sides
    if st.void:
        return None, None, changes
    formulas = st.rules.formulas
    ended = ended_at_once(st)
    if st.rules.scoring == "contract" and ended is not None:
        return None, ended, changes  # a contract round ended at once scores nothing: the game is won already
    if st.rules.scoring == "contract":
        team = st.contract_team
        facts = _facts(st, totals, team, None)
        made = bool(formulas.contract_made(st, None, facts))
        winner = team if made else 1 - team
        facts = Facts(team, winner, facts.totals, facts.card_points, facts.tricks)
        ours, theirs = (formulas.made, formulas.made_defenders) if made else (formulas.failed, formulas.failed_defenders)
        changes[team], changes[1 - team] = ours(st, None, facts), theirs(st, None, facts)
        return made, winner, changes
    if st.rules.scoring in BY_PLACE:
        for loser in _losers_by_place(st, totals):
            changes[loser] = formulas.loser(st, None, _facts(st, totals, None, None, loser))
        return None, None, changes
    winner = _most_points_winner(st, totals)
    if winner is not None:
        facts = _facts(st, totals, st.contract_team, winner)
        changes[winner] = formulas.winner(st, None, facts)
        for loser in sides_dealt_in(st):  # a seat sitting the round out (or out of the match) neither wins nor loses
            if loser != winner:
                changes[loser] = formulas.loser(st, None, _facts(st, totals, st.contract_team, winner, loser))
    return None, winner, changes


def round_facts(st):
    """The Facts of a finished, scored round, as its scoring formulas saw them."""
    result = round_result(st)
    return _facts(st, result["totals"], st.contract_team, result["winner"])


def _facts(st, totals: list[int], bidders: int | None, winner: int | None, loser: int | None = None) -> Facts:
    tricks = trick_counts(st, len(totals))
    return Facts(bidders, winner, tuple(totals), tuple(st.card_points), tuple(tricks), loser)


def _losers_by_place(st, totals: list[int]) -> list[int]:
    """The sides that lose a `middle_loses` or `place_loses` round (see module docstring)."""
    seating = st.seating
    sides = sorted({seating.team_of[s] for s in seating.in_play})
    ended = ended_at_once(st)
    if ended is not None:
        return [side for side in sides if side != ended]
    if st.rules.scoring == "middle_loses":
        tricks = trick_counts(st, len(totals))
        capote = [side for side in sides if tricks[side] == sum(tricks) and sum(tricks)]
        if capote and capote_voided(st, totals, capote[0]):
            return [capote[0]]  # `scoring.capote_void` (a capote of a player who sang): that player loses instead
        if capote:
            return [side for side in sides if side != capote[0]]
    _, failed = failing_standing(st, totals, sides)
    if failed:
        return failed  # scoring's `require` lines: those who fail the first one some player fails lose, not a place
    return _at_places(st, totals, sides, losing_places(st.rules, len(sides)))


def standing_judged(st) -> tuple[str | None, list[int], list[int]] | None:
    """Scoring's `require` lines on a finished round that judged them (not void, not ended at once, no capote of
    `middle_loses`): the line that decided (None when every side met every line), the sides it made lose, and the
    sides the ranking by place alone would make lose; None when the lines were not judged."""
    if st.void or ended_at_once(st) is not None or not st.rules.formulas.standing:
        return None
    totals = totals_so_far(st)
    seating = st.seating
    sides = sorted({seating.team_of[s] for s in seating.in_play})
    tricks = trick_counts(st, len(totals))
    if st.rules.scoring == "middle_loses" and any(tricks[side] == sum(tricks) and sum(tricks) for side in sides):
        return None
    rule_id, failed = failing_standing(st, totals, sides)
    return rule_id, failed, _at_places(st, totals, sides, losing_places(st.rules, len(sides)))


def failing_standing(st, totals: list[int], sides: list[int]) -> tuple[str | None, list[int]]:
    """The first of scoring's `require` lines (in the order written) that some side among `sides` fails, judged for
    each side as `team` on the finished round, and the sides that fail it; (None, []) when every side meets them all."""
    standing = st.rules.formulas.standing
    if not standing:
        return None, []
    facts = _facts(st, totals, st.contract_team, None)
    seating = st.seating
    for rule_id, test in standing:
        failed = [side for side in sides
                  if not test(st, next(s for s in seating.in_play if seating.team_of[s] == side), facts)]
        if failed:
            return rule_id, failed
    return None, []


def losing_places(rules, count: int) -> tuple[int, ...]:
    """The places (0 for the most points) that lose among `count` ranked sides: the middle one, or the two middle ones
    of an even count (`middle_loses`); `scoring.losing_place` (`place_loses`)."""
    if rules.scoring == "middle_loses":
        return (count // 2,) if count % 2 else (count // 2 - 1, count // 2)
    return (count - 1,) if rules.losing_place == "last" else (rules.losing_place - 1,)


def _at_places(st, totals: list[int], sides: list[int], places: tuple[int, ...]) -> list[int]:
    """The sides ranked at `places` by total; on equal totals, the side `scoring.place_tie` favours ranks above the
    others, which still share their places (each loses where one of them would); `none`: a tie at a losing place makes
    nobody lose."""
    favoured = favoured_side(st, st.rules.place_tie)
    rank = lambda side: (totals[side], side == favoured)
    ranked = sorted((rank(side) for side in sides), reverse=True)
    losing = {ranked[place] for place in places}
    losers = [side for side in sides if rank(side) in losing]
    return [] if st.rules.place_tie == "none" and len(losers) > len(places) else losers


def capote_voided(st, totals: list[int], side: int) -> bool:
    """Whether `scoring.capote_void` holds for the side that took every trick (judged as its `winner`)."""
    void = st.rules.formulas.capote_void
    return void is not None and bool(void(st, None, _facts(st, totals, None, side)))


def trick_counts(st, sides: int) -> list[int]:
    """The tricks each side won, the remaining ones given by a claim included, and by a concession that gives the
    contract makers the remaining cards (`concession.award: remaining_cards`): the defenders give up the rest of the
    round, its tricks with its cards, so a concession before the defenders won a trick is a capote of the makers."""
    tricks = [0] * sides
    for trick in st.tricks:
        tricks[st.seating.team_of[trick[2]]] += 1
    rest = claim.rest_side(st)
    if rest is not None:
        tricks[rest] += claim.remaining_tricks(st)
    elif conceded_rest(st):
        tricks[st.contract_team] += st.seating.deal.tricks - len(st.tricks)
    return tricks


def conceded_rest(st) -> bool:
    """Whether a concession gave the contract makers the rest of the round: its cards (`concession.award:
    remaining_cards`), and so its tricks."""
    return bool(st.conceded) and "remaining_cards" in st.rules.concession


def sides_dealt_in(st) -> list[int]:
    """The sides of the seats dealt in this round: a seat sitting it out (`table.sit_out`) or out of the match
    (`match.end elimination`) is no side of it."""
    seating = st.seating
    return sorted({seating.team_of[seat] for seat in seating.in_play})


def _most_points_winner(st, totals: list[int]) -> int | None:
    ended = ended_at_once(st)
    if ended is not None:
        return ended
    sides = sides_dealt_in(st)
    best = max(totals[side] for side in sides)
    leaders = [side for side in sides if totals[side] == best]
    if len(leaders) == 1:
        return leaders[0]
    favoured = _tie_breaker(st)
    return favoured if favoured in leaders else None


def _tie_breaker(st) -> int | None:
    """The side `scoring.tie` favours in a tie for the most points."""
    return favoured_side(st, st.rules.tie)


def favoured_side(st, word: str | None) -> int | None:
    """The side of this round a tie-break word (of `scoring.tie` or `match.decide`) favours, if any."""
    if word == "last_trick":
        return st.last_trick_team
    if word == "first_speaker":
        return st.seating.team_of[st.first_speaker]
    if word == "bidders":
        return st.contract_team
    return None


def capote_side(st) -> int | None:
    """The side that took every trick of a round (None if none did, or the round was cut short by a win at once; a
    concession or a claim gives its side the tricks left: trick_counts)."""
    if ended_at_once(st) is not None:
        return None
    tricks = trick_counts(st, st.rules.sides)
    if sum(tricks) != st.seating.deal.tricks:
        return None
    sides = [side for side, count in enumerate(tricks) if count]
    return sides[0] if len(sides) == 1 else None


def match_result(st) -> dict:
    """The match after this round (see _match_result), and, with `match.carry`, what each side carries into the next
    hand (`carried`: its count before the round, plus the round's card points or totals once it is over)."""
    result = _match_result(st)
    if st.rules.match_carry is not None:
        result["carried"] = carried_after(st)
    return result


def carried_after(st) -> list[int]:
    """Each side's `match.carry` count after this round: a void round, or one not over yet, adds nothing."""
    if st.phase != "done":
        return list(st.carried)
    result = round_result(st)
    added = result["card_points"] if st.rules.match_carry == "card_points" else result["totals"]
    return [before + now for before, now in zip(st.carried, added)]


def _match_result(st) -> dict:
    """Match scores (after this round's changes once terminal), whether it is over, who won.

    With `match.end elimination` the scores count hands lost: a player who has lost `match.losses`
    hands is `out` (it is dealt no more cards), and the match is over once `match.remaining`
    players, or fewer, are left: they are its `winners`.

    With `match.end rounds` the match is over once a hand ends with `match.rounds` hands played
    (`played`, a void hand not counted): the highest total wins, a tie for it is settled by
    `match.decide`, and when the deciders leave several the match goes on, one hand at a time,
    until a hand ends without a tie (or a decider settles it).

    With `match.games` the end rule decides each game: `games` counts the games won
    after this round, `game_winner` names the side that has just won one (its scores then
    start again from zero), and the match is over once a side has won enough games — or,
    with `match.cotos`, enough cotos of that many games (engine/levels.py).
    When several sides reach the goal after the same round, `match.decide` says which wins
    (see match_decision); when it says none, the game goes on.  `match.at_once` ends the
    game at once for a side that sang a tute or took a capote; where the sides change each
    round (the match kept per player), the match goes to every player of that side dealt in:
    `winners` lists them (`winner` is the one, or None for several).  At a match counting
    hands lost, `match.at_once` wins the hand only: every other player loses it (round_result).
    """
    rules = st.rules
    scores = list(st.scores)
    finished = st.phase == "done"
    if finished:
        known = getattr(st, "final_changes", None)  # (a state built by hand or cloned has none yet)
        changes = known if known is not None else round_result(st)["score_changes"]
        scores = [score + change for score, change in zip(scores, changes)]
    goal = rules.match_goal
    reached = [t for t, score in enumerate(scores) if score >= goal]
    if rules.match_end == "elimination":
        return elimination_result(rules, scores)
    if rules.match_end == "losses":
        # scores count hands lost: once a side has lost enough, every side that has not wins
        winners = [t for t, score in enumerate(scores) if score < goal] if reached else []
        winner = winners[0] if len(winners) == 1 else None
        return {"scores": scores, "over": bool(reached), "winner": winner, "winners": winners}
    if rules.match_end == "rounds":
        reached = rounds_leaders(st, scores, finished)
    winner, _ = match_decision(st, scores, reached, finished)
    over = winner is not None
    at_once = _won_at_once(st) if finished else None
    winners = [] if winner is None else [winner]
    if at_once is not None:
        winners = seats_of_side(st, at_once) if rules.against_bidder else [at_once]
        over, winner = True, winners[0] if len(winners) == 1 else None
    if rules.match_end == "rounds":  # the hands played after this round: only such a match says so
        result = {"scores": scores, "played": hands_played(st, finished), "over": over, "winner": winner}
    elif rules.match_games is None:
        result = {"scores": scores, "over": over, "winner": winner}
    else:
        return {"scores": scores, **levels.level_result(rules, levels.level_counts(st), winner)}
    if per_player_at_once(rules):  # only such a match says who won it together: a side of several players may
        result["winners"] = winners
    return result


def per_player_at_once(rules) -> bool:
    """Whether a game won at once goes to players of a side set this round (`match.at_once`, or a claim at stake with
    the game, where the sides change each round): the match result then lists its `winners`, the seats of that side
    dealt in."""
    at_stake = rules.claim is not None and rules.claim.stake == "game"
    return rules.against_bidder and bool(rules.at_once or rules.at_once_test is not None or at_stake)


def seats_of_side(st, side: int) -> list[int]:
    """The seats dealt in this round that played for `side` (the bid winner, or the others together)."""
    seating = st.seating
    return [seat for seat in seating.in_play if seating.team_of[seat] == side]


def hands_played(st, finished: bool) -> int:
    """`match.end rounds`: the hands played so far, this one once it is finished (a void hand was not played)."""
    return st.played + (1 if finished and not st.void else 0)


def rounds_leaders(st, scores: list[int], finished: bool) -> list[int]:
    """`match.end rounds`: once a hand ends with `match.rounds` hands played (or more: a tie played on), the score
    entries with the highest total, for `match.decide` to choose among; none before that."""
    if not finished or hands_played(st, finished) < st.rules.match_goal:
        return []
    best = max(scores)
    return [t for t, score in enumerate(scores) if score == best]


def elimination_result(rules, scores: list[int]) -> dict:
    """`match.end elimination`: the scores count hands lost; a player who has lost `match.losses` is `out`, and the
    others play on until `match.remaining` or fewer are left: they are the `winners`."""
    out = [t for t, score in enumerate(scores) if score >= rules.match_goal]
    left = [t for t, score in enumerate(scores) if score < rules.match_goal]
    over = len(left) <= rules.match_remaining
    return {"scores": scores, "over": over, "winner": left[0] if over and len(left) == 1 else None,
            "winners": left if over else [], "out": out}


def match_decision(st, scores: list[int], reached: list[int], finished: bool) -> tuple[int | None, str | None]:
    """The score entry that wins among those at or over the goal, and the `match.decide` word that chose it.

    One entry alone wins without a decider.  Otherwise each decider in turn keeps the
    entries it favours among those still in, when it favours any: `highest_total` the
    highest score, `last_trick` / `first_speaker` / `bidders` the side of this finished
    round that `scoring.tie` would name (its seats, when the match is kept per seat).  The
    first decider that leaves one entry chose it; when the list runs out with several, no
    entry wins and the game goes on (None, None).  Unwritten, the list is `highest_total`.
    """
    if len(reached) < 2:
        return (reached[0] if reached else None), None
    left = list(reached)
    for word in st.rules.decide:
        kept = [t for t in left if t in _favoured_entries(st, word, scores, left, finished)]
        left = kept or left
        if len(left) == 1:
            return left[0], word
    return None, None


def _favoured_entries(st, word: str, scores: list[int], left: list[int], finished: bool) -> set[int]:
    """The score entries a decider favours among `left` (none for a round decider before the round is over)."""
    if word == "highest_total":
        best = max(scores[t] for t in left)
        return {t for t in left if scores[t] == best}
    side = favoured_side(st, word) if finished else None
    if side is None:
        return set()
    if st.rules.against_bidder:  # the match is kept per seat: the seats of the favoured side that played the round
        return {seat for seat, team in enumerate(st.seating.team_of) if team == side and seat in st.seating.in_play}
    return {side}


def ended_at_once(st) -> int | None:
    """The side that ended the round at once: by a tute (or a kind that wins the hand), by meeting the condition of
    `match.at_once` (at_once.py), or by a claim at stake with the hand or the game (claim.stake_winner)."""
    if st.tute_team is not None:
        return st.tute_team
    return st.at_once_team if st.at_once_team is not None else claim.stake_winner(st)


def _won_at_once(st) -> int | None:
    """The side that wins the game at once by `match.at_once` in this finished round, if any."""
    if st.at_once_team is not None:  # the condition of match.at_once held for it during the round
        return st.at_once_team
    if st.rules.claim is not None and st.rules.claim.stake == "game" and claim.stake_winner(st) is not None:
        return claim.stake_winner(st)  # a claim at stake with the game
    at_once = st.rules.at_once
    if not at_once or st.void:
        return None
    if st.tute_team is not None and winning_declaration(st) in at_once:
        return st.tute_team
    return capote_side(st) if "capote" in at_once else None


def winning_declaration(st) -> str:
    """The word of `match.at_once` that names the declaration that won the hand: `tute`, or the kind's name."""
    if not st.declarations:
        return "tute"
    _, what, arg, _ = st.declarations[-1]  # it ended the round: nothing was declared after it
    return st.rules.ghna.kinds[arg[0]].name if what == "kind" else "tute"
