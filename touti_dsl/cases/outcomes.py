"""Cases for rules that decide an outcome rather than refuse an action.

Trick winners, round scoring, the last-trick bonus, match end and rotation never refuse
anything; they are checked by expectations on what happens.  Each is shown on both sides
of its line: a trump winning over the led suit and an off-suit discard that never wins; a
contract made by the narrowest margin found and one failed by the narrowest; a match
that ends and one that goes on by a single round; the deal after a played and after a
void round.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from .. import model as m
from ..declaration_kinds import kind_label
from ..engine import Game, RoundState
from ..engine.at_once import round_so_far
from ..engine.game import next_round_branch
from ..engine.levels import LEVELS
from ..engine.predicates import Names, compile_expr, distance_to_threshold
from ..engine.ruleset import describe
from ..engine.scoring import (BY_PLACE, capote_side, capote_voided, favoured_side, losing_places, match_decision, round_facts,
                              standing_judged, totals_so_far)
from ..schema import MATCH_LEVELS
from ..word_choice import branches
from .explore import RoundRecord
from .steps import actors_step, refuse_step


def _applies(history) -> list[dict]:
    return [{"op": "apply", "seat": seat, "action": action} for seat, action in history]


def _trick_cards(record: RoundRecord, index: int, seats: int) -> list[tuple[int, str]]:
    start = record.trick_ends[index - 1] if index else 0
    plays = [(seat, a.split(" ", 1)[1]) for seat, a in record.history[start : record.trick_ends[index]] if a.startswith("play ")]
    return plays[-seats:]


def trick_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """The earliest trick won by a trump, and the earliest where a stronger off-suit card lost; for each rank, the
    earliest trick it won over the next rank down of its suit (two neighbouring ranks of the order swapped give that
    trick to the other card: where no duty reads the order, as in a free play, only a trick winner shows it)."""
    rules = game.ruleset
    found: dict[str, tuple] = {}
    for record in rounds:
        trump = record.result.get("trump")
        if trump is None and rules.trump_choice != "none":
            continue  # a void round: no trick was played
        trump_suit = None if trump is None else rules.suits.index(trump)
        for index, end in enumerate(record.trick_ends):
            plays = _trick_cards(record, index, rules.players)
            cards = [rules.vocabulary.cards[text] for _, text in plays]
            led = rules.card_suit[cards[0]]
            winner_card = cards[[seat for seat, _ in plays].index(record.trick_winners[index])]
            any_trump = any(rules.card_suit[c] == trump_suit for c in cards)
            trumped = led != trump_suit and any_trump
            off_suit_stronger = any(
                rules.card_suit[c] not in (led, trump_suit) and rules.card_strength[c] > rules.card_strength[winner_card]
                for c in cards
            )
            trump_strengths = [rules.card_strength[c] for c in cards if rules.card_suit[c] == trump_suit]
            overtrumped = any(later > earlier for i, earlier in enumerate(trump_strengths) for later in trump_strengths[i + 1 :])
            # an off-suit card can only be tempted to win a trick that holds no trump at all
            beaten = _next_rank_down(rules, winner_card, cards)
            for kind, hit in (("trumped", trumped), ("discard", off_suit_stronger and not any_trump), ("overtrumped", overtrumped),
                              (f"neighbour:{rules.card_rank[winner_card]}", beaten is not None)):
                if hit and (kind not in found or end < found[kind][1]):
                    found[kind] = (record, end, index)
    cases = []
    # the named kinds first: a neighbour's trick may be the very same case (one id), and its description then names
    # the kind (two trumps, the second higher) that the neighbours' deck.order is part of
    for kind, (record, end, index) in sorted(found.items(), key=lambda item: (item[0].startswith("neighbour:"), item[0])):
        steps = _applies(record.history[:end]) + [{"op": "trick_winner", "expect": record.trick_winners[index]}]
        steps.append(actors_step(_state_after(game, record, end)))  # the winner leads next
        if kind == "trumped":
            cases.append(_case(record, steps, ["trick.winner", "trick.next_leader", "deck.order"], "positive",
                               f"the highest trump wins a trick in which the led suit was trumped ({_trumps_named(record)})"))
        elif kind == "overtrumped":
            cases.append(_case(record, steps, ["trick.winner", "deck.order"], "positive",
                               f"two trumps in one trick, the second higher: the higher trump wins ({_trumps_named(record)})"))
        elif kind == "discard":
            # without trumps no trick is trumped: this case shows who leads next (the trumped one does elsewhere), and
            # that no suit beats the led one
            leader = [] if record.result.get("trump") else ["trick.next_leader", "trump.choice"]
            cases.append(_case(record, steps, ["trick.winner", *leader, "deck.order"], "negative",
                               f"an off-suit discard never wins the trick, however strong its rank ({_trumps_named(record)})"))
        else:
            plays = _trick_cards(record, index, rules.players)
            cards = [rules.vocabulary.cards[text] for _, text in plays]
            winner = cards[[seat for seat, _ in plays].index(record.trick_winners[index])]
            cases.append(_case(record, steps, ["deck.order", "trick.winner"], "positive",
                               f"{rules.card_name[winner]} wins over {rules.card_name[_next_rank_down(rules, winner, cards)]}, "
                               f"the next rank down in the order ({_trumps_named(record)})"))
    return cases


def _trumps_named(record: RoundRecord) -> str:
    """How a case description names the round's trumps (`trumps copas`), or says it had none (`trump.choice none`)."""
    return f"trumps {record.result['trump']}" if record.result.get("trump") else "no trumps"


def _next_rank_down(rules, card: int, cards: list[int]) -> int | None:
    """The card among `cards` of the same suit as `card` and of the next rank down in the order, if any."""
    suit, strength = rules.card_suit, rules.card_strength
    return next((c for c in cards if suit[c] == suit[card] and strength[card] - strength[c] == 1), None)


def _replayed(game: Game, record: RoundRecord, setup: dict) -> RoundState:
    """The record's actions from another setup, until the round ends: with other starting scores a condition of
    `match.at_once` may end it early (the state's history then holds the actions played)."""
    state = game.new_round(**setup)
    for seat, action in record.history:
        if state.is_terminal():
            break
        state.apply(seat, action)
    return state


def _state_after(game: Game, record: RoundRecord, end: int):
    state = game.new_round(**record.setup)
    for seat, action in record.history[:end]:
        state.apply(seat, action)
    return state


def _case(record: RoundRecord, steps: list[dict], rules: list[str], polarity: str, description: str, setup=None) -> dict:
    return {"rules": rules, "polarity": polarity, "description": description, "setup": dict(setup or record.setup), "steps": steps}


def _margin(result: dict) -> int | None:
    contract = result.get("contract")
    if not contract or result.get("void"):
        return None
    return result["totals"][contract["team"]] - contract["amount"]


TIE_WORDS = {
    None: "a tie on points: nobody wins the hand",
    "none": "a tie on points: nobody wins the hand",
    "last_trick": "a tie on points goes to the team that won the last trick",
    "first_speaker": "a tie on points goes to the side of the first speaker (the hand)",
    "bidders": "a tie on points goes to the bidding side",
}


def round_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """Round results on both sides of the line: made/failed narrowly, void, conceded, tute, ties."""
    complete = [r for r in rounds]
    cases = []
    scoring_rules = ["scoring.round", "deck.points", "deck.last_trick"]
    if game.ruleset.scoring == "contract":
        made = [r for r in complete if (_margin(r.result) is not None and _margin(r.result) >= 0 and not r.result["conceded"])]
        failed = [r for r in complete if (_margin(r.result) is not None and _margin(r.result) < 0)]
        if made:
            best = min(made, key=lambda r: (_margin(r.result), len(r.history)))
            cases.append(result_case(best, scoring_rules, "positive",
                                      f"a contract made with {_margin(best.result)} point(s) to spare scores the contract"))
        spare = [r for r in made if _margin(r.result) > 0]
        if spare:  # "scores the contract" and "scores the points" differ only with points to spare
            widest = max(spare, key=lambda r: (_margin(r.result), -len(r.history)))
            cases.append(result_case(widest, scoring_rules, "positive",
                                      f"a contract made with {_margin(widest.result)} points to spare scores the contract, not the points"))
        if failed:
            best = min(failed, key=lambda r: (-_margin(r.result), len(r.history)))
            cases.append(result_case(best, scoring_rules, "negative",
                                      f"a contract missed by {-_margin(best.result)} point(s) scores the contract to the defenders"))
        with_ghna = [r for r in complete if any(r.result["ghna"]) and not r.result["conceded"]]
        if with_ghna:
            best = min(with_ghna, key=lambda r: len(r.history))
            cases.append(result_case(best, ["ghna.values", "scoring.round"], "positive",
                                      "declared ghna count towards the bidding team's total"))
    elif game.ruleset.scoring == "place_loses":
        cases += place_cases(game, complete)
    else:
        on_points = [r for r in complete if r.result.get("tute") is None and not r.result.get("claim")]
        decided = [r for r in on_points if not lead_tied(r.result["totals"])]
        ties = [r for r in on_points if lead_tied(r.result["totals"])]
        if decided:
            best = min(decided, key=lambda r: (_lead(r.result["totals"]), len(r.history)))
            cases.append(result_case(best, scoring_rules, "positive", "the team with more points wins the hand"))
        if ties:  # where the words of scoring.tie give the hand apart (the last trick's side, the first speaker's, nobody)
            best = min(ties, key=lambda r: (tie_breaks_alike(game, r), len(r.history)))
            cases.append(result_case(best, ["scoring.tie", "scoring.round"], "positive", TIE_WORDS[game.ruleset.tie]))
    cases += _ghna_value_cases(game, complete)
    cases += _kind_value_cases(game, complete)
    if game.ruleset.widow is not None:
        cases += _widow_cases(game, complete)
    voids = [r for r in complete if r.result["void"]]
    if voids:
        best = min(voids, key=lambda r: len(r.history))
        cases.append(result_case(best, ["bidding.all_pass"], "positive", "when all four pass the round is void and nobody scores"))
    conceded = [r for r in complete if r.result.get("conceded")]
    if conceded:
        # a concession with cards on the table also shows that the trick in progress is awarded
        best = min(conceded, key=lambda r: (not _cards_on_table_at_end(r), len(r.history)))
        cases.append(result_case(best, ["concession.award", "concession.consent"], "positive",
                                  "after a concession the bidding team takes the remaining cards, the last trick and its held ghna"))
        held_kinds = [r for r in conceded if _credits_a_kind(game, r)]
        if held_kinds:
            best = min(held_kinds, key=lambda r: len(r.history))
            cases.append(result_case(best, ["concession.award", "ghna.kinds"], "positive",
                                      "after a concession the bidding team is credited the kinds it holds and has not declared"))
    tutes = [r for r in complete if r.result.get("tute") is not None]
    for word in sorted({won_by(r) for r in tutes}):  # the tute, and each kind that wins the hand
        best = min((r for r in tutes if won_by(r) == word), key=lambda r: len(r.history))
        what = "a sung tute" if word == "tute" else f"declaring the combination {kind_label(word)}"
        words = (f"{what} ends the round at once, which scores nothing (the game is won)" if game.ruleset.scoring == "contract"
                 else f"{what} wins the hand at once")
        cases.append(result_case(best, ["ghna.tute" if word == "tute" else "ghna.kinds"], "positive", words))
    return cases


