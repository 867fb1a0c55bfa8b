"""A claim: a player shows the rest of the hand and claims every remaining trick for its side, or announces a condition.

The claim is a statement that may be wrong.  It is offered whenever `claim.window` and the
claim section's `require` lines allow it; only when it is applied does the engine decide
whether it holds: the claimant's side wins every remaining trick whatever the others
legally play (every hand is known; the claimant's side plays its best).  A claim that
holds gives the claimant's side every remaining card (hands and the trick in progress)
as card points, and the last trick.  One that does not costs what `claim.false` says:
`opponents_take_rest` gives all that to the other side (tables of two sides), `play_on`
leaves the play as it was and bars the side from claiming again this round.

The check (`holds`) is an AND-OR search over the legal plays, under the spec's play
duties: at a seat of the claimant's side one card that keeps every trick is enough, at
another seat every legal card must keep them; it stops at the first trick lost or at the
first card that settles a node, remembers the positions it has settled, and tries only
one of the cards that are adjacent in strength, of the same suit and worth the same, among
the cards still out (as double-dummy solvers do: for winning every trick they are the
same card).  It refutes at once a side short of trumps (`Search._too_few_trumps`), tries
the weakest cards first, and where no duty reads what the cards are worth, tells positions
and cards apart without their points (`Search`).  Declarations, swaps and concessions are not plays: the search ignores them,
and a claim is never possible while cards are left to draw or the swap may still be made,
so the hands are all that is left to play.

A claim of a condition (`claim.holds` written as one, an announcement such as "we have
reached 101") is judged at once, for the claimant's side, on the round so far (as
`match.at_once` judges its condition: at_once.round_so_far): it needs no hand to be
known, so the stock and the swap do not close its window.  It is at stake with the hand or
the game (`claim.false loses_hand / loses_game`): one that holds ends the round and wins
it for the claimant's side, one that does not for the other side; the cards not yet played
count for nobody.  A claim of the rest with `loses_hand` / `loses_game` that does not hold
costs the same.
"""

from __future__ import annotations

from operator import attrgetter

from . import play
from .predicates import beats_winner as _beats_winner
from .errors import IllegalAction, play_phase_refusal

WINDOW, FALSE = "claim.window", "claim.false"
# A claim of the rest is searched over the tricks left: well under a second with five or fewer (bench/bench_claim.py),
# up to about a second from the first trick of a Tute (the plain search took up to minutes there).  The random players
# still claim only in the last five tricks: the rounds they play, and so the generated suites, stay as they were.
CHEAP_CLAIM_TRICKS = 5


def costly(st) -> bool:
    """Whether deciding a claim here may take seconds or more: a claim of the rest with more than CHEAP_CLAIM_TRICKS
    tricks left (a claim of a condition is judged at once).  Random players (the case generator's explorer, touti fuzz,
    touti play) claim only where it is cheap, so that the reference answers every round they play in time."""
    claim = st.rules.claim
    return claim is not None and claim.holds_test is None and st.seating.deal.tricks - st.tricks_played > CHEAP_CLAIM_TRICKS


def refusal(st, seat: int) -> tuple[str, str] | None:
    """Why `seat` may not claim now, or None."""
    rules = st.rules
    found = play_phase_refusal(st, "a claim is possible only during the play") or window_refusal(st, seat)
    if found is not None:
        return found
    if barred(st, seat):
        return FALSE, "your side's claim did not hold: it may not claim again this round"
    for rule_id, test in rules.requirements.get("claim", ()):
        if not test(st, seat, None):
            return rule_id, f"a claim needs: {rules.requirement_text[rule_id]}"
    return None


def window_refusal(st, seat: int) -> tuple[str, str] | None:
    """`claim.window`: the seat to lead (or to play), no card left to draw, no swap still to come."""
    if seat != st.to_play:
        return WINDOW, "only the player whose turn it is to play may claim"
    if st.rules.claim.window == "to_lead" and st.trick_cards:
        return WINDOW, "a claim is made before leading a trick"
    if st.rules.claim.holds_test is not None:  # a condition on the round so far: no hand needs to be known
        return None
    if st.stock:
        return WINDOW, "cards are still to be drawn: the rest of the hand is not known"
    if swap_to_come(st):
        return WINDOW, "the trump swap may still be made"
    return None


