"""RoundState: one round of a game, as a state machine driven by action texts.

Several seats may act at once (a signal on the partner's turn, either partner declaring
after a won trick, a concession vote), so the interface is `actors()` and
`legal_actions(seat)` for any seat, and `apply(seat, action)`.  Legal actions are
computed once per state and cached; an action not in the legal list is refused with the
rule that forbids it, computed only then, and the state is left untouched.

Phases: "bidding" (when the spec has one), "widow" (the bid winner takes or leaves the
widow, and puts cards aside: widow.py), "trump" (the contract maker names trumps, or calls
a card that names them and its partner: called.py),
"play" (which also hosts the trump swap, declarations and concessions), "done".  There is
no separate "swap" phase: the swap is an extra legal action of the holder of the
`trump.swap` card in its window (while no card has been played, or after a trick won by the
holder's side while the turned card is still there to take), so the player to lead and the
holder may both be actors.
"""

from __future__ import annotations

from bisect import insort

from . import at_once, bidding, called, claim, concession, ghna, play, redeal, scoring, widow
from .errors import CONCESSION_PENDING, DRAW_TIME, NOT_HELD, PHASE, TURN_ORDER, IllegalAction
from .text import parse_action

# Every attribute of the state, in to_json order; "rules" and the cache are not state.
FIELDS = (
    "phase", "dealer", "first_speaker", "seed", "scores", "games", "cotos", "played", "hands", "stock", "history",
    "turn", "out", "spoken", "high", "high_bidder", "high_suit", "high_rank", "calls_made", "push_min",
    "trump_suit", "turned", "swapped", "contract_team", "contract_bidder", "contract_amount", "contract_rank",
    "to_play", "trick_seats", "trick_cards", "tricks", "card_points", "last_trick_team", "tricks_played",
    "window_team", "window_count", "declared_suits", "declarations", "ghna_points", "held_credit",
    "concede_pending", "concede_trick", "void", "conceded", "tute_team", "seating", "lent", "claims",
    "at_once_team", "widow", "discards", "widow_taker", "called_card", "called_holder",
    "carried",
)
TRICK_CACHE = ("led_suit", "best_led", "best_led_card", "best_trump", "best_trump_card", "trick_winner")
# the score changes of a finished round, once scoring.round_result has worked them out (None until then)
RESULT_CACHE = ("final_changes",)


