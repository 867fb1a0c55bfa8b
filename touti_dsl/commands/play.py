"""`touti play SPEC [--seed N] [--rounds K] [--format text|json]`: seeded random rounds, as a transcript.

Without --seed, a seed is picked at random and printed first (on stderr), so any round
can be replayed.  Deals round 1 from `--seed N` (round k from seed N + k - 1), lets four random players
act, and prints every action, each trick and the round's result, then the match score;
later rounds follow the spec's rotation and carry the scores, until K rounds or the end
of the match.  The random players are reproducible (seeded by N): they pass half the
time when they may, bid low, always declare a ghna or tute they may, never propose a
concession, and claim the rest only in the last tricks (`engine.claim.costly`).  Each round's header names its deal seed.  `--format json` prints one JSON
object per round instead (with `deal_seed`).  A bad `--set`
is reported as a command-line error (exit 2), with the spec's settings and choices.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from ..engine import Game, RoundState, redeal
from ..engine.claim import costly as costly_claim
from ..engine.levels import level_fields
from ..loader import load_named
from ._options import SettingError, add_format_option, add_set_option, chosen_settings

NAME = "play"
HELP = "play seeded random rounds of a spec with the reference engine and print the transcript"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", metavar="SPEC", help="a spec file or a bundled system id (atlas-carta)")
    parser.add_argument("--seed", type=int, help="deal seed of the first round (and of the random players); default: a random seed, printed")
    parser.add_argument("--rounds", type=_positive, default=1, help="rounds to play (default 1); stops at the end of the match")
    add_format_option(parser, ("text", "json"), legacy_json=True)
    add_set_option(parser)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def choose(state: RoundState, rng: random.Random) -> tuple[int, str]:
    """A reproducible random player's move (see module docstring)."""
    seat = rng.choice(state.actors())
    shunned = ("concede", "claim") if costly_claim(state) else ("concede",)  # a claim decided in well under a second
    actions = [a for a in state.legal_actions(seat) if a not in shunned] or state.legal_actions(seat)
    declarations = [a for a in actions if a.startswith(("ghna ", "tute "))]
    if declarations:
        return seat, declarations[0]
    if "pass" in actions and rng.random() < 0.5:
        return seat, "pass"
    others = [a for a in actions if a != "pass"] or actions
    return seat, rng.choice(others[:3] if others[0].startswith("bid ") else others)


def play_round(state: RoundState, rng: random.Random) -> list[tuple[int, str]]:
    """Play a round to its end; the (seat, action) list."""
    moves = []
    while not state.is_terminal():
        seat, action = choose(state, rng)
        state.apply(seat, action)
        moves.append((seat, action))
    return moves


