"""`touti conform --impl CMD`: run the conformance cases against any implementation.

Exit 0 when every case passed (or failed as expected), 1 when any failed, 2 for a usage
error or an implementation that cannot be used at all.  Ctrl-C prints what was gathered.
"""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
from pathlib import Path

from ..conformance.compare import REFUSAL_MODES
from ..conformance.features import unknown_features
from ..conformance.cases import load_cases, load_expected_failures, select_cases, system_case_dir
from ..conformance.report import RENDERERS, render_text, summarize
from ..conformance.runner import CaseOutcome, ImplUnusable, Job, RunSettings, run_cases
from ..errors import ToutiError, render
from ..loader import find_spec, load_spec, spec_hash
from ..search_path import find_system, specs_beside_suite
from ._options import add_format_option, positive_float, positive_int

NAME = "conform"
HELP = "run the conformance cases against an implementation speaking the adapter protocol"
USAGE_ERROR = 2
INTERRUPTED = 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", required=True, metavar="CMD", help='the implementation\'s command line, e.g. "node adapter.js" (split like a shell would; no shell is run)')
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--system", metavar="ID", help="run generated/<ID>/*.json")
    source.add_argument("--cases", metavar="DIR", help="run the case files under DIR")
    parser.add_argument("--spec", metavar="FILE",
                        help="the spec the cases were made from (a house spec off the search path), so that failures are "
                             "blamed on its rules; by default the spec is looked up by the cases' system id beside DIR, "
                             "then in the spec folders")
    parser.add_argument("--rules", action="append", default=[], metavar="GLOB", help="only cases exercising a rule id matching GLOB (repeatable)")
    parser.add_argument("--skip", action="append", default=[], metavar="GLOB", help="skip cases whose id or a rule id matches GLOB (repeatable)")
    parser.add_argument("--xfail", metavar="FILE", help="expected failures: one case id or rule-id glob per line, # comments")
    parser.add_argument("--strict", action="store_true", help="an expected failure that passes (XPASS) fails the run")
    add_format_option(parser, tuple(RENDERERS))
    parser.add_argument("--refusal", choices=sorted(REFUSAL_MODES), default="any",
                        help="how a refusal is judged: " + "; ".join(f"{mode}: {words}" for mode, words in REFUSAL_MODES.items()))
    parser.add_argument("--without", action="append", default=[], metavar="FEATURE",
                        help="an optional feature the implementation does not have (a call's name, concession, swap, tute, lend, claim, widow; repeatable): its cases are skipped, other expectations read without it")
    view = parser.add_mutually_exclusive_group()
    view.add_argument("--quiet", action="store_const", const="failures", dest="view", help="text report: only the failing rules and their cases (the default when something fails)")
    view.add_argument("--full", action="store_const", const="full", dest="view", help="text report: every rule, even when something fails")
    parser.add_argument("--jobs", type=positive_int, default=1, metavar="N", help="implementation processes run in parallel")
    parser.add_argument("--timeout", type=positive_float, default=10.0, metavar="S", help="seconds allowed per case (default 10)")


def _usage_error(message: str) -> int:
    located = " error[" in message.split("\n", 1)[0]  # already rendered as `where: error[CODE]: ...`
    print(message if located else f"touti conform: error: {message}", file=sys.stderr)
    return USAGE_ERROR


def _split_command(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError as error:
        raise ValueError(f"cannot split --impl {text!r}: {error}") from None


class Progress:
    """A one-line progress display on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool):
        self.total, self.enabled, self.done, self.bad = total, enabled, 0, 0

    def __call__(self, outcome: CaseOutcome) -> None:
        self.done += 1
        self.bad += outcome.final in ("failed", "errored")
        if self.enabled:
            sys.stderr.write(f"\r[{self.done}/{self.total}] {self.bad} failing")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            sys.stderr.write("\r" + " " * 40 + "\r")


def _stop_like_ctrl_c(signum, frame):
    """SIGTERM (a CI timeout) stops the run like Ctrl-C: the implementations are killed, the partial report printed."""
    raise KeyboardInterrupt


def _selected(args) -> tuple[list[dict], list[dict], dict]:
    """(to run, skipped by --skip, the spec of each system found): the spec is what blame explains failures with."""
    folder = args.cases if args.cases else system_case_dir(args.system)
    cases = load_cases(folder)
    if args.system:
        cases = [case for case in cases if case["system"] == args.system]
    specs = _specs(args, cases, Path(folder))
    for system, spec in specs.items():
        if args.system or args.spec:
            _warn_if_stale(spec, [case for case in cases if case["system"] == system])
    return (*select_cases(cases, args.rules, args.skip), specs)


def _specs(args, cases: list[dict], folder: Path) -> dict:
    """The spec of each system of the cases: `--spec FILE` for its own system, else the spec found for the id."""
    systems = sorted({case["system"] for case in cases})
    specs = {}
    if args.spec:
        given = load_spec(find_spec(args.spec))
        if systems and given.system not in systems:
            raise UsageError(f"--spec {args.spec} is the spec of {given.system!r}, but the cases are of "
                             f"{', '.join(map(repr, systems))}")
        specs[given.system] = given
    for system in systems:
        if system not in specs:
            found = _suite_spec(system, {case.get("spec_hash") for case in cases if case["system"] == system}, folder)
            specs.update({system: found} if found is not None else {})
    return specs


def _suite_spec(system: str, hashes: set, folder: Path):
    """The spec of a system's cases: `<system>.touti` beside the case folder, then the system id in the spec folders;
    the first whose hash is the cases' own, else the first that loads (cases of an older version: a warning says so
    under --system), else None (blame then knows only the rules the cases name)."""
    loaded = []
    for path in [*specs_beside_suite(system, folder), _system_file(system)]:
        try:
            loaded += [load_spec(path)] if path is not None else []
        except (ToutiError, OSError, ValueError):
            continue
    loaded = [spec for spec in loaded if spec.system == system]
    return next((spec for spec in loaded if spec_hash(spec) in hashes), loaded[0] if loaded else None)


def _system_file(system: str) -> Path | None:
    try:
        return find_system(system)
    except ToutiError:
        return None  # a link out of the spec folders: refused, so not the suite's spec


def _warn_if_stale(spec, cases: list[dict]) -> None:
    """Cases made from another version of the spec still run, but the user should know."""
    current = spec_hash(spec)
    stale = [case for case in cases if case.get("spec_hash") != current]
    if stale:
        print(f"touti conform: warning: {len(stale)} of {len(cases)} cases were made from another version of the "
              f"{spec.system} spec (now {current}); run `touti generate` to refresh them", file=sys.stderr)


class UsageError(Exception):
    """A problem with the command line or its inputs: reported in plain words, exit code 2."""


def _plan(args) -> tuple[RunSettings, list[dict], list[dict], dict]:
    """The settings, the cases to run, the cases skipped by --skip and the specs found; UsageError when there is
    nothing sound to run."""
    try:
        argv = _split_command(args.impl)
        to_run, skipped, specs = _selected(args)
        xfail = load_expected_failures(args.xfail) if args.xfail else []
    except ValueError as error:
        raise UsageError(str(error)) from None
    except ToutiError as error:
        raise UsageError(render(error.diagnostics)) from None
    if not argv:
        raise UsageError("--impl is empty")
    if not to_run:
        raise UsageError("no case to run (check --system/--cases and the --rules/--skip globs)")
    _check_features(args.without, to_run + skipped)
    settings = RunSettings(argv, jobs=args.jobs, timeout=args.timeout, expected_failures=xfail,
                           refusal=args.refusal, without=frozenset(args.without))
    return settings, to_run, skipped, specs


def _check_features(names: list[str], cases: list[dict]) -> None:
    unknown, known = unknown_features(names, cases)
    if unknown:
        raise UsageError(f"--without {unknown[0]}: not an optional feature of these cases (they have: {', '.join(known) or 'none'})")


def _run_with_progress(settings: RunSettings, cases: list[dict], show: bool, launched: Job | None):
    """Run the cases; the progress line is cleared after."""
    progress = Progress(len(cases), show)
    settings.on_outcome = progress
    try:
        return run_cases(cases, settings, launched)
    finally:
        progress.close()


def _launch(args) -> Job | None:
    """Start the implementation at once, so that it boots while the cases load (its hello is read later)."""
    try:
        argv = _split_command(args.impl)
    except ValueError:
        return None  # reported by _plan
    if not argv:
        return None
    job = Job(RunSettings(argv, timeout=args.timeout))
    job.launch()
    return job


def run(args) -> int:
    # SIGTERM (a CI timeout) stops the run like Ctrl-C, from before the implementation starts
    previous = signal.signal(signal.SIGTERM, _stop_like_ctrl_c)
    launched = _launch(args)
    try:
        settings, to_run, skipped, specs = _plan(args)
        result = _run_with_progress(settings, to_run, args.format == "text" and sys.stderr.isatty(), launched)
    except UsageError as error:
        return _usage_error(str(error))
    except ImplUnusable as error:
        return _usage_error(f"{args.impl!r} is not a usable implementation: {error}")
    finally:
        if launched is not None:
            launched.discard()  # a no-op once the run closed it; kills it when the plan failed or was interrupted
        signal.signal(signal.SIGTERM, previous)
    result.outcomes += [CaseOutcome(case, "skipped", "skipped by --skip") for case in skipped]
    summary = summarize(result, strict=args.strict, specs=specs)
    print(render_text(summary, args.view or "auto") if args.format == "text" else RENDERERS[args.format](summary))
    return INTERRUPTED if result.interrupted else summary.exit_code
