"""Views of a RoundState: a seat's observation, and the full state as JSON and back.

`to_json()` writes every field of the state (cards as texts, suits as ids) plus the
system id and the match settings; `from_json(game_or_spec, data)` rebuilds an equal
state.  `observation(seat)` holds only what that seat may see at the table: its own
hand, the other hands' sizes, and the public record (every action is announced aloud or
played face up; the turned card is shown).
"""

from __future__ import annotations

from . import called, levels, play
from .ruleset import Seating, gone_from, round_seating

def _card(rules, card):
    return None if card is None else rules.card_text[card]


def _suit(rules, suit):
    return None if suit is None else rules.suits[suit]


def to_json(st) -> dict:
    """The full state as JSON-ready data (see module docstring)."""
    rules = st.rules
    data = {
        "system": rules.system,
        "settings": dict(rules.settings),
        "phase": st.phase,
        "dealer": st.dealer,
        "first_speaker": st.first_speaker,
        "seed": st.seed,
        "scores": list(st.scores),
        "hands": [[rules.card_text[c] for c in hand] for hand in st.hands],
        "history": [[seat, action] for seat, action in st.history],
        "bidding": {
            "turn": st.turn,
            "out": list(st.out),
            "spoken": list(st.spoken),
            "high": st.high,
            "high_bidder": st.high_bidder,
            "calls_made": [list(call) for call in st.calls_made],
            "push_min": [None if p is None else list(p) for p in st.push_min],
        },
        "trump": _suit(rules, st.trump_suit),
        "turned": _card(rules, st.turned),
        "swapped": st.swapped > 0,
        **({"swaps": st.swapped} if rules.swap_chain else {}),  # the swaps made, written only for a chain
        "contract": st.contract,
        "play": {
            "to_play": st.to_play,
            "trick": [[seat, rules.card_text[card]] for seat, card in zip(st.trick_seats, st.trick_cards)],
            "tricks": [[leader, [rules.card_text[c] for c in cards], winner] for leader, cards, winner in st.tricks],
            "card_points": list(st.card_points),
            "last_trick": st.last_trick_team,
            "tricks_played": st.tricks_played,
        },
        "ghna": {
            "window_team": st.window_team,
            "window_count": st.window_count,
            "declared_suits": [rules.suits[s] for s in st.declared_suits],
            "declarations": [_declaration(rules, d) for d in st.declarations],
            "points": list(st.ghna_points),
            "held_credit": [[_declared_words(rules, what, arg), v] for what, arg, v in st.held_credit],
        },
        "concession": {"pending": st.concede_pending, "proposed_at": list(st.concede_trick), "conceded": st.conceded},
        "void": st.void,
        "tute": st.tute_team,
    }
    if rules.stock_size:
        data["stock"] = [rules.card_text[c] for c in st.stock]
    data.update(_level_counts(st))
    if rules.match_end == "rounds":
        data["played"] = st.played
    _add_optional(st, rules, data)
    return data


def _level_counts(st) -> dict:
    """Each match level's counts (`games`, `cotos`), only for a match played in games."""
    return {field: list(getattr(st, field)) for field, _ in levels.level_fields(st.rules)}


def _add_optional(st, rules, data: dict) -> None:
    """Fields only a spec with the rule has, so that every other spec's JSON stays as it was."""
    if rules.suited_bid_text:
        data["bidding"]["high_suit"] = _suit(rules, st.high_suit)
    if rules.rank_bid_text:  # an auction on ranks: the last rank called (kept through the bids in points)
        data["bidding"]["high_rank"] = st.high_rank
    if rules.ghna.lend:
        data["ghna"]["lent"] = LENT_WORDS[st.lent]
    if rules.claim is not None:
        data["claims"] = [[seat, trick, held] for seat, trick, held in st.claims]
    if rules.at_once_test is not None:
        data["at_once"] = st.at_once_team
    if rules.call_text:  # the card called aloud, and who held it then: the bid winner's partner, or the bid winner alone
        data["called"] = {"card": _card(rules, st.called_card), "holder": st.called_holder}
    if rules.match_carry is not None:  # what each side carries into the round from the hands before it
        data["carried"] = list(st.carried)
    if rules.widow is not None:  # the cards still face down, who took them, and what that player put aside
        data["widow"] = {"cards": [rules.card_text[c] for c in st.widow], "taker": st.widow_taker,
                         "discards": [rules.card_text[c] for c in st.discards]}