PLACE_WORDS = {1: "highest", 2: "second highest", 3: "third highest", 4: "fourth highest", 5: "fifth highest",
               6: "sixth highest", "last": "lowest"}
PLACE_TIE_WORDS = {
    "share": "players tied on points at the losing place all lose the hand",
    "none": "a tie on points at the losing place: nobody loses the hand",
    "last_trick": "on equal points, the player who won the last trick ranks above the others tied with it",
    "first_speaker": "on equal points, the first speaker (the hand) ranks above the others tied with it",
}


def place_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`place_loses`: a hand whose losing place holds one player (one whose loser is not the one the middle place
    would make lose, where there is one), and a hand with a tie on points at that place (`scoring.place_tie`, or its
    default of every tied player losing), one the tie-break decides where it can."""
    rules = game.ruleset
    on_points = [r for r in rounds if not r.result["void"] and r.result.get("tute") is None and not r.result.get("claim")]
    place = f"the player with the {PLACE_WORDS[rules.losing_place]} score loses the hand"
    cases = []
    decided = [r for r in on_points if not place_tied(game, r)]
    if decided:
        best = min(decided, key=lambda r: (r.result["losers"] == _middle_losers(game, r), len(r.history)))
        cases.append(result_case(best, ["scoring.losing_place", "scoring.round", "deck.points", "deck.last_trick"],
                                  "positive", f"{place} (totals {' / '.join(map(str, best.result['totals']))})"))
    tied = [r for r in on_points if place_tied(game, r)]
    if tied:
        best = min(tied, key=lambda r: (not place_tie_decides(game, r), len(r.history)))
        rule = "scoring.place_tie" if game.spec.has("scoring.place_tie") else "scoring.losing_place"
        cases.append(result_case(best, [rule, "scoring.round"], "positive",
                                  f"{PLACE_TIE_WORDS[rules.place_tie]} (totals {' / '.join(map(str, best.result['totals']))})"))
    return cases


def _ranked(game: Game, record: RoundRecord) -> list[tuple[int, int]]:
    """The (total, side) of the sides dealt in, the most points first."""
    seating = game.new_round(**record.setup).seating
    totals = record.result["totals"]
    return sorted(((totals[side], side) for side in {seating.team_of[s] for s in seating.in_play}), reverse=True)


def _middle_losers(game: Game, record: RoundRecord) -> list[int]:
    """The sides the middle place(s) would make lose (every side tied with them too)."""
    ranked = _ranked(game, record)
    count = len(ranked)
    middle = {ranked[i][0] for i in ((count // 2,) if count % 2 else (count // 2 - 1, count // 2))}
    return sorted(side for total, side in ranked if total in middle)


def place_tied(game: Game, record: RoundRecord) -> bool:
    """Whether a hand ranked by place, played out on points, has a tie on points at its losing place."""
    result = record.result
    if game.ruleset.scoring != "place_loses" or result["void"] or result.get("tute") is not None or result.get("claim"):
        return False
    totals = [total for total, _ in _ranked(game, record)]
    (place,) = losing_places(game.ruleset, len(totals))
    return totals.count(totals[place]) > 1


def place_tie_decides(game: Game, record: RoundRecord) -> bool:
    """Whether the side `scoring.place_tie` ranks above the others it ties with is among those tied at the losing
    place (always, for `share` and `none`, which rank nobody above another)."""
    word = game.ruleset.place_tie
    if word in ("share", "none"):
        return True
    ranked = _ranked(game, record)
    (place,) = losing_places(game.ruleset, len(ranked))
    tied = {side for total, side in ranked if total == ranked[place][0]}
    state = game.new_round(**record.setup)
    favoured = (state.seating.team_of[record.trick_winners[-1]] if word == "last_trick" and record.trick_winners
                else state.seating.team_of[state.first_speaker] if word == "first_speaker" else None)
    return favoured in tied


def lead_tied(totals: list[int]) -> bool:
    """Whether the highest total is shared (at a table of two sides: the totals are equal)."""
    return totals.count(max(totals)) > 1


def _lead(totals: list[int]) -> int:
    """How far the highest total is ahead of the next."""
    ranked = sorted(totals, reverse=True)
    return ranked[0] - ranked[1]


def tie_breaks_alike(game: Game, record: RoundRecord) -> int:
    """How many other words of `scoring.tie` would give a hand tied for the lead the winner the spec's word gives:
    `last_trick` and `first_speaker` favour their seat's side when it is among the sides tied for the lead, and no
    side otherwise, as `none` does.  At a table of two sides, whether the last trick's side is the first speaker's
    (both lead, so `none` always differs); at three or more, a tie whose last trick went to a player behind the
    leaders is settled by no word, as by `none`."""
    if not record.trick_winners:
        return 2
    team_of = game.new_round(**record.setup).seating.team_of
    totals = record.result["totals"]
    leaders = {side for side, total in enumerate(totals) if total == max(totals)}
    favoured = {word: team_of[seat] if team_of[seat] in leaders else None
                for word, seat in (("last_trick", record.trick_winners[-1]), ("first_speaker", _first_speaker(game, record)))}
    if len(totals) == 2:  # both sides lead: the two words that name a side, apart or alike
        return int(favoured["last_trick"] == favoured["first_speaker"])
    favoured["none"] = None
    own = game.ruleset.tie if game.ruleset.tie in favoured else "none"
    return sum(winner == favoured[own] for word, winner in favoured.items() if word != own)


def _ghna_value_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """A round result counting a ghna in trumps, and one counting a ghna in a plain suit: each value of `ghna.values`
    shown by a result (without a contract, the hand's winner may well not change with a song's value)."""
    rules = game.ruleset
    if rules.ghna.off:
        return []
    counted = [r for r in rounds if any(r.result["ghna"]) and not r.result["void"] and not r.result.get("conceded")
               and r.result.get("tute") is None]
    cases = []
    for entry, in_trumps in (("trump", True), ("plain", False)):
        found = [r for r in counted if any(_declared_in_trumps(rules, r, action) is in_trumps for _, action in r.history)]
        if found:
            best = min(found, key=lambda r: len(r.history))
            value = rules.ghna.trump_value if in_trumps else rules.ghna.plain_value
            cases.append(result_case(best, ["ghna.values", "scoring.round"], "positive",
                                      f"a ghna declared in {'trumps' if in_trumps else 'a plain suit'} counts {value} "
                                      f"(ghna.values {entry})"))
    return cases


def _kind_value_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """A round result counting each kind of `ghna.kinds` (a one-suit kind: in trumps, and in a plain suit, where its
    values differ): its value shown by a result, as `_ghna_value_cases` shows the pair's.  Rounds where the kind is the
    only declaration come first, so that a wrong total is the kind's value, not another song's."""
    rules = game.ruleset
    cases = []
    for index, in_trumps in kind_value_sides(rules):
        found = _counting_kind(rules, rounds, index, in_trumps)
        if not found:
            continue
        kind, texts = rules.ghna.kinds[index], rules.kind_text[index]
        best = min(found, key=lambda r: (_other_declarations(r, texts), len(r.history)))
        where = "" if in_trumps is None else " in trumps" if in_trumps else " in a plain suit"
        cases.append(result_case(best, ["ghna.kinds", "scoring.round"], "positive",
                                  f"the combination {kind_label(kind.name)} declared{where} counts "
                                  f"{kind.trump_value if in_trumps else kind.value} (ghna.kinds {kind.name})"))
    return cases


def kind_value_sides(rules) -> list[tuple[int, bool | None]]:
    """Each value of each kind of `ghna.kinds` a round result can show: (kind index, in trumps), None for a kind worth
    the same in every suit."""
    return [(index, side) for index, kind in enumerate(rules.ghna.kinds)
            for side in ((True, False) if kind.one_suit and kind.trump_value != kind.value else (None,))]


def unshown_kind_values(game: Game, rounds: list[RoundRecord]) -> set[tuple[int, bool | None]]:
    """The values of `kind_value_sides` that no round result of `rounds` counts."""
    rules = game.ruleset
    return {side for side in kind_value_sides(rules) if not _counting_kind(rules, rounds, *side)}


def _counting_kind(rules, rounds: list[RoundRecord], index: int, in_trumps: bool | None) -> list[RoundRecord]:
    """The rounds played on points whose result counts the kind (in trumps or not, for a one-suit kind)."""
    texts = rules.kind_text[index]
    return [r for r in rounds if any(r.result["ghna"]) and not r.result["void"] and not r.result.get("conceded")
            and r.result.get("tute") is None and _declares_kind(rules, r, texts, in_trumps)]


def _declares_kind(rules, record: RoundRecord, texts, in_trumps: bool | None) -> bool:
    """Whether the round declares the kind whose action texts are `texts` (one per suit, or one), in trumps or not
    (None: in any suit)."""
    if isinstance(texts, str):
        return any(action == texts for _, action in record.history)
    trump = record.result.get("trump")
    return any(action == text and (in_trumps is None or (suit == trump) is in_trumps)
               for _, action in record.history for suit, text in zip(rules.suits, texts))


def _other_declarations(record: RoundRecord, texts) -> int:
    """How many declarations of the round are not of the kind whose action texts are `texts`."""
    own = {texts} if isinstance(texts, str) else set(texts)
    return sum(1 for _, action in record.history if action.startswith(("ghna ", "tute ")) and action not in own)


def _declared_in_trumps(rules, record: RoundRecord, action: str) -> bool | None:
    """For a ghna of one suit (`ghna SUIT`), whether that suit is trumps; None for any other action."""
    head, _, suit = action.partition(" ")
    if head != "ghna" or suit not in rules.suits:
        return None
    return suit == record.result.get("trump")


def _widow_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """A round whose widow was taken (its discards counting for the taker's side, or for nobody), and one whose widow
    was left where it lies (counting for nobody): the round result shows the card points either way."""
    rules = game.ruleset
    worth = lambda r: sum(rules.card_points[rules.vocabulary.cards[a.split(" ")[1]]]
                          for _, a in r.history if a.startswith("discard "))
    taken = [r for r in rounds if any(a.startswith("discard ") for _, a in r.history) and not r.result["void"]]
    left = [r for r in rounds if any(a == "leave widow" for _, a in r.history) and not r.result["void"]]
    cases = []
    if taken:  # a discard with points, where there is one, shows where they go
        best = min(taken, key=lambda r: (worth(r) == 0, len(r.history)))
        words = ("count for the taker's side" if rules.widow.discards_count else "count for nobody")
        cases.append(result_case(best, ["widow.points"], "positive",
                                  f"the bid winner takes the widow and puts aside {worth(best)} card point(s): they {words}"))
    if left:
        best = min(left, key=lambda r: len(r.history))
        cases.append(result_case(best, ["widow.points", "widow.take"], "negative",
                                  "the bid winner leaves the widow where it lies: its cards count for nobody"))
    return cases


def won_by(record: RoundRecord) -> str | None:
    """The word of `match.at_once` naming the declaration that won the hand at once (`tute`, or the name of a kind
    written `wins_hand`), or None: that declaration ended the round, so it is the last action."""
    if record.result.get("tute") is None or not record.history:
        return None
    head, _, rest = record.history[-1][1].partition(" ")
    return "tute" if head == "tute" else rest.split(" ", 1)[0]


def _credits_a_kind(game: Game, record: RoundRecord) -> bool:
    """Whether a conceded round credits a held kind of ghna.kinds (`concession.award: held_ghna`)."""
    if not game.ruleset.ghna.kinds or "held_ghna" not in (game.ruleset.concession or ()):
        return False
    return any(what == "kind" for what, _, _ in _replayed(game, record, record.setup).held_credit)


def _cards_on_table_at_end(record: RoundRecord) -> bool:
    last_end = record.trick_ends[-1] if record.trick_ends else 0
    return any(action.startswith("play ") for _, action in record.history[last_end:])


def result_case(record: RoundRecord, rules: list[str], polarity: str, description: str) -> dict:
    steps = _applies(record.history) + [{"op": "round_result", "expect": record.result}]
    return _case(record, steps, rules, polarity, description)


def match_cases(game: Game, rounds: list[RoundRecord], next_deal=None) -> list[dict]:
    """A round that ends the match, and the same round one step short of it."""
    rules = game.ruleset
    if rules.match_end == "rounds":
        return rounds_cases(game, rounds, next_deal)
    scored = [r for r in rounds if not r.result["void"] and (r.result["winner"] is not None or r.result.get("losers"))
              and any(r.result["score_changes"])]
    if not scored:
        return []
    record = min(scored, key=lambda r: len(r.history))
    changes = record.result["score_changes"]
    team = next((side for side, change in enumerate(changes) if change > 0), len(changes) - 1)
    goal = rules.match_goal
    gain = changes[team]
    end_rule = "match.losses" if rules.match_end == "elimination" else f"match.{rules.match_end}"
    cases = []
    for polarity, start in (("positive", goal - gain), ("negative", goal - gain - 1)):
        scores = [0] * len(changes)
        scores[team] = max(start, 0)
        if polarity == "negative" and start < 0:
            continue
        over = scores[team] + gain >= goal
        # the side is one game short of the match (with games): this game decides it
        setup = dict(record.setup, scores=scores, **_short_of_match(rules, len(changes), {team}))
        state = _replayed(game, record, setup)
        steps = _applies(state.history) + [{"op": "match_result", "expect": state.match_result()}]
        if rules.match_end in ("losses", "elimination"):
            words = "a player that loses its last hand ends the match" if over else "a player one lost hand short of the limit: the match goes on"
        else:
            words = "a team that " + ("reaches the goal and wins the match" if over else "stays one short of the goal: the match goes on")
        if rules.match_end == "elimination" and over:
            words = "a player that loses its last hand leaves the match, and the players left are few enough to win it"
        remaining = ["match.remaining"] if rules.match_end == "elimination" and over else []
        cases.append(_case(record, steps, ["match.end", end_rule, *_level_rules(rules), *remaining], polarity, words, setup))
    return cases


def rounds_cases(game: Game, rounds: list[RoundRecord], next_deal) -> list[dict]:
    """`match.end rounds`, from the shortest hand that one side wins on points (nothing won at once): played as the
    last hand (the higher total wins), one hand short (the match goes on: the next round carries `played`), from
    scores that make the totals equal after it (`match.decide` settles the tie, or the match goes on), and as a hand
    played on after such a tie; and the shortest void hand as the last one (it is not counted)."""
    rules = game.ruleset
    goal, fixed = rules.match_goal, ["match.end", "match.rounds"]
    record = min((r for r in rounds if not r.result["void"] and len(set(r.result["score_changes"])) > 1
                  and not _wins_at_once(game, r)), key=lambda r: len(r.history), default=None)
    if record is None:
        return []
    changes = record.result["score_changes"]
    level = [max(changes) - change for change in changes]  # scores that make the totals equal after the hand
    decide = ["match.decide"] if game.spec.has("match.decide") else []
    ahead = _one_ahead(changes)
    cases = [_rounds_case(game, record, goal - 1, ahead, fixed, "the last hand is played: the higher total wins the match")]
    if goal > 1:
        cases.append(_rounds_case(game, record, goal - 2, ahead, fixed, "one hand short of the last: the match goes on",
                                  next_deal))
    tie = _replayed(game, record, dict(record.setup, scores=level, played=goal - 1)).match_result()
    words = ("the last hand leaves the totals equal: " +
             ("the tie is settled by match.decide" if tie["over"] else "no decider settles it, one more hand is played"))
    cases.append(_rounds_case(game, record, goal - 1, level, [*fixed, *decide], words))
    cases.append(_rounds_case(game, record, goal, ahead, fixed,
                              "a hand played on after a tie: it leaves one side ahead, which wins the match"))
    void = min((r for r in rounds if r.result["void"]), key=lambda r: len(r.history), default=None)
    if void is not None:
        cases.append(_rounds_case(game, void, goal - 1, None, fixed,
                                  "a void hand is not played: it does not count, the match goes on"))
    return cases


def _one_ahead(changes: list[int]) -> list[int] | None:
    """Scores from which the hand leaves one side alone ahead: none needed (None: all 0) when one side scores most;
    else one point to the first of those that score most (partners scored apart, as a called partner and the bid
    winner, score alike): a tie for the lead would read as "no winner yet" at the last hand and one short of it
    alike, and hide a match that ends a hand early."""
    best = max(changes)
    if changes.count(best) == 1:
        return None
    return [int(side == changes.index(best)) for side in range(len(changes))]


def _rounds_case(game: Game, record: RoundRecord, played: int, scores, rule_ids: list[str], words: str,
                 next_deal=None) -> dict:
    """The record's hand after `played` hands (scores 0 unless given); with `next_deal`, the next round too."""
    setup = dict(record.setup, scores=scores or [0] * len(record.result["score_changes"]), played=played)
    state = _replayed(game, record, setup)
    result = state.match_result()
    steps = _applies(state.history) + [{"op": "match_result", "expect": result}]
    if next_deal is not None and not result["over"]:
        dealt = next_deal(state)
        nxt = state.next_round(**dealt)
        steps += [{"op": "next_round", **dealt, "expect": {"dealer": nxt.dealer, "first_speaker": nxt.first_speaker}},
                  {"op": "match_result", "expect": nxt.match_result()}]
    return _case(record, steps, rule_ids, "positive" if result["over"] else "negative", words, setup)


def carry_cases(game: Game, rounds: list[RoundRecord], next_deal) -> list[dict]:
    """`match.carry`: the shortest played round that does not end the match, from a count carried of one per side
    (each side's own count, so that one carried to the other side shows), then the next round: what each side
    carries after it is what it carried before, plus its card points (or totals) of the round."""
    rules = game.ruleset
    if rules.match_carry is None:
        return []
    start = list(range(1, rules.score_sides + 1))
    for record in sorted((r for r in rounds if not r.result["void"]), key=lambda r: len(r.history)):
        setup = dict(record.setup, carried=start)
        state = _replayed(game, record, setup)
        result = state.match_result()
        if result["over"] or not state.is_terminal():
            continue
        dealt = next_deal(state)
        nxt = state.next_round(**dealt)
        steps = _applies(state.history) + [
            {"op": "round_result", "expect": state.round_result()}, {"op": "match_result", "expect": result},
            {"op": "next_round", **dealt, "expect": {"dealer": nxt.dealer, "first_speaker": nxt.first_speaker}},
            {"op": "match_result", "expect": nxt.match_result()}]
        what = "card points" if rules.match_carry == "card_points" else "totals"
        return [_case(record, steps, ["match.carry"], "positive",
                      f"each side carries {start} into the hand, then that plus its {what} of the hand into the next",
                      setup)]
    return []


def _short_of_match(rules, sides: int, short: set[int]) -> dict:
    """The level counts (games, cotos) of a match in games where the sides `short` are one game short of the match."""
    return {field: [needed - 1 if side in short else 0 for side in range(sides)]
            for (field, _), needed in zip(LEVELS, rules.match_levels)}


def _level_rules(rules) -> list[str]:
    """The rule ids of the match's levels (`match.games`, `match.cotos`), innermost first."""
    return list(MATCH_LEVELS[: len(rules.match_levels)])


def game_cases(game: Game, rounds: list[RoundRecord], next_deal) -> list[dict]:
    """`match.games`: a game won with the match (or the coto) still short of its games, then the next game from zero."""
    rules = game.ruleset
    if rules.match_games is None or rules.match_games < 2:
        return []
    unit = "coto" if len(rules.match_levels) > 1 else "match"
    return _next_game_case(game, rounds, next_deal, {}, "game_winner", ["match.games"],
                           f"a side wins a game but not yet the {unit}: it counts one game and the next game starts from zero")


def coto_cases(game: Game, rounds: list[RoundRecord], next_deal) -> list[dict]:
    """`match.cotos`: a game that completes a coto with the match still short of its cotos, then the next coto."""
    rules = game.ruleset
    if len(rules.match_levels) < 2 or rules.match_levels[1] < 2:
        return []
    return _next_game_case(game, rounds, next_deal, {"games": rules.match_games - 1}, "coto_winner",
                           ["match.cotos", "match.games"],
                           "a side wins the game that completes a coto but not yet the match: it counts one coto, "
                           "and the next coto starts from zero games and zero scores")


def _next_game_case(game: Game, rounds: list[RoundRecord], next_deal, won: dict, winner_field: str,
                    rule_ids: list[str], words: str) -> list[dict]:
    """The shortest round that wins a game for a side with `won` units already (none elsewhere), the
    side then named by the result's `winner_field` without the match being over; then the next round."""
    rules = game.ruleset
    for record in sorted(rounds, key=lambda r: len(r.history)):
        changes = record.result["score_changes"]
        team = next((side for side, change in enumerate(changes) if change > 0), None)
        if team is None or record.result["void"]:
            continue
        scores = [max(rules.match_goal - changes[team], 0) if side == team else 0 for side in range(len(changes))]
        counts = {field: [won.get(field, 0) if side == team else 0 for side in range(len(changes))]
                  for field, _ in LEVELS[: len(rules.match_levels)]}
        setup = dict(record.setup, scores=scores, **counts)
        state = _replayed(game, record, setup)
        result = state.match_result()
        if result[winner_field] != team or result["over"]:
            continue
        dealt = next_deal(state)
        nxt = state.next_round(**dealt)
        steps = _applies(state.history) + [
            {"op": "match_result", "expect": result},
            {"op": "next_round", **dealt, "expect": {"dealer": nxt.dealer, "first_speaker": nxt.first_speaker}},
            {"op": "match_result", "expect": nxt.match_result()},
        ]
        return [_case(record, steps, rule_ids, "negative", words, setup)]
    return []


def at_once_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`match.at_once`: a round with a tute, a kind that wins the hand or a capote ends the game (or the match)
    whatever the scores; when it names such a declaration, one it does not name wins the hand only."""
    rules = game.ruleset
    cases = []
    unit = "game" if rules.match_games else "match"
    for event in sorted(rules.at_once):
        found = [r for r in rounds if (capote_round(game, r) if event == "capote" else won_by(r) == event)]
        if found:
            words = _event_words(event)
            cases.append(_at_once_event_case(game, found, "positive", f"{words} wins the {unit} at once, whatever the scores"))
    named = rules.at_once - {"capote"}
    if named and rules.scoring != "contract":
        for word in sorted({won_by(r) for r in rounds} - named - {None}):
            found = [r for r in rounds if won_by(r) == word]
            cases.append(_at_once_event_case(game, found, "negative", (
                f"{_event_words(word)} wins the hand, not the {unit}: match.at_once names {', '.join(sorted(named))}")))
    return cases


def _event_words(event: str) -> str:
    if event == "tute":
        return "a sung tute"
    return "a capote (every trick taken by one side)" if event == "capote" else f"declaring the combination {kind_label(event)}"


def _at_once_event_case(game: Game, found: list[RoundRecord], polarity: str, words: str) -> dict:
    """The shortest of these rounds, every side one game short of the match, and the match result after it."""
    rules = game.ruleset
    record = min(found, key=lambda r: len(r.history))
    sides = len(record.result["score_changes"])
    setup = dict(record.setup, **_short_of_match(rules, sides, set(range(sides))))
    state = _replayed(game, record, setup)
    steps = _applies(state.history) + [{"op": "match_result", "expect": state.match_result()}]
    return _case(record, steps, ["match.at_once"], polarity, words, setup)


def at_once_condition_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`match.at_once` as a condition, on both sides of it: for each side, from one of the shortest played rounds, the
    least starting score that makes the condition hold for it during the round (the round ends there and the side
    wins the game), and the same round from one point less (the condition does not hold for it: no early win)."""
    rules = game.ruleset
    if rules.at_once_test is None:
        return []
    every = sorted((r for r in rounds if not r.result["void"]), key=lambda r: len(r.history))
    played = every[:5]
    cases = []
    # where the match is kept per player the sides change each round: a score is no side's (E605), no threshold
    for side in range(rules.score_sides if played and not rules.against_bidder else 0):
        found = next(filter(None, (_threshold(game, record, side) for record in played)), None)
        if found is None and rules.match_carry is not None:  # a condition on what a side carries from earlier hands
            found = next(filter(None, (_threshold(game, record, side, "carried") for record in played)), None)
        # by the round alone where no score decides it; at a match counting hands lost, the round cases below
        cases += found or ([] if rules.match_end in LOSS_ENDS else _whatever_the_score(game, every, side))
    if not cases and (rules.against_bidder or rules.match_end in LOSS_ENDS):
        cases = _at_once_round_cases(game, rounds)
    return cases


# the match ends that count hands lost: `match.at_once` there wins the hand, every other player losing it
LOSS_ENDS = ("losses", "elimination")


def _at_once_round_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`match.at_once` as a condition that no starting score decides, at a match kept per player or counting hands
    lost: the shortest round it ended early (the side that met it wins the match, or the hand: every other player
    loses it), and the shortest round played to its last trick without it."""
    played = [r for r in rounds if not r.result["void"] and not r.result.get("conceded") and "claim" not in r.result]
    nearest = _at_once_margin(game)
    met = min((r for r in played if r.result.get("at_once") is not None),
              key=lambda r: (nearest(_replayed(game, r, r.setup), r.result["at_once"]), len(r.history)), default=None)
    unmet = min((r for r in played if r.result.get("at_once") is None and r.result["tute"] is None),
                key=lambda r: (nearest(_replayed(game, r, r.setup)), len(r.history)),
                default=None)  # to its last trick: no tute ended it either
    unit = "hand: every other player loses it" if game.ruleset.match_end in LOSS_ENDS else (
        "game" if game.ruleset.match_games is not None else "match")
    cases = []
    if met is not None:
        side = met.result["at_once"]
        who = f"side {side}" if not game.ruleset.against_bidder else (
            "the bid winner's side" if side == 0 else "the others") + " of the round"
        words = (f"{who} meets the condition of match.at_once after {len(met.history)} actions: the round ends there "
                 f"and {'its players win' if game.ruleset.against_bidder else 'it wins'} the {unit}")
        cases.append(_round_and_match_case(game, met, "match.at_once", "positive", words))
    if unmet is not None:
        words = "no side meets the condition of match.at_once: the round is played to its end and scored as usual"
        cases.append(_round_and_match_case(game, unmet, "match.at_once", "negative", words))
    return cases


def _round_and_match_case(game: Game, record: RoundRecord, rule_id: str, polarity: str, words: str) -> dict:
    """A recorded round played again from its setup, with its round result and the match result after it."""
    state = _replayed(game, record, record.setup)
    steps = _applies(state.history) + [{"op": "round_result", "expect": state.round_result()},
                                       {"op": "match_result", "expect": state.match_result()}]
    return _case(record, steps, [rule_id], polarity, words)


def _whatever_the_score(game: Game, rounds: list[RoundRecord], side: int) -> list[dict]:
    """A condition that holds or not by the round alone (`tricks_won(team) >= 8`): from scores of 0, the shortest round
    where it holds for `side` and the shortest where it does not (another side's holds first, or nobody's)."""
    zeros = [0] * game.ruleset.score_sides
    nearest = _at_once_margin(game)
    best: dict[bool, tuple] = {}
    for record in rounds:
        state = _replayed_until_end(game, record, {"scores": zeros})[0]
        verdict = state.at_once_team == side
        key = (nearest(state, side), len(record.history))
        if verdict not in best or key < best[verdict][0]:
            best[verdict] = (key, record)
    if len(best) < 2:
        return []
    return [_at_once_case(game, best[True][1], {"scores": zeros}, side),
            _at_once_case(game, best[False][1], {"scores": zeros}, side, one_less=False)]


def _at_once_margin(game: Game):
    """How far a round's state is from the threshold of `match.at_once` written as a comparison, for one side (the
    one that met it) or the nearest side: a round ended exactly at 101 tells `>= 101` from `> 101` or `>= 102`, where
    one ended at 105 cannot."""
    rules = game.ruleset
    margin = distance_to_threshold(game.spec.rule("match.at_once").value.expr, "at_once", Names(rules.suits, rules.ranks))

    def nearest(state: RoundState, side: int | None = None) -> int:
        facts, seating = round_so_far(state), state.seating
        sides = [side] if side is not None else sorted({seating.team_of[s] for s in seating.in_play})
        return min(margin(state, next(s for s in seating.in_play if seating.team_of[s] == judged), facts)
                   for judged in sides)
    return nearest


def _threshold(game: Game, record: RoundRecord, side: int, field: str = "scores") -> list[dict] | None:
    """The two cases around the least score of `side` (the others at 0, else 1) that wins it the game at once; with
    `field` "carried", the least count it carries from the hands before (`match.carry`), up to twice the deck's points."""
    goal = game.ruleset.match_goal
    top = goal - 1 if game.ruleset.match_end in LOSS_ENDS else goal  # a player at the losses is out of the match
    if field == "carried":
        top = 2 * (sum(game.ruleset.card_points) + game.ruleset.last_trick_bonus)
    for others in (0, 1):
        for score in range(0, top + 1):
            scores = [others] * len(record.result["score_changes"])
            scores[side] = score
            state, _ = _replayed_until_end(game, record, {field: scores})
            if state.at_once_team == side and score == 0:
                break  # it holds from zero: no score below it to show the other side
            if state.at_once_team == side:
                below = list(scores)
                below[side] -= 1
                return [_at_once_case(game, record, {field: scores}, side), _at_once_case(game, record, {field: below}, side)]
    return None


