#!/usr/bin/env python3
"""An independent engine of Tute (four players in pairs), behind the adapter protocol.

Written only from the published rules (docs/rules/tute.md, the tute part of the rules
digest and its Decisions) and the protocol docs (docs/conformance/), without reading the
reference engine: the suite's claim is that such an engine passes it with no false alarm.
Standard library only; run it as `touti conform --impl "python3 tute.py" --system tute`.
"""

import json
import sys

SUITS = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
SUIT_CODE = {name: code for code, name in SUITS.items()}
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
STRENGTH = {rank: 10 - place for place, rank in enumerate((1, 3, 12, 11, 10, 7, 6, 5, 4, 2))}
POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
LAST_TRICK_BONUS = 10
SEATS = 4
HAND_SIZE = 10
SONG_PAIR = (12, 11)
SONG_VALUE = {"trump": 40, "plain": 20}
TUTE_RANKS = (12, 11)
SWAP_RANK = 7
HANDS_TO_WIN = 3


class Refused(Exception):
    """An action the rules forbid: the rule id and a message for a person."""

    def __init__(self, rule, message):
        super().__init__(message)
        self.rule = rule
        self.message = message


def parse_card(text):
    """'12c' -> (12, 'c'); None when the text is no card of the Spanish deck."""
    if len(text) < 2 or text[-1] not in SUITS or not text[:-1].isdigit():
        return None
    rank = int(text[:-1])
    return (rank, text[-1]) if rank in RANKS and text[:-1] == str(rank) else None


def card_text(card):
    return f"{card[0]}{card[1]}"


def team_of(seat):
    return seat % 2