def swap_to_come(st) -> bool:
    """Whether the trump swap may still change a hand this round: its window still to come, and its card still in a
    hand that may make it (not played, not the turned card itself, not in the hand the turned card lies in)."""
    rules = st.rules
    if rules.swap_rank is None or st.swapped >= rules.swap_links:
        return False
    if "after_team_trick" in rules.swap_windows:  # until the turned card is drawn, or played by the dealer holding it
        if not st.swap_card_left():  # (always there before the first lead: that window adds nothing)
            return False
    elif st.tricks_played or st.trick_cards:
        return False
    return _swap_card_held(st)


def _swap_card_held(st) -> bool:
    """Whether a hand that may exchange it holds the card of trumps that would take the turned card (the card of the
    link to come of a chain); its `require` lines, which may hold later, are not read."""
    rules = st.rules
    rank = st.swap_card_rank()
    if rank not in rules.rank_cards or rules.card_rank[st.exposed_card()] == rank:
        return False
    wanted = rules.rank_cards[rank][st.trump_suit]
    holder = next((seat for seat, hand in enumerate(st.hands) if wanted is not None and wanted in hand), None)
    if holder is None:  # played, taken out of the deck (or still to draw: a claim waits for the stock anyway)
        return False
    return not (st.seating.deal.turned_place == "dealer_hand" and holder == st.seating.last_dealt(st.dealer))


def barred(st, seat: int) -> bool:
    """`play_on`: the seat's side has made a claim that did not hold this round."""
    team_of = st.seating.team_of
    return any(not held and team_of[claimant] == team_of[seat] for claimant, _, held in st.claims)


def apply(st, seat: int, round_so_far) -> None:
    """Judge the claim and apply what it gives; `round_so_far(st)` is the round as a condition of it reads it."""
    rules = st.rules.claim
    team = st.seating.team_of[seat]
    if rules.holds_test is None:
        held = holds(st, team)
    else:
        held = bool(rules.holds_test(st, seat, round_so_far(st)))
    st.claims.append((seat, st.tricks_played, held))
    if held and rules.holds_test is None:
        _give_rest(st, team)
    elif rules.stake is not None:  # the hand or the game, won by the side stake_winner names
        st.window_team = None
        st.phase, st.to_play = "done", None
    elif not held and rules.false == "opponents_take_rest":
        _give_rest(st, _other_side(st, team))


def _other_side(st, team: int) -> int:
    return next(t for t in range(st.rules.sides) if t != team)


def _give_rest(st, team: int) -> None:
    points = st.rules.card_points
    st.card_points[team] += sum(points[c] for hand in st.hands for c in hand) + sum(points[c] for c in st.trick_cards)
    st.last_trick_team = team
    st.window_team = None
    st.phase, st.to_play = "done", None


def ending(st) -> tuple[int, bool] | None:
    """The claim that ended the round, as (claimant seat, held), or None."""
    if not st.claims or st.phase != "done":
        return None
    seat, _, held = st.claims[-1]
    return (seat, held) if held or st.rules.claim.false != "play_on" else None


def rest_side(st) -> int | None:
    """The side that took the remaining tricks by a claim, or None (none, or a claim that won or lost at once)."""
    ended = ending(st)
    if ended is None:
        return None
    team = st.seating.team_of[ended[0]]
    if ended[1] and st.rules.claim.holds_test is None:
        return team
    return _other_side(st, team) if not ended[1] and st.rules.claim.false == "opponents_take_rest" else None


def stake_winner(st) -> int | None:
    """The side a claim that ended the round won the hand (or the game) for at once (claim.false loses_hand /
    loses_game): the claimant's, for a claim of a condition that held; the other side, for a claim that did not."""
    ended = ending(st)
    if ended is None or st.rules.claim.stake is None or rest_side(st) is not None:
        return None
    team = st.seating.team_of[ended[0]]
    return team if ended[1] else _other_side(st, team)


