"""Run cases against an implementation: N long-running processes, one case at a time each
(a few at a time to a program that declared pipelining in its hello: `Job.depth`).

A preflight start checks that the program runs and speaks protocol 1 or 2 (else
`ImplUnusable`, exit 2); `touti conform` launches that first process before it loads the
cases (`Job.launch`), so that the program boots meanwhile.  Each job then takes cases from a shared queue; a crash, a hang,
garbage or flooding fails that case as `errored` and the job starts a fresh process for
the next.  Results are kept as they come: an interrupt (Ctrl-C) stops the jobs and
returns what was gathered.
"""

from __future__ import annotations

import collections
import os
import queue
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from . import protocol
from .cases import matches_any
from .compare import Mismatch, expected_words, first_mismatch, surely_passes
from .features import case_kinds, features_used, without_features
from .process import ImplFailure, ImplProcess

MAX_FAILED_STARTS = 3
# a program that broke down (crashed, hung, wrote garbage, broke the protocol) on each of the first cases it was
# given, answering none, is not restarted for every case left: a hang would cost the whole timeout each time
MAX_FIRST_BREAKDOWNS = 10
# requests written ahead of their answers to a program whose hello declares pipelining: enough for it never to wait
# for the runner (touti fuzz prepares the next round while it plays), small enough that a crash re-sends little
PIPELINE_DEPTH = 4
FAILING = ("failed", "errored")
NOT_RUN = "not run: the implementation could not be restarted"


class ImplUnusable(Exception):
    """The implementation cannot be used at all: it does not start or fails the handshake."""


@dataclass
class CaseOutcome:
    """What happened to one case: passed, failed, errored or skipped (xfail / XPASS after the xfail list)."""

    case: dict
    status: str
    detail: str = ""
    mismatch: Mismatch | None = None
    stderr: str = ""
    seconds: float = 0.0
    expected_to_fail: bool = False
    output: object = None  # the implementation's output at the mismatch step (what blame reads)
    broke_down: bool = False  # the runner failed it (crash, hang, garbage, protocol), not the program's own answer
    not_run: bool = False  # never given to a program: its job gave up (Job.stop_reason), detail says why

    @property
    def final(self) -> str:
        """The status once the expected-failure list is applied."""
        if self.expected_to_fail and self.status in FAILING:
            return "xfail"
        if self.expected_to_fail and self.status == "passed":
            return "xpass"
        return self.status


@dataclass
class RunSettings:
    """How to run: the command (already split), jobs, per-case timeout, expected failures."""

    argv: list[str]
    jobs: int = 1
    timeout: float = 10.0
    expected_failures: list[str] = field(default_factory=list)
    on_outcome: Callable[[CaseOutcome], None] | None = None
    refusal: str = "any"  # compare.REFUSAL_MODES
    without: frozenset[str] = frozenset()  # optional features the implementation lacks (--without)


@dataclass
class RunResult:
    """All outcomes gathered, the implementation's hello, and whether the run was cut short."""

    outcomes: list[CaseOutcome]
    hello: dict
    interrupted: bool = False


@dataclass
class _Pending:
    """A case between `Job.start` and `Job.finish`: its outcome already known, or the failure met while sending.

    `sent`: written to the running process, its answer awaited.  A case held back (the
    program's depth was reached) or sent to a process since discarded is sent (again)
    in its turn.
    """

    case: dict
    request: dict | None
    started: float
    line: bytes | None = None
    expected: bytes | None = None
    complete: Callable[[], dict] | None = None
    outcome: CaseOutcome | None = None
    failure: ImplFailure | None = None
    sent: bool = False