class Round:
    """One hand of Tute, from the deal to its result, and the match score around it."""

    def __init__(self, hands, dealer, turned=None, scores=(0, 0), hands_to_win=HANDS_TO_WIN):
        if len(hands) != SEATS:
            raise ValueError(f"hands must be {SEATS} lists of cards")
        self.hands = [[self._card(text) for text in hand] for hand in hands]
        if dealer not in range(SEATS):
            raise ValueError(f"dealer must be a seat 0..{SEATS - 1}")
        self.dealer = dealer
        self.turned = self._card(turned) if turned else self.hands[dealer][-1]
        self.trump = self.turned[1]
        self.scores = list(scores)
        self.hands_to_win = hands_to_win
        self.trick = []             # (seat, card) in the order played
        self.tricks_done = 0
        self.taken = [[], []]       # cards won, per team
        self.last_winner = None     # seat that won the last completed trick
        self.to_play = (dealer + 1) % SEATS
        self.swapped = False
        self.sung_suits = set()
        self.songs = [0, 0]
        self.declared_this_trick = False
        self.tute_team = None
        self.result = None

    @staticmethod
    def _card(text):
        card = parse_card(text)
        if card is None:
            raise ValueError(f"not a card: {text!r}")
        return card

    # --- who may do what -------------------------------------------------------------

    def over(self):
        return self.result is not None

    def first_lead_made(self):
        return self.tricks_done > 0 or bool(self.trick)

    def swap_holder(self):
        """The seat that may still exchange the 7 of trumps for the turned card, or None."""
        if self.swapped or self.first_lead_made() or self.turned[0] == SWAP_RANK:
            return None
        seven = (SWAP_RANK, self.trump)
        holders = [seat for seat in range(SEATS) if seven in self.hands[seat]]
        if not holders or holders[0] == self.dealer:
            return None
        return holders[0]

    def window_open(self):
        """Songs follow a trick won by the team, before the next lead; none after the last."""
        return (self.last_winner is not None and not self.trick and not self.over()
                and self.tricks_done < HAND_SIZE)

    def songs_available(self, seat):
        if not self.window_open() or self.declared_this_trick:
            return []
        if team_of(seat) != team_of(self.last_winner):
            return []
        found = [f"ghna {SUITS[suit]}" for suit in SUITS if suit not in self.sung_suits and self.holds_pair(seat, suit)]
        return found + [f"tute {rank}" for rank in TUTE_RANKS if self.holds_tute(seat, rank)]

    def holds_pair(self, seat, suit):
        return all((rank, suit) in self.hands[seat] for rank in SONG_PAIR)

    def holds_tute(self, seat, rank):
        return rank in TUTE_RANKS and all((rank, suit) in self.hands[seat] for suit in SUITS)

    def legal_cards(self, seat):
        return [card for card in self.hands[seat] if self.duty_broken(seat, card) is None]

    def duty_broken(self, seat, card):
        """The first play duty the card breaks, or None: each duty, in the order the page
        states them, binds only when a card still allowed by the ones before meets it."""
        if not self.trick:
            return None
        allowed = self.hands[seat]
        for rule, keep in self._duties():
            kept = [held for held in allowed if keep(held)]
            if kept:
                if not keep(card):
                    return rule
                allowed = kept
        return None

    def _duties(self):
        """Each duty as (rule id, which cards meet it), applied in turn when it can be met."""
        led = self.trick[0][1][1]
        led_cards = [card for _, card in self.trick if card[1] == led]
        best_led = max(STRENGTH[card[0]] for card in led_cards)
        trumps_in = [card for _, card in self.trick if card[1] == self.trump]
        trumped = bool(trumps_in) and led != self.trump
        best_trump = max((STRENGTH[card[0]] for card in trumps_in), default=None)

        def follows(card):
            return card[1] == led

        def heads(card):
            return trumped or (card[1] == led and STRENGTH[card[0]] > best_led)

        def trumps(card):
            return card[1] == self.trump

        def overtrumps(card):
            return best_trump is None or (card[1] == self.trump and STRENGTH[card[0]] > best_trump)

        return [("play.follow_suit", follows), ("play.overtake", heads),
                ("play.trump_when_void", trumps), ("play.overtrump", overtrumps)]

    def legal_actions(self, seat):
        if self.over():
            return []
        actions = []
        if self.swap_holder() == seat:
            actions.append("swap")
        actions += self.songs_available(seat)
        if seat == self.to_play:
            actions += [f"play {card_text(card)}" for card in self.legal_cards(seat)]
        return actions

    def actors(self):
        return [seat for seat in range(SEATS) if self.legal_actions(seat)]

    # --- actions ---------------------------------------------------------------------

    def apply(self, seat, text):
        if seat not in range(SEATS):
            raise Refused("rotation.turn_order", f"no seat {seat}")
        words = text.split()
        kind = words[0] if words else ""
        if kind == "play" and len(words) == 2 and parse_card(words[1]):
            self._check_live()
            return self._play(seat, parse_card(words[1]))
        if kind == "ghna" and len(words) == 2 and words[1] in SUIT_CODE:
            self._check_live()
            return self._sing(seat, SUIT_CODE[words[1]])
        if kind == "tute" and len(words) == 2 and words[1].isdigit() and int(words[1]) in RANKS:
            self._check_live()
            return self._tute(seat, int(words[1]))
        if words == ["swap"]:
            self._check_live()
            return self._swap(seat)
        raise Refused("action.syntax", f"{text!r} is no action of tute")

    def _check_live(self):
        if self.over():
            raise Refused("action.phase", "the hand is over")

    def _play(self, seat, card):
        if seat != self.to_play:
            raise Refused("rotation.turn_order", f"seat {self.to_play} is to play")
        if card not in self.hands[seat]:
            raise Refused("action.not_held", f"seat {seat} does not hold {card_text(card)}")
        broken = self.duty_broken(seat, card)
        if broken:
            raise Refused(broken, f"{card_text(card)} breaks the duty {broken}")
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.declared_this_trick = False
        self.to_play = (seat + 1) % SEATS
        if len(self.trick) == SEATS:
            self._close_trick()

    def _close_trick(self):
        winner = self.trick_winner_of(self.trick)
        self.taken[team_of(winner)] += [card for _, card in self.trick]
        self.trick = []
        self.tricks_done += 1
        self.last_winner = winner
        self.to_play = winner
        if self.tricks_done == HAND_SIZE:
            self._finish()

    def trick_winner_of(self, trick):
        """The highest trump, else the highest card of the suit led; another suit never wins."""
        led = trick[0][1][1]

        def strength(entry):
            rank, suit = entry[1]
            if suit == self.trump:
                return 100 + STRENGTH[rank]
            return STRENGTH[rank] if suit == led else -1
        return max(trick, key=strength)[0]

    def _declaration_gate(self, seat):
        if not self.window_open() or team_of(seat) != team_of(self.last_winner):
            raise Refused("ghna.window", "songs follow a trick won by one's team, before the next lead")
        if self.declared_this_trick:
            raise Refused("ghna.per_trick", "one declaration per trick won, for the whole team")

    def _sing(self, seat, suit):
        self._declaration_gate(seat)
        if not self.holds_pair(seat, suit):
            raise Refused("ghna.in_hand", f"seat {seat} does not hold the rey and caballo of {SUITS[suit]}")
        if suit in self.sung_suits:
            raise Refused("ghna.same_suit", f"{SUITS[suit]} was already sung")
        self.sung_suits.add(suit)
        self.songs[team_of(seat)] += SONG_VALUE["trump" if suit == self.trump else "plain"]
        self.declared_this_trick = True

    def _tute(self, seat, rank):
        self._declaration_gate(seat)
        if not self.holds_tute(seat, rank):
            raise Refused("ghna.tute", "a tute is the four reyes or the four caballos in one hand")
        self.declared_this_trick = True
        self.tute_team = team_of(seat)
        self._finish()

    def _swap(self, seat):
        if self.swap_holder() != seat:
            raise Refused("trump.swap", "only the holder of the 7 of trumps, not the dealer, before the first lead, once")
        seven = (SWAP_RANK, self.trump)
        self.hands[seat].remove(seven)
        if self.turned in self.hands[self.dealer]:
            self.hands[self.dealer].remove(self.turned)
        self.hands[seat].append(self.turned)
        self.hands[self.dealer].append(seven)
        self.swapped = True

    # --- results ---------------------------------------------------------------------

    def _finish(self):
        card_points = [sum(POINTS.get(rank, 0) for rank, _ in cards) for cards in self.taken]
        last_team = team_of(self.last_winner) if self.tricks_done == HAND_SIZE else None
        totals = [card_points[team] + self.songs[team]
                  + (LAST_TRICK_BONUS if team == last_team else 0) for team in (0, 1)]
        if self.tute_team is not None:
            winner = self.tute_team
        elif totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        else:
            winner = last_team
        changes = [1 if team == winner else 0 for team in (0, 1)]
        self.result = {
            "void": False, "contract": None, "trump": SUITS[self.trump],
            "card_points": card_points, "last_trick": last_team, "ghna": list(self.songs),
            "totals": totals, "made": None, "conceded": False, "tute": self.tute_team,
            "winner": winner, "score_changes": changes,
        }
        self.scores = [score + change for score, change in zip(self.scores, changes)]

    def match_result(self):
        leaders = [team for team in (0, 1) if self.scores[team] >= self.hands_to_win]
        over = self.over() and bool(leaders)
        return {"scores": list(self.scores), "over": over,
                "winner": leaders[0] if over else None}

    def next_round(self, hands, turned=None):
        if not self.over():
            raise ValueError("the hand is not over")
        return Round(hands, (self.dealer + 1) % SEATS, turned, self.scores, self.hands_to_win)