class RoundState:
    """The full state of one round (see module docstring)."""

    __slots__ = ("rules", "_legal", *FIELDS, *TRICK_CACHE, *RESULT_CACHE)

    # ---------------------------------------------------------------- queries

    def actors(self) -> list[int]:
        """Sorted seats with at least one legal action."""
        if self.phase == "play" and self._only_the_player_acts():
            return [self.to_play]
        return [seat for seat in range(self.rules.seats) if self._legal_list(seat)]

    def _only_the_player_acts(self) -> bool:
        """No vote, no declaration window, no swap possible: only the seat to play may act (fast path)."""
        if self.concede_pending is not None or self.window_team is not None or self.rules.concession_any_defender:
            return False  # (either defender may propose a concession at any time: the other may act too)
        if self.rules.redeal is not None and redeal.window_open(self):
            return False
        if self.rules.pre_lead_window and not self.tricks_played and not self.trick_cards:
            return False
        return self.rules.swap_rank is None or self.swapped >= self.rules.swap_links or not self._swap_window_open()

    def _swap_window_open(self) -> bool:
        """Whether a swap could be made now by someone: in a window of `trump.swap_window` (before the first lead,
        after a won trick, or either)."""
        windows = self.rules.swap_windows
        if self._before_first_card(windows):
            return True
        return "after_team_trick" in windows and self.window_team is not None and self.swap_card_left()

    def swap_card_left(self) -> bool:
        """Whether the turned card is still there for a swap to take: under the stock until the stock is drawn, set
        aside always, in the dealer's hand until the dealer plays it (before the first lead it is always there)."""
        place = self.seating.deal.turned_place
        if place == "under_stock":
            return bool(self.stock)
        if place == "dealer_hand":
            return self.turned in self.hands[self.seating.last_dealt(self.dealer)]
        return True

    def draw_pending(self) -> bool:
        """Whether the stock waits for the trick winner's `draw` (`table.draw_time after_window`): from the end of a
        trick, while its winner's side may still swap and declare, until the winner draws, which closes that window."""
        return self.rules.draw_after_window and self.window_team is not None and bool(self.stock)

    def legal_actions(self, seat: int) -> list[str]:
        """The legal action texts of `seat`, in the canonical order of text.py."""
        return list(self._legal_list(_seat(seat, self.rules.seats)))

    def is_terminal(self) -> bool:
        return self.phase == "done"

    def round_result(self) -> dict:
        """The result of a finished round (the wire format of scoring.py); ValueError before the end."""
        if self.phase != "done":
            raise ValueError("the round is not over: round_result() needs a terminal state")
        return scoring.round_result(self)

    def match_result(self) -> dict:
        """Match scores, whether the match is over, and its winner (see scoring.py)."""
        return scoring.match_result(self)

    @property
    def trump(self) -> str | None:
        return None if self.trump_suit is None else self.rules.suits[self.trump_suit]

    @property
    def contract(self) -> dict | None:
        if self.contract_team is None:
            return None
        contract = {"team": self.contract_team, "bidder": self.contract_bidder, "amount": self.contract_amount}
        if self.rules.bidding is not None and self.rules.bidding.rank_order:  # an auction on ranks: the contract's rank, the called card's
            contract["rank"] = self.contract_rank
        return contract

    def last_trick_winner(self) -> int | None:
        return self.tricks[-1][2] if self.tricks else None

    # ---------------------------------------------------------------- legal actions

    def _legal_list(self, seat: int) -> list[str]:
        cache = self._legal
        found = cache[seat]
        if found is None:
            found = cache[seat] = self._compute_legal(seat)
        return found

    def _compute_legal(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == "play":
            found = self._play_phase_legal(seat)
        elif phase == "bidding":
            found = bidding.legal(self, seat)
        elif phase == "trump" and self.rules.call_text:
            found = called.legal(self, seat) + called.instead_legal(self, seat)
        elif phase == "trump":
            found = [f"trump {s}" for s in self.rules.suits] + called.instead_legal(self, seat) if seat == self.contract_bidder else []
        elif phase == "widow":
            found = widow.legal(self, seat)
        else:
            found = []
        if self.rules.redeal is not None and redeal.offered(self, seat):
            found = found + ["redeal"]  # the last kind of the canonical order (text.py)
        return found

    def _play_phase_legal(self, seat: int) -> list[str]:
        if self.concede_pending is not None:
            return ["agree", "refuse"] if seat == concession.voter(self) else []
        rules = self.rules
        actions = []
        if rules.swap_rank is not None and self.swapped < rules.swap_links and self._swap_refusal(seat) is None:
            actions.append("swap")
        to_play = seat == self.to_play
        swap_first = to_play and rules.swap_compulsory and self.swap_due() is not None  # neither a card nor the draw
        drawing = to_play and self.draw_pending()
        if to_play and not drawing and not swap_first:
            text = rules.play_text
            actions.extend([text[c] for c in play.narrow(self, seat)])
        if self.window_team == self.seating.team_of[seat] or (rules.pre_lead_window and ghna.before_first_lead(self)):
            actions.extend(ghna.legal(self, seat))
        if (to_play or rules.concession_any_defender) and rules.concession is not None and concession.can_propose(self, seat):
            actions.append("concede")
        if to_play and rules.claim is not None and claim.refusal(self, seat) is None:
            actions.append("claim")
        if drawing and not swap_first:
            actions.append("draw")  # the last kind of the canonical order (text.py)
        return actions

    def _swap_refusal(self, seat: int) -> tuple[str, str] | None:
        rules = self.rules
        rank = rules.swap_rank
        if rank is None or self.phase != "play":
            return PHASE, "no swap is possible now"
        if self.concede_pending is not None:
            return CONCESSION_PENDING
        windows = rules.swap_windows
        if "after_team_trick" in windows:
            if self.swapped >= rules.swap_links:
                return "trump.swap", "the swap is possible once a round" if not rules.swap_chain else (
                    "every swap of the chain has been made this round")
            refused = None if self._before_first_card(windows) else self._late_swap_refusal(seat)
            if refused is not None:
                return refused
        elif self.swapped >= rules.swap_links or self.tricks_played or self.trick_cards:
            rule_id = "trump.swap" if self.swapped >= rules.swap_links else rules.late_swap_rule
            return rule_id, "the swap is possible once, before the first card of the round is played" if not (
                rules.swap_chain) else "the swaps of the chain are made before the first card of the round is played"
        if self.seating.deal.turned_place == "dealer_hand" and seat == self.seating.last_dealt(self.dealer):
            return "trump.swap", ("the dealer cannot swap: the turned card is already in the dealer's hand" if seat == self.dealer
                                  else "the turned card, dealt last, is already in your hand: you cannot swap")
        rank = self.swap_card_rank()
        if rank not in rules.rank_cards:
            return "trump.swap", "no card may be exchanged for this turned card"
        if rules.card_rank[self.exposed_card()] == rank:
            return "trump.swap", f"the turned card is itself the {rank} of trumps"
        wanted = rules.rank_cards[rank][self.trump_suit]
        if wanted is None:  # `deck.removed` took that card out
            return "trump.swap", "no card may be exchanged for this turned card: the deck has no such card"
        if wanted not in self.hands[seat]:
            return "trump.swap", f"you must hold {rules.card_name[wanted]} to swap it"
        for rule_id, test in rules.requirements.get("trump", ()):
            if not test(self, seat, None):
                return rule_id, f"the swap needs: {rules.requirement_text[rule_id]}"
        return None

    def _before_first_card(self, windows: frozenset) -> bool:
        """Whether the window before the first lead is a window of the swap and still open."""
        return "before_first_lead" in windows and not (self.tricks_played or self.trick_cards)

    def _late_swap_refusal(self, seat: int) -> tuple[str, str] | None:
        """Why a swap after a won trick is refused now: no trick won by the seat's side just before, or the turned
        card no longer there to take."""
        if self.window_team != self.seating.team_of[seat]:
            early = "before the first lead or " if "before_first_lead" in self.rules.swap_windows else ""
            return "trump.swap_window", (f"the swap is possible only {early}after a trick won by your side, before the "
                                         "next lead")
        if not self.swap_card_left():
            return "trump.swap_window", ("the turned card has been drawn: the stock is empty"
                                         if self.seating.deal.turned_place == "under_stock" else
                                         "the turned card has been played: it can no longer be taken")
        return None

    def swap_due(self) -> int | None:
        """The seat that must swap before any card is played (`trump.swap_duty compulsory`), if one must now."""
        if not self.rules.swap_compulsory or self.swapped >= self.rules.swap_links or not self._swap_window_open():
            return None
        return next((seat for seat in range(self.rules.seats) if self._swap_refusal(seat) is None), None)

    def swap_card_rank(self) -> int:
        """The rank of trumps that may be exchanged for the turned card (a formula may make it depend on it)."""
        rules = self.rules
        if rules.swap_chain:  # the link to come: the first rank takes the turned card, each next one the card left
            return rules.swap_chain[min(self.swapped, rules.swap_links - 1)]
        return rules.swap_rank if rules.swap_rank_of is None else rules.swap_rank_of(self, None, None)

    def exposed_card(self) -> int:
        """The card a swap takes: the turned card, or after a swap of a chain the card that swap left in its place
        (under the stock, or set aside, where `aside` already moves `turned`; a chain never runs with the turned card
        in the dealer's hand).  Without a chain it is always `turned`, as before chains existed."""
        if self.swapped and self.rules.swap_chain and self.seating.deal.turned_place == "under_stock" and self.stock:
            return self.stock[-1]
        return self.turned

    # ---------------------------------------------------------------- apply

    def apply(self, seat: int, action: str) -> None:
        """Apply a legal action, or raise IllegalAction (rule id, reason) leaving the state unchanged."""
        parsed = parse_action(action, self.rules.vocabulary, self.rules.parse_cache)
        seat = _seat(seat, self.rules.seats)
        if not self._allows(seat, action, parsed):
            self._refuse(seat, parsed)
            raise AssertionError(f"engine bug: {action!r} by seat {seat} is neither legal nor refused")
        kind, arg = parsed
        _APPLY[kind](self, seat, arg)
        self.history.append((seat, action))
        self._legal = [None] * self.rules.seats

    def _allows(self, seat: int, action: str, parsed: tuple) -> bool:
        """Whether `action` is in the legal set of `seat`, computing only the part of the set it can be in.

        A bid or a pass is never a call's text (E310 refuses calls named like them), a call's
        text is no other call's, and a card is never one of the other actions of the play: so a
        bid is looked for among the bids, a call among its own texts and a card among the
        cards, without evaluating every call's or declaration's requirements.
        """
        known = self._legal[seat]
        if known is not None:
            return action in known
        kind = parsed[0]
        if self.phase == "bidding" and kind in ("bid", "pass", "rank_bid"):
            return action in bidding.legal(self, seat, calls=False)
        if self.phase == "bidding" and kind == "call":
            (name, value) = parsed[1]  # the value is the act of `calling(VALUE)`; other call terms ignore it
            call = self.rules.call(name)
            return action in call.texts and all(test(self, seat, value) for _, test in call.requirements)
        if self.phase == "play" and kind == "play" and self.concede_pending is None:
            play_text = self.rules.play_text
            if seat != self.to_play or (self.rules.swap_compulsory and self.swap_due() is not None) or self.draw_pending():
                return False
            return action in [play_text[c] for c in play.narrow(self, seat)]
        return action in self._legal_list(seat)

    def _refuse(self, seat: int, parsed: tuple) -> None:
        kind, arg = parsed
        if self.phase == "done":
            raise IllegalAction(PHASE, "the round is over")
        _REFUSE[kind](self, seat, arg)

    # -- bidding and trump

    def _refuse_bidding(self, seat: int, kind: str, arg) -> None:
        if self.phase != "bidding":
            raise IllegalAction(PHASE, f"{kind!r} is possible only during the bidding")
        if kind == "pass":
            bidding.refuse_pass(self, seat)
        elif kind == "bid":
            bidding.refuse_bid(self, seat, arg)
        elif kind == "rank_bid":
            bidding.refuse_rank_bid(self, seat, arg)
        else:
            bidding.refuse_call(self, seat, *arg)

    def _refuse_trump(self, seat: int, suit: int | None) -> None:
        if self.rules.trump_choice == "turned_card":
            raise IllegalAction("trump.choice", "trumps are the suit of the turned card")
        if self.rules.trump_choice == "in_bid":
            raise IllegalAction("trump.choice", "trumps are named in the bids: the contract's suit is trumps")
        if self.rules.trump_choice == "none":
            raise IllegalAction("trump.choice", "this table plays without trumps: nobody names any")
        if self.rules.trump_choice == "called_card" and not called.is_instead(self.rules, suit is None):
            raise IllegalAction("trump.choice", "trumps are the suit of the card the bid winner calls (`call 3c`)")
        if self.phase != "trump":
            raise IllegalAction(PHASE, "trumps are named after the bidding")
        raise IllegalAction("trump.choice", f"seat {self.contract_bidder}, who made the contract, names trumps")

    def _apply_trump(self, seat: int, suit: int | None) -> None:
        self.trump_suit = suit  # None: the contract without trumps (`trump none`)
        if self.rules.call_text:  # no card called: the bid winner plays alone
            called.alone(self, seat)
        self._start_play()

    def _to_trumps(self) -> None:
        """The contract made (and its widow settled): trumps are named next, or play starts at once when the
        contract's bid named them (`in_bid`) or the table has none."""
        self.phase = "trump"
        if self.rules.trump_choice == "in_bid":
            self.trump_suit = self.high_suit
            self._start_play()
        elif self.rules.trump_choice == "none":
            self._start_play()

    def _start_play(self) -> None:
        rules = self.rules
        self.phase = "play"
        if rules.first_lead == "holder":
            lead = self.first_lead_holder()
        elif rules.first_lead == "bid_winner":  # play starts only after a contract: the bidding made one
            lead = self.contract_bidder
        else:
            lead = self.first_speaker if rules.first_lead == "first_speaker" else self.seating.next_seat[self.dealer]
        self.to_play = lead
        play.start_trick(self)

    def first_lead_holder(self) -> int:
        """`first_lead: holder(...)`: the seat holding that card leads; when no hand holds it (in the stock, turned
        or not dealt), the seat after the dealer (the first speaker without a dealer), as with `after_dealer`."""
        card = self.rules.first_lead_card
        holder = next((seat for seat, hand in enumerate(self.hands) if card in hand), None)
        if holder is not None:
            return holder
        return self.seating.next_seat[self.dealer] if self.rules.has_dealer else self.first_speaker

    # -- play

    def _refuse_play(self, seat: int, card: int) -> None:
        self._refuse_unless_playing(seat)
        if seat != self.to_play:
            raise IllegalAction(TURN_ORDER, f"it is seat {self.to_play}'s turn to play, not seat {seat}'s")
        if self.draw_pending():  # before what the hand holds: the hand is not complete until the draw
            raise IllegalAction(DRAW_TIME, "the stock is drawn before the next lead: swap and declare if you will, "
                                           "then `draw`")
        if card not in self.hands[seat]:
            raise IllegalAction(NOT_HELD, f"you do not hold {self.rules.card_name[card]}")
        due = self.swap_due()
        if due is not None:
            raise IllegalAction("trump.swap_duty", "the swap comes first: " + (
                "you must exchange your card for the turned card" if due == seat else
                f"seat {due} must exchange its card for the turned card before any card is played"))
        obligation, kept = play.narrow(self, seat, watch=card)
        raise IllegalAction(obligation.rule_id, play.refusal_message(self, obligation.duty, kept))

    def _refuse_unless_playing(self, seat: int) -> None:
        if self.phase != "play":
            raise IllegalAction(PHASE, "cards are played after the bidding and the choice of trumps")
        if self.concede_pending is not None:
            raise IllegalAction(*CONCESSION_PENDING)

    def _apply_play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        if not self.trick_cards:
            self.window_team = None  # leading closes the declaration window
        play.add_card(self, seat, card)
        if len(self.trick_cards) < self.seating.deal.players:
            self.to_play = self.seating.next_seat[seat]
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        rules = self.rules
        winner, team = self.trick_winner, self.seating.team_of[self.trick_winner]
        points = rules.card_points
        self.card_points[team] += sum(points[c] for c in self.trick_cards)
        self.tricks.append((self.trick_seats[0], tuple(self.trick_cards), winner))
        self.tricks_played += 1
        play.start_trick(self)
        self.to_play = winner
        if self.stock and not rules.draw_after_window:  # else the winner draws when its side's window closes (`draw`)
            self._draw(winner)
        if self.tricks_played == self.seating.deal.tricks:
            self.last_trick_team = team
            self.phase, self.to_play = "done", None
        else:
            self.window_team, self.window_count = team, 0
        if rules.at_once_test is not None:
            at_once.judge(self, team)

    def _draw(self, first: int) -> None:
        """Each player draws one card from the stock, the trick winner first (`table.draw winner_first`)."""
        seat, following = first, self.seating.next_seat
        for _ in range(self.seating.deal.players):
            insort(self.hands[seat], self.stock.pop(0))
            seat = following[seat]

    def _apply_draw_action(self, seat: int, _arg) -> None:
        """`draw`: the trick winner closes its side's window (no swap or declaration after it) and every player draws."""
        self.window_team = None
        self._draw(seat)

    def _refuse_draw(self, seat: int, _arg) -> None:
        self._refuse_unless_playing(seat)
        if not self.draw_pending():
            raise IllegalAction(PHASE, "nothing to draw now: the stock is drawn once after each trick, by its winner"
                                if self.stock else "nothing to draw: the stock is empty")
        if seat != self.to_play:
            raise IllegalAction(TURN_ORDER, f"seat {self.to_play}, who won the trick, draws first")
        raise IllegalAction("trump.swap_duty", f"the swap comes first: seat {self.swap_due()} must exchange its card for "
                                               "the turned card before the stock is drawn")

    def _apply_swap(self, seat: int, _arg) -> None:
        rules = self.rules
        wanted = rules.rank_cards[self.swap_card_rank()][self.trump_suit]
        self.hands[seat].remove(wanted)
        if self.seating.deal.turned_place == "under_stock":
            insort(self.hands[seat], self.stock[-1])
            self.stock[-1] = wanted
        elif self.seating.deal.turned_place == "aside":  # the swap card now lies face up on the table in its place
            insort(self.hands[seat], self.turned)
            self.turned = wanted
        else:
            insort(self.hands[seat], self.turned)
            holder = self.seating.last_dealt(self.dealer)  # the dealer, or the seat dealt last when it sits out
            self.hands[holder].remove(self.turned)
            insort(self.hands[holder], wanted)
        self.swapped += 1  # a count: each swap of a chain exposes the card it left (views write a bool without a chain)

    def _refuse_swap(self, seat: int, _arg) -> None:
        raise IllegalAction(*self._swap_refusal(seat))

    # ---------------------------------------------------------------- copies and views

    def clone(self) -> "RoundState":
        other = RoundState.__new__(RoundState)
        for name in _PLAIN:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other._legal = list(self._legal)
        return other

    def observation(self, seat: int) -> dict:
        """What `seat` may see: its own hand, the public state and its legal actions."""
        from .views import observation

        return observation(self, _seat(seat, self.rules.seats))

    def to_json(self) -> dict:
        from .views import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, game_or_spec, data: dict) -> "RoundState":
        from .views import from_json

        return from_json(cls, game_or_spec, data)

    def next_round(self, seed: int | None = None, hands: list | None = None, turned: str | None = None,
                   stock: list | None = None, widow: list | None = None) -> "RoundState":
        """The next round of the match: rotated dealer or first speaker, carried scores."""
        from .game import next_round

        return next_round(self, seed=seed, hands=hands, turned=turned, stock=stock, widow=widow)

    def __repr__(self) -> str:
        return f"<RoundState {self.rules.system} phase={self.phase} tricks={self.tricks_played}>"