def _replayed_until_end(game: Game, record: RoundRecord, start: dict) -> tuple[RoundState, int]:
    """The record's round from these starting counts (`scores`, or `carried`), played until it ends (perhaps early, by
    match.at_once)."""
    state = game.new_round(**dict(record.setup, **start))
    for index, (seat, action) in enumerate(record.history):
        if state.is_terminal():
            return state, index
        state.apply(seat, action)
    return state, len(record.history)


def _at_once_case(game: Game, record: RoundRecord, start: dict, side: int, one_less: bool = True) -> dict:
    state, played = _replayed_until_end(game, record, start)
    holds = state.at_once_team == side
    what = "game" if game.ruleset.match_games is not None else "match"
    (field, counts), = start.items()
    starting = f"starting at {counts[side]}" if field == "scores" else f"carrying {counts[side]} from the hands before"
    if holds:
        words = (f"side {side} {starting} meets the condition of match.at_once after {played} actions: "
                 f"the round ends there and it wins the {what} at once")
    elif one_less:
        words = f"side {side} {starting}, one point less: the condition of match.at_once does not hold for it"
    else:
        words = f"side {side}: the condition of match.at_once does not hold for it in this round"
    steps = _applies(record.history[:played]) + [{"op": "round_result", "expect": state.round_result()},
                                                 {"op": "match_result", "expect": state.match_result()}]
    rules = ["match.at_once"] + (["match.carry"] if field == "carried" else [])
    return _case(record, steps, rules, "positive" if holds else "negative", words, dict(record.setup, **start))


