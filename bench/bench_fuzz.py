"""`touti fuzz` speed: rounds/s against the reference adapter, beside the engine's own rounds/s.

The engine's own rate is bench_engine.py's random round (actors and a legal set at every
step, a random legal action).  The fuzz rate is `touti fuzz`'s loop without the command
line: seeded biased rounds prepared ahead on a thread (every actor's legal set, probes,
trick winners, results) and judged through `touti adapter` over the JSON-lines pipe.
Usage: python bench/bench_fuzz.py [--system atlas-carta] [--seconds 10]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from types import SimpleNamespace

from touti_dsl.commands.fuzz import Fuzz, Rounds
from touti_dsl.conformance.runner import RunSettings, preflight
from touti_dsl.engine import Game
from touti_dsl.loader import load_named

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_engine import play_random_round  # noqa: E402


def engine_rate(game: Game, seconds: float) -> float:
    rng, count, start = random.Random(0), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_random_round(game, count, rng)
        count += 1
    return count / (time.perf_counter() - start)


def fuzz_rate(system: str, seconds: float) -> tuple[float, int]:
    spec = load_named(system)
    game = Game.from_spec(spec)
    job = preflight(RunSettings([sys.executable, "-m", "touti_dsl", "adapter", system], timeout=60))
    args = SimpleNamespace(seed=1, seconds=seconds, rounds=None, impl="touti adapter", out="/tmp", shrink_runs=1, timeout=60.0, refusal="any")
    fuzz = Fuzz(args, spec, game, job)
    source = Rounds(game, 1, fuzz.absent)
    count, start = 0, time.perf_counter()
    try:
        for _, _, failed in fuzz._judged(source):
            assert failed is None, "the reference diverged from itself"
            count += 1
            fuzz.rounds = count
    finally:
        source.stop()
        job.close()
    return count / (time.perf_counter() - start), count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", default="atlas-carta")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    game = Game.from_spec(args.system)
    own = engine_rate(game, args.seconds)
    print(f"engine's own random rounds: {own:,.1f} rounds/s ({args.system})")
    rate, count = fuzz_rate(args.system, args.seconds)
    print(f"touti fuzz against touti adapter: {rate:,.1f} rounds/s ({count} rounds): {100 * rate / own:.0f}% of the engine's own rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
