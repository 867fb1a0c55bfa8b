"""The claim check's cost: the exact search of engine/claim.py over random states of every spec.

For each spec (the bundled systems and the examples), random rounds are played; at each
state where a claim could be checked (a seat about to lead, nothing left to draw, no swap
still to come) the search is run for the leader's side, whether or not the spec has a
claim section.  For each number of tricks left it reports the states checked, how many
claims held, the median and the worst CPU time of this process (on a shared machine the
wall clock says more about the neighbours than about the search) and the worst node count
(the same on every machine): the worst case is the figure that matters, since an engine
applies a claim at once.

`--first-trick` measures the worst case instead: for each of `--rounds` seeded deals, the
first position where nothing is left to draw (the first lead of Tute, the swap aside; the
first trick after the stock is gone in Brisca or Guiñote), the claim of every trick left by
the leader's side.  `--plain` runs the plain search (no trump count, strongest cards first:
`claim.Search(quick=False)`) for the figures before the quick one.

Usage: python bench/bench_claim.py [--rounds N] [--most-left K] [--specs a,b] [--budget S] [--first-trick] [--plain]
`--most-left` skips states with more tricks left (the search grows fast with them; not with `--first-trick`);
`--budget` stops a spec's rounds after S seconds of searching (its figures so far are kept).

Figures (`--first-trick --rounds 200`, CPU of a loaded two-core machine): the quick search's worst claim of all ten
tricks is 34 k nodes / 0.4 s in Tute, 75 k / 1.0 s in Atlas Carta and Tutti-ma, 91 k / 1.1 s in Touti-app, and at
most 1.4 k nodes / 26 ms for the tables with a stock (Brisca, Briscola, Guiñote: the stock gone, 3 to 6 tricks
left) and the tables of three (13 tricks); `--plain` took up to 107 s / 3.8 M nodes on Tute's deal 27 and passed
150 k nodes (over 2 s) on 10 Tute and 12 Atlas Carta deals of 200.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from touti_dsl.engine import Game
from touti_dsl.engine import claim
from touti_dsl.engine.ruleset import cards_merge, points_blind
from touti_dsl.loader import load_spec

ROOT = Path(__file__).resolve().parents[1]


def spec_paths(names: list[str] | None) -> list[Path]:
    paths = sorted((ROOT / "spec").glob("*.touti")) + sorted((ROOT / "spec" / "examples").glob("*.touti"))
    return [p for p in paths if names is None or p.stem in names]


def checkable(state, seat: int) -> bool:
    return (state.phase == "play" and seat == state.to_play and not state.trick_cards and not state.stock
            and state.concede_pending is None and not claim.swap_to_come(state))


def first_position(state, seat: int) -> bool:
    """The first lead with nothing left to draw (the swap aside: the search never sees one)."""
    return (state.phase == "play" and seat == state.to_play and not state.trick_cards and not state.stock
            and state.concede_pending is None)


def measure(path: Path, rounds: int, most_left: int, budget: float, first: bool = False,
            quick: bool = True) -> dict[int, list[tuple[float, int, bool]]]:
    spec = load_spec(path)
    game, merge, blind = Game.from_spec(spec), cards_merge(spec), points_blind(spec)
    rng = random.Random(20261201)
    found: dict[int, list[tuple[float, int, bool]]] = {}
    spent = 0.0
    for index in range(rounds):
        state = game.new_round(seed=index)
        while not state.is_terminal() and spent < budget:
            seat = rng.choice(state.actors())
            left = game.ruleset.tricks_per_round - state.tricks_played
            if first_position(state, seat) if first else (checkable(state, seat) and left <= most_left):
                search = claim.Search(state, state.seating.team_of[seat], merge=merge, quick=quick, points_blind=blind)
                start = time.process_time()
                held = search.run()
                elapsed = time.process_time() - start
                spent += elapsed
                found.setdefault(left, []).append((elapsed, search.nodes, held))
                if first:
                    break
            actions = [a for a in state.legal_actions(seat) if a not in ("concede", "claim")] or state.legal_actions(seat)
            state.apply(seat, rng.choice(actions))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--most-left", type=int, default=5)
    parser.add_argument("--specs", default=None)
    parser.add_argument("--budget", type=float, default=20.0)
    parser.add_argument("--first-trick", action="store_true", help="the claim of every trick from the first lead")
    parser.add_argument("--plain", action="store_true", help="the plain search, for the figures before")
    args = parser.parse_args()
    names = args.specs.split(",") if args.specs else None
    print(f"{'spec':<30} {'left':>4} {'states':>6} {'held':>5} {'median cpu ms':>13} {'worst cpu ms':>12} {'worst nodes':>11}")
    worst_overall = (0.0, "", 0)
    for path in spec_paths(names):
        found = measure(path, args.rounds, args.most_left, args.budget, args.first_trick, not args.plain)
        for left in sorted(found):
            runs = found[left]
            worst = max(runs)
            median = statistics.median(r[0] for r in runs)
            print(f"{path.stem:<30} {left:>4} {len(runs):>6} {sum(r[2] for r in runs):>5} {median * 1000:>13.2f} "
                  f"{worst[0] * 1000:>12.1f} {max(r[1] for r in runs):>11}", flush=True)
            worst_overall = max(worst_overall, (worst[0], path.stem, left))
    print(f"worst case: {worst_overall[0] * 1000:.1f} ms of CPU ({worst_overall[1]}, {worst_overall[2]} tricks left)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
