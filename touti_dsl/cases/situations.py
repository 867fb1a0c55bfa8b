"""Recognise states that show a rule in force although nothing is refused there.

Some rules never refuse an action of their own: the partner exemption (or its absence),
the free discard, a bid of `bidding.never_stands` spoken again.  The explorer asks this
module which of them a state shows, reading only the engine's public observation, so the
generator stays independent of the engine's internals; sides are the round's `Seating`
(`state.seating`), which a table of the bid winner against the others sets each round.
"""

from __future__ import annotations

from ..deck_cards import card_parts
from ..engine.bidding import bid_floor
from ..engine.refusals import forbidding_rules
from ..engine.ruleset import Ruleset


SITUATION_WORDS = {
    "play.partner_exemption": "with the partner winning the trick",
    "play.free_discard": "void in the led suit and in trumps, any card may be played",
    "bidding.never_stands": "a bidder left alone at the bid that never stands speaks again",
    "raise": "an opponent's bid has cancelled the partner's push minimum",
}


def situation_words(rules: Ruleset, rule_id: str) -> str:
    """How a situational witness reads in a case description: a duty shown by its `unless` exception (the duty to
    head lifted once the trick is trumped) reads as that exception."""
    words = SITUATION_WORDS.get(rule_id) or SITUATION_WORDS.get(rule_id.split(".", 1)[1], "")
    if not words and any(o.rule_id == rule_id and o.unless is not None for o in rules.obligations):
        return "where the duty's `unless` exception holds"
    return words


def seat_to_act(state) -> int:
    """The seat whose turn it is (to speak or to play), else the first actor."""
    view = state.observation(0)
    if view["phase"] == "play" and view["play"]["to_play"] is not None:
        return view["play"]["to_play"]
    if view["phase"] == "bidding" and view["bidding"]["turn"] is not None:
        return view["bidding"]["turn"]
    actors = state.actors()
    return actors[0] if actors else 0


def trick_leader_and_winner(rules: Ruleset, trick: list, trump: str | None) -> int | None:
    """The seat currently winning a trick in progress (highest trump, else highest of the led suit)."""
    if not trick:
        return None
    cards = [(seat, rules.vocabulary.cards[text]) for seat, text in trick]
    trump_suit = rules.suits.index(trump) if trump else None
    led = rules.card_suit[cards[0][1]]
    trumps = [(rules.card_strength[c], s) for s, c in cards if rules.card_suit[c] == trump_suit]
    if trumps:
        return max(trumps)[1]
    return max((rules.card_strength[c], s) for s, c in cards if rules.card_suit[c] == led)[1]


def _partner_winning(rules: Ruleset, state, view: dict, seat: int) -> bool:
    winner = trick_leader_and_winner(rules, view["play"]["trick"], view["trump"])
    return winner is not None and winner in state.seating.partners[seat]


def _overtake_lifted(rules: Ruleset, view: dict, duty: str) -> bool:
    """A plain-suit trick already trumped, and a hand that could only follow under the card the duty asks to beat
    (the best led card for `beat_led`, the card led for `beat_first`)."""
    trick = view["play"]["trick"]
    if not trick or not view["trump"]:
        return False
    cards = [rules.vocabulary.cards[text] for _, text in trick]
    led, trump = rules.card_suit[cards[0]], rules.suits.index(view["trump"])
    if led == trump or not any(rules.card_suit[c] == trump for c in cards):
        return False
    best = max(rules.card_strength[c] for c in cards if rules.card_suit[c] == led)
    if duty == "beat_first":
        best = rules.card_strength[cards[0]]
    hand = [rules.vocabulary.cards[text] for text in view["hand"]]
    return any(rules.card_suit[c] == led and rules.card_strength[c] < best for c in hand)