# `ghna.lend`: whether the bid winner has lent its partner a declaration, and whether the partner has used it.
LENT_WORDS = ("no", "lent", "used")


def _declaration(rules, declaration) -> list:
    seat, kind, arg, value = declaration
    return [seat, kind, _declared_words(rules, kind, arg) if kind in ("ghna", "kind") else arg, value]


def _declared_words(rules, kind: str, arg) -> str:
    """A pair's suit, or a kind of ghna.kinds as its action's words after `ghna` (`guinotes copas`, `ases`)."""
    if kind == "ghna":
        return rules.suits[arg]
    index, suit = arg
    name = rules.ghna.kinds[index].name
    return name if suit is None else f"{name} {rules.suits[suit]}"


def _restore_declared(rules, words: str) -> tuple[str, object]:
    """The (kind, arg) of `_declared_words` (a kind is never named like a suit: E509)."""
    if words in rules.suits:
        return "ghna", rules.suits.index(words)
    name, *suit = words.split(" ")
    index = next(i for i, k in enumerate(rules.ghna.kinds) if k.name == name)
    return "kind", (index, rules.suits.index(suit[0]) if suit else None)


def _restore_declaration(rules, seat: int, kind: str, arg, value: int) -> tuple:
    if kind in ("ghna", "kind"):
        return seat, kind, _restore_declared(rules, arg)[1], value
    return seat, kind, arg, value


def from_json(cls, game_or_spec, data: dict):
    """A RoundState equal to the one `data` was written from."""
    from .game import Game

    game = game_or_spec if isinstance(game_or_spec, Game) else Game.from_spec(game_or_spec, **data.get("settings", {}))
    rules = game.ruleset
    if data.get("system") != rules.system:
        raise ValueError(f"state of system {data.get('system')!r} given to a game of {rules.system!r}")
    st = cls.__new__(cls)
    st.rules, st._legal = rules, [None] * rules.seats
    _restore_round(st, rules, data)
    _restore_bidding(st, data["bidding"])
    _restore_play(st, rules, data["play"])
    _restore_ghna(st, rules, data["ghna"])
    st.claims = [(seat, trick, held) for seat, trick, held in data.get("claims", ())]
    widow = data.get("widow", {})
    st.widow = [rules.vocabulary.cards[c] for c in widow.get("cards", ())]
    st.discards = [rules.vocabulary.cards[c] for c in widow.get("discards", ())]
    st.widow_taker = widow.get("taker")
    return st


def _restore_round(st, rules, data: dict) -> None:
    cards, suits = rules.vocabulary.cards, rules.suits
    st.phase, st.dealer, st.first_speaker, st.seed = data["phase"], data["dealer"], data["first_speaker"], data["seed"]
    st.scores = list(data["scores"])
    st.carried = list(data.get("carried", ()))
    st.seating = round_seating(rules, st.dealer, gone_from(rules, st.scores))
    st.hands = [[cards[c] for c in hand] for hand in data["hands"]]
    st.stock = [cards[c] for c in data.get("stock", ())]
    for index, (field, _) in enumerate(levels.LEVELS):  # each level's counts; none for a level the match lacks
        setattr(st, field, list(data.get(field, [0] * rules.score_sides if index < len(rules.match_levels) else [])))
    st.played = data.get("played", 0)  # written only for a match of match.end rounds
    st.history = [(seat, action) for seat, action in data["history"]]
    st.trump_suit = None if data["trump"] is None else suits.index(data["trump"])
    st.turned = None if data["turned"] is None else cards[data["turned"]]
    st.swapped = data.get("swaps", int(data["swapped"])) if rules.swap_chain else data["swapped"]
    contract = data["contract"] or {}
    st.contract_team, st.contract_bidder, st.contract_amount = contract.get("team"), contract.get("bidder"), contract.get("amount")
    st.contract_rank = contract.get("rank")
    if rules.against_bidder and st.contract_bidder is not None:
        st.seating = st.seating.against(st.contract_bidder)
    found = data.get("called") or {}
    st.called_card = None if found.get("card") is None else cards[found["card"]]
    st.called_holder = found.get("holder")
    if st.called_holder is not None:  # a card called, or the bid winner alone without one (`trump.instead`)
        st.seating = called.sides(st)
    concession = data["concession"]
    st.concede_pending, st.concede_trick, st.conceded = concession["pending"], list(concession["proposed_at"]), concession["conceded"]
    st.void, st.tute_team = data["void"], data["tute"]
    st.at_once_team = data.get("at_once")


