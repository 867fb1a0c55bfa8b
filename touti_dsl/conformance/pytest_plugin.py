"""pytest plugin: `pytest --touti-impl CMD --touti-system ID` runs the cases as test items.

One item per case, named by its case id, under a collector `touti[<system or folder>]`;
a failure shows the case in plain words (setup, actions to reproduce, expected and
actual).  Registered through the `pytest11` entry point, so it loads into every pytest
run: without --touti-impl it does nothing at all.
"""

from __future__ import annotations

import shlex
import signal
import threading
from pathlib import Path

import pytest

from .compare import REFUSAL_MODES
from .features import unknown_features
from .cases import load_cases, load_expected_failures, matches_any, select_cases, system_case_dir
from .report import describe_case
from .runner import MAX_FAILED_STARTS, CaseOutcome, ImplUnusable, Job, RunSettings, preflight
from ..errors import ToutiError, render

JOB_KEY = pytest.StashKey[Job]()


def pytest_addoption(parser) -> None:
    group = parser.getgroup("touti", "Touti conformance cases")
    group.addoption("--touti-impl", metavar="CMD", help="run the Touti conformance cases against this implementation command")
    group.addoption("--touti-system", metavar="ID", help="the cases of generated/<ID>/")
    group.addoption("--touti-cases", metavar="DIR", help="the case files under DIR (instead of --touti-system)")
    group.addoption("--touti-rules", action="append", default=[], metavar="GLOB", help="only cases exercising a matching rule id")
    group.addoption("--touti-xfail", metavar="FILE", help="expected failures: case ids or rule-id globs, one per line")
    group.addoption("--touti-timeout", type=float, default=10.0, metavar="S", help="seconds allowed per case (default 10)")
    group.addoption("--touti-refusal", choices=sorted(REFUSAL_MODES), default="any",
                    help="how a refusal is judged, as touti conform --refusal (default any)")
    group.addoption("--touti-without", action="append", default=[], metavar="FEATURE",
                    help="an optional feature the implementation does not have (repeatable), as touti conform --without")


class CaseFailed(Exception):
    """A case whose outputs differ from its expectations, or that the implementation could not run."""

    def __init__(self, outcome: CaseOutcome):
        super().__init__(outcome.case["id"])
        self.outcome = outcome


class ToutiCaseItem(pytest.Item):
    """One conformance case run against the implementation under test."""

    def __init__(self, *, case: dict, **kwargs):
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        job = _job(self.config)
        reason = job.stop_reason()  # as the runner: stop restarting a program that will not start or never answers
        if reason is not None:
            count = f" ({job.failed_starts} failed starts in a row)" if job.failed_starts >= MAX_FAILED_STARTS else ""
            raise CaseFailed(CaseOutcome(self.case, "errored", reason + count, not_run=True))
        outcome = job.run(self.case)
        if outcome.status == "skipped":
            pytest.skip(outcome.detail)
        if outcome.status != "passed":
            raise CaseFailed(outcome)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFailed):
            return "\n".join(describe_case(excinfo.value.outcome))
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"{self.case['id']}: {self.case.get('description', '')}"


class ToutiSuite(pytest.Collector):
    """The cases of one run; its items are made by the plugin, not found on disk."""

    def collect(self):
        return []


def _settings(config) -> RunSettings:
    argv = shlex.split(config.getoption("touti_impl"))
    return RunSettings(argv, timeout=config.getoption("touti_timeout"), refusal=config.getoption("touti_refusal"),
                       without=frozenset(config.getoption("touti_without")))


def _job(config) -> Job:
    """The one implementation process of the session, started on first use."""
    if JOB_KEY not in config.stash:
        try:
            config.stash[JOB_KEY] = preflight(_settings(config))
        except ImplUnusable as error:
            pytest.exit(f"--touti-impl is not a usable implementation: {error}", returncode=2)
        _kill_on_sigterm(config)
    return config.stash[JOB_KEY]


def _kill_on_sigterm(config) -> None:
    """SIGTERM to pytest kills the implementation (and all it started) before pytest ends, as Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        return
    previous = signal.getsignal(signal.SIGTERM)

    def terminate(signum, frame):
        signal.signal(signal.SIGTERM, previous if callable(previous) else signal.SIG_DFL)
        job = config.stash.get(JOB_KEY, None)
        if job is not None:
            job.abandon()
        pytest.exit("terminated by SIGTERM: the implementation was killed", returncode=128 + signum)

    signal.signal(signal.SIGTERM, terminate)


def _cases(config) -> list[dict]:
    folder, system = config.getoption("touti_cases"), config.getoption("touti_system")
    if not folder and not system:
        raise pytest.UsageError("--touti-impl needs --touti-system ID or --touti-cases DIR")
    try:
        cases = load_cases(folder or system_case_dir(system))
    except ToutiError as error:
        raise pytest.UsageError(render(error.diagnostics)) from None
    cases = [case for case in cases if not system or case["system"] == system]
    unknown, known = unknown_features(config.getoption("touti_without"), cases)
    if unknown:
        raise pytest.UsageError(f"--touti-without {unknown[0]}: not an optional feature of these cases (they have: {', '.join(known) or 'none'})")
    return select_cases(cases, config.getoption("touti_rules"), [])[0]


def _expected_failures(config) -> list[str]:
    path = config.getoption("touti_xfail")
    try:
        return load_expected_failures(path) if path else []
    except ToutiError as error:
        raise pytest.UsageError(render(error.diagnostics)) from None


def pytest_collection_modifyitems(session, config, items) -> None:
    """With --touti-impl: the cases replace the collected tests (reported as deselected)."""
    if not config.getoption("touti_impl"):
        return
    label = config.getoption("touti_system") or Path(config.getoption("touti_cases") or ".").resolve().name
    suite = ToutiSuite.from_parent(session, name=f"touti[{label}]", nodeid=f"touti[{label}]")
    xfail = _expected_failures(config)
    cases = [ToutiCaseItem.from_parent(suite, name=case["id"], case=case) for case in _cases(config)]
    for item in cases:
        if matches_any(item.case, xfail):
            item.add_marker(pytest.mark.xfail(reason="listed in the --touti-xfail file"))
    if items:
        config.hook.pytest_deselected(items=list(items))
    items[:] = cases


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session, exitstatus) -> None:
    """Stop the implementation before the summary, so a reply it writes after its last answer still fails the run."""
    job = session.config.stash.get(JOB_KEY, None)
    if job is None:
        return
    job.close()
    if job.amended and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Cases found broken after pytest had reported them (a reply answered twice shows only once the next line comes)."""
    job = config.stash.get(JOB_KEY, None)
    if job is None or not job.amended:
        return
    terminalreporter.section("touti: cases that failed after they were reported", red=True)
    for outcome in job.amended:
        terminalreporter.line(f"ERRORED {outcome.case['id']}: {outcome.detail}")


def pytest_unconfigure(config) -> None:
    job = config.stash.get(JOB_KEY, None)
    if job is not None:
        job.close()