# --- the adapter protocol ---------------------------------------------------------------

def start_round(setup):
    if "dealer" not in setup:
        raise ValueError("setup needs a dealer")
    settings = setup.get("settings") or {}
    hands_to_win = settings.get("hands", HANDS_TO_WIN)
    if hands_to_win not in (2, 3, 5):
        raise ValueError(f"hands must be one of 2, 3, 5, not {hands_to_win!r}")
    return Round(setup["hands"], setup["dealer"], setup.get("turned"),
                 setup.get("scores") or (0, 0), hands_to_win)


def run_step(game, step):
    """One step's output, and the round it leaves (a next_round step starts another)."""
    op = step["op"]
    if op in ("apply", "refuse"):
        try:
            game.apply(step["seat"], step["action"])
        except Refused as refusal:
            return {"ok": False, "rule": refusal.rule, "message": refusal.message}, game
        return {"ok": True}, game
    if op == "legal":
        return {"actions": game.legal_actions(step["seat"])}, game
    if op == "actors":
        return {"seats": game.actors()}, game
    if op == "trick_winner":
        return {"seat": game.last_winner}, game
    if op == "round_result":
        return game.result, game
    if op == "match_result":
        return game.match_result(), game
    if op == "next_round":
        game = game.next_round(step["hands"], step.get("turned"))
        return {"dealer": game.dealer, "first_speaker": (game.dealer + 1) % SEATS}, game
    raise ValueError(f"unknown step op {op!r}")


def answer(request):
    if request.get("type") != "case":
        return {"type": "errored", "id": None, "message": f"unexpected message {request.get('type')!r}"}
    case_id = request.get("id")
    if request.get("system") != "tute":
        return {"type": "skipped", "id": case_id, "reason": "this engine plays tute only"}
    outputs = []
    try:
        game = start_round(request["setup"])
        for step in request["steps"]:
            output, game = run_step(game, step)
            outputs.append(output)
    except (ValueError, KeyError, TypeError) as problem:
        return {"type": "errored", "id": case_id, "step": len(outputs),
                "message": f"{type(problem).__name__}: {problem}", "outputs": outputs}
    return {"type": "result", "id": case_id, "outputs": outputs}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as problem:
            reply = {"type": "errored", "id": None, "message": f"not JSON: {problem}"}
        else:
            if not isinstance(request, dict):
                request = {"type": repr(request)}
            if request.get("type") == "stop":
                return
            if request.get("type") == "hello":
                reply = {"type": "hello", "protocol": 2, "implementation": "indie tute",
                         "systems": ["tute"], "pipelining": True}
            else:
                reply = answer(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
