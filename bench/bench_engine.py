"""Engine speed: complete random rounds per second and legal-action calls per second.

For each bundled system, one process: random rounds (bidding, ten tricks, scoring) where
every step asks `actors()` and `legal_actions(seat)` and applies a random legal action;
then legal-action calls alone on a fixed set of mid-round states; then a floor loop that
picks random actions from precomputed lists (the cost of the loop itself, for scale).
Usage: python bench/bench_engine.py [--seconds S] [--systems a,b]
"""

from __future__ import annotations

import argparse
import random
import time

from touti_dsl.engine import Game

SYSTEMS = ("atlas-carta", "tutti-ma", "touti-app", "tute")


def play_random_round(game: Game, seed: int, rng: random.Random, concede: bool = True) -> int:
    """One complete round with random legal actions; returns the number of steps.

    With concede=False the random players never propose a concession, so that every
    non-void round is played to the tenth trick."""
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


def rounds_per_second(game: Game, seconds: float, concede: bool = True) -> tuple[float, float]:
    rng = random.Random(0)
    rounds = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += play_random_round(game, rounds, rng, concede)
        rounds += 1
    elapsed = time.perf_counter() - start
    return rounds / elapsed, steps / rounds


def sample_states(game: Game, count: int) -> list:
    """Mid-round states reached by random play, for timing legal_actions alone."""
    rng = random.Random(1)
    states = []
    for seed in range(count):
        state = game.new_round(seed=seed)
        for _ in range(rng.randrange(1, 30)):
            if state.is_terminal():
                break
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states


def legal_calls_per_second(game: Game, seconds: float) -> float:
    states = sample_states(game, 200)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            for seat in range(4):
                state._legal = [None, None, None, None]  # time the computation, not the cache
                state.legal_actions(seat)
            calls += 4
    return calls / (time.perf_counter() - start)


def floor_rounds_per_second(steps_per_round: float, seconds: float) -> float:
    """Random choices from precomputed lists: what a loop costs with no rules at all."""
    rng = random.Random(2)
    lists = [[f"play {i}" for i in range(k)] for k in range(1, 11)]
    seats = [0, 1, 2, 3]
    rounds = 0
    per_round = round(steps_per_round)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for step in range(per_round):
            rng.choice(seats)
            rng.choice(lists[step % 10])
        rounds += 1
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    args = parser.parse_args()
    print("rounds/s: random legal play, actors() and legal_actions() at every step; 'no concede':")
    print("the random players never propose a concession (every non-void round has ten tricks)")
    head = ("system", "rounds/s", "steps/round", "no concede", "steps/round", "legal calls/s", "floor rounds/s")
    print("{:<12} {:>9} {:>12} {:>11} {:>12} {:>14} {:>15}".format(*head))
    for system in args.systems.split(","):
        game = Game.from_spec(system)
        rate, steps = rounds_per_second(game, args.seconds)
        full_rate, full_steps = rounds_per_second(game, args.seconds, concede=False)
        legal_rate = legal_calls_per_second(game, args.seconds)
        floor = floor_rounds_per_second(full_steps, args.seconds / 2)
        row = (system, rate, steps, full_rate, full_steps, legal_rate, floor)
        print("{:<12} {:>9.0f} {:>12.1f} {:>11.0f} {:>12.1f} {:>14.0f} {:>15.0f}".format(*row))


if __name__ == "__main__":
    main()