def paid_declarations_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`scoring.declarations paid_by_each`: the shortest round with a declaration, whose score changes show its value
    paid to the declarer by each other player (or side), and the shortest scored round without one."""
    if not game.ruleset.declarations_paid:
        return []
    played = [r for r in rounds if not r.result["void"]]
    sung = min((r for r in played if sum(r.result["ghna"])), key=lambda r: len(r.history), default=None)
    silent = min((r for r in played if not sum(r.result["ghna"])), key=lambda r: len(r.history), default=None)
    cases = []
    for record, polarity, words in (
            (sung, "positive", "each declaration is paid to its declarer by each other player, whoever wins the hand"),
            (silent, "negative", "no declaration: the score changes are the round's outcome alone")):
        if record is not None:
            cases.append(_round_and_match_case(game, record, "scoring.declarations", polarity, words))
    return cases


DECIDER_WORDS = {
    "highest_total": "the higher total wins",
    "last_trick": "the side that won the last trick wins",
    "first_speaker": "the side of the round's first speaker wins",
    "bidders": "the bidding side wins",
}


def decide_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`match.decide` (only where written): one hand played from scores that bring one side, or several, to the goal.

    From the shortest hand where two sides or more score (and nothing wins at once): each
    such side alone at the goal (it wins, no decider applies), all of them exactly at the
    goal, and each of them one point above the others; the engine says who wins and by
    which decider, or that the game goes on.
    """
    rules = game.ruleset
    if not game.spec.has("match.decide") or rules.match_end == "rounds":  # rounds_cases shows a tie after the last hand
        return []
    # every side that scores must stay short of the goal from some score >= 0: no scenario starts below zero
    # among those, a round whose sides the deciders not written would name otherwise: one where they all name the
    # side the written ones do shows none of them wrong (`bidders` read as `last_trick`)
    record = min((r for r in rounds if len([c for c in r.result["score_changes"] if c > 0]) > 1
                  and max(r.result["score_changes"]) < rules.match_goal
                  and not r.result["void"] and not _wins_at_once(game, r)),
                 key=lambda r: (-_deciders_told_apart(game, r), len(r.history)), default=None)
    if record is None:
        return []
    changes = record.result["score_changes"]
    scoring = [side for side, change in enumerate(changes) if change > 0]
    cases = []
    for alone, above in [(side, None) for side in scoring] + [(None, None)] + [(None, side) for side in scoring]:
        reaching = [alone] if alone is not None else scoring
        scores = [rules.match_goal - changes[side] - (side not in reaching) + (side == above) if side in scoring else 0
                  for side in range(len(changes))]
        cases.append(_decide_case(game, record, scores, above))
    return cases


