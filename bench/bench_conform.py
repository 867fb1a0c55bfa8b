"""Conformance throughput: cases/s and steps/s through `touti adapter`, against the pipe's floor.

The floor is a trivial echo program behind the same JSON-lines pipe (same process class,
same request lines): round trips per second with no game behind it.  The load is
generated/<system>/ when it exists; otherwise seeded random playthroughs recorded from
the engine (a legal-set check and an action at every step, the round result at the end),
the shape of the golden playthroughs.
Usage: python bench/bench_conform.py [--system atlas-carta] [--rounds 200] [--jobs 1,2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from touti_dsl.conformance import protocol
from touti_dsl.conformance.cases import case_id, load_cases
from touti_dsl.conformance.process import ImplProcess
from touti_dsl.conformance.runner import RunSettings, run_cases
from touti_dsl.engine import Game
from touti_dsl.engine.game import deal

ROOT = Path(__file__).resolve().parent.parent
ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()\n"


def playthrough(game: Game, seed: int) -> dict:
    """One random complete round as a case: legal set and action at every step, then the result."""
    rules, rng = game.ruleset, random.Random(seed)
    hands = [[rules.card_text[card] for card in hand] for hand in deal(rules, seed)]
    setup = {"hands": hands, "dealer": 0} if rules.has_dealer else {"hands": hands, "first_speaker": 0}
    state, steps = game.new_round(**setup), []
    while not state.is_terminal():
        seat = rng.choice(state.actors())
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        steps += [{"op": "legal", "seat": seat, "expect": legal}, {"op": "apply", "seat": seat, "action": action}]
        state.apply(seat, action)
    steps.append({"op": "round_result", "expect": {"score_changes": state.round_result()["score_changes"]}})
    body = {"setup": setup, "steps": steps}
    return {"id": case_id(body), "system": game.spec.system, "rules": ["trick.winner"], **body}


def load(system: str, rounds: int) -> tuple[list[dict], str]:
    folder = ROOT / "generated" / system
    if folder.is_dir() and any(folder.glob("*.json")):
        return load_cases(folder), f"generated/{system}"
    game = Game.from_spec(system)
    return [playthrough(game, seed) for seed in range(rounds)], f"{rounds} random playthroughs"


def echo_floor(cases: list[dict], seconds: float) -> float:
    """Round trips per second of the same request lines through an echo process."""
    lines = [protocol.encode(protocol.case_request(case)) for case in cases]
    echo = ImplProcess([sys.executable, "-c", ECHO])
    echo.start()
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        echo.exchange(lines[count % len(lines)], 10.0)
        count += 1
    elapsed = time.perf_counter() - start
    echo.stop()
    return count / elapsed


def adapter_command(system: str) -> list[str]:
    return [sys.executable, "-m", "touti_dsl", "adapter", system]


def startup_seconds(system: str) -> float:
    """Start the adapter and shake hands: the fixed cost of every job."""
    start = time.perf_counter()
    adapter = ImplProcess(adapter_command(system))
    adapter.start()
    adapter.handshake(60)
    elapsed = time.perf_counter() - start
    adapter.stop()
    return elapsed


def through_adapter(cases: list[dict], system: str, jobs: int) -> tuple[float, int, int]:
    settings = RunSettings(adapter_command(system), jobs=jobs, timeout=60)
    start = time.perf_counter()
    result = run_cases(cases, settings)
    elapsed = time.perf_counter() - start
    passed = sum(outcome.status == "passed" for outcome in result.outcomes)
    return elapsed, passed, len(result.outcomes)


def report_whole_suite(cases: list[dict], system: str) -> None:
    """The user's view: one pass over the suite, start-up included."""
    elapsed, passed, total = through_adapter(cases, system, 1)
    print(f"whole suite, --jobs 1: {elapsed:.2f} s wall for {passed}/{total} passed (start-up included)")


def report_steady_state(cases: list[dict], system: str, jobs: int, startup: float, floor: float) -> None:
    """Throughput once started: the load repeated, start-up taken out."""
    steps = sum(len(case["steps"]) for case in cases)
    elapsed, passed, total = through_adapter(cases, system, jobs)
    busy = max(elapsed - startup, 1e-9)
    print(f"steady state, --jobs {jobs}: {total} cases in {elapsed:.2f} s ({passed} passed): "
          f"{total / busy:,.0f} cases/s, {steps / busy:,.0f} steps/s without start-up")
    print(f"  vs echo floor: cases/s {100 * total / busy / floor:.1f}%, steps/s {100 * steps / busy / floor:.1f}% "
          "(one round trip per case; a per-step protocol would need one per step)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", default="atlas-carta")
    parser.add_argument("--rounds", type=int, default=200, help="random playthroughs when generated/<system>/ is absent")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--steady", type=int, default=2000, help="cases (the load repeated) for the steady-state rates")
    parser.add_argument("--seconds", type=float, default=2.0, help="duration of the echo floor measure")
    args = parser.parse_args()
    cases, source = load(args.system, args.rounds)
    steps = sum(len(case["steps"]) for case in cases)
    print(f"load: {source}: {len(cases)} cases, {steps} steps ({steps / len(cases):.1f} steps per case)")
    floor = echo_floor(cases, args.seconds)
    print(f"echo floor: {floor:,.0f} round trips/s (same request lines, trivial echo process)")
    startup = startup_seconds(args.system)
    print(f"touti adapter start-up and handshake: {startup:.2f} s")
    report_whole_suite(cases, args.system)
    repeated = cases * max(1, -(-args.steady // len(cases)))
    for jobs in (int(j) for j in args.jobs.split(",")):
        report_steady_state(repeated, args.system, jobs, startup, floor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