def lead_outbid(rules: Ruleset, state) -> list[str]:
    """The `beat_first` duties where they differ from `beat_led`: a later card of the led suit beats the card led, no
    trump has been played to a plain-suit trick, and the seat to play holds a card of the led suit between the two
    (it may play it: it beats the card led, not the best card)."""
    duties = [o.rule_id for o in rules.obligations if o.duty == "beat_first"]
    if not duties:
        return []
    view = state.observation(seat_to_act(state))
    trick = view["play"]["trick"] if view["phase"] == "play" else None
    if not trick or len(trick) < 2 or view["play"]["to_play"] != seat_to_act(state):
        return []
    cards = [rules.vocabulary.cards[text] for _, text in trick]
    suit, strength = rules.card_suit, rules.card_strength
    led = suit[cards[0]]
    trump = rules.suits.index(view["trump"]) if view["trump"] else None
    if led != trump and any(suit[c] == trump for c in cards):
        return []
    lead, best = strength[cards[0]], max(strength[c] for c in cards if suit[c] == led)
    hand = [rules.vocabulary.cards[text] for text in view["hand"]]
    between = best > lead and any(suit[c] == led and lead < strength[c] < best for c in hand)
    return duties if between else []


def partner_card_beatable(rules: Ruleset, state) -> bool:
    """The seat to play could beat its partner's winning card: the exemption changes what it must play."""
    seat = seat_to_act(state)
    view = state.observation(seat)
    trick = view["play"]["trick"]
    winner = trick_leader_and_winner(rules, trick, view["trump"]) if trick else None
    if winner is None or winner not in state.seating.partners[seat]:
        return False
    cards = rules.vocabulary.cards
    best = cards[next(text for who, text in trick if who == winner)]
    trump = rules.suits.index(view["trump"]) if view["trump"] else None
    suit_of, strength = rules.card_suit, rules.card_strength
    for card in (cards[text] for text in view["hand"]):
        if suit_of[card] == suit_of[best] and strength[card] > strength[best]:
            return True
        if trump is not None and suit_of[card] == trump and suit_of[best] != trump:
            return True
    return False


def _void_in_led_and_trumps(rules: Ruleset, view: dict) -> bool:
    """Void in the led suit and in trumps; at a table without trumps (`trump.choice none`), void in the led suit."""
    trick = view["play"]["trick"]
    if not trick or not view["trump"] and rules.trump_choice != "none":
        return False
    led = rules.card_suit[rules.vocabulary.cards[trick[0][1]]]
    trump = rules.suits.index(view["trump"]) if view["trump"] else None
    suits = {rules.card_suit[rules.vocabulary.cards[c]] for c in view["hand"]}
    return led not in suits and trump not in suits


def _push_cancelled(rules: Ruleset, seating, seat: int, history: tuple) -> str | None:
    """The raise rule of a push by `seat`'s partner that an opponent's bid has since cancelled."""
    raising = {c.name for c in rules.calls if c.partner_minimum}
    partner = seating.partner[seat]
    for index in range(len(history) - 1, -1, -1):
        who, action = history[index]
        head = action.split(" ", 1)[0]
        if who == partner and head in raising:
            later = history[index + 1 :]
            opponent_bid = any(w in seating.opponents[seat] and a.startswith("bid ") for w, a in later)
            spoken = any(w == seat for w, _ in later)
            return f"{head}.raise" if opponent_bid and not spoken else None
    return None


def rules_in_force(rules: Ruleset, state, history: tuple = ()) -> list[str]:
    """The situational rules this state shows for the seat to act."""
    found = []
    seat = seat_to_act(state)
    view = state.observation(seat)
    if view["phase"] == "play" and view["play"]["to_play"] == seat and view["play"]["trick"]:
        if _partner_winning(rules, state, view, seat):
            found.append("play.partner_exemption")
        if _void_in_led_and_trumps(rules, view):
            found.append("play.free_discard")
        for duty in ("beat_led", "beat_first"):  # shows an `unless` exception of the duty to beat the led card
            if _overtake_lifted(rules, view, duty):
                found += [o.rule_id for o in rules.obligations if o.duty == duty and o.unless is not None]
    bidding = view.get("bidding") or {}
    if view["phase"] == "bidding" and rules.bidding and rules.bidding.never_stands is not None:
        high_bidder, out = bidding.get("high_bidder"), bidding.get("out", [])
        # left alone: its turn came back because every other seat is out, not merely round the table
        alone = (high_bidder == bidding.get("turn") and bidding.get("high") == rules.bidding.never_stands
                 and all(out[s] for s in range(len(out)) if s != high_bidder))
        if alone:
            found.append("bidding.never_stands")
    if view["phase"] == "bidding" and history:
        cancelled = _push_cancelled(rules, state.seating, seat, history)
        if cancelled:
            found.append(cancelled)
    return found


