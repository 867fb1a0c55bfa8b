"""Engine speed: complete random rounds per second and legal-action calls per second.

For each bundled system, one process: random rounds (bidding, ten tricks, scoring) where
every step asks `actors()` and `legal_actions(seat)` and applies a random legal action —
once with the random players free to concede (atlas-carta rounds then often end early),
once with the players never proposing a concession (every non-void round has ten tricks);
then legal-action calls alone on a fixed set of mid-round states (cache cleared before
each call); then a floor loop that picks random actions from precomputed lists with the
same number of steps per round (the cost of the loop itself, for scale).

Rates are given per second of wall-clock time and per CPU second of this process: on a
shared machine the second is the fairer figure.
Usage: python bench/bench_engine.py [--seconds S] [--systems a,b]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from touti_dsl.engine import Game

SYSTEMS = ("atlas-carta", "tutti-ma", "touti-app", "tute")


def play_random_round(game: Game, seed: int, rng: random.Random, concede: bool = True) -> int:
    """One complete round with random legal actions; returns the number of steps."""
    state = game.new_round(seed=seed)
    steps = 0
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        actions = state.legal_actions(seat)
        if not concede and "concede" in actions and len(actions) > 1:
            actions.remove("concede")
        state.apply(seat, rng.choice(actions))
        steps += 1
    state.round_result()
    return steps


def measure(work, seconds: float) -> tuple[int, int, float, float]:
    """Call work() (which returns (units, steps)) until `seconds` pass: units, steps, wall, cpu."""
    units = steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        done, taken = work()
        units, steps = units + done, steps + taken
    return units, steps, time.perf_counter() - wall, time.process_time() - cpu


def rounds(game: Game, seconds: float, concede: bool) -> tuple[float, float, float]:
    rng, seeds = random.Random(0), iter(range(10**9))
    count, steps, wall, cpu = measure(lambda: (1, play_random_round(game, next(seeds), rng, concede)), seconds)
    return count / wall, count / cpu, steps / count


def sample_states(game: Game, count: int) -> list:
    """Mid-round states reached by random play, for timing legal_actions alone."""
    rng = random.Random(1)
    states = []
    for seed in range(count):
        state = game.new_round(seed=seed)
        for _ in range(rng.randrange(1, 45)):
            if state.is_terminal():
                break
            seat = rng.choice(state.actors())
            actions = [a for a in state.legal_actions(seat) if a != "concede"] or state.legal_actions(seat)
            state.apply(seat, rng.choice(actions))
        states.append(state)
    return states


def legal_calls(game: Game, seconds: float) -> tuple[float, float]:
    states = sample_states(game, 200)

    def sweep():
        for state in states:
            for seat in range(4):
                state._legal = [None, None, None, None]  # time the computation, not the cache
                state.legal_actions(seat)
        return 4 * len(states), 0

    count, _, wall, cpu = measure(sweep, seconds)
    return count / wall, count / cpu


def floor_rounds(steps_per_round: float, seconds: float) -> tuple[float, float]:
    """Random choices from precomputed lists: what a loop costs with no rules at all."""
    rng = random.Random(2)
    lists = [[f"play {i}" for i in range(k)] for k in range(1, 11)]
    seats = [0, 1, 2, 3]
    per_round = round(steps_per_round)

    def one_round():
        for step in range(per_round):
            rng.choice(seats)
            rng.choice(lists[step % 10])
        return 1, per_round

    count, _, wall, cpu = measure(one_round, seconds)
    return count / wall, count / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; rates as wall/cpu")
    head = ("system", "rounds/s", "steps", "no-concede rounds/s", "steps", "legal calls/s", "floor rounds/s")
    print("{:<12} {:>13} {:>6} {:>20} {:>6} {:>17} {:>17}".format(*head))
    for system in args.systems.split(","):
        game = Game.from_spec(system)
        wall, cpu, steps = rounds(game, args.seconds, concede=True)
        full_wall, full_cpu, full_steps = rounds(game, args.seconds, concede=False)
        legal_wall, legal_cpu = legal_calls(game, args.seconds)
        floor_wall, floor_cpu = floor_rounds(full_steps, args.seconds / 2)
        print(
            f"{system:<12} {wall:>6.0f}/{cpu:<6.0f} {steps:>6.1f} {full_wall:>13.0f}/{full_cpu:<6.0f} {full_steps:>6.1f}"
            f" {legal_wall:>8.0f}/{legal_cpu:<8.0f} {floor_wall:>8.0f}/{floor_cpu:<8.0f}"
        )


if __name__ == "__main__":
    main()