_LISTS = (
    "scores", "games", "cotos", "stock", "history", "widow", "discards", "out", "spoken", "calls_made", "push_min", "trick_seats", "trick_cards", "tricks",
    "card_points", "declared_suits", "declarations", "ghna_points", "held_credit", "concede_trick", "claims", "carried",
)
_PLAIN = tuple(name for name in ("rules", *FIELDS, *TRICK_CACHE) if name not in _LISTS and name != "hands")


def _seat(seat, seats: int) -> int:
    if type(seat) is not int or not 0 <= seat < seats:
        raise ValueError(f"a seat is an int from 0 to {seats - 1}, not {seat!r}")
    return seat


def _concession_apply(kind: str):
    return lambda st, seat, _arg: concession.apply(st, seat, kind)


def _concession_refuse(kind: str):
    def refuse(st, seat, _arg):
        concession.refuse(st, seat, kind)

    return refuse


def _ghna_refuse(kind: str):
    return lambda st, seat, arg: ghna.refuse(st, seat, kind, arg)


_APPLY = {
    "pass": lambda st, seat, _arg: bidding.apply_pass(st, seat),
    "bid": bidding.apply_bid,
    "rank_bid": bidding.apply_rank_bid,
    "call": lambda st, seat, arg: bidding.apply_call(st, seat, *arg),
    "trump": RoundState._apply_trump,
    "call_card": called.apply,
    "swap": RoundState._apply_swap,
    "play": RoundState._apply_play,
    "ghna": ghna.apply_ghna,
    "kind": ghna.apply_kind,
    "tute": ghna.apply_tute,
    "lend": ghna.apply_lend,
    "concede": _concession_apply("concede"),
    "agree": _concession_apply("agree"),
    "refuse": _concession_apply("refuse"),
    "claim": lambda st, seat, _arg: claim.apply(st, seat, at_once.round_so_far),
    "redeal": lambda st, seat, _arg: redeal.apply(st, seat),
    "take": widow.apply_take,
    "leave": widow.apply_leave,
    "discard": widow.apply_discard,
    "draw": RoundState._apply_draw_action,
}