def run(args: argparse.Namespace) -> int:
    spec = load_named(args.spec)
    try:
        game = Game.from_spec(spec, **chosen_settings(spec, args.set))
    except SettingError as error:
        print(f"touti play: error: {error}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if args.seed is None:
        print(f"seed: {seed} (replay with --seed {seed})", file=sys.stderr)
    rng = random.Random(seed)
    state = game.new_round(seed=seed)
    for number in range(1, args.rounds + 1):
        start, first = state.to_json(), state.clone()
        moves = play_round(state, rng)
        round_seed = seed + number - 1
        print(_json_round(number, round_seed, start, moves, state) if args.format == "json"
              else _transcript(number, round_seed, start, moves, state, first))
        if state.match_result()["over"] or number == args.rounds:
            break
        state = state.next_round(seed=seed + number)
    return 0


def _json_round(number: int, seed: int, start: dict, moves, state: RoundState) -> str:
    data = {
        "round": number,
        "deal_seed": seed,
        "dealer": start["dealer"],
        "first_speaker": start["first_speaker"],
        "hands": start["hands"],
        "turned": start["turned"],
        **({"stock": start["stock"]} if "stock" in start else {}),
        **({"widow": start["widow"]["cards"]} if "widow" in start else {}),
        "actions": [[seat, action] for seat, action in moves],
        "result": state.round_result(),
        "match": state.match_result(),
    }
    return json.dumps(data, ensure_ascii=False)


def _transcript(number: int, seed: int, start: dict, moves, state: RoundState, first: RoundState) -> str:
    lines = [f"== round {number} ({state.rules.system}, deal seed {seed})"]
    who = f"dealer: seat {start['dealer']}, " if start["dealer"] is not None else ""
    lines.append(f"{who}first speaker: seat {start['first_speaker']}")
    rules = state.rules
    for seat, hand in enumerate(start["hands"]):
        side = f" ({_side(rules, rules.team_of[seat])})" if any(rules.partners) else ""
        shown = " ".join(hand) if seat in state.seating.in_play else _not_dealt(state, seat)
        lines.append(f"  seat {seat}{side}: {shown}")
    if start["turned"]:
        place = {"under_stock": ", face up under the stock", "aside": ", set aside"}.get(state.seating.deal.turned_place, "")
        lines.append(f"turned card: {start['turned']} (trumps: {start['trump']}{place})")
    if "stock" in start:
        lines.append(f"stock ({len(start['stock'])} cards, drawn in this order): {' '.join(start['stock'])}")
    if "widow" in start:
        lines.append(f"widow (face down, for the bid winner): {' '.join(start['widow']['cards'])}")
    lines.extend(_moves(state, moves, first))
    lines.extend(_result_lines(state))
    return "\n".join(lines)


def _not_dealt(state: RoundState, seat: int) -> str:
    """Why a seat holds no card this round: out of the match (`match.end elimination`), or sitting out the deal."""
    if state.rules.match_end == "elimination" and state.scores[seat] >= state.rules.match_goal:
        return f"out of the match ({state.scores[seat]} hands lost; dealt no card)"
    return "sits out of this round (dealt no card)"


def _moves(state: RoundState, moves, start: RoundState) -> list[str]:
    """The moves in words, the round replayed from `start` so that each draw shows the cards really drawn (a swap
    under the stock changes the last one) where it happens: right after the trick, or at the winner's `draw`."""
    rules, seating = state.rules, state.seating
    seats = seating.deal.players  # the players of the round: a seat sitting out plays no card
    lines, tricks, plays, replay = [], iter(state.tricks), 0, start.clone()
    for seat, action in moves:
        held, left = [list(hand) for hand in replay.hands], len(replay.stock)
        replay.apply(seat, action)
        lines.append(f"  seat {seat}: {action}")
        plays += action.startswith("play ")
        if action.startswith("play ") and plays % seats == 0:
            leader, cards, winner = next(tricks)
            points = sum(rules.card_points[c] for c in cards)
            side = f" ({_side(rules, rules.team_of[winner])})" if any(rules.partners) else ""
            lines.append(f"  -- trick {plays // seats}: seat {winner}{side} takes {points}")
        if len(replay.stock) < left:
            lines.append("  -- draw: " + ", ".join(_drawn(replay, held)))
    return lines


def _drawn(state: RoundState, held: list[list[int]]) -> list[str]:
    """`seat S CARD` for each player who has just drawn, the trick winner first."""
    order = [state.last_trick_winner()]
    while len(order) < state.seating.deal.players:
        order.append(state.seating.next_seat[order[-1]])
    new = {seat: next(c for c in state.hands[seat] if c not in held[seat]) for seat in order}
    return [f"seat {seat} {state.rules.card_text[new[seat]]}" for seat in order]


def _side(rules, side: int) -> str:
    """A side as a reader names it: a team of partners, the one player of a side, or the bid winner's side."""
    if rules.against_bidder:
        return ("the bid winner's side" if rules.call_text else "the bid winner") if side == 0 else "the defenders"
    return f"team {side}" if any(rules.partners) else f"seat {side}"


def _result_lines(state: RoundState) -> list[str]:
    """The round's result in words: no Python values (True, None) reach the reader."""
    r, match = state.round_result(), state.match_result()
    if r["void"] and redeal.redealt(state):
        lines = ["result: void deal, dealt again (redeal.when; nobody scores)"]
    elif r["void"]:
        lines = ["result: void round (nobody scores)"]
    else:
        head = ""
        if r["contract"]:
            team = f" ({_side(state.rules, r['contract']['team'])})" if any(state.rules.partners) else ""
            rank = r["contract"].get("rank")  # an auction on ranks: the rank the winning bid named
            on_rank = f" on rank {rank}" if rank is not None else ""
            head = f"contract {r['contract']['amount']}{on_rank} by seat {r['contract']['bidder']}{team}, "
        trumps = f"trumps {r['trump']}" if r["trump"] else "no trumps"
        if r.get("called"):  # trump.choice called_card: the card named trumps and the bid winner's partner
            partner = "alone" if r["partner"] is None else f"partner seat {r['partner']}"
            trumps += f" (called {r['called']}: {partner})"
        last = _side(state.rules, r["last_trick"]) if r["last_trick"] is not None else "nobody"
        lines = [
            f"result: {head}{trumps}",
            f"  card points {_pair(r['card_points'])}, last trick {last}, ghna {_pair(r['ghna'])}, totals {_pair(r['totals'])}",
            "  " + ", ".join(_outcome_words(state.rules, r)),
        ]
    winners = match.get("winners") or ([match["winner"]] if match["winner"] is not None else [])
    # the match's entries are seats where it is kept per player (sides set each round), sides otherwise
    named = " and ".join(f"seat {s}" if state.rules.against_bidder else _side(state.rules, s) for s in winners)
    verb = "wins" if len(winners) == 1 else "win"
    over = f"; match over: {named} {verb}" if match["over"] and winners else "; match over" if match["over"] else ""
    lines.append(f"  score changes {_pair(r['score_changes'])}; match {_pair(match['scores'])}{over}")
    return lines + _level_lines(state.rules, match)


def _level_lines(rules, match: dict) -> list[str]:
    """A match in games: each level's counts after the round (`games won 2 / 1; cotos won 1 / 0`); a match of a fixed
    number of hands: the hands played (`hands played 3 of 5`)."""
    counts = [f"{field} won {_pair(match[field])}" for field, _ in level_fields(rules)]
    if "played" in match:  # match.end rounds: how far the fixed number of hands has gone
        counts.append(f"hands played {match['played']} of {rules.match_goal}")
    return ["  " + "; ".join(counts)] if counts else []


def _pair(values: list[int]) -> str:
    """The sides' numbers, side 0 first: `78 / 42`."""
    return " / ".join(str(v) for v in values)


def _outcome_words(rules, r: dict) -> list[str]:
    words = []
    if r["made"] is not None:
        words.append("contract made" if r["made"] else "contract missed")
    if r["conceded"]:
        words.append("conceded by the defenders")
    if r["tute"] is not None:
        words.append(f"tute by {_side(rules, r['tute'])}")
    if "losers" in r:
        words.append("lost the hand: " + (", ".join(_side(rules, s) for s in r["losers"]) or "nobody"))
    else:
        words.append(f"winner: {_side(rules, r['winner'])}" if r["winner"] is not None else "no winner")
    return words
