"""`touti fuzz --impl CMD --system ID`: differential play against any implementation.

Seeded random rounds (conformance/fuzz.py) go through the adapter protocol like any
case; the reference engine computes every expectation.  On the first divergence the
round is shrunk (conformance/shrink.py) to a minimal case, written as an ordinary case
file under --out (replay: `touti conform --impl CMD --cases DIR`), and the exit code is
1.  Exit 0 when no divergence was found, 2 for a usage error or an unusable
implementation, 3 when the reference itself fails while preparing a round.  The same
--seed plays the same rounds.  `--set KEY=VALUE` chooses a setting the spec offers (the
number of players of a table that chooses it, a match target), as `touti play`: every
round is played, and every case written, with it (the case setup's `settings`).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import shlex
import sys
import time
from pathlib import Path

from ..conformance.blame import SystemRules, blamed_rules
from ..conformance.cases import FORMAT_VERSION, doc_anchor
from ..conformance.compare import REFUSAL_MODES
from ..conformance.features import spec_features
from ..conformance.cases import case_id
from ..conformance.fuzz import FUZZ_RULE, Plan, random_round
from ..conformance.runner import FAILING, ImplUnusable, Job, RunSettings, preflight
from ..conformance.shrink import Shrinker, Shrunk
from ..errors import ToutiError, render
from ..loader import load_named, spec_hash
from ..table_sizes import split_rule_name
from ._options import SettingError, add_format_option, add_set_option, chosen_settings, positive_float, positive_int

NAME = "fuzz"
HELP = "play seeded random rounds against an implementation; shrink the first divergence to a minimal case file"
USAGE_ERROR = 2
INTERNAL_ERROR = 3  # the reference itself failed (not the implementation under test)
DEFAULT_ROUNDS = 200
DEFAULT_SHRINK_SECONDS = 60.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", required=True, metavar="CMD", help='the implementation\'s command line, e.g. "node adapter.js"')
    parser.add_argument("--system", required=True, metavar="ID", help="the rule system to play (a bundled id or a .touti file)")
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--rounds", type=positive_int, metavar="N", help=f"play N rounds (default {DEFAULT_ROUNDS})")
    length.add_argument("--seconds", type=positive_float, metavar="S", help="play rounds for S seconds")
    parser.add_argument("--seed", type=int, metavar="N", help="the seed of the rounds (default: a random one, printed so that the run can be replayed)")
    add_set_option(parser)
    parser.add_argument("--without", action="append", default=[], metavar="FEATURE", help="an optional feature the implementation does not have (repeatable); never played")
    parser.add_argument("--out", default="fuzz-cases", metavar="DIR", help="where the shrunk case file of a divergence is written (default fuzz-cases)")
    parser.add_argument("--refusal", choices=sorted(REFUSAL_MODES), default="any", help="how a refusal is judged (as touti conform)")
    parser.add_argument("--timeout", type=positive_float, default=10.0, metavar="S", help="seconds allowed per round (default 10)")
    add_format_option(parser)
    parser.add_argument("--shrink-runs", type=positive_int, default=400, metavar="N", help="at most N runs to shrink a divergence (default 400)")
    parser.add_argument("--shrink-seconds", type=positive_float, default=DEFAULT_SHRINK_SECONDS, metavar="S",
                        help=f"at most S seconds to shrink a divergence (default {DEFAULT_SHRINK_SECONDS:g}; a program that "
                             "hangs costs --timeout a run)")


class UsageError(Exception):
    """A problem with the command line: reported in plain words, exit 2."""


def _game(system: str, pairs: list[str]):
    """The spec and the reference game, with the table and match settings of `--set` (as `touti play`)."""
    from ..engine import Game

    try:
        spec = load_named(system)
        return spec, Game.from_spec(spec, **chosen_settings(spec, pairs))
    except ToutiError as error:
        raise UsageError(render(error.diagnostics)) from None
    except SettingError as error:
        raise UsageError(str(error)) from None


def _settings(args, spec) -> RunSettings:
    try:
        argv = shlex.split(args.impl)
    except ValueError as error:
        raise UsageError(f"cannot split --impl {args.impl!r}: {error}") from None
    if not argv:
        raise UsageError("--impl is empty")
    out = Path(args.out)
    if out.exists() and not out.is_dir():  # found now, not after the run and the shrinking are done
        raise UsageError(f"--out {args.out}: not a folder (the case file of a divergence is written there)")
    known = spec_features(spec)
    unknown = sorted(set(args.without) - set(known))
    if unknown:
        raise UsageError(f"--without {unknown[0]}: not an optional feature of {spec.system} (it has: {', '.join(known) or 'none'})")
    return RunSettings(argv, timeout=args.timeout, refusal=args.refusal, without=frozenset(args.without))


class PreparationFailed(Exception):
    """Preparing a round failed in the reference itself: the run ends with this message (exit 3)."""


class Rounds:
    """The seeded rounds of a run, in order: round `seed/i` from its own `random.Random("seed/i")`.

    Each is prepared when asked, while the implementation plays the one before (see
    Fuzz._judged); an error of the reference is raised as PreparationFailed.
    """

    def __init__(self, game, seed: int, absent: frozenset[str]):
        self.game, self.seed, self.absent = game, seed, absent
        self.index = 0
        self.brief = False  # prepare brief rounds (conformance/fuzz.py): while the replies are the reference's own

    def next(self):
        """The next (plan, played)."""
        label = f"{self.seed}/{self.index}"
        try:
            item = random_round(self.game, random.Random(label), self.absent, label, brief=self.brief)
        except Exception as error:  # noqa: BLE001 - reported in full, as a bug of touti
            raise PreparationFailed(f"the reference engine failed while preparing round {label}: "
                                    f"{type(error).__name__}: {error}") from None
        self.index += 1
        return item

    def stop(self) -> None:
        """Nothing runs in the background: kept for the callers that stop a source."""


# What the report adds when a budget stopped the shrinking before it was done: the case is smaller, not smallest
_CUT_SHORT = {"runs": " (stopped at --shrink-runs: the case may shrink further)",
              "seconds": " (stopped at --shrink-seconds: the case may shrink further)"}


class Fuzz:
    """One fuzz run: the implementation's job, the reference game, the counts."""

    def __init__(self, args, spec, game, job: Job):
        self.args, self.spec, self.game, self.job = args, spec, game, job
        self.rules = SystemRules(spec.system, [], spec)
        self.absent = job.absent_features() & frozenset(spec_features(spec))
        # a feature the hello declares absent that the spec does not have: misspelt, it leaves the real one played
        self.unknown_without = sorted(set(job.hello.get("without") or ()) - set(spec_features(spec)))
        self.rounds = self.moves = self.probes = self.capote_deals = self.skipped = 0
        self.skip_reason = ""  # the first reason the implementation gave for skipping a round
        self.failure = ""  # what went wrong with the round that diverged, when it errored
        self.broke_down = False  # ...through a breakdown of the program (crash, hang, garbage, protocol)
        # the rounds judged last, by case id: one of them may be found broken after it was judged (a stray reply)
        self.recent: collections.OrderedDict[str, tuple[Plan, object]] = collections.OrderedDict()
        self.started = time.monotonic()
        self.show = sys.stderr.isatty()

    def trial(self, case: dict) -> tuple[str, int] | None:
        """Run one case on its own: (the rule it fails on, the failing step), or None when it passes."""
        return self._verdict(case, self.job.run(case))

    def _verdict(self, case: dict, outcome) -> tuple[str, int] | None:
        if outcome.final not in FAILING:
            return None
        self.failure = outcome.detail if outcome.final == "errored" else ""
        self.broke_down = outcome.broke_down
        rule = (blamed_rules(case, outcome.mismatch, outcome.output, self.rules) or ["(no rule)"])[0]
        return rule, outcome.mismatch.step if outcome.mismatch else len(case["steps"]) - 1

    def run(self) -> int:
        if self.unknown_without:
            print(f"touti fuzz: note: the hello declares without {', '.join(map(repr, self.unknown_without))}, which is "
                  f"no optional feature of {self.spec.system} (it has: {', '.join(spec_features(self.spec)) or 'none'}): "
                  "a misspelt feature is played all the same", file=sys.stderr)
        judged = self._judged(Rounds(self.game, self.args.seed, self.absent))
        try:
            for plan, played, failed in judged:
                self.rounds += 1
                self.moves += played.moves
                self.probes += played.probes
                self.capote_deals += played.capote_deal
                self._progress()
                culprit = self._found_broken() or (plan, played, failed)
                if culprit[2]:
                    judged.close()  # the rounds sent ahead are answered before the shrinking uses the process
                    return self._divergence(culprit[0], culprit[1].full_case(), culprit[2])
        finally:
            judged.close()
        self.job.close()  # a line written after the last answer, at stop, breaks the round answered last
        broken = self._found_broken()
        if broken:
            return self._divergence(broken[0], broken[1].full_case(), broken[2])
        self._clear_progress()
        if self.args.format == "json":
            print(json.dumps({**self._count_data(), "divergence": None}, indent=2))
        else:
            print(f"touti fuzz: {'nothing checked' if self._nothing_checked() else 'no divergence'}: {self._counts()}")
        return 1 if self._nothing_checked() else 0

    def _nothing_checked(self) -> bool:
        """Every round was skipped: a run that compared nothing is no pass (as touti conform's)."""
        return self.skipped == self.rounds

    def _found_broken(self):
        """(plan, played, verdict) of a round judged already that the runner found broken since (answered twice), or
        None."""
        while self.job.amended:
            outcome = self.job.amended.pop(0)
            found = self.recent.get(outcome.case["id"])
            if found is not None:
                return (*found, self._verdict(found[1].full_case(), outcome))
        return None

    def _judged(self, source: Rounds):
        """(plan, played, verdict) round after round, in order.

        Pipelined: round N+1 is prepared while the implementation plays round N (and the
        rounds sent after it), then N's reply is read, N+1 sent, and only then is N judged.
        One request is in flight at a time, as the protocol wants, or `Job.depth()` of them
        for an implementation whose hello declares pipelining: it then never waits for
        this process between two rounds.  The runner's job keeps the protocol strict (a
        stray reply fails the round that wrote it).
        """
        # brief rounds while every reply is the reference's own, byte for byte; full ones once a reply is not
        source.brief = not self.job.absent_features()  # (a reply without some features is never the expected one)
        sent: collections.deque = collections.deque()
        try:
            while len(sent) < self.job.depth() and self._more(source.index):
                sent.append(source.next())
                self._send(sent[-1])
            while sent:
                following = source.next() if self._more(source.index) else None
                outcome = self.job.finish()
                if following is not None:
                    self._send(following)
                    sent.append(following)
                plan, played = sent.popleft()
                self._remember(plan, played, outcome)
                if outcome.final in FAILING or played.replay is None:  # judged on its full case (Job.start's complete)
                    source.brief = False
                yield plan, played, self._verdict(played.full_case() if outcome.final in FAILING else played.case, outcome)
        finally:
            while self.job.waiting:
                self.job.finish()  # the rounds in flight when the run stops: answered, not judged

    def _remember(self, plan: Plan, played, outcome) -> None:
        """Keep the round among the last judged, and count it when the implementation skipped it."""
        self.recent[played.case["id"]] = (plan, played)
        while len(self.recent) > 2 * self.job.depth():  # a stray reply shows up at the latest one depth later
            self.recent.popitem(last=False)
        if outcome.final == "skipped":
            self.skipped += 1
            self.skip_reason = self.skip_reason or outcome.detail

    def _send(self, prepared) -> None:
        played = prepared[1]
        self.job.start(played.case, line=played.line(), expected=played.reply(), complete=played.full_case)

    def _more(self, prepared: int) -> bool:
        """Whether to play another round, `prepared` rounds being under way or done."""
        if self.args.seconds:
            return time.monotonic() - self.started < self.args.seconds
        return prepared < (self.args.rounds or DEFAULT_ROUNDS)

    def _count_data(self) -> dict:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        return {"system": self.spec.system, "seed": self.args.seed, "rounds": self.rounds, "skipped": self.skipped,
                "moves": self.moves,
                "refusals_probed": self.probes, "capote_deals": self.capote_deals, "seconds": round(elapsed, 3), "without": sorted(self.absent),
                "unknown_without": self.unknown_without}

    def _counts(self) -> str:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        dealt = f" ({self.capote_deals} on capote deals)" if self.capote_deals else ""
        skipped = f" ({self.skipped} skipped by the implementation: {self.skip_reason})" if self.skipped else ""
        return (f"{self.rounds} rounds{dealt}{skipped}, {self.moves} moves, {self.probes} refusals probed in {elapsed:.1f} s "
                f"({self.rounds / elapsed:.1f} rounds/s), seed {self.args.seed}, system {self.spec.system}"
                + (f", without {', '.join(sorted(self.absent))}" if self.absent else ""))

    def _progress(self) -> None:
        if self.show:
            sys.stderr.write(f"\r[{time.monotonic() - self.started:6.1f} s] {self.rounds} rounds, {self.moves} moves")
            sys.stderr.flush()

    def _clear_progress(self) -> None:
        if self.show:
            sys.stderr.write("\r" + " " * 60 + "\r")

    def _divergence(self, plan: Plan, case: dict, failed: tuple[str, int]) -> int:
        self._clear_progress()
        rule, failure = failed[0], self.failure  # what broke down in the round found, before shrinking's trials
        alone = self.broke_down and self._passes_alone(case)
        if alone:  # shrinking would chase a fault of the program's history (and a hang costs a timeout a trial)
            shrunk = Shrunk(case, rule, 1)
        else:
            print(f"touti fuzz: divergence on {rule} in round {plan.label}; shrinking...", file=sys.stderr)
            shrunk = Shrinker(self.game, self.absent, self.trial, rule, self.args.shrink_runs,
                              self.args.shrink_seconds).shrink(plan, case)
        path = self._write(shrunk.case, rule, plan, shrunk.runs)
        replay = (f"touti conform --impl {shlex.quote(self.args.impl)} --cases {shlex.quote(str(path.parent))}"
                  + self._spec_option() + "".join(f" --without {f}" for f in sorted(self.absent)))
        if self.args.format == "json":
            found = {"rule": rule, "round": plan.label, "steps": len(case["steps"]), "shrunk_steps": len(shrunk.case["steps"]),
                     "shrink_runs": shrunk.runs, "shrink_cut_short": shrunk.cut_short or None, "case_file": str(path), "replay": replay, "error": failure or None,
                     "passes_alone": alone}
            print(json.dumps({**self._count_data(), "divergence": found}, indent=2))
            return 1
        print(f"touti fuzz: DIVERGENCE on {rule}: round {plan.label} ({len(case['steps'])} steps) shrunk to "
              f"{len(shrunk.case['steps'])} steps in {shrunk.runs} runs" + _CUT_SHORT.get(shrunk.cut_short, ""))
        if failure:
            print(f"  error:     {failure}")
        if alone:
            print("  note:      the round passes when replayed alone on a fresh process: the breakdown depends on the "
                  "rounds the program played before it (not shrunk)")
        print(f"  case file: {path}")
        print(f"  replay:    {replay}")
        print(f"  counts:    {self._counts()}")
        return 1

    def _passes_alone(self, case: dict) -> bool:
        """Whether the round passes on a fresh process, as its case file will be replayed."""
        self.job.discard()
        return self.trial(case) is None

    def _spec_option(self) -> str:
        """`--spec FILE` for a spec named by its path: the replay then blames on its rules wherever it is run."""
        named = self.args.system
        return f" --spec {shlex.quote(str(Path(named).resolve()))}" if Path(named).suffix == ".touti" else ""

    def _write(self, case: dict, rule: str, plan: Plan, runs: int) -> Path:
        rule_id = split_rule_name(rule)[1]  # a case names a block's rule by its id, its settings saying the number
        real = self.rules.has(rule_id)
        body = {"setup": case["setup"], "steps": case["steps"]}
        final = {
            "id": case_id(body), "system": self.spec.system, "spec_hash": spec_hash(self.spec),
            "rules": [rule_id] if real else [FUZZ_RULE], "polarity": "positive",
            "description": f"touti fuzz, seed {self.args.seed}, round {plan.label}, shrunk in {runs} runs: the first divergence found",
            "doc": doc_anchor(self.spec.system, rule if real else "trick.winner"),
            "setup": case["setup"], "steps": case["steps"],
            **({"kinds": case["kinds"]} if "kinds" in case else {}),
        }
        folder = Path(self.args.out)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.spec.system}-{final['id']}.json"
        data = {"format_version": FORMAT_VERSION, "system": self.spec.system, "spec_hash": spec_hash(self.spec), "cases": [final]}
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return path


def run(args) -> int:
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(10**6)
    try:
        spec, game = _game(args.system, args.set)
        settings = _settings(args, spec)
        job = preflight(settings)
    except UsageError as error:
        return _usage_error(str(error))
    except ImplUnusable as error:
        return _usage_error(f"{args.impl!r} is not a usable implementation: {error}")
    try:
        if spec.system not in job.hello.get("systems", []):
            return _usage_error(f"the implementation does not support {spec.system} (it supports: {', '.join(job.hello.get('systems', [])) or 'nothing'})")
        return Fuzz(args, spec, game, job).run()
    except OSError as error:
        return _usage_error(f"cannot write the case file: {error}")
    except PreparationFailed as error:
        print(f"touti fuzz: error: {error} (a bug in touti: please report it with the seed {args.seed})", file=sys.stderr)
        return INTERNAL_ERROR
    finally:
        job.close()


def _usage_error(message: str) -> int:
    print(f"touti fuzz: error: {message}", file=sys.stderr)
    return USAGE_ERROR