_REFUSE = {
    "pass": lambda st, seat, arg: st._refuse_bidding(seat, "pass", arg),
    "bid": lambda st, seat, arg: st._refuse_bidding(seat, "bid", arg),
    "rank_bid": lambda st, seat, arg: st._refuse_bidding(seat, "rank_bid", arg),
    "call": lambda st, seat, arg: st._refuse_bidding(seat, "call", arg),
    "trump": RoundState._refuse_trump,
    "call_card": called.refuse,
    "swap": RoundState._refuse_swap,
    "play": RoundState._refuse_play,
    "ghna": _ghna_refuse("ghna"),
    "kind": _ghna_refuse("kind"),
    "tute": _ghna_refuse("tute"),
    "lend": ghna.refuse_lend,
    "concede": _concession_refuse("concede"),
    "agree": _concession_refuse("agree"),
    "refuse": _concession_refuse("refuse"),
    "claim": lambda st, seat, _arg: claim.refuse(st, seat),
    "redeal": lambda st, seat, _arg: redeal.refuse(st, seat),
    "take": lambda st, seat, arg: widow.refuse(st, seat, "take", arg),
    "leave": lambda st, seat, arg: widow.refuse(st, seat, "leave", arg),
    "discard": lambda st, seat, arg: widow.refuse(st, seat, "discard", arg),
    "draw": RoundState._refuse_draw,
}