def _restore_bidding(st, data: dict) -> None:
    st.turn, st.out, st.spoken = data["turn"], list(data["out"]), list(data["spoken"])
    st.high, st.high_bidder = data["high"], data["high_bidder"]
    st.calls_made = [tuple(call) for call in data["calls_made"]]
    st.push_min = [None if p is None else tuple(p) for p in data["push_min"]]
    suit = data.get("high_suit")
    st.high_suit = None if suit is None else st.rules.suits.index(suit)
    st.high_rank = data.get("high_rank")


def _restore_play(st, rules, data: dict) -> None:
    cards = rules.vocabulary.cards
    st.to_play = data["to_play"]
    st.tricks = [(leader, tuple(cards[c] for c in played), winner) for leader, played, winner in data["tricks"]]
    st.card_points, st.last_trick_team, st.tricks_played = list(data["card_points"]), data["last_trick"], data["tricks_played"]
    trick = data["trick"]
    play.replay_trick(st, [seat for seat, _ in trick], [cards[c] for _, c in trick])


def _restore_ghna(st, rules, data: dict) -> None:
    suits = rules.suits
    st.window_team, st.window_count = data["window_team"], data["window_count"]
    st.declared_suits = [suits.index(s) for s in data["declared_suits"]]
    st.declarations = [_restore_declaration(rules, *entry) for entry in data["declarations"]]
    st.ghna_points = list(data["points"])
    st.held_credit = [(*_restore_declared(rules, words), v) for words, v in data["held_credit"]]
    st.lent = LENT_WORDS.index(data.get("lent", "no"))


def observation(st, seat: int) -> dict:
    """What `seat` may see (see module docstring)."""
    rules = st.rules
    full = to_json(st)
    seen = {
        "seat": seat,
        "system": rules.system,
        "phase": st.phase,
        "dealer": st.dealer,
        "first_speaker": st.first_speaker,
        "scores": list(st.scores),
        **({"carried": full["carried"]} if "carried" in full else {}),
        "hand": full["hands"][seat],
        "hand_sizes": [len(h) for h in st.hands],
        "history": full["history"],
        "bidding": {k: full["bidding"][k] for k in ("turn", "out", "high", "high_bidder", "high_suit", "high_rank") if k in full["bidding"]},
        "trump": full["trump"],
        "turned": full["turned"],
        "contract": full["contract"],
        "play": full["play"],
        "ghna": {k: full["ghna"][k] for k in ("window_team", "declared_suits", "declarations", "points", "lent") if k in full["ghna"]},
        "concession": full["concession"],
        "legal_actions": st.legal_actions(seat),
    }
    seen.update(_level_counts(st))
    if rules.claim is not None:
        seen["claims"] = full["claims"]
    if rules.call_text:  # the card is called aloud; its holder stays secret until the card is played
        seen["called"] = full["called"]["card"]
    if rules.widow is not None:  # face down: its size for all, the cards put aside for their owner only
        widow = full["widow"]
        seen["widow"] = {"size": len(st.widow), "taker": widow["taker"], "discarded": len(st.discards),
                         **({"discards": widow["discards"]} if seat == widow["taker"] else {})}
    if st.seating.deal.stock_size:
        seen["stock_size"] = len(st.stock)
        if st.seating.deal.turned_place == "under_stock":
            seen["stock_bottom"] = rules.card_text[st.stock[-1]] if st.stock else None
    return seen
