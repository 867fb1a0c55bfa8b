"""Issue 12: misbehaving implementations get the truth, the culprit is blamed, and nothing they start survives."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

from touti_dsl.cli import main
from touti_dsl.conformance.runner import Job, RunSettings

HOSTILE = Path(__file__).resolve().parent / "fakes" / "hostile_impl.py"


def hostile(suite, mode: str, on: str = "", *extra: str) -> str:
    return shlex.join([sys.executable, str(HOSTILE), str(suite.answers), "--mode", mode, "--on", on, *extra])


def run(capsys, suite, impl: str, *extra: str) -> tuple[int, dict]:
    code = main(["conform", "--impl", impl, "--cases", str(suite.folder), "--timeout", "5", "--format", "json", *extra])
    return code, json.loads(capsys.readouterr().out)


def details(report: dict) -> dict[str, tuple[str, str]]:
    return {case["id"]: (case["status"], case.get("detail", "")) for case in report["cases"]}


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


def _gone(pid: int) -> bool:
    """Whether the process has ended (within 5 s: a killed process takes a moment to be reaped)."""
    for _ in range(50):
        if not _alive(pid):
            return True
        time.sleep(0.1)
    return not _alive(pid)


def test_a_case_answered_twice_late_is_the_culprit(capsys, fake_suite):
    """The second answer arrives after the runner judged the case: the case still fails, not the next one."""
    code, report = run(capsys, fake_suite, hostile(fake_suite, "late-twice", fake_suite.good["id"]))
    found = details(report)
    assert code == 1 and found[fake_suite.good["id"]][0] == "errored"
    assert f"after its answer to case {fake_suite.good['id']}" in found[fake_suite.good["id"]][1]
    assert found[fake_suite.bad["id"]][0] == "failed" and found[fake_suite.skipped["id"]][0] == "skipped"


def test_the_last_case_answered_twice_at_stop_fails_the_run(capsys, fake_suite):
    """On the last case of a run the extra answer comes at `stop`: the run used to pass with exit 0."""
    good = fake_suite.good["id"]
    code, report = run(capsys, fake_suite, hostile(fake_suite, "twice-at-stop", good), "--rules", "play.follow_suit",
                       "--skip", "play.overtake")
    assert code == 1 and details(report)[good][0] == "errored" and "at stop" in details(report)[good][1]


@pytest.mark.parametrize("mode, kind, words", [
    ("blank-flood", "flooded its output", "without finishing its reply"),
    ("deep-json", "wrote garbage", "nested too deeply"),
    ("ok-string", "broke the protocol", "'ok' is \"true\" (a string)"),
    ("orphan-stdout", "crashed", "still holds its stdout"),
    ("close-stdin", "crashed", "closed its stdin before the request was written"),  # was 'hung' after the timeout
])
def test_each_misbehaviour_gets_its_own_plain_message(capsys, fake_suite, mode, kind, words):
    """20 MiB of blank lines was 'hung', deep JSON a 'runner error: RecursionError', {"ok": "true"} 'refused by rule None'."""
    started = time.monotonic()
    _, report = run(capsys, fake_suite, hostile(fake_suite, mode, fake_suite.good["id"]))
    status, detail = details(report)[fake_suite.good["id"]]
    assert status == "errored" and detail.startswith(f"implementation {kind}") and words in detail, detail
    assert time.monotonic() - started < 60


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_a_grandchild_in_its_own_session_does_not_survive_the_run(capsys, fake_suite, tmp_path):
    pidfile = tmp_path / "grandchild.pid"
    run(capsys, fake_suite, hostile(fake_suite, "setsid-child", "", "--pidfile", str(pidfile)))
    assert _gone(int(pidfile.read_text()))


def test_junit_is_well_formed_with_control_characters(capsys, fake_suite):
    impl = hostile(fake_suite, "control-chars", fake_suite.good["id"])
    main(["conform", "--impl", impl, "--cases", str(fake_suite.folder), "--timeout", "5", "--format", "junit"])
    text = capsys.readouterr().out
    root = ET.fromstring(text)  # used to raise: not well-formed (invalid token)
    assert root.tag in ("testsuites", "testsuite") and "\x00" not in text and "\x1b" not in text


def _pytest(folder: Path, *args: str) -> subprocess.Popen:
    """pytest in its own folder (no project configuration), with the plugin's options."""
    (folder / "pytest.ini").write_text("[pytest]\n")
    return subprocess.Popen([sys.executable, "-m", "pytest", "-c", str(folder / "pytest.ini"), "-p", "no:cacheprovider",
                             "-rA", *args], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_the_pytest_plugin_fails_a_run_whose_case_was_answered_twice(fake_suite, tmp_path):
    plugin = _pytest(tmp_path, "--touti-impl", hostile(fake_suite, "late-twice", fake_suite.good["id"]),
                     "--touti-cases", str(fake_suite.folder), "--touti-timeout", "5")
    out, _ = plugin.communicate(timeout=300)
    assert plugin.returncode == 1, out
    assert "cases that failed after they were reported" in out and fake_suite.good["id"] in out


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_sigterm_to_pytest_kills_the_hanging_implementation(fake_suite, tmp_path):
    fake = Path(__file__).resolve().parent / "fakes" / "fake_impl.py"
    impl = shlex.join([sys.executable, str(fake), str(fake_suite.answers), "--mode", "hang"])
    plugin = _pytest(tmp_path, "--touti-impl", impl, "--touti-cases", str(fake_suite.folder), "--touti-timeout", "600")
    for _ in range(600):
        if _hanging_fake(plugin.pid) is not None:
            break
        time.sleep(0.1)
    hanging = _hanging_fake(plugin.pid)
    assert hanging is not None
    plugin.send_signal(signal.SIGTERM)
    plugin.communicate(timeout=60)
    for _ in range(50):
        if not _alive(hanging):
            break
        time.sleep(0.1)
    assert plugin.returncode != 0 and not _alive(hanging)


def _hanging_fake(parent: int) -> int | None:
    """The pid of the fake implementation started by pytest `parent`, once it runs."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().split(") ")[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                command = handle.read()
        except OSError:
            continue
        if int(fields[1]) == parent and b"fake_impl.py" in command:
            return int(entry)
    return None


def test_the_plugin_stops_restarting_after_three_failed_starts(fake_suite, tmp_path):
    """A program that crashed for good was restarted (and waited for) on every remaining case."""
    from .conftest import case_file, make_case

    more = [make_case([f"bidding.rule_{n}"], [{"op": "actors", "expect": [n + 10]}]) for n in range(6)]
    (fake_suite.folder / "more.json").write_text(json.dumps(case_file(more)))
    fake = Path(__file__).resolve().parent / "fakes" / "fake_impl.py"
    impl = shlex.join([sys.executable, str(fake), str(fake_suite.answers), "--mode", "crash-for-good"])
    out, _ = _pytest(tmp_path, "--touti-impl", impl, "--touti-cases", str(fake_suite.folder)).communicate(timeout=300)
    # pytest repeats each failure's message in its short summary, whole when it runs on CI
    # (CI=1) and cut to the terminal's width elsewhere: count the reports themselves only.
    reports = out.split("short test summary info")[0]
    assert reports.count("could not (re)start the implementation") == 3, out
    assert reports.count("not run: the implementation could not be restarted (3 failed starts in a row)") == 5, out


def test_the_plugin_gives_up_a_program_that_broke_down_on_each_of_its_first_cases(fake_suite, tmp_path):
    """A program that crashes on every case was restarted for every case, as the runner did."""
    from touti_dsl.conformance.runner import MAX_FIRST_BREAKDOWNS

    from .conftest import case_file, make_case

    more = [make_case([f"bidding.rule_{n}"], [{"op": "actors", "expect": [n + 10]}]) for n in range(MAX_FIRST_BREAKDOWNS)]
    (fake_suite.folder / "more.json").write_text(json.dumps(case_file(more)))
    fake = Path(__file__).resolve().parent / "fakes" / "fake_impl.py"
    impl = shlex.join([sys.executable, str(fake), str(fake_suite.answers), "--mode", "crash"])
    out, _ = _pytest(tmp_path, "--touti-impl", impl, "--touti-cases", str(fake_suite.folder)).communicate(timeout=300)
    reports = out.split("short test summary info")[0]  # (see the test above)
    assert reports.count("implementation crashed: exited with code 3") == MAX_FIRST_BREAKDOWNS, out
    assert reports.count(f"not run: the implementation broke down on each of the first {MAX_FIRST_BREAKDOWNS} cases it "
                         "was given and answered none") == 3, out


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_an_implementation_started_while_the_cases_load_does_not_survive_a_usage_error(capsys, tmp_path):
    """touti conform starts the implementation before it reads the cases (it boots meanwhile): a plan that
    fails (here, no such case folder) must still kill it, even one that ignores the end of its input."""
    pidfile = tmp_path / "impl.pid"
    script = f"import os, time\nopen({str(pidfile)!r}, 'w').write(str(os.getpid()))\ntime.sleep(600)\n"
    (tmp_path / "sleeper.py").write_text(script)
    code = main(["conform", "--impl", shlex.join([sys.executable, str(tmp_path / "sleeper.py")]),
                 "--cases", str(tmp_path / "no-such-folder")])
    assert code == 2 and "no such case folder" in capsys.readouterr().err
    for _ in range(20):  # it may have been killed before it wrote its pid: then nothing is left anyway
        if pidfile.exists() and pidfile.read_text():
            break
        time.sleep(0.1)
    if pidfile.exists() and pidfile.read_text():
        assert _gone(int(pidfile.read_text()))


class _Stop(Exception):
    """What a caller's signal handler raises to stop the run (pytest.exit raises an Exception too)."""


def test_a_stop_raised_while_a_case_is_awaited_ends_the_run_once_the_job_is_abandoned():
    """The SIGTERM handler of the pytest plugin abandons the job, then raises: `finish` must let that through, where
    an exception of its own is a runner bug that costs one case and the run goes on (a hanging program then hung the
    next case for the whole timeout, pytest not ending after SIGTERM)."""
    def failing():
        raise _Stop("stop")

    for abandoned in (False, True):
        job = Job(RunSettings([sys.executable, "-c", "pass"]))
        job.waiting.append(SimpleNamespace(case={"id": "c-1"}, sent=True, failure=None))
        job._finish = failing
        if not abandoned:
            assert job.finish().status == "errored"
            continue
        job.abandon()
        with pytest.raises(_Stop):
            job.finish()