class Job:
    """One implementation process and the loop that feeds it cases."""

    def __init__(self, settings: RunSettings, process: ImplProcess | None = None):
        self.settings = settings
        self.process = process
        self.hello: dict = {}
        self.failed_starts = 0
        self.answered = 0  # the cases its program answered with a well-formed reply (any: result, skipped, errored)
        self.breakdowns = 0  # the cases its program broke down on (`_broken`)
        self.last_stderr = ""
        self.previous: CaseOutcome | None = None  # the last case its process answered: a late stray is its fault
        self.amended: list[CaseOutcome] = []  # outcomes turned to errored after they were reported
        self.booting: ImplProcess | None = None  # launched, not yet greeted (see launch)
        self.waiting: collections.deque[_Pending] = collections.deque()  # the cases started, not finished, oldest first
        self.abandoned = False  # see abandon

    def launch(self) -> None:
        """Start the program without waiting for its hello: it boots while the caller loads the cases.

        A program that cannot start is left for `ensure_started` to report.
        """
        if self.process is not None or self.booting is not None:
            return
        process = ImplProcess(self.settings.argv)
        try:
            process.start()
        except ImplFailure:
            return
        self.booting = process

    def ensure_started(self) -> None:
        if self.process is not None:
            return
        process, self.booting = self.booting or ImplProcess(self.settings.argv), None
        try:
            if process.proc is None:
                process.start()
            self.hello = process.handshake(self.settings.timeout)
        except ImplFailure:
            self.last_stderr = process.stderr.text()
            process.kill()
            raise
        self.process = process

    def run(self, case: dict, request: dict | None = None, line: bytes | None = None,
            expected: bytes | None = None, complete: Callable[[], dict] | None = None) -> CaseOutcome:
        """Run one case, never raising: every failure becomes an outcome (no other case may be waiting)."""
        if self.waiting:
            raise RuntimeError("Job.run while started cases wait: finish them first")
        self.start(case, request, line, expected, complete)
        return self.finish()

    def stop_reason(self) -> str | None:
        """Why this job gives up the cases left, in the words each of them is reported errored with; None while it
        goes on: its program could not be restarted, or broke down on each of the first cases it was given."""
        if self.failed_starts >= MAX_FAILED_STARTS:
            return NOT_RUN
        if not self.answered and self.breakdowns >= MAX_FIRST_BREAKDOWNS:
            return (f"not run: the implementation broke down on each of the first {self.breakdowns} cases it was "
                    "given and answered none")
        return None

    def depth(self) -> int:
        """How many requests may be in flight: one, or PIPELINE_DEPTH when the program's hello declares pipelining."""
        return PIPELINE_DEPTH if self.hello.get(protocol.PIPELINING) is True else 1

    def start(self, case: dict, request: dict | None = None, line: bytes | None = None,
              expected: bytes | None = None, complete: Callable[[], dict] | None = None) -> None:
        """Send one case without waiting for its reply: `finish` reads and judges it, the caller works meanwhile.

        `request` is the case as sent (`protocol.case_request`), or `line` that request
        already encoded, when the caller has it.  `expected` is a reply line that passes
        the case, byte for byte (touti fuzz writes the reference's): a reply equal to it
        passes without being decoded, any other is judged as ever.  `complete` gives the
        case to judge a reply by when `case` is only its head (a brief fuzz round): it is
        asked only for a reply that must be judged.  Cases are finished in the order they
        were started; up to `depth()` of them are in flight at once, the others are sent
        as answers come.
        """
        self.waiting.append(_Pending(case, request, time.monotonic(), line, expected, complete))
        self._send_ready()

    def drop_waiting(self) -> list[dict]:
        """The cases started and not finished, given back; their process is killed (their answers would read as
        strays)."""
        dropped = [pending.case for pending in self.waiting]
        if dropped:
            self.waiting.clear()
            self.discard()
        return dropped

    def _send_ready(self) -> None:
        """Send the waiting cases not sent yet, in order, while fewer than `depth()` are in flight."""
        in_flight = 0
        for pending in self.waiting:
            if pending.sent:
                in_flight += 1
            elif pending.outcome is None and pending.failure is None:
                if in_flight >= self.depth():
                    return
                self._send(pending)
                if pending.failure is not None:
                    return  # a stray the program wrote: the cases after this one wait for its verdict
                in_flight += pending.sent

    def _send(self, pending: "_Pending") -> None:
        case = pending.case
        try:
            self.ensure_started()
            self.failed_starts = 0
        except ImplFailure as failure:
            self.failed_starts += 1
            pending.outcome = CaseOutcome(case, "errored", f"could not (re)start the implementation: {failure.detail}", stderr=self.last_stderr)
            return
        pending.outcome = self._not_sent(case)
        if pending.outcome is None:
            try:
                request = pending.request
                if request is None:
                    request = {"type": "case", "id": case["id"]} if pending.line is not None else protocol.case_request(case)
                self.process.send(request, pending.line)
                pending.sent = True
            except ImplFailure as failure:
                pending.failure = failure

    def finish(self) -> CaseOutcome:
        """The outcome of the oldest case `start` sent, never raising: a bug in the runner itself costs that case,
        not the results gathered so far (nor a traceback of touti fuzz)."""
        case = self.waiting[0].case
        try:
            return self._finish()
        except Exception as error:  # noqa: BLE001 - reported on the case, in full
            if self.abandoned:
                raise  # the caller stopping (its signal handler raised this), not a runner bug
            self.discard()
            return CaseOutcome(case, "errored", f"runner error: {type(error).__name__}: {error}")

    def _finish(self) -> CaseOutcome:
        pending = self.waiting[0]
        if not pending.sent and pending.outcome is None and pending.failure is None:
            self._send(pending)  # held back, or its process was discarded: the program gets it now
        try:
            outcome = pending.outcome or self._answer(pending)
        finally:
            self.waiting.popleft()
        outcome.seconds = time.monotonic() - pending.started
        self._send_ready()
        return outcome

    def _answer(self, pending: "_Pending") -> CaseOutcome:
        case = pending.case
        # a reply may drop the actions of the features it lacks: only a full implementation's is known in advance
        expected = pending.expected if not self.absent_features() else None
        try:
            if pending.failure is not None:
                raise pending.failure
            reply = self.process.receive(self.settings.timeout, expected)
            if reply is not None:
                protocol.check_reply(reply, case["id"])
        except (ImplFailure, protocol.ProtocolError) as failure:
            if self._blames_previous(failure):
                self.discard()
                # this case is not at fault: run it (and those after it) on a fresh process
                self._send_ready()
                return pending.outcome or self._answer(pending)
            return self._broken(case, failure)
        self.answered += 1
        if reply is not None and pending.complete is not None:
            case = pending.complete()
        if reply is None:  # the very reply expected: it passes
            self.previous = CaseOutcome(case, "passed")
        else:
            self.previous = judge(case, reply, self.settings.refusal, self.absent_features())
        return self.previous

    def _not_sent(self, case: dict) -> CaseOutcome | None:
        """A case this implementation cannot run (another system, an absent feature): skipped without asking."""
        systems = self.hello.get("systems", [])
        if case["system"] not in systems:
            return CaseOutcome(case, "skipped", f"the implementation supports only: {', '.join(systems) or 'no system'}")
        absent = self.absent_features()
        needed = sorted(features_used(case) & absent) if absent else ()
        if needed:
            noun = "features" if len(needed) > 1 else "feature"
            return CaseOutcome(case, "skipped", f"needs the {noun} {', '.join(needed)}, which the implementation does not have")
        return None

    def absent_features(self) -> frozenset[str]:
        """The features declared absent: in the implementation's hello and with --without."""
        return self.settings.without | frozenset(self.hello.get("without", ()))

    def _blames_previous(self, failure: Exception) -> bool:
        """A stray reply that belongs to the case answered before: that case becomes errored, even if reported."""
        blame = getattr(failure, "blame", None)
        if self.previous is None or blame != f"case {self.previous.case['id']}":
            return False
        self.previous.status, self.previous.mismatch, self.previous.broke_down = "errored", None, True
        self.previous.detail = f"implementation broke the protocol: {failure}"
        self.amended.append(self.previous)
        self.previous = None
        return True

    def _broken(self, case: dict, failure: Exception) -> CaseOutcome:
        """The process can no longer be trusted: report, kill, and let the next case start afresh."""
        kind = getattr(failure, "kind", "protocol")
        self.breakdowns += 1
        tail = self.process.stderr.text()
        self.discard()
        return CaseOutcome(case, "errored", f"implementation {WORDS[kind]}: {failure}", stderr=tail, broke_down=True)

    def abandon(self) -> None:
        """Kill the program for a caller that stops the run (a signal handler, which then raises): what it raises
        goes through `finish`, where it would otherwise be taken for a runner bug and the run go on."""
        self.abandoned = True
        self.discard()

    def discard(self) -> None:
        """Kill the process (from the job's own thread); the next case starts a fresh one, and the cases
        it had been sent and not answered are sent again."""
        for process in (self.process, self.booting):
            if process is not None:
                process.kill()
        self.process = self.booting = None
        for pending in self.waiting:
            pending.sent, pending.failure = False, None

    def interrupt(self) -> None:
        """Kill the process from another thread (signal only: the job's own thread cleans up)."""
        process = self.process
        if process is not None and process.proc is not None:
            try:
                os.killpg(process.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def close(self) -> None:
        """Stop the process; a line it wrote after its last answer fails the case it last answered.

        Cases started and not finished are dropped, and their process killed: their
        answers would read as strays.
        """
        self.drop_waiting()
        if self.process is not None:
            stray = self.process.stop()
            if stray is not None:
                self._blames_previous(ImplFailure("protocol", f"wrote {stray} after its answer to "
                                                              f"{self.process.answered}, at stop", self.process.answered))
            self.process = None


WORDS = {
    "crashed": "crashed",
    "timeout": "hung",
    "flood": "flooded its output",
    "garbage": "wrote garbage",
    "protocol": "broke the protocol",
    "unusable": "could not start",
}


def judge(case: dict, reply: dict, refusal: str = "any", absent: frozenset[str] = frozenset()) -> CaseOutcome:
    """The outcome of a well-formed reply: skipped, errored, or compared with the expectations.

    Expectations are read without the features the implementation lacks.  An errored
    reply's partial outputs are compared too: a mismatch before the error is the first
    failing step (failed); otherwise the error is reported at the step it reached.
    """
    kinds = case_kinds(case)
    expected = dict(case, steps=[without_features(step, absent, kinds) for step in case["steps"]]) if absent else case
    reached = _reached(reply.get("step"), len(case["steps"]))
    if reply["type"] == "skipped":
        return CaseOutcome(case, "skipped", str(reply.get("reason", "no reason given")) + reached)
    outputs = reply.get("outputs") if isinstance(reply.get("outputs"), list) else []
    complete = reply["type"] == "result"
    if complete and surely_passes(expected["steps"], outputs, refusal):
        return CaseOutcome(case, "passed")
    mismatch = first_mismatch(expected, outputs, refusal, complete=complete)
    output = outputs[mismatch.step] if mismatch and mismatch.step < len(outputs) else None
    if mismatch or complete:
        return CaseOutcome(case, "failed" if mismatch else "passed", mismatch=mismatch, output=output)
    message = f"the implementation reported an error: {reply.get('message') or '(no message)'}"
    step = len(outputs) if outputs else reply.get("step")
    if not isinstance(step, int) or step >= len(case["steps"]):
        return CaseOutcome(case, "errored", message + reached)
    stopped = Mismatch(step, case["steps"][step]["op"], expected_words(expected["steps"][step], refusal), "error: " + (reply.get("message") or "(no message)"))
    return CaseOutcome(case, "errored", message, mismatch=stopped)


def _reached(step, steps: int) -> str:
    """The step an errored or skipped reply says it reached, in words (the reply's own claim: it may be past the end)."""
    if not isinstance(step, int):
        return ""
    return f" (reached step {step + 1})" if step < steps else f" (says it reached step {step + 1} of a case of {steps} steps)"


def preflight(settings: RunSettings, job: Job | None = None) -> Job:
    """Start one process (or greet the one `job` launched) and shake hands; ImplUnusable, in plain words, when that fails."""
    job = job or Job(settings)
    try:
        job.ensure_started()
    except ImplFailure as failure:
        raise ImplUnusable(f"the implementation {WORDS[failure.kind]}: {failure.detail}" + _tail_note(job)) from None
    return job


def _tail_note(job: Job) -> str:
    return f"\nits stderr ended with:\n{job.last_stderr}" if job.last_stderr else ""


class Run:
    """The cases of one run, shared by its jobs, and the outcomes as they arrive."""

    def __init__(self, cases: list[dict], settings: RunSettings):
        self.settings = settings
        self.todo: queue.Queue = queue.Queue()
        for case in cases:
            self.todo.put(case)
        self.outcomes: list[CaseOutcome] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.given_up = NOT_RUN  # the reason the cases no job took are reported with (Job.stop_reason)

    def record(self, outcome: CaseOutcome) -> None:
        outcome.expected_to_fail = matches_any(outcome.case, self.settings.expected_failures)
        with self.lock:
            self.outcomes.append(outcome)
            if self.settings.on_outcome:
                self.settings.on_outcome(outcome)

    def work(self, job: Job) -> None:
        """A job's loop: take cases until none are left, the run stops, or the program cannot start.

        One case at a time, or as many as the program takes ahead (`Job.depth`): the next
        ones are sent while it plays, and their outcomes come in order.
        """
        try:
            while not self.stopping.is_set() and job.stop_reason() is None:
                while len(job.waiting) < job.depth():
                    try:
                        job.start(self.todo.get_nowait())
                    except queue.Empty:
                        break
                if not job.waiting:
                    return
                outcome = job.finish()
                if not self.stopping.is_set():
                    self.record(outcome)
        finally:
            reason = job.stop_reason()
            if reason is not None:
                self.given_up = reason
            for case in job.drop_waiting():  # taken from the queue, never answered: not lost
                if not self.stopping.is_set():
                    self.record(CaseOutcome(case, "errored", reason or NOT_RUN, not_run=True))
            job.close()


def run_cases(cases: list[dict], settings: RunSettings, launched: Job | None = None) -> RunResult:
    """Run every case; returns what was gathered, even after Ctrl-C.

    `launched` is a job whose process was started early (Job.launch) with these settings'
    command: it becomes the first job.
    """
    if launched is not None:
        launched.settings = settings
    first = preflight(settings, launched)
    run = Run(cases, settings)
    jobs = [first] + [Job(settings) for _ in range(max(1, settings.jobs) - 1)]
    threads = [threading.Thread(target=run.work, args=(job,), daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    interrupted = _wait(threads, run, jobs)
    _record_unrun(run, interrupted)
    return RunResult(run.outcomes, first.hello, interrupted)


def _wait(threads: list[threading.Thread], run: Run, jobs: list[Job]) -> bool:
    try:
        for thread in threads:
            while thread.is_alive():
                thread.join(0.2)
        return False
    except KeyboardInterrupt:
        run.stopping.set()
        for job in jobs:
            job.interrupt()
        for thread in threads:
            thread.join(2.0)
        return True


def _record_unrun(run: Run, interrupted: bool) -> None:
    """Cases no job could take (every job gave up restarting) are errored, not lost."""
    if interrupted:
        return
    while True:
        try:
            case = run.todo.get_nowait()
        except queue.Empty:
            return
        run.record(CaseOutcome(case, "errored", run.given_up, not_run=True))
