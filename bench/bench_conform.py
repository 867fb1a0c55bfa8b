"""Conformance throughput: cases/s of `touti conform --jobs 1` through `touti adapter`, against the echo floor.

The floor is the same run against an *echo adapter*: a program that answers the hello and
every case at once with the reply the reference gave (recorded before, in process), so
that only the runner, the pipe and process start-up are left.  Issue 10's target: the
reference's cases/s at least 50% of the floor's.

  whole run     `python -m touti_dsl conform --impl CMD --system ID --jobs 1` in a fresh process,
                start-up included (what a user waits for); median of --runs
  steady state  the suite repeated (--steady cases) through the runner in this process,
                each adapter's start-up and handshake taken out
  pipe          raw round trips of the request lines through a trivial echo (no runner):
                the figure this benchmark used as its floor before

Usage: python bench/bench_conform.py [--system atlas-carta] [--runs 3] [--steady 2000] [--keep DIR]
(--keep writes the echo adapter and its replies to DIR and prints both command lines, to be
timed by any external tool.)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from touti_dsl.conformance import protocol
from touti_dsl.conformance.adapter import ReferenceAdapter
from touti_dsl.conformance.cases import load_cases, system_case_dir
from touti_dsl.conformance.process import ImplProcess
from touti_dsl.conformance.runner import RunSettings, run_cases

ROOT = Path(__file__).resolve().parent.parent
PIPE_ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()\n"
# Answers from a table of recorded reply lines: the id is read at a fixed place of the
# runner's request line (its keys come in a fixed order), so answering costs no JSON parse.
ECHO_ADAPTER = '''import json, sys
replies = json.load(open(sys.argv[1], encoding="utf-8"))
hello, prefix = replies.pop("hello"), '{"type":"case","id":"'
for line in sys.stdin:
    if line.startswith(prefix):
        sys.stdout.write(replies[line[len(prefix):line.index('"', len(prefix))]])
    elif json.loads(line).get("type") == "stop":
        break
    else:
        sys.stdout.write(hello)
    sys.stdout.flush()
'''


def record_replies(system: str, cases: list[dict]) -> dict[str, str]:
    """The reference's reply line to the hello and to every case (answered in this process)."""
    adapter = ReferenceAdapter(system)
    lines = {"hello": protocol.encode(adapter.answer(protocol.encode(protocol.hello_request()).decode())).decode()}
    for case in cases:
        reply = adapter.answer(protocol.encode(protocol.case_request(case)).decode())
        lines[case["id"]] = protocol.encode(reply).decode()
    return lines


def write_echo(folder: Path, replies: dict[str, str]) -> list[str]:
    (folder / "replies.json").write_text(json.dumps(replies), encoding="utf-8")
    (folder / "echo_adapter.py").write_text(ECHO_ADAPTER, encoding="utf-8")
    return [sys.executable, str(folder / "echo_adapter.py"), str(folder / "replies.json")]


def reference_command(system: str) -> list[str]:
    return [sys.executable, "-m", "touti_dsl", "adapter", system]


def conform_command(impl: list[str], system: str) -> list[str]:
    return [sys.executable, "-m", "touti_dsl", "conform", "--impl", subprocess.list2cmdline(impl), "--system", system,
            "--jobs", "1"]


def whole_run(impl: list[str], system: str, runs: int) -> float:
    """Median wall seconds of a fresh `touti conform` process; it must pass."""
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(conform_command(impl, system), capture_output=True, cwd=ROOT)
        walls.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"touti conform failed ({done.returncode}): {done.stdout.decode()[-500:]}{done.stderr.decode()[-500:]}")
    return statistics.median(walls)


def startup_seconds(argv: list[str]) -> float:
    """Start an adapter and shake hands: the fixed cost of every job."""
    start = time.perf_counter()
    adapter = ImplProcess(argv)
    adapter.start()
    adapter.handshake(60)
    elapsed = time.perf_counter() - start
    adapter.stop()
    return elapsed


def steady_rate(cases: list[dict], argv: list[str]) -> float:
    """Cases per second through the runner once started (start-up and handshake taken out)."""
    startup = startup_seconds(argv)
    start = time.perf_counter()
    result = run_cases(cases, RunSettings(argv, jobs=1, timeout=60))
    elapsed = time.perf_counter() - start
    failing = [o for o in result.outcomes if o.status != "passed"]
    if failing:
        raise SystemExit(f"{len(failing)} cases did not pass through {argv}: {failing[0].detail}")
    return len(cases) / max(elapsed - startup, 1e-9)


def pipe_rate(cases: list[dict], seconds: float) -> float:
    """Round trips per second of the request lines through a trivial echo, without the runner."""
    lines = [protocol.encode(protocol.case_request(case)) for case in cases]
    echo = ImplProcess([sys.executable, "-c", PIPE_ECHO])
    echo.start()
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        echo.exchange(lines[count % len(lines)], 10.0)
        count += 1
    elapsed = time.perf_counter() - start
    echo.stop()
    return count / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", default="atlas-carta")
    parser.add_argument("--runs", type=int, default=3, help="fresh `touti conform` processes per adapter (median)")
    parser.add_argument("--steady", type=int, default=2000, help="cases (the suite repeated) for the steady-state rates")
    parser.add_argument("--keep", metavar="DIR", help="write the echo adapter and its replies to DIR and keep them")
    args = parser.parse_args()
    cases = load_cases(system_case_dir(args.system, ROOT))
    steps = sum(len(case["steps"]) for case in cases)
    print(f"load: generated/{args.system}: {len(cases)} cases, {steps} steps ({steps / len(cases):.1f} steps per case)")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        echo, reference = write_echo(folder, record_replies(args.system, cases)), reference_command(args.system)
        if args.keep:
            for name, impl in (("reference", reference), ("echo floor", echo)):
                print(f"{name}: {subprocess.list2cmdline(conform_command(impl, args.system))}")
        ref_wall, echo_wall = whole_run(reference, args.system, args.runs), whole_run(echo, args.system, args.runs)
        print(f"whole run, --jobs 1: reference {len(cases) / ref_wall:,.0f} cases/s ({ref_wall:.2f} s), echo floor "
              f"{len(cases) / echo_wall:,.0f} cases/s ({echo_wall:.2f} s): {100 * echo_wall / ref_wall:.0f}% of the floor")
        repeated = (cases * -(-args.steady // len(cases)))[: args.steady]
        ref_rate, echo_rate = steady_rate(repeated, reference), steady_rate(repeated, echo)
        print(f"steady state, --jobs 1: reference {ref_rate:,.0f} cases/s, echo floor {echo_rate:,.0f} cases/s: "
              f"{100 * ref_rate / echo_rate:.0f}% of the floor ({len(repeated)} cases, start-up taken out)")
    print(f"pipe alone: {pipe_rate(cases, 2.0):,.0f} round trips/s (the request lines through a trivial echo, no runner)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
