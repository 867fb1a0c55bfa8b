"""`touti fuzz` speed: rounds/s against the reference adapter, beside the engine's own rounds/s.

The engine's own rate is taken on the very rounds touti fuzz plays (seed 1: rounds 1/0,
1/1, ..., the first --same-rounds of them in a cycle; their deals and moves prepared
before timing): the engine plays each round alone, asking at every move the actors and
the mover's legal set, as bench_engine.py's random round does, then the round result.
That is the yardstick of the target (fuzz >= 50% of the engine's own rate): a fuzz
round averages about 34 moves, bench_engine.py's random round about 22, so the random
round's rate (printed too, for scale) is not like with like.
The fuzz rate is `touti fuzz`'s loop without the command line: seeded biased rounds
(every actor's legal set, probes, trick winners, results) judged through `touti adapter
SYSTEM` over the JSON-lines pipe, pipelined as touti fuzz does it (the adapter plays a
round while this process judges the previous one and prepares the next; the adapter's
hello declares pipelining, so up to runner.PIPELINE_DEPTH rounds are in flight).

On a shared machine the load drifts, so the two are measured in turn, in short slices
(engine, fuzz, engine, fuzz, ...), and the ratio is taken slice pair by slice pair; the
figures printed are medians.  Beside the wall-clock rates, the CPU cost of a fuzz round
on each side (this process, the adapter process) says which one bounds the rate; the
ratio per CPU second (engine CPU per round / CPU of both processes per fuzz round) is
less sensitive to the load.  The wall-clock ratio counts on two CPUs free for the two
processes: the CPUs they kept busy are printed (2 when they overlap fully, near 1 when
other work leaves them one CPU, as on a machine that runs a suite meanwhile: the ratio then
says more about the load than about touti fuzz), and beside it the engine's CPU per round
over the slower side's, the ratio two free CPUs would give at the CPU costs measured (costs
that rise when the two processes take turns on one CPU).
Usage: python bench/bench_fuzz.py [--system atlas-carta] [--seconds 3] [--pairs 5]
"""

from __future__ import annotations

import argparse
import itertools
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


def same_rounds(game: Game, count: int) -> list[tuple[dict, list[tuple[int, str]]]]:
    """The deal and the moves of the first `count` rounds touti fuzz plays with seed 1."""
    source = Rounds(game, 1, frozenset())
    rounds = []
    for _ in range(count):
        played = source.next()[1]
        rounds.append((played.case["setup"], [(step["seat"], step["action"]) for step in played.case["steps"] if step["op"] == "apply"]))
    return rounds


def replay(game: Game, setup: dict, moves: list[tuple[int, str]]) -> None:
    """One round played by the engine alone: the actors and the mover's legal set at every move, then the result."""
    state = game.new_round(**setup)
    for seat, action in moves:
        state.actors()
        state.legal_actions(seat)
        state.apply(seat, action)
    state.round_result()


def engine_slice(game: Game, seconds: float, rounds) -> tuple[float, float]:
    """The fuzz run's rounds, played by the engine alone for `seconds`: (rounds per wall second, per CPU second)."""
    count, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        replay(game, *next(rounds))
        count += 1
    return count / (time.perf_counter() - wall), count / (time.process_time() - cpu)


def random_slice(game: Game, seconds: float, rng: random.Random, seeds) -> tuple[float, float]:
    """bench_engine.py's random rounds for `seconds` (for scale): (rounds per wall second, per CPU second)."""
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
        args = SimpleNamespace(seed=1, seconds=seconds, rounds=None, impl="touti adapter", out="/tmp", shrink_runs=1, shrink_seconds=60.0,
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
    parser.add_argument("--same-rounds", type=int, default=400, help="fuzz rounds the engine replays, in a cycle")
    args = parser.parse_args()
    game = Game.from_spec(args.system)
    replayed = same_rounds(game, args.same_rounds)
    moves = statistics.mean(len(round_moves) for _, round_moves in replayed)
    rounds = itertools.cycle(replayed)
    rng, seeds = random.Random(0), iter(range(10**9))
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bench = FuzzBench(args.system)
    rows = []
    try:
        for _ in range(args.pairs):
            rows.append(engine_slice(game, args.seconds, rounds) + bench.slice(args.seconds) + random_slice(game, args.seconds / 3, rng, seeds))
    finally:
        bench.close()
    med = [statistics.median(column) for column in zip(*rows)]
    ratios = [fuzz / own for own, _, fuzz, *_ in rows]
    cpu_ratios = [fuzz_cpu / own_cpu for _, own_cpu, _, fuzz_cpu, *_ in rows]
    print(f"load average at end:   {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"engine alone, the same rounds:    {med[0]:8,.1f} rounds/s ({med[1]:,.1f} per CPU second) ({args.system}, {moves:.1f} moves a round)")
    print(f"touti fuzz against touti adapter: {med[2]:8,.1f} rounds/s ({med[3]:,.1f} per CPU second of both processes)")
    print(f"fuzz / engine, median of {len(rows)} slice pairs: {100 * statistics.median(ratios):.0f}% "
          f"(pairs: {', '.join(f'{100 * r:.0f}' for r in ratios)}); per CPU second: {100 * statistics.median(cpu_ratios):.0f}%")
    print(f"CPU per fuzz round: {med[4]:.2f} ms in touti fuzz, {med[5]:.2f} ms in the adapter "
          f"(the engine alone: {1000 / med[1]:.2f} ms)")
    busy = statistics.median(fuzz * (fuzz_ms + adapter_ms) / 1000 for _, _, fuzz, _, fuzz_ms, adapter_ms, *_ in rows)
    free = statistics.median(1000 / own_cpu / max(fuzz_ms, adapter_ms) for _, own_cpu, _, _, fuzz_ms, adapter_ms, *_ in rows)
    print(f"CPUs the two processes kept busy: {busy:.2f}; on two free CPUs (engine CPU / the slower side's CPU per "
          f"round): {100 * free:.0f}%")
    print(f"for scale, bench_engine.py's random rounds: {med[6]:,.1f} rounds/s ({med[7]:,.1f} per CPU second)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