ROUND_DECIDERS = ("last_trick", "first_speaker", "bidders")


def _deciders_told_apart(game: Game, record: RoundRecord) -> int:
    """How many words of `match.decide` that the spec does not write favour another side on this round than its
    first written decider of the round does."""
    written = [word for word in game.ruleset.decide if word in ROUND_DECIDERS]
    if not written:
        return 0
    state = _replayed(game, record, record.setup)
    chosen = favoured_side(state, written[0])
    return sum(favoured_side(state, word) != chosen for word in ROUND_DECIDERS if word not in game.ruleset.decide)


def _decide_case(game: Game, record: RoundRecord, scores: list[int], above: int | None) -> dict:
    rules = game.ruleset
    # every side one game short of the match (with games): the game decides it
    setup = dict(record.setup, scores=scores, **_short_of_match(rules, len(scores), set(range(len(scores)))))
    state = _replayed(game, record, setup)
    result = state.match_result()
    reached = [side for side, score in enumerate(result["scores"]) if score >= rules.match_goal]
    _, word = match_decision(state, result["scores"], reached, True)
    if state.at_once_team is not None:  # a condition of match.at_once ended the round before the deciders could apply
        words = f"side {state.at_once_team} meets the condition of match.at_once first: it wins at once, no decider applies"
        word = "at_once"
    elif len(reached) == 1:
        words = "one side alone reaches the goal: it wins, no decider applies"
    else:
        how = "with equal totals" if above is None else f"side {above} a point ahead"
        words = f"several sides reach the goal {how}: " + (DECIDER_WORDS[word] if word else "no decider settles it, the game goes on")
    steps = _applies(state.history) + [{"op": "match_result", "expect": result}]
    at_once = ["match.at_once"] if state.at_once_team is not None else []
    return _case(record, steps, ["match.decide", "match.end", f"match.{rules.match_end}", *_level_rules(rules), *at_once],
                 "positive" if word else "negative", words, setup)


def capote_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """A capote where the middle loses (`scoring.round: middle_loses`): every other side loses instead, unless
    `scoring.capote_void` holds for its side, which then alone loses.  The shortest round of each way it is decided
    (without `capote_void`, the first alone: the ranking by places is never what decides a capote)."""
    if game.ruleset.scoring != "middle_loses":
        return []
    void = game.ruleset.formulas.capote_void
    best: dict[bool, RoundRecord] = {}
    for record in rounds:
        state = _replayed(game, record, record.setup)
        side = capote_side(state)
        if side is None:
            continue
        held = void is not None and capote_voided(state, totals_so_far(state), side)
        if held not in best or len(record.history) < len(best[held].history):
            best[held] = record
    if void is None:
        return [result_case(record, ["scoring.round"], "positive",
                            "a capote (one side took every trick): every other side loses the hand, whatever the places")
                for record in best.values()]
    sentence = describe(m.as_expr(game.spec.value("scoring.capote_void")))
    return [result_case(record, ["scoring.capote_void", "scoring.round"], "positive" if held else "negative",
                         f"a capote where \"{sentence}\" {'holds: its taker alone loses' if held else 'does not hold: every other player loses'}")
            for held, record in sorted(best.items())]


def shares_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`scoring.shares`: the shortest round of each part the bid winner may play (with a partner, alone), made and
    missed, whose score changes show every seat's share of its side's score."""
    if not game.ruleset.shares:
        return []
    best: dict[tuple[bool, bool], RoundRecord] = {}
    for record in rounds:
        result = record.result
        if result["void"] or result["made"] is None or result.get("claim"):
            continue
        key = (result.get("partner") is None, result["made"])
        if key not in best or len(record.history) < len(best[key].history):
            best[key] = record
    cases, shares = [], ", ".join(f"{part} = {count}" for part, count in game.ruleset.shares.items())
    for (alone, made), record in sorted(best.items()):
        who = "alone" if alone else "with a partner"
        words = (f"the bid winner plays {who} and {'makes' if made else 'misses'} the contract: each player scores its "
                 f"side's score times its share ({shares})")
        cases.append(result_case(record, ["scoring.shares", "scoring.round"], "negative" if alone else "positive", words))
    return cases


def standing_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """Scoring's `require` lines (`require took_trick: tricks_won(team) > 0`): for each, a round where it decides (some
    player fails it and loses the hand; preferably a player the ranking by place would not have made lose) and one
    where every player meets it (a later line, or the ranking, decides); of a line that compares numbers, the rounds
    whose player stands nearest its threshold (`points(team) <= 100`: a player at 101 and one at 100), then the
    shortest."""
    best: dict[tuple[str, bool], tuple[tuple, RoundRecord, list[int], list[int]]] = {}
    for record in rounds:
        for (rule_id, holds), (margin, failed, ranked) in standing_sides(game, record).items():
            key = (margin, failed == ranked, len(record.history))  # a player the ranking would not name first
            if (rule_id, holds) not in best or key < best[rule_id, holds][0]:
                best[rule_id, holds] = (key, record, failed, ranked)
    cases = []
    for (rule_id, holds), (_, record, failed, ranked) in sorted(best.items()):
        sentence = describe(game.spec.rule(rule_id).value.condition)
        if holds:
            words = f"every player meets \"{sentence}\": {rule_id} makes nobody lose, the next line or the ranking decides"
        else:
            words = (f"players {failed} fail \"{sentence}\": they lose the hand (the ranking by place alone would "
                     f"have made {ranked} lose)")
        cases.append(result_case(record, [rule_id, "scoring.round"], "negative" if holds else "positive", words))
    return cases


def standing_sides(game: Game, record: RoundRecord) -> dict[tuple[str, bool], tuple[int, list[int], list[int]]]:
    """Each of scoring's `require` lines a finished round judged, by whether every player met it: how near its threshold
    the player it is judged by stands (the nearest of those that fail it, else of all; 0 for a line that compares
    nothing), the players it made lose (of the side where one fails) and those the ranking by place would."""
    standing = game.ruleset.formulas.standing
    state = _replayed(game, record, record.setup) if standing else None
    judged = standing_judged(state) if standing else None
    if judged is None:
        return {}
    decided, failed, ranked = judged
    order = [rule_id for rule_id, _ in standing]
    seating, facts = state.seating, round_facts(state)
    rules = game.ruleset
    names = Names(rules.suits, rules.ranks)
    sides = {}
    for rule_id in order[:order.index(decided) + 1 if decided else len(order)]:
        holds = rule_id != decided
        margin = distance_to_threshold(game.spec.rule(rule_id).value.condition, "standing", names)
        judged_sides = failed if not holds else sorted({seating.team_of[s] for s in seating.in_play})
        nearest = min(margin(state, next(s for s in seating.in_play if seating.team_of[s] == side), facts)
                      for side in judged_sides)
        sides[rule_id, holds] = (nearest, failed if not holds else [], ranked)
    return sides


class Thresholds:
    """The comparisons the generator shows at their threshold — scoring's `require` lines (`points(team) <= 100`) and
    the comparisons inside a formula's condition of `and` / `or` — compiled once: the least distance from its threshold
    each side of each can stand at (`least`: 0 where it holds at equality, `<=`, `>=`, `==`, and 1 where it fails
    there), and how near a round comes (`distances`).  A side is keyed (rule id, holds) for a require line, ((rule id,
    the condition's place, the comparison's place), holds) for a formula's."""

    def __init__(self, game: Game):
        self.game = game
        self.least: dict[tuple, int] = {}
        for rule_id, _ in game.ruleset.formulas.standing:
            condition = game.spec.rule(rule_id).value.condition
            if isinstance(condition, m.Compare):
                self.least |= _least_distances(rule_id, condition)
        self.terms = [(rule_id, [deciding_terms(game, condition) for condition in conditions])
                      for rule_id, _, conditions in formula_conditions(game)]
        for rule_id, by_condition in self.terms:
            for place, terms in enumerate(by_condition):
                for index, term in enumerate(terms):
                    self.least |= _least_distances((rule_id, place, index), term.compare)

    def contract_comparisons(self) -> list[tuple[tuple, m.Compare]]:
        """The formula comparisons that read the contract, by key: the players choose it, so a round can be bid again
        at the amount a threshold asks for (`build._rebid_near_thresholds`)."""
        return [((rule_id, place, index), term.compare) for rule_id, by_condition in self.terms
                for place, terms in enumerate(by_condition) for index, term in enumerate(terms)
                if any(isinstance(node, m.Pred) and node.name == "contract" for node in m.expr_nodes(term.compare))]

    def distances(self, record: RoundRecord) -> dict[tuple, int]:
        """How near a round's judged player, or its formula's comparison that decides, stands to each threshold."""
        found = {key: near for key, (near, _, _) in standing_sides(self.game, record).items()}
        scored = [(rule_id, by_condition) for rule_id, by_condition in self.terms
                  if any(by_condition) and FORMULA_ROUNDS[rule_id](record.result)]
        state = _replayed(self.game, record, record.setup) if scored else None
        for rule_id, by_condition in scored:
            for place, terms in enumerate(by_condition):
                for index, term in enumerate(terms):
                    side = term.side(state)
                    if side is not None:
                        found[(rule_id, place, index), side[1]] = side[0]
        return found


