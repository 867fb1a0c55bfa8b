"""`touti fuzz` speed: rounds/s against the reference adapter, beside the engine's own rounds/s.

The engine's own rate is bench_engine.py's random round (actors and a legal set at every
step, a random legal action).  The fuzz rate is `touti fuzz`'s loop without the command
line: seeded biased rounds (every actor's legal set, probes, trick winners, results)
judged through `touti adapter SYSTEM` over the JSON-lines pipe, pipelined as touti fuzz
does it (the adapter plays a round while this process judges the previous one and
prepares the next).

On a shared machine the load drifts, so the two are measured in turn, in short slices
(engine, fuzz, engine, fuzz, ...), and the ratio is taken slice pair by slice pair; the
figures printed are medians.  Beside the wall-clock rates, the CPU cost of a fuzz round
on each side (this process, the adapter process) says which one bounds the rate.
Usage: python bench/bench_fuzz.py [--system atlas-carta] [--seconds 3] [--pairs 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from types import SimpleNamespace

from touti_dsl.commands.fuzz import Fuzz, Rounds
from touti_dsl.conformance.runner import RunSettings, preflight
from touti_dsl.engine import Game
from touti_dsl.loader import load_named

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_engine import play_random_round  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def engine_slice(game: Game, seconds: float, rng: random.Random, seeds) -> tuple[float, float]:
    """Random rounds for `seconds`: (rounds per wall second, rounds per CPU second)."""
    count, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        play_random_round(game, next(seeds), rng)
        count += 1
    return count / (time.perf_counter() - wall), count / (time.process_time() - cpu)


def child_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used, from /proc."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class FuzzBench:
    """One adapter process and one seeded source of rounds, measured slice after slice."""

    def __init__(self, system: str):
        self.spec = load_named(system)
        self.game = Game.from_spec(self.spec)
        self.job = preflight(RunSettings([sys.executable, "-m", "touti_dsl", "adapter", system], timeout=60))
        self.source = Rounds(self.game, 1, frozenset())

    def slice(self, seconds: float) -> tuple[float, float, float, float]:
        """Fuzz rounds for `seconds`: rounds per wall second, per CPU second of both processes, and the
        CPU milliseconds of a round in this process and in the adapter."""
        args = SimpleNamespace(seed=1, seconds=seconds, rounds=None, impl="touti adapter", out="/tmp", shrink_runs=1,
                               timeout=60.0, refusal="any", format="text")
        fuzz = Fuzz(args, self.spec, self.game, self.job)
        pid = self.job.process.proc.pid
        count, wall, cpu, adapter = 0, time.perf_counter(), time.process_time(), child_cpu(pid)
        for _, _, failed in fuzz._judged(self.source):
            assert failed is None, "the reference diverged from itself"
            count += 1
        wall, cpu, adapter = time.perf_counter() - wall, time.process_time() - cpu, child_cpu(pid) - adapter
        return count / wall, count / (cpu + adapter), 1000 * cpu / count, 1000 * adapter / count

    def close(self) -> None:
        self.job.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", default="atlas-carta")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one slice")
    parser.add_argument("--pairs", type=int, default=5, help="slice pairs (engine, fuzz)")
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    game = Game.from_spec(args.system)
    rng, seeds = random.Random(0), iter(range(10**9))
    bench = FuzzBench(args.system)
    rows = []
    try:
        for _ in range(args.pairs):
            rows.append(engine_slice(game, args.seconds, rng, seeds) + bench.slice(args.seconds))
    finally:
        bench.close()
    med = [statistics.median(column) for column in zip(*rows)]
    ratios = [fuzz / own for own, _, fuzz, *_ in rows]
    cpu_ratios = [fuzz_cpu / own_cpu for _, own_cpu, _, fuzz_cpu, *_ in rows]
    print(f"load average at end:   {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"engine's own random rounds:       {med[0]:8,.1f} rounds/s ({med[1]:,.1f} per CPU second) ({args.system})")
    print(f"touti fuzz against touti adapter: {med[2]:8,.1f} rounds/s ({med[3]:,.1f} per CPU second of both processes)")
    print(f"fuzz / engine, median of {len(rows)} slice pairs: {100 * statistics.median(ratios):.0f}% "
          f"(pairs: {', '.join(f'{100 * r:.0f}' for r in ratios)}); per CPU second: {100 * statistics.median(cpu_ratios):.0f}%")
    print(f"CPU per fuzz round: {med[4]:.2f} ms in touti fuzz, {med[5]:.2f} ms in the adapter "
          f"(an engine round: {1000 / med[1]:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