def swap_link(rules: Ruleset, swaps_before: int) -> str:
    """`+linkN`: a swap witness of the Nth link after the first of a chain (`trump.swap: 7, 2`), so that each link has
    its own accepted and refused cases (offered after the swap before it, refused to another seat or before it);
    nothing without a chain or for the first link, whose witnesses stay those of a single swap."""
    return f"+link{swaps_before}" if rules.swap_chain and swaps_before else ""


def accepted_swap_link(rules: Ruleset, swaps_before: int, seat: int, history: tuple) -> str:
    """An accepted swap's `swap_link` tag, with `+other` when a seat other than the one of the swap before makes it
    (the two's holder taking the seven, not the seven's holder swapping again)."""
    tag = swap_link(rules, swaps_before)
    previous = next((s for s, action in reversed(history) if action == "swap"), None)
    return tag + ("+other" if tag and previous != seat else "")


def swap_window_tag(rules: Ruleset, tricks_played: int) -> str:
    """`+after-trick`: where the swap has both windows (`swap_window: before_first_lead, after_team_trick`), an accepted
    swap made after a won trick, so that the later window has its own witness beside the shortest one, made before the
    first lead; nothing with one window, whose witnesses stay as they were."""
    return "+after-trick" if len(rules.swap_windows) > 1 and tricks_played else ""


def _early_link(rules: Ruleset, state, seat: int) -> str:
    """`+early`: the seat holds the card of a later link of the chain than the one to come (refused before its turn)."""
    if state.trump_suit is None:
        return ""
    later = rules.swap_chain[state.swapped + 1:]
    return "+early" if any(rules.rank_cards[rank][state.trump_suit] in state.hands[seat] for rank in later) else ""


def duty_alone(rules: Ruleset, state, seat: int, action: str, refused_by: str) -> bool:
    """Whether a card refused by a play duty is refused by that duty only (`engine.refusals`): no other duty in force
    would refuse it, so the card is legal where the duty is missing or lifted (an undertrump, say, that the duty to
    trump asks for and the duty to overtrump cannot)."""
    duties = {o.rule_id for o in rules.obligations}
    if refused_by not in duties:
        return False
    return [rule for rule in forbidding_rules(state, seat, action) if rule in duties] == [refused_by]


# The rules that refuse a declaration for how many, when or by whom: a witness where the pair or kind is held and
# nothing else refuses it (`+alone`, once per rule) beside the shortest ones, which may be of a pair not held (refused
# by ghna.in_hand too, so that an implementation allowing a second declaration per trick still refuses it)
DECLARATION_LIMITS = ("ghna.per_trick", "ghna.window", "ghna.who", "ghna.caps", "ghna.minimums", "ghna.lend")


def refused_alone(rules: Ruleset, state, seat: int, action: str, refused_by: str) -> bool:
    """Whether an action is refused by `refused_by` only: a card by that play duty among the duties (`duty_alone`), a
    declaration by that limit among every rule."""
    if refused_by in DECLARATION_LIMITS:
        return forbidding_rules(state, seat, action) == [refused_by]
    return duty_alone(rules, state, seat, action, refused_by)


EDGE_TAGS = ("+at:", "+under:")


def bid_edge(rules: Ruleset, state, seat: int, action: str) -> str:
    """Where a bid in points by the seat to speak sits on the bounds of the bidding: `+at:minimum`, `+at:maximum`,
    `+at:floor` (the lowest bid the seat may make now), `+under:floor` (one step under it); "" elsewhere.

    A refusal or an acceptance at an edge gets its own witness beside the shortest one, so that
    the rule named at the edge is checked: a bid equal to the maximum already bid is refused by
    the floor's rule, not by `bidding.maximum`; a bid at the minimum under a higher floor, not by
    `bidding.minimum`.  A bound written `<` for `<=` only shows there.
    """
    words = action.split()
    if rules.bidding is None or words[:1] != ["bid"] or not words[1].isdigit():  # not a bid in points
        return ""
    view = state.observation(seat)
    if view["phase"] != "bidding" or view["bidding"]["turn"] != seat or view["bidding"]["out"][seat]:
        return ""  # refused for who speaks, whatever the amount
    amount, bidding = int(words[1]), rules.bidding
    floor = bid_floor(state, seat)[0]
    edges = (("+at:minimum", bidding.minimum), ("+at:maximum", bidding.maximum), ("+at:floor", floor),
             ("+under:floor", floor - bidding.step))
    return "".join(tag for tag, bound in edges if amount == bound)