def rest_taker(st) -> int | None:
    """The seat that counts as winning the last trick of a claimed round: the claimant, or the next opponent dealt in
    (never a seat sitting the round out, `table.sit_out`, nor one out of the match)."""
    ended = ending(st)
    if ended is None or rest_side(st) is None:
        return None
    seat, held = ended
    if held:
        return seat
    team_of, following = st.seating.team_of, st.seating.next_seat  # the round's turns: by a seat not dealt in
    other = following[seat]
    while team_of[other] == team_of[seat]:
        other = following[other]
    return other


def remaining_tricks(st) -> int:
    """The tricks a claim that ended the round gave away (0 without one)."""
    return st.seating.deal.tricks - len(st.tricks) if rest_side(st) is not None else 0


def refuse(st, seat: int) -> None:
    raise IllegalAction(*refusal(st, seat))


# ---------------------------------------------------------------- the search


class Search:
    """Whether `team` wins every remaining trick of a position, counting the nodes visited.

    The quick search (the default) adds to the plain one what only makes it sooner, never otherwise (each proven
    in its docstring, and checked against the plain search on random positions of every bundled spec and example:
    tests/engine/test_claim_search.py): the trump count (`_too_few_trumps`), the weakest cards tried first
    (`_choices`) and positions told apart without the cards' points where no duty reads them (`_key`).  From the
    first lead of a Tute it decides a claim in at most about a second (bench/bench_claim.py --first-trick).
    """

    def __init__(self, st, team: int, merge: bool | None = None, quick: bool = True, points_blind: bool | None = None):
        self.sim = st.clone()
        self.team = team
        self.team_of = st.seating.team_of
        self.memo: dict = {}
        self.nodes = 0
        rules = st.rules
        self.suit, self.strength, self.points = rules.card_suit, rules.card_strength, rules.card_points
        # merging cards is sound only while no duty condition tells cards apart beyond suit, strength and points
        self.merge = rules.claim.merge_adjacent if merge is None else merge
        # quick: the trump count, the weakest cards first and, where no duty reads what the cards are worth
        # (points_blind), positions and runs of cards told apart without their points; False is the plain search, kept
        # for the differential tests (tests/engine/test_claim_search.py): both give every verdict alike
        self.quick = quick
        # the round ends only when every hand is played out: no condition of match.at_once may end it on the way
        self.whole_round = rules.at_once_test is None
        if points_blind is None:
            points_blind = rules.claim is not None and rules.claim.points_blind
        self.worth = (0,) * len(self.points) if quick and points_blind and self.whole_round else self.points
        self.rank_order = [(s, strength) for s, strength in zip(self.suit, self.strength)]  # suit, then strength
        self.by_strength = sorted(range(len(self.suit)), key=self.rank_order.__getitem__)  # the deck in that order
        self.place = {card: index for index, card in enumerate(self.by_strength)}

    def run(self) -> bool:
        if self.sim.phase != "play":
            return True
        return self._holds()

    def _key(self) -> tuple:
        """The position; between tricks, with merging, only the order of the cards out counts (not which cards).

        Nor, in the quick search where no duty reads what the cards are worth (`worth` all 0: `points_blind`, and no
        condition of match.at_once to end the round on the points won), their points: who may play what is then
        decided by the suits, the order of strength and who holds each card (the duty filters and terms of
        play.py and predicates.py compare strengths within a suit, and the merged cards are told apart by nothing
        else), and so is who wins each trick (play.add_card): two positions alike in those are alike for the claim.
        """
        sim = self.sim
        if sim.trick_cards or not self.merge:
            return tuple(tuple(hand) for hand in sim.hands), tuple(sim.trick_cards), sim.to_play
        owned = sorted(((self.suit[c], -self.strength[c], seat, self.worth[c])
                        for seat, hand in enumerate(sim.hands) for c in hand))
        return tuple((suit, seat, points) for suit, _, seat, points in owned), sim.to_play

    def _lost_to_top_trump(self) -> bool:
        """The strongest trump still out is the others': whenever it is played, it wins its trick."""
        sim, trump = self.sim, self.sim.trump_suit
        best = max(((self.strength[c], seat) for seat, hand in enumerate(sim.hands) for c in hand if self.suit[c] == trump),
                   default=None)
        return best is not None and self.team_of[best[1]] != self.team

    def _all_winners(self) -> bool:
        """Every card of the claimant's side beats every card the others could play with it.

        A trump above all of the others' trumps, or, when they hold no trump, a card above all of
        theirs of its suit: whoever of the side leads, the lead wins, so every trick is the side's.
        """
        sim, suit, strength, trump = self.sim, self.suit, self.strength, self.sim.trump_suit
        theirs: dict[int, int] = {}
        for seat, hand in enumerate(sim.hands):
            if self.team_of[seat] != self.team:
                for c in hand:
                    theirs[suit[c]] = max(theirs.get(suit[c], -1), strength[c])
        trumped = trump in theirs
        return all(strength[c] > theirs.get(suit[c], -1) and (suit[c] == trump or not trumped)
                   for seat, hand in enumerate(sim.hands) if self.team_of[seat] == self.team for c in hand)

    def _too_few_trumps(self) -> bool:
        """Some opponent holds more trumps of at least some strength than the claimant's side holds of that strength.

        Sound for any spec (the trick winner is play.add_card's; the duties do not matter): between tricks, every
        card of the hands is played before the round ends (one card from each seat dealt in per trick, and no card
        is left to draw), so an opponent's trumps of strength >= x are played in as many distinct tricks.  A trick
        holding a trump is won by its strongest trump, the first one played among equals: for the side to win it,
        that is a trump of the side's of strength >= x, a different one in each of those tricks.  So a side that
        wins every trick holds, for every x, at least as many trumps of strength >= x as any one opponent does.
        Checking each opponent trump's strength as x is enough (the counts change only there).
        """
        sim, trump = self.sim, self.sim.trump_suit
        if trump is None:
            return False
        suit, strength, team_of = self.suit, self.strength, self.team_of
        ours: list[int] = []
        theirs: list[list[int]] = []
        for seat, hand in enumerate(sim.hands):
            trumps = [strength[c] for c in hand if suit[c] == trump]
            if team_of[seat] == self.team:
                ours += trumps
            elif trumps:
                theirs.append(trumps)
        return any(sum(s >= x for s in ours) < sum(t >= x for t in trumps)
                   for trumps in theirs for x in trumps)

    def _holds(self) -> bool:
        self.nodes += 1
        sim, seat = self.sim, self.sim.to_play
        # the quick search remembers only positions between tricks: one in a trick is met again almost never (none
        # in 55 k on Atlas Carta's worst deal), and its key, every hand as it is, costs more than it saves
        key = self._key() if not (self.quick and sim.trick_cards) else None
        known = self.memo.get(key)
        if known is not None:
            return known
        if not sim.trick_cards:
            if self._lost_to_top_trump() or (self.quick and self.whole_round and self._too_few_trumps()):
                self.memo[key] = False
                return False
            if self._all_winners():
                self.memo[key] = True
                return True
        ours = self.team_of[seat] == self.team
        result = not ours  # ours: no card keeps every trick; theirs: every card does
        for card in self._choices(seat, play.narrow(sim, seat), ours):
            if self._keeps_all(seat, card) == ours:
                result = ours
                break
        if key is not None:
            self.memo[key] = result
        return result

    def _keeps_all(self, seat: int, card: int) -> bool:
        """Play `card`, see whether the team still wins every trick, and take it back."""
        sim = self.sim
        saved = _save(sim, seat, card)
        sim._apply_play(seat, card)
        if sim.tricks_played > saved[-1] and self.team_of[sim.tricks[-1][2]] != self.team:
            kept = False
        else:
            kept = sim.phase != "play" or self._holds()
        _restore(sim, saved)
        return kept

    def _choices(self, seat: int, cards: list[int], ours: bool) -> list[int]:
        """One card of each run of equivalent cards, those that would win the trick first, then the strongest first
        (the plain search) or the weakest first, trumps last (the quick one).

        The order only makes the search stop sooner (every legal card is tried before a node is settled the other
        way, so no verdict depends on it): the claimant's side most often keeps a trick by winning it at once, and
        the others most often break the claim by winning one, or else by keeping their high cards for a later trick,
        which the weakest first finds without proving lines to the end first (Tute's worst deal from the first lead:
        3.8 M positions strongest first, 67 k weakest first).
        """
        if self.merge and len(cards) > 1:
            cards = self._runs_led_by(seat, cards) if self.quick else self._one_per_run(seat, cards)
        sim, trump, suit, strength = self.sim, self.sim.trump_suit, self.suit, self.strength
        if self.quick:
            return sorted(cards, key=lambda c: (not _beats_winner(sim, c) if sim.trick_cards else 0,
                                                suit[c] == trump, strength[c]))
        return sorted(cards, key=lambda c: (not _beats_winner(sim, c) if sim.trick_cards else 0,
                                            suit[c] != trump, -strength[c]))

    def _one_per_run(self, seat: int, cards: list[int]) -> list[int]:
        sim, suit, strength, points = self.sim, self.suit, self.strength, self.worth
        # the cards still out elsewhere: the player's own cards never meet its other cards in a trick
        out = [c for other, hand in enumerate(sim.hands) if other != seat for c in hand] + list(sim.trick_cards)
        kept: list[int] = []
        for card in cards:
            if any(suit[k] == suit[card] and points[k] == points[card] and _adjacent(k, card, out, suit, strength)
                   for k in kept):
                continue
            kept.append(card)
        return kept


    def _runs_led_by(self, seat: int, cards: list[int]) -> list[int]:
        """`_one_per_run` in one pass over the cards in order of strength (the quick search): a card is left out when
        the one below it is of its suit and worth and no card still out lies between them, so it is adjacent to a
        card kept, through a chain of such cards."""
        suit, strength, worth = self.suit, self.strength, self.worth
        kept, below = [], None
        for card in sorted(cards, key=self.rank_order.__getitem__):
            if (below is None or suit[below] != suit[card] or worth[below] != worth[card]
                    or self._out_between(seat, below, card)):
                kept.append(card)
            below = card
        return kept

    def _out_between(self, seat: int, low: int, high: int) -> bool:
        """Whether a card still out of their suit, not the seat's, lies strictly between `low` and `high` in strength."""
        sim, strength = self.sim, self.strength
        hands, own, bottom, top = sim.hands, sim.hands[seat], strength[low], strength[high]
        return any(bottom < strength[c] < top and c not in own and (c in sim.trick_cards or any(c in h for h in hands))
                   for c in self.by_strength[self.place[low] + 1:self.place[high]])