def _least_distances(key, compare: m.Compare) -> dict[tuple, int]:
    at_equality = compare.op in ("<=", ">=", "==")
    return {(key, True): 0 if at_equality else 1, (key, False): 1 if at_equality else 0}


def _wins_at_once(game: Game, record: RoundRecord) -> bool:
    at_once = game.ruleset.at_once
    return won_by(record) in at_once or ("capote" in at_once and capote_round(game, record))


def capote_round(game: Game, record: RoundRecord) -> bool:
    """Whether one side took every trick of the recorded round."""
    return capote_taker(game, record) is not None


def capote_taker(game: Game, record: RoundRecord) -> int | None:
    """The side that took every trick of the recorded round, if one did."""
    return capote_side(_replayed(game, record, record.setup))


def rotation_cases(game: Game, rounds: list[RoundRecord], next_deal) -> list[dict]:
    """Who deals (or speaks first) in the next round, after a played round and after a void one.

    `next_deal(state)` gives the next round's deal (build.py: one shuffled deck, shared out for the next dealer)."""
    rules = game.ruleset
    cases = []
    played = [r for r in rounds if not r.result["void"]]
    # a void round of every player passing: a deal a redeal voided (nobody acted, or its holder said `redeal`) is dealt
    # again as `redeal.dealer` says (redeals.py's cases), never as `rotation.after_void`
    voids = [r for r in rounds if r.result["void"] and r.history and r.history[-1][1] != "redeal"]
    pools = [("rotation.next_round", played, "a played round"), ("rotation.after_void", voids, "a void round")]
    if rules.next_round in ("hand_winner", "hand_loser"):
        # every side of the rule: the hand names the current dealer's (or first speaker's) side, another side, or nobody
        verb = "lost" if rules.scoring in BY_PLACE else "won"
        pools[:1] = [("rotation.next_round", [r for r in played if _pivot_side_named(game, r) is named], words)
                     for named, words in ((True, f"a round the dealer's side {verb}"),
                                          (False, f"a round another side {verb}"), (None, f"a round nobody {verb}"))]
    if rules.next_round_choice:  # a choice by conditions: a round on each of its branches
        pools[:1] = [("rotation.next_round", [r for r in played if round_branch(game, r) == index], words)
                     for index, words in enumerate(_branch_words(game))]
    for rule, pool, words in pools:
        found = _round_before_another(game, pool)
        if found is None:
            continue
        record, state = found
        dealt = next_deal(state)
        nxt = state.next_round(**dealt)
        steps = _applies(state.history) + [
            {"op": "next_round", **dealt, "expect": {"dealer": nxt.dealer, "first_speaker": nxt.first_speaker}}
        ]
        cases.append(_case(record, steps, [rule], "positive", f"who deals and speaks first after {words}"))
    return cases


def round_branch(game: Game, record: RoundRecord) -> int:
    """The branch of the `rotation.next_round` choice (word_choice.py) that a finished, played round takes."""
    return branch_taken(_replayed(game, record, record.setup))


def branch_taken(state: RoundState) -> int:
    """The branch of the `rotation.next_round` choice a finished, played round takes, for its dealer (first speaker)."""
    return next_round_branch(state, state.dealer if state.rules.has_dealer else state.first_speaker)


def _branch_words(game: Game) -> list[str]:
    """How each branch of the `rotation.next_round` choice reads in a case's description."""
    found = branches(game.spec.value("rotation.next_round"))
    words = []
    for index, branch in enumerate(found):
        earlier = [f"not \"{describe(b.condition)}\"" for b in found[:index]]
        held = [] if branch.condition is None else [f"\"{describe(branch.condition)}\""]
        words.append(f"a round where {' and '.join(earlier + held)} ({branch.word})")
    return words


def _pivot_side_named(game: Game, record: RoundRecord) -> bool | None:
    """Whether the side of the round's dealer (its first speaker without a dealer) won the hand, or under a ranking by
    places lost it; None when the hand names nobody so (a tie)."""
    result = record.result
    named = result["losers"] if "losers" in result else [] if result["winner"] is None else [result["winner"]]
    if not named:
        return None
    state = game.new_round(**record.setup)
    pivot = state.dealer if game.ruleset.has_dealer else state.first_speaker
    return state.seating.team_of[pivot] in named


def _round_before_another(game: Game, pool: list[RoundRecord]) -> tuple[RoundRecord, RoundState] | None:
    """The shortest round of `pool` after which the match goes on, replayed; None when every one ends it.

    A match of one round (`hands: 1 (1)`, or a target one round always reaches) has no
    next round, so its rotation rules are never decisive and get no case.
    """
    for record in sorted(pool, key=lambda r: len(r.history)):
        state = game.new_round(**record.setup)
        for seat, action in record.history:
            state.apply(seat, action)
        if not state.match_result()["over"]:
            return record, state
    return None


def opening_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """At the deal only the first to speak (or lead) may act; after the bidding, only the first leader."""
    if not rounds:
        return []
    rules = game.ruleset
    record = rounds[0]
    opening = ["rotation.first_speaker", "rotation.dealer"]
    if rules.bidding is None:
        opening.append("rotation.first_lead")
    if rules.trump_choice == "turned_card":
        opening.append("trump.choice")
    cases = _turn_case(game, record, 0, opening, "at the deal only the first to speak (or lead) may act")
    if rules.bidding is not None:
        played = [r for r in rounds if not r.result["void"] and not r.result["conceded"]]
        other = [r for r in played if r.result["contract"]["bidder"] != _first_speaker(game, r)]
        for pool, words in ((played, ""), (other, " (here the contract maker is not the first speaker)")):
            if pool:
                record = min(pool, key=lambda r: len(r.history))
                named = [i for i, (_, a) in enumerate(record.history) if a.startswith("trump ")]
                at = named[0] + 1 if named else _first_play(record)  # `trump.choice in_bid`: no trump action
                leads = {"holder": "the holder of the named card leads, whoever won the bidding",
                         "bid_winner": "the contract maker leads"}.get(rules.first_lead,
                                                                       "the first speaker leads, whoever won the bidding")
                cases += _turn_case(game, record, at, ["rotation.first_lead"], f"after the bidding {leads}" + words)
    return cases


def _first_speaker(game: Game, record: RoundRecord) -> int:
    return game.new_round(**record.setup).first_speaker


def _turn_case(game: Game, record: RoundRecord, at: int, rules: list[str], words: str) -> list[dict]:
    """Who may act after `at` actions (positive), and the refusal of another seat (negative)."""
    state = _state_after(game, record, at)
    actors = state.actors()
    steps = _applies(record.history[:at]) + [actors_step(state)]
    intruder = next((s for s in state.seating.in_play if s not in actors), None)  # a seat sitting out holds no card
    cases = [_case(record, steps, rules, "positive", words)]
    if intruder is None:  # every player may act (at two, the leader and the holder of the 7 to swap): none to refuse
        return cases
    attempt = "pass" if state.phase == "bidding" else "play " + state.observation(intruder)["hand"][0]
    refusal = _refusal_rule(state, intruder, attempt)
    if refusal:
        refused = _applies(record.history[:at]) + [refuse_step(state, intruder, attempt, refusal)]
        cases.append(_case(record, refused, rules + [refusal], "negative", f"{words}: seat {intruder} may not act yet"))
    return cases


def elimination_cases(game: Game, rounds: list[RoundRecord], next_deal) -> list[dict]:
    """`match.end elimination` with more players than `match.remaining` + 1: a player who loses its last hand is out,
    the match goes on, and the next round deals it no card (the deal passing it by)."""
    rules = game.ruleset
    if rules.match_end != "elimination" or rules.seats - 1 <= rules.match_remaining:
        return []
    for record in sorted(rounds, key=lambda r: len(r.history)):
        losers = [seat for seat, change in enumerate(record.result["score_changes"]) if change > 0]
        if not losers:
            continue
        scores = [rules.match_goal - 1 if seat == losers[0] else 0 for seat in range(rules.seats)]
        setup = dict(record.setup, scores=scores)
        state = _replayed(game, record, setup)
        result = state.match_result()
        dealt = next_deal(state)
        nxt = state.next_round(**dealt)
        steps = _applies(record.history) + [
            {"op": "match_result", "expect": result},
            {"op": "next_round", **dealt, "expect": {"dealer": nxt.dealer, "first_speaker": nxt.first_speaker}},
            actors_step(nxt),
        ]
        words = f"seat {losers[0]} loses its last hand and leaves the match; the others play on, and it is dealt no card"
        if len(losers) > 1:
            words += f" (seat {', '.join(map(str, losers[1:]))} also loses, with hands to spare)"
        return [_case(record, steps, ["match.end", "match.losses", "match.remaining"], "positive", words, setup)]
    return []