def is_edge(tag: str) -> bool:
    """A witness tag of `bid_edge`: one witness is enough."""
    return any(edge in tag for edge in EDGE_TAGS)


def refusal_variant(rules: Ruleset, state, seat: int, rule_id: str, history: tuple, refused_by: str = "",
                    alone: bool = False) -> str:
    """A tag for a rarer way a rule refuses, so that it gets its own witness beside the shortest one.

    The partner exemption (or its absence) shown by a refusal: a witness for each duty that
    still binds while the partner wins the trick (`+by:RULE`), so that an exemption wrongly
    granted from any one duty is caught.

    A card that a play duty alone refuses (`+alone`, `duty_alone`), for the duty and for the
    partner exemption: where another duty refuses it too, a duty missing or wrongly lifted
    leaves the card refused, by the other one.  (A declaration that only its limit refuses is
    kept apart by the explorer, once per rule: `DECLARATION_LIMITS`.)

    A `beat_first` duty refusing a card while a later card of the led suit beats the card led
    (`+lead-beaten`: where it differs from `beat_led`).

    ghna.window closed by the next lead (not merely before any trick is won); trump.swap tried
    by the holder of the 7 after the first card, or in a chain the link to come (`swap_link`) and
    the holder of a later link's card refused before its turn; trump.swap_window refused to the
    holder of the swap card once the dealer has played the turned card, or after a trick won by
    the other side (`_late_swap_variant`); a pass that is final although the
    bidding has come round to the seat again; a declaration by the bid winner's partner (`ghna.who
    bid_winner`); a second `lend` (`ghna.lend`).
    """
    if rule_id == "play.partner_exemption" and refused_by and refused_by != rule_id:
        return f"+by:{refused_by}" + ("+alone" if alone else "")
    if rule_id in lead_outbid(rules, state):  # refused where beating the card led is not beating the best card
        return "+lead-beaten"
    if alone and rule_id == refused_by and rule_id not in DECLARATION_LIMITS:
        return "+alone"
    return _way_refused(rules, state, seat, rule_id, history)


def _way_refused(rules: Ruleset, state, seat: int, rule_id: str, history: tuple) -> str:
    if rule_id in ("trump.swap", "trump.swap_window", "trump.swap_duty") and rules.swap_chain:
        return swap_link(rules, state.swapped) + _early_link(rules, state, seat)
    if rule_id == "trump.swap" and rules.swap_ranks:
        return _swap_formula_variant(rules, state, seat)
    if rule_id not in ("ghna.window", "trump.swap", "trump.swap_window", "bidding.pass", "ghna.who", "ghna.lend"):
        return ""
    view = state.observation(seat)
    if rule_id == "trump.swap_window":
        return _late_swap_variant(rules, state, view, seat)
    if rule_id in ("ghna.who", "ghna.lend"):
        return _declarer_variant(rules, view, seat, rule_id)
    play = view["play"]
    if rule_id == "ghna.window" and play["tricks"] and play["trick"]:
        return "+closed" if state.seating.team_of[play["tricks"][-1][2]] == state.seating.team_of[seat] else ""
    if rule_id == "trump.swap" and (play["trick"] or play["tricks"]) and view["trump"] and rules.swap_rank:
        seven = f"{rules.swap_rank}{rules.suit_codes[rules.suits.index(view['trump'])]}"
        return "+late" if seven in view["hand"] and seat != view["dealer"] else ""
    if rule_id == "bidding.pass" and history and view["bidding"]["out"][seat]:
        last_seat, last_action = history[-1]
        skipped = last_seat == (seat - 1) % rules.seats and last_action.split(" ", 1)[0] in ("bid", "pass")
        return "+skipped" if skipped else ""
    return ""


