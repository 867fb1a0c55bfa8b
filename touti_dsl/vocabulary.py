"""The fixed vocabulary that spec conditions and play duties may name.

Specs never contain code: a call's preconditions are boolean expressions over the state
predicates listed here, and a play obligation names one of the duties listed here.  The
engine implements each name once (engine/predicates.py, engine/play.py); the docs turn
each into a sentence through the translation catalogs.  Adding a name here is a language
change: document it in docs/language.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PredicateInfo:
    """A state predicate: its name, whether it takes a call name, and what it means."""

    name: str
    phase: str  # "bidding" or "play"
    takes_call: bool
    meaning: str


PREDICATES: dict[str, PredicateInfo] = {
    p.name: p
    for p in (
        # bidding: evaluated for the seat that would make the call ("self")
        PredicateInfo("my_turn", "bidding", False, "it is this player's turn to speak"),
        PredicateInfo("self_out", "bidding", False, "this player is out of the bidding (passed, or made a call that leaves it)"),
        PredicateInfo("self_bidding", "bidding", False, "this player is still in the bidding"),
        PredicateInfo("spoken", "bidding", False, "this player has already spoken this round (bid, passed or made a call on its turn)"),
        PredicateInfo("partner_to_bid", "bidding", False, "it is this player's partner's turn to speak"),
        PredicateInfo("partner_bidding", "bidding", False, "this player's partner is still in the bidding"),
        PredicateInfo("partner_holds_high", "bidding", False, "this player's partner holds the highest bid"),
        PredicateInfo("bid_made", "bidding", False, "a bid has been made this round"),
        PredicateInfo("opponent_bidding", "bidding", False, "at least one opponent is still in the bidding"),
        PredicateInfo("holds_ace", "bidding", False, "this player holds at least one ace (a card of the strongest rank)"),
        PredicateInfo("last_speaker", "bidding", False, "nobody has bid and the three other players are out"),
        PredicateInfo("made", "bidding", True, "this player has already made that call this round"),
        PredicateInfo("made_at_level", "bidding", True, "this player has already made that call at the current highest bid"),
        # play: evaluated for the seat about to play a card
        PredicateInfo("trick_trumped", "play", False, "a trump has been played to this trick and the led suit is not trumps"),
        PredicateInfo("partner_winning", "play", False, "this player's partner currently wins the trick"),
        PredicateInfo("leading", "play", False, "this player leads the trick"),
        PredicateInfo("holds_led", "play", False, "this player holds a card of the led suit"),
        PredicateInfo("holds_trump", "play", False, "this player holds a trump"),
    )
}


@dataclass(frozen=True, slots=True)
class DutyInfo:
    """A play duty: which cards it narrows the choice to, applied only 'if able'."""

    name: str
    meaning: str


DUTIES: dict[str, DutyInfo] = {
    d.name: d
    for d in (
        DutyInfo("follow", "play a card of the led suit"),
        DutyInfo("beat_led", "play a card of the led suit higher than the highest card of the led suit in the trick"),
        DutyInfo("trump", "play a trump"),
        DutyInfo("beat_trump", "play a trump higher than every trump in the trick"),
    )
}
