"""`touti play SPEC --seed N [--rounds K] [--json]`: seeded random rounds, as a transcript.

Deals round 1 from `--seed N` (round k from seed N + k - 1), lets four random players
act, and prints every action, each trick and the round's result, then the match score;
later rounds follow the spec's rotation and carry the scores, until K rounds or the end
of the match.  The random players are reproducible (seeded by N): they pass half the
time when they may, bid low, always declare a ghna or tute they may, and never propose a
concession.  `--json` prints one JSON object per round instead.
"""

from __future__ import annotations

import argparse
import json
import random

from ..engine import Game, RoundState

NAME = "play"
HELP = "play seeded random rounds of a spec with the reference engine and print the transcript"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", metavar="SPEC", help="a spec file or a bundled system id (atlas-carta)")
    parser.add_argument("--seed", type=int, required=True, help="deal seed of the first round (and of the random players)")
    parser.add_argument("--rounds", type=_positive, default=1, help="rounds to play (default 1); stops at the end of the match")
    parser.add_argument("--json", action="store_true", help="print one JSON object per round")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a match setting, e.g. target=400")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _settings(pairs: list[str]) -> dict:
    settings = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not value.isdigit():
            raise SystemExit(f"touti play: --set expects KEY=NUMBER, not {pair!r}")
        settings[key] = int(value)
    return settings


def choose(state: RoundState, rng: random.Random) -> tuple[int, str]:
    """A reproducible random player's move (see module docstring)."""
    seat = rng.choice(state.actors())
    actions = [a for a in state.legal_actions(seat) if a != "concede"] or state.legal_actions(seat)
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
    game = Game.from_spec(args.spec, **_settings(args.set))
    rng = random.Random(args.seed)
    state = game.new_round(seed=args.seed)
    for number in range(1, args.rounds + 1):
        start = state.to_json()
        moves = play_round(state, rng)
        print(_json_round(number, start, moves, state) if args.json else _transcript(number, start, moves, state))
        if state.match_result()["over"] or number == args.rounds:
            break
        state = state.next_round(seed=args.seed + number)
    return 0


def _json_round(number: int, start: dict, moves, state: RoundState) -> str:
    data = {
        "round": number,
        "dealer": start["dealer"],
        "first_speaker": start["first_speaker"],
        "hands": start["hands"],
        "turned": start["turned"],
        "actions": [[seat, action] for seat, action in moves],
        "result": state.round_result(),
        "match": state.match_result(),
    }
    return json.dumps(data, ensure_ascii=False)


def _transcript(number: int, start: dict, moves, state: RoundState) -> str:
    lines = [f"== round {number} ({state.rules.system})"]
    who = f"dealer: seat {start['dealer']}, " if start["dealer"] is not None else ""
    lines.append(f"{who}first speaker: seat {start['first_speaker']}")
    for seat, hand in enumerate(start["hands"]):
        lines.append(f"  seat {seat} (team {state.rules.team_of[seat]}): {' '.join(hand)}")
    if start["turned"]:
        lines.append(f"turned card: {start['turned']} (trumps: {start['trump']})")
    lines.extend(_moves(state, moves))
    lines.extend(_result_lines(state))
    return "\n".join(lines)


def _moves(state: RoundState, moves) -> list[str]:
    lines, tricks, plays = [], iter(state.tricks), 0
    for seat, action in moves:
        lines.append(f"  seat {seat}: {action}")
        plays += action.startswith("play ")
        if action.startswith("play ") and plays % 4 == 0:
            leader, cards, winner = next(tricks)
            points = sum(state.rules.card_points[c] for c in cards)
            lines.append(f"  -- trick {plays // 4}: seat {winner} (team {state.rules.team_of[winner]}) takes {points}")
    return lines


def _result_lines(state: RoundState) -> list[str]:
    r, match = state.round_result(), state.match_result()
    if r["void"]:
        lines = ["result: void round (nobody scores)"]
    else:
        head = f"contract {r['contract']['amount']} by seat {r['contract']['bidder']} (team {r['contract']['team']}), " if r["contract"] else ""
        lines = [
            f"result: {head}trumps {r['trump']}",
            f"  card points {r['card_points']}, last trick team {r['last_trick']}, ghna {r['ghna']}, totals {r['totals']}",
            f"  made: {r['made']}, conceded: {r['conceded']}, tute: {r['tute']}, winner: team {r['winner']}",
        ]
    lines.append(f"  score changes {r['score_changes']}; match {match['scores']}" + (f", over: team {match['winner']} wins" if match["over"] else ""))
    return lines