def _swap_formula_variant(rules: Ruleset, state, seat: int) -> str:
    """`trump.swap` written as a formula of the turned card (`7 if turned_rank >= 10 else 2`): a swap refused to the
    holder of a trump of another rank the formula names, once for each rank of the turned card (`+turned:R`), so that
    a comparison read one rank off is caught at that rank (a turned 2 that the seven would take)."""
    view = state.observation(seat)
    if not view["trump"] or not view.get("turned"):
        return ""
    if state.seating.deal.turned_place == "dealer_hand" and seat == state.seating.last_dealt(view["dealer"]):
        return ""  # the dealer holding the turned card never swaps: its refusal would show nothing of the formula
    code = rules.suit_codes[rules.suits.index(view["trump"])]
    others = {f"{rank}{code}" for rank in rules.swap_ranks if rank != state.swap_card_rank()}
    return f"+turned:{card_parts(view['turned'])[0]}" if others & set(view["hand"]) else ""


def swap_turned_tag(rules: Ruleset, state) -> str:
    """`+turned:R`: a swap of a `trump.swap` formula accepted at each rank of the card it takes (taken before the swap
    is applied), so that a comparison read one rank off, which would refuse that swap, is caught at that rank."""
    return f"+turned:{rules.card_rank[state.exposed_card()]}" if rules.swap_ranks else ""


def _late_swap_variant(rules: Ruleset, state, view: dict, seat: int) -> str:
    """A swap after a won trick (`trump.swap_window after_team_trick`) refused to the holder of the swap card who could
    otherwise make it (not the dealer holding the turned card, nor a turned card that is itself the swap card), beside
    the shortest refusal (before any trick is won): `+played` once the dealer has played the turned card kept in hand,
    `+other` after a trick won by the other side while the turned card is still to be taken."""
    play = view["play"]
    if not play["tricks"] or not view["trump"] or rules.swap_rank is None or rules.swap_rank < 0:
        return ""
    swap_card = f"{rules.swap_rank}{rules.suit_codes[rules.suits.index(view['trump'])]}"
    in_hand = state.seating.deal.turned_place == "dealer_hand"
    if swap_card not in view["hand"] or swap_card == view["turned"] or (
            in_hand and seat == state.seating.last_dealt(view["dealer"])):
        return ""  # a seat that may never swap this round: its refusal would show nothing of the window
    if play["trick"]:  # the window is between tricks: a refusal during one shows nothing more
        return ""
    played = any(view["turned"] in trick[1] for trick in play["tricks"])
    gone = in_hand and played
    team_of = state.seating.team_of
    if team_of[play["tricks"][-1][2]] != team_of[seat]:
        return "" if gone else "+other"
    return "+played" if gone else ""


def _declarer_variant(rules: Ruleset, view: dict, seat: int, rule_id: str) -> str:
    """`+partner`: the bid winner's partner refused a declaration; `+again`: the bid winner lends a second time."""
    contract = view["contract"]
    if contract is None or not rules.ghna.bid_winner_only:
        return ""
    if rule_id == "ghna.who":
        return "+partner" if seat != contract["bidder"] and seat in rules.partners[contract["bidder"]] else ""
    return "+again" if seat == contract["bidder"] and view["ghna"].get("lent") != "no" else ""


def also_refused_by(game, state, seat: int, rule_id: str, history: tuple) -> list[str]:
    """Rules that a refusal shows besides the one named: no exemption, no free discard, a call's effect."""
    rules = game.ruleset
    extra = []
    obligations = {o.rule_id for o in rules.obligations}
    if rule_id in obligations:
        view = state.observation(seat)
        if _partner_winning(rules, state, view, seat):
            extra.append("play.partner_exemption")
        if view["play"]["trick"]:
            extra.append("play.free_discard")
        if game.spec.rule("play.order") is not None:  # the duties apply in the order it lists: a refusal shows it
            extra.append("play.order")
    if rule_id == "bidding.pass":
        leaving = {c.name for c in rules.calls if c.leaves}
        for who, action in history:
            head = action.split(" ", 1)[0]
            if who == seat and head in leaving:
                extra.append(f"{head}.effect")
    return extra