def sit_out_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`table.sit_out`: once the seat before the dealer has played in a trick, the next to play is the seat after it;
    the dealer, sitting out, may not play (positive: who acts; negative: the dealer's attempt refused)."""
    rules = game.ruleset
    if not rules.sit_out:
        return []
    for record in sorted(rounds, key=lambda r: len(r.history)):
        state = game.new_round(**record.setup)
        dealer, before = state.dealer, state.seating.last_dealt(state.dealer)
        for at, (seat, action) in enumerate(record.history, 1):
            state.apply(seat, action)
            if seat == before and action.startswith("play ") and state.trick_cards:
                steps = _applies(record.history[:at]) + [actors_step(state)]
                attempt = f"play {rules.card_text[state.hands[state.to_play][0]]}"
                refused = steps + [refuse_step(state, dealer, attempt, _refusal_rule(state, dealer, attempt))]
                words = f"the dealer (seat {dealer}) sits out of the round: after seat {before}, seat {state.to_play} plays"
                return [_case(record, steps, ["table.sit_out"], "positive", words),
                        _case(record, refused, ["table.sit_out"], "negative", words + ", and the dealer may not")]
    return []


def _refusal_rule(state, seat: int, action: str) -> str | None:
    from ..engine import IllegalAction

    try:
        state.clone().apply(seat, action)
    except IllegalAction as refusal:
        return refusal.rule_id
    return None


# Which rounds each scoring formula is evaluated on (by the round result).
FORMULA_ROUNDS = {
    "scoring.contract_made": lambda r: r["contract"] is not None and not r["void"],
    "scoring.made": lambda r: r["made"] is True,
    "scoring.made_defenders": lambda r: r["made"] is True,
    "scoring.failed": lambda r: r["made"] is False,
    "scoring.failed_defenders": lambda r: r["made"] is False,
    "scoring.winner": lambda r: r["made"] is None and r["winner"] is not None,
    "scoring.loser": lambda r: r["made"] is None and (r["winner"] is not None or bool(r.get("losers"))),
}


def formula_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """Every scoring formula checked on a round it scores, and each of its conditions on both sides.

    A condition inside a formula (the `C` of `A if C else B`, or the whole of a condition
    rule such as `scoring.contract_made`) gets a round where it holds and one where it does
    not, the nearest to its threshold when it compares two numbers.
    """
    cases = []
    for rule_id, expr, conditions in formula_conditions(game):
        pool = _formula_pool(game, rule_id, rounds)
        if not pool:
            continue
        if not conditions:
            record = min((r for r, _ in pool), key=lambda r: len(r.history))
            cases.append(result_case(record, [rule_id, "scoring.round"], "positive",
                                      f"{rule_id} scores the round: {describe(expr)}"))
        for condition in conditions:
            cases += _condition_sides(game, rule_id, condition, pool)
    return cases


def formula_conditions(game: Game) -> list[tuple[str, m.Expr, list[m.Expr]]]:
    """Each scoring formula of the spec: (rule id, its expression, the conditions it reads)."""
    found = []
    for rule_id in FORMULA_ROUNDS:
        rule = game.spec.rule(rule_id)
        if rule is None:
            continue
        expr = m.as_expr(rule.value)
        conditions = [expr] if rule_id == "scoring.contract_made" else [
            node.condition for node in m.expr_nodes(expr) if isinstance(node, m.IfElse)]
        found.append((rule_id, expr, conditions))
    return found


def _formula_pool(game: Game, rule_id: str, rounds: list[RoundRecord]) -> list[tuple[RoundRecord, object]]:
    """The rounds a formula scores, each with its final state."""
    applies = FORMULA_ROUNDS[rule_id]
    return [(record, state) for record, state in _finished(game, rounds) if applies(record.result)]


def unshown_condition_sides(game: Game, rounds: list[RoundRecord]) -> set[tuple[str, int, bool]]:
    """The sides of formula conditions that no round of `rounds` shows: (rule id, the condition's place, the side)."""
    shown = shown_condition_sides(game, ((state, None) for _, state in _finished(game, rounds)))
    return {(rule_id, place, side) for (rule_id, place), sides in shown.items() for side in (True, False) if side not in sides}


def shown_condition_sides(game: Game, finished: Iterable[tuple[RoundState, Container[str] | None]]
                          ) -> dict[tuple[str, int], set[bool]]:
    """(rule id, the condition's place) -> the sides the finished rounds show of each condition of a scoring formula,
    judged on each round the formula scores; `finished`: (a round's final state, the formula rules it checks, or None
    for every one).  The generator (`unshown_condition_sides`) and `touti coverage` (condition_sides.py) judge alike."""
    rules = game.ruleset
    names = Names(rules.suits, rules.ranks)
    tests = {(rule_id, place): compile_expr(condition, "round", names)
             for rule_id, _, conditions in formula_conditions(game) for place, condition in enumerate(conditions)}
    shown: dict[tuple[str, int], set[bool]] = {key: set() for key in tests}
    for state, checked in finished:
        if not tests:
            break
        result, facts = state.round_result(), round_facts(state)
        for (rule_id, place), test in tests.items():
            if (checked is None or rule_id in checked) and FORMULA_ROUNDS[rule_id](result):
                shown[rule_id, place].add(bool(test(state, None, facts)))
    return shown


def _finished(game: Game, rounds: list[RoundRecord]):
    """Each explored round with its final state (replayed once per call)."""
    for record in rounds:
        state = game.new_round(**record.setup)
        for seat, action in record.history:
            state.apply(seat, action)
        yield record, state


def _condition_sides(game: Game, rule_id: str, condition: m.Expr, pool) -> list[dict]:
    rules = game.ruleset
    names = Names(rules.suits, rules.ranks)
    test = compile_expr(condition, "round", names)
    margin = distance_to_threshold(condition, "round", names)
    best: dict[bool, tuple] = {}
    for record, state in pool:
        facts = round_facts(state)
        side = bool(test(state, None, facts))
        key = (margin(state, None, facts), len(record.history))
        if side not in best or key < best[side][0]:
            best[side] = (key, record)
    cases = []
    sentence = describe(condition)
    for side, (_, record) in sorted(best.items()):
        words = "holds" if side else "does not hold"
        cases.append(result_case(record, [rule_id, "scoring.round"], "positive" if side else "negative",
                                  f"{rule_id} on a round where \"{sentence}\" {words}"))
    return cases + _deciding_term_sides(game, rule_id, condition, pool)


def _deciding_term_sides(game: Game, rule_id: str, condition: m.Expr, pool) -> list[dict]:
    """Each comparison inside a condition of `and` / `or` (`points(winner) >= 121 or declarations(winner) == 0 and
    points(winner) >= 101`), on both of its sides where it decides the condition, at the round nearest its threshold
    (a winner without songs at 100, one at 101): the condition's own sides alone leave a limit read one off unseen."""
    cases = []
    for term in deciding_terms(game, condition):
        best: dict[bool, tuple] = {}
        for record, state in pool:
            near = term.side(state)
            if near is not None and (near[1] not in best or (near[0], len(record.history)) < best[near[1]][0]):
                best[near[1]] = ((near[0], len(record.history)), record)
        sentence = describe(term.compare)
        for side, (_, record) in sorted(best.items()):
            words = "holds" if side else "does not hold"
            cases.append(result_case(record, [rule_id, "scoring.round"], "positive" if side else "negative",
                                      f"{rule_id} on a round where \"{sentence}\" {words} and decides"))
    return cases


class DecidingTerm:
    """A comparison inside a condition of `and` / `or` / `not`, compiled once: on a finished round where it decides
    the condition (every other operand on its way lets its value through), how far from its threshold it stands and
    whether it holds."""

    def __init__(self, condition: m.Expr, compare: m.Compare, names: Names):
        self.compare = compare
        self._decides = decides_within(condition, compare, names)
        # a comparison inside another's numbers (`points(bidders) >= (100 if contract > 100 else contract)`) decides
        # nothing by itself: only its way through `and` / `or` / `not` / `if … else` is followed
        self.reachable = self._decides is not None
        self._test = compile_expr(compare, "round", names)
        self._distance = distance_to_threshold(compare, "round", names)

    def side(self, state) -> tuple[int, bool] | None:
        """(distance from the threshold, holds) on a finished round; None where the comparison does not decide."""
        facts = round_facts(state)
        if not self._decides(state, None, facts):
            return None
        return self._distance(state, None, facts), bool(self._test(state, None, facts))


def deciding_terms(game: Game, condition: m.Expr) -> list[DecidingTerm]:
    """The comparisons inside a condition of `and` / `or` / `not` (none for a lone comparison: its own sides do)."""
    names = Names(game.ruleset.suits, game.ruleset.ranks)
    terms = (DecidingTerm(condition, node, names) for node in comparisons_inside(condition))
    return [term for term in terms if term.reachable]


def comparisons_inside(condition: m.Expr) -> list[m.Compare]:
    """The comparisons of a condition of `and` / `or` / `not`, each to be shown where it decides it (none for a lone
    comparison: the condition's own sides show it)."""
    if isinstance(condition, m.Compare):
        return []
    return [node for node in m.expr_nodes(condition) if isinstance(node, m.Compare)]


def decides_within(node: m.Expr, term: m.Expr, names: Names, context: str = "round"):
    """Whether `term`, found inside `node`, decides its value: `f(state, seat, facts)` (the third argument is what the
    context's terms read: the round's facts, or nothing on a hand just dealt); None when it is not inside."""
    if node is term:
        return lambda state, seat, facts: True
    if isinstance(node, m.Not):
        return decides_within(node.operand, term, names, context)
    if isinstance(node, m.IfElse):
        return _decides_in_choice(node, term, names, context)
    if not isinstance(node, (m.All, m.Any_)):
        return None
    for index, operand in enumerate(node.operands):
        inner = decides_within(operand, term, names, context)
        if inner is None:
            continue
        others = [compile_expr(other, context, names) for at, other in enumerate(node.operands) if at != index]
        through = isinstance(node, m.All)  # the others all true let a term of `and` through, all false one of `or`
        return lambda state, seat, facts: inner(state, seat, facts) and all(
            bool(other(state, seat, facts)) == through for other in others)
    return None


def _decides_in_choice(node: m.IfElse, term: m.Expr, names: Names, context: str):
    """A term of a choice `A if C else B` (a kaput bid: `capote(bidders) if contract > 230 else points(bidders) >=
    contract`) decides it from C where the two branches differ, from the branch C picks otherwise."""
    inner = decides_within(node.condition, term, names, context)
    if inner is not None:
        then, otherwise = (compile_expr(branch, context, names) for branch in (node.then, node.otherwise))
        return lambda state, seat, facts: inner(state, seat, facts) and then(state, seat, facts) != otherwise(
            state, seat, facts)
    choose = compile_expr(node.condition, context, names)
    for branch, picked in ((node.then, True), (node.otherwise, False)):
        inner = decides_within(branch, term, names, context)
        if inner is not None:
            return lambda state, seat, facts: bool(choose(state, seat, facts)) == picked and inner(state, seat, facts)
    return None


def single_round_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`bidding.rounds: 1`: once every player has spoken once, the highest bid is the contract."""
    bidding = game.ruleset.bidding
    if bidding is None or not bidding.single_round:
        return []
    made = [r for r in rounds if r.result["contract"] is not None]
    if not made:
        return []
    record = min(made, key=lambda r: len(r.history))
    spoken = next(i for i, (_, action) in enumerate(record.history) if action.startswith("trump ")) \
        if any(a.startswith("trump ") for _, a in record.history) else _first_play(record)
    steps = _applies(record.history[:spoken]) + [actors_step(_state_after(game, record, spoken))]
    return [_case(record, steps, ["bidding.rounds"], "positive",
                  "each player speaks once: after the fourth speaker the highest bid is the contract")]


def rank_auction_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`bidding.bids: ranks`: a contract made and one failed at a bid on a rank (`bidding.rank_contract` points), and
    the same at a bid in points, made once the last rank was called (`bidding.bids`)."""
    bidding = game.ruleset.bidding
    if bidding is None or not bidding.rank_order:
        return []
    cases = []
    for rule, at_rank in (("bidding.rank_contract", True), ("bidding.bids", False)):
        played = [r for r in rounds if _margin(r.result) is not None
                  and (r.result["contract"]["amount"] == bidding.rank_contract) == at_rank]
        bid = f"a bid on a rank alone, a contract of {bidding.rank_contract}" if at_rank else "a bid in points after the last rank"
        for polarity, kept, verb in (("positive", [r for r in played if _margin(r.result) >= 0], "made"),
                                     ("negative", [r for r in played if _margin(r.result) < 0], "missed")):
            if kept:
                record = min(kept, key=lambda r: (abs(_margin(r.result)), len(r.history)))
                cases.append(result_case(record, [rule, "scoring.round"], polarity,
                                          f"{bid}: the contract {verb} by {abs(_margin(record.result))} point(s)"))
    return cases


def _first_play(record: RoundRecord) -> int:
    return next(i for i, (_, action) in enumerate(record.history) if action.startswith("play "))


def stock_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """The draw after a trick (the winner's new card is its own, the next player's is not), and the turned card.

    Under the stock the turned card is drawn last: the player who draws it may play it and
    the winner of that trick may not.  Set aside, it never reaches a hand: nobody may play it.
    """
    rules = game.ruleset
    if not rules.stock_size and rules.turned_place != "aside":
        return []
    played = sorted((r for r in rounds if r.trick_ends), key=lambda r: len(r.history))
    cases: list[dict] = []
    if played and rules.stock_size:
        record = played[0]
        timing = ["table.draw_time"] if game.spec.has("table.draw_time") else []  # when the draw comes, written
        cases += _drawn_cards_case(game, record, 1, ["table.draw", *timing], "after a trick each player draws, the winner first")
    if played and rules.stock_size and rules.turned_place == "under_stock":
        last_draw = rules.stock_size // rules.players
        # the first round that shows it: one ended at once (match.at_once) on that very trick shows nothing
        cases += next(filter(None, (_drawn_cards_case(
            game, record, last_draw, ["trump.turned", "table.draw"],
            "the turned card, under the stock, is drawn last, by the last player to draw", theirs_at=rules.stock_size - 1)
            for record in played if len(record.trick_ends) >= last_draw)), [])
    if played and rules.turned_place == "aside":
        record = played[0]
        state = game.new_round(**record.setup)
        seat = state.to_play
        attempt = f"play {rules.card_text[state.turned]}"
        steps = [refuse_step(state, seat, attempt, _refusal_rule(state, seat, attempt))]
        cases.append(_case(record, steps, ["trump.turned"], "negative", "the turned card is set aside: nobody holds it"))
    return cases


def dealt_turned_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """A written `trump.turned` that leaves the turned card in a hand (`dealer_hand`, or `aside` where the deal leaves
    no card over): the earliest round where its holder plays it, accepted.  Its own case, since no stock or card set
    aside shows the rule; a spec that leaves the rule unwritten gets none."""
    rules = game.ruleset
    if rules.turned_place != "dealer_hand" or rules.trump_choice != "turned_card" or not game.spec.has("trump.turned"):
        return []
    found = []
    for record in rounds:
        turned = rules.play_text[game.new_round(**record.setup).turned]
        end = next((i for i, (_, action) in enumerate(record.history) if action == turned), None)
        found += [(end, record)] if end is not None else []
    if not found:
        return []
    end, record = min(found, key=lambda pair: pair[0])
    seat = record.history[end][0]
    return [_case(record, _applies(record.history[: end + 1]), ["trump.turned"], "positive",
                  f"the turned card stays in the hand it was dealt to: seat {seat} plays it")]


def _drawn_cards_case(game: Game, record: RoundRecord, trick: int, rule_ids: list[str], words: str,
                      theirs_at: int | None = None) -> list[dict]:
    """After trick number `trick`: the winner, to lead, may play its drawn card but not another player's.

    The other card is the next player's draw, or the stock card at `theirs_at`."""
    rules = game.ruleset
    state = game.new_round(**record.setup)
    end = _through_draw(record, record.trick_ends[trick - 1])
    drawn_from = (trick - 1) * rules.players
    stock = list(state.stock)
    for seat, action in record.history[:end]:
        state.apply(seat, action)
    winner = state.last_trick_winner()
    if state.to_play != winner or len(stock) < drawn_from + 2:
        return []
    mine = rules.card_text[stock[drawn_from]]
    theirs = rules.card_text[stock[drawn_from + 1 if theirs_at is None else theirs_at]]
    history = _applies(record.history[:end])
    legal = state.legal_actions(winner)
    if f"play {mine}" not in legal:
        return []
    positive = history + [{"op": "legal", "seat": winner, "expect": legal}]
    refusal = _refusal_rule(state, winner, f"play {theirs}")
    cases = [_case(record, positive, rule_ids, "positive", f"{words}: seat {winner} leads with {mine} in hand")]
    if refusal:
        negative = history + [refuse_step(state, winner, f"play {theirs}", refusal)]
        cases.append(_case(record, negative, rule_ids, "negative", f"{words}: {theirs} went to the next player"))
    return cases


def _through_draw(record: RoundRecord, end: int) -> int:
    """The history length once the stock is drawn after the trick ending at `end`: `end` itself, or under
    `table.draw_time after_window` just after the trick winner's `draw` (and whatever its side made before it)."""
    return next((i + 1 for i in range(end, len(record.history)) if record.history[i][1] == "draw"
                 and not any(a.startswith("play ") for _, a in record.history[end:i])), end)


def draw_time_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """`table.draw_time after_window` at the last draw: the trick winner swaps the card of `trump.swap` for the turned
    card still under the stock, then draws; the other player draws the card it gave, which the winner may not play.
    Drawn right after the trick, the turned card would be in the other hand already and the swap refused."""
    rules = game.ruleset
    if not rules.draw_after_window or rules.turned_place != "under_stock" or rules.swap_rank is None:
        return []
    last_draw = rules.stock_size // rules.players
    for record in sorted((r for r in rounds if len(r.trick_ends) >= last_draw), key=lambda r: len(r.history)):
        end = record.trick_ends[last_draw - 1]
        state = _state_after(game, record, end)
        winner = state.to_play
        if not state.draw_pending() or "swap" not in state.legal_actions(winner):
            continue
        given = rules.play_text[rules.rank_cards[state.swap_card_rank()][state.trump_suit]]
        taken = rules.card_text[state.exposed_card()]
        steps = _applies(record.history[:end]) + [{"op": "apply", "seat": winner, "action": "swap"},
                                                  {"op": "apply", "seat": winner, "action": "draw"}]
        state.apply(winner, "swap")
        state.apply(winner, "draw")
        steps += [{"op": "legal", "seat": winner, "expect": state.legal_actions(winner)},
                  refuse_step(state, winner, given, _refusal_rule(state, winner, given))]
        words = (f"at the last draw seat {winner}, who won the trick, swaps for {taken} before drawing: the other "
                 f"player draws {given.split(' ', 1)[1]}")
        return [_case(record, steps, ["table.draw_time", "trump.swap_window"], "positive", words)]
    return []


def window_cases(game: Game, rounds: list[RoundRecord]) -> list[dict]:
    """A call window closes with the bidding: during the trump choice a seat that called off-turn may call no more."""
    calls = {call.name: call for call in game.ruleset.calls}
    for record in sorted(rounds, key=lambda r: len(r.history)):
        trump_at = next((i for i, (_, a) in enumerate(record.history) if a.startswith("trump ")), None)
        caller = _last_off_turn_call(game, record, trump_at, calls) if trump_at is not None else None
        if caller is None:
            continue
        seat, action = caller
        state = _state_after(game, record, trump_at)
        name = action.split(" ", 1)[0]
        failing = [rule for rule, test in calls[name].requirements if not _holds(test, state, seat)]
        tags = failing[:1] or [f"{name}.values"]  # the first requirement the closed window breaks
        steps = _applies(record.history[:trump_at]) + [actors_step(state), {"op": "legal", "seat": seat, "expect": state.legal_actions(seat)}]
        steps.append(refuse_step(state, seat, action, _refusal_rule(state, seat, action)))
        words = f"the window of `{action}` closes with the bidding: during the trump choice seat {seat} may call no more"
        return [_case(record, steps, tags, "negative", words)]
    return []


def _last_off_turn_call(game: Game, record: RoundRecord, end: int, calls: dict) -> tuple[int, str] | None:
    """The last call of the bidding made by a seat whose turn it was not (a signal on the partner's turn)."""
    state = game.new_round(**record.setup)
    found = None
    for seat, action in record.history[:end]:
        if action.split(" ", 1)[0] in calls and state.observation(seat)["bidding"]["turn"] != seat:
            found = (seat, action)
        state.apply(seat, action)
    return found


def _holds(test, state, seat: int) -> bool:
    try:
        return bool(test(state, seat, None))  # as the engine asks a call's requirements
    except Exception:  # noqa: BLE001 - a bidding predicate asked after the bidding: it does not hold
        return False