def _adjacent(a: int, b: int, out: list[int], suit, strength) -> bool:
    """No card still out of that suit lies strictly between `a` and `b` in strength."""
    low, high = sorted((strength[a], strength[b]))
    s = suit[a]
    return not any(suit[c] == s and low < strength[c] < high for c in out)


# What playing a card changes in a state (stock empty: nothing is drawn), saved and put back by the search.
_SAVED = ("led_suit", "best_led", "best_led_card", "best_trump", "best_trump_card", "trick_winner", "to_play",
          "window_team", "window_count", "last_trick_team", "phase")


_saved_values = attrgetter(*_SAVED)


def _save(sim, seat: int, card: int) -> tuple:
    # the trick's lists are only appended to (a new trick gets new lists): their lengths are enough to put them back
    return (_saved_values(sim), sim.trick_seats, len(sim.trick_seats), sim.trick_cards, list(sim.card_points),
            seat, sim.hands[seat].index(card), card, len(sim.tricks), sim.tricks_played)


def _restore(sim, saved: tuple) -> None:
    values, trick_seats, played, trick_cards, card_points, seat, index, card, tricks, tricks_played = saved
    for name, value in zip(_SAVED, values):
        setattr(sim, name, value)
    del trick_seats[played:], trick_cards[played:]
    sim.trick_seats, sim.trick_cards, sim.card_points = trick_seats, trick_cards, card_points
    sim.hands[seat].insert(index, card)
    del sim.tricks[tricks:]
    sim.tricks_played = tricks_played


def holds(st, team: int) -> bool:
    """Whether `team` wins every remaining trick whatever the others legally play (see module docstring)."""
    return Search(st, team).run()
