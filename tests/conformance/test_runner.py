"""`touti conform` against fake implementations: reports, filters, expected failures, robustness."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from touti_dsl.cli import main

from .conftest import case_file, make_case


def conform(capsys, suite, *extra, mode="good", on=""):
    code = main(["conform", "--impl", suite.impl(mode, on), "--cases", str(suite.folder), "--timeout", "3", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def conform_json(capsys, suite, *extra, **kwargs):
    code, out, err = conform(capsys, suite, "--format", "json", *extra, **kwargs)
    return code, json.loads(out)


def statuses(report: dict) -> dict[str, str]:
    return {case["id"]: case["status"] for case in report["cases"]}


def test_a_wrong_refusal_fails_its_rule_with_the_smallest_case_in_plain_words(capsys, fake_suite):
    code, out, _ = conform(capsys, fake_suite)
    assert code == 1
    assert "FAILED play.overtake: smallest failing case" in out
    assert "seat 1 tries play 2o (must be refused by play.overtake)" in out
    assert "expected: refused by rule 'play.overtake'" in out and "actual:   accepted" in out
    assert "seat 0 holds: 1o 3o 12o" in out and "dealer seat 3" in out
    assert "rule explained at: docs/rules/fake-system.md#play-overtake" in out


def test_a_failure_counts_only_against_the_rule_its_refusal_names(capsys, fake_suite):
    _, report = conform_json(capsys, fake_suite)
    assert report["rules"]["play.overtake"]["failed"] == 1
    assert report["rules"]["play.follow_suit"] == {**report["rules"]["play.follow_suit"], "passed": 1, "failed": 0}
    assert report["rules"]["bidding.minimum"]["skipped"] == 1


def test_skip_globs_leave_only_passing_cases(capsys, fake_suite):
    code, report = conform_json(capsys, fake_suite, "--skip", "play.over*")
    assert code == 0
    assert statuses(report)[fake_suite.bad["id"]] == "skipped"


def test_rules_globs_select_cases_by_rule_id(capsys, fake_suite):
    _, report = conform_json(capsys, fake_suite, "--rules", "bidding.*")
    assert list(statuses(report)) == [fake_suite.skipped["id"]]


@pytest.mark.parametrize("strict, expected_code", [(False, 0), (True, 1)])
def test_expected_failures_and_unexpected_passes(capsys, fake_suite, tmp_path, strict, expected_code):
    xfail = tmp_path / "xfail.txt"
    xfail.write_text(f"# known\n{fake_suite.bad['id']}  # overtake not done\nplay.follow_*\n")
    code, report = conform_json(capsys, fake_suite, "--xfail", str(xfail), *(["--strict"] if strict else []))
    assert statuses(report)[fake_suite.bad["id"]] == "xfail"
    assert statuses(report)[fake_suite.good["id"]] == "xpass"
    assert code == expected_code


def test_xpass_is_named_in_the_text_report(capsys, fake_suite, tmp_path):
    xfail = tmp_path / "xfail.txt"
    xfail.write_text(fake_suite.good["id"] + "\n")
    _, out, _ = conform(capsys, fake_suite, "--xfail", str(xfail), "--strict")
    assert f"XPASS: 1 expected failures passed (fails the run under --strict): {fake_suite.good['id']}" in out


MISBEHAVIOURS = {
    "crash": "implementation crashed: exited with code 3",
    "hang": "implementation hung: gave no answer within 3 s",
    "garbage": "implementation wrote garbage: wrote a line that is not JSON: 'this is not json'",
    "flood": "implementation flooded its output: wrote a line longer than",
    "wrong-id": "implementation broke the protocol: answered case",
    "errored": "the implementation reported an error: fake internal error",
}


@pytest.mark.parametrize("mode", sorted(MISBEHAVIOURS))
def test_a_misbehaving_implementation_errors_that_case_and_the_run_goes_on(capsys, fake_suite, mode):
    code, report = conform_json(capsys, fake_suite, mode=mode, on=fake_suite.good["id"])
    assert code == 1
    errored = next(case for case in report["cases"] if case["id"] == fake_suite.good["id"])
    assert errored["status"] == "errored" and MISBEHAVIOURS[mode] in errored["detail"]
    assert statuses(report)[fake_suite.bad["id"]] == "failed"
    assert statuses(report)[fake_suite.skipped["id"]] == "skipped"


def test_a_crash_report_keeps_the_stderr_tail(capsys, fake_suite):
    _, out, _ = conform(capsys, fake_suite, mode="crash", on=fake_suite.good["id"])
    assert "  | RuntimeError: fake crash" in out


def test_stderr_noise_is_drained_and_harmless(capsys, fake_suite):
    _, report = conform_json(capsys, fake_suite, mode="stderr-noise")
    assert statuses(report)[fake_suite.good["id"]] == "passed"


def test_an_extra_reply_line_fails_the_case_that_wrote_it_not_the_next(capsys, fake_suite):
    """Issue 12: a case answered twice used to pass while the next case took the blame."""
    _, report = conform_json(capsys, fake_suite, mode="extra-line", on=fake_suite.good["id"])
    assert statuses(report)[fake_suite.good["id"]] == "errored"
    assert statuses(report)[fake_suite.bad["id"]] == "failed"
    assert statuses(report)[fake_suite.skipped["id"]] == "skipped"


@pytest.mark.parametrize("mode, words", [
    ("protocol3", "speaks protocol 3; this runner speaks protocols 1 and 2"),
    ("exit-early", "exited with code 1\nits stderr ended with:\nfake: giving up before the handshake"),
])
def test_an_unusable_implementation_is_a_usage_error(capsys, fake_suite, mode, words):
    code, out, err = conform(capsys, fake_suite, mode=mode)
    assert code == 2 and out == ""
    assert "is not a usable implementation" in err and words in err


def test_a_missing_program_is_a_usage_error(capsys, fake_suite):
    code = main(["conform", "--impl", "no-such-program-xyz --flag", "--cases", str(fake_suite.folder)])
    assert code == 2
    assert "cannot start 'no-such-program-xyz'" in capsys.readouterr().err


def test_parallel_jobs_give_the_same_report(capsys, fake_suite):
    _, one = conform_json(capsys, fake_suite)
    _, two = conform_json(capsys, fake_suite, "--jobs", "3")
    assert statuses(one) == statuses(two) and one["rules"] == two["rules"]


def test_junit_report_has_one_testcase_per_case(capsys, fake_suite):
    code, out, _ = conform(capsys, fake_suite, "--format", "junit")
    suite = ET.fromstring(out.split("\n", 1)[1]).find("testsuite")
    assert code == 1
    assert (suite.get("tests"), suite.get("failures"), suite.get("skipped")) == ("3", "1", "1")
    failed = [case.get("name") for case in suite.iter("testcase") if case.find("failure") is not None]
    assert failed == [fake_suite.bad["id"]]


def test_bad_case_files_are_usage_errors_located_by_case(capsys, tmp_path):
    (tmp_path / "broken.json").write_text(json.dumps(case_file([{"id": "c-1", "system": "x", "rules": [], "setup": {}, "steps": [{"op": "dance"}]}])))
    code = main(["conform", "--impl", "true", "--cases", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert "broken.json" in err and "case #0 (c-1): step 0 has unknown op 'dance'" in err


def test_no_matching_case_is_a_usage_error(capsys, fake_suite):
    code, _, err = conform(capsys, fake_suite, "--rules", "nothing.*")
    assert code == 2 and "no case to run" in err


def test_a_missing_generated_folder_is_a_usage_error(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = main(["conform", "--impl", "true", "--system", "no-such-system"])
    assert code == 2 and "no generated cases for system 'no-such-system'" in capsys.readouterr().err


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupt_prints_the_partial_report(fake_suite, signum):
    """The fake hangs on the second case; Ctrl-C (or a CI's SIGTERM) still reports the first."""
    command = [sys.executable, "-m", "touti_dsl", "conform", "--impl", fake_suite.impl("hang", fake_suite.bad["id"]),
               "--cases", str(fake_suite.folder), "--timeout", "60", "--format", "json"]
    runner = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # the implementation starts before the cases are loaded: wait until it hangs on the second case, so that the
    # first case is answered and the run is under way (a signal earlier has nothing to report yet)
    _wait_for_file(Path(str(fake_suite.answers) + ".hanging"))
    time.sleep(0.5)
    runner.send_signal(signum)
    out, _ = runner.communicate(timeout=20)
    report = json.loads(out)
    assert runner.returncode == 130 and report["interrupted"] is True
    assert statuses(report)[fake_suite.good["id"]] == "passed"


def _wait_for_file(path: Path, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert path.exists(), f"the fake never reached the case it hangs on ({path.name})"


def test_when_the_implementation_cannot_be_restarted_the_rest_is_reported_not_lost(capsys, fake_suite):
    code, report = conform_json(capsys, fake_suite, mode="crash-for-good", on=fake_suite.good["id"])
    details = {case["id"]: case.get("detail", "") for case in report["cases"]}
    assert code == 1 and len(details) == 3
    assert details[fake_suite.good["id"]].startswith("implementation crashed")
    assert details[fake_suite.bad["id"]].startswith("could not (re)start the implementation: exited with code 1")
    assert {details[fake_suite.skipped["id"]]} & {"not run: the implementation could not be restarted",
                                                  "could not (re)start the implementation: exited with code 1"}


def test_a_run_where_every_case_is_skipped_is_not_a_pass(capsys, fake_suite):
    code, out, _ = conform(capsys, fake_suite, "--rules", "bidding.*")
    assert code == 1
    assert "skipped 1: not in the fake's answers" in out and out.rstrip().endswith("NOTHING RAN (every case skipped): 1 cases: 0 passed, 0 failed, 0 errored, 1 skipped, 0 xfail, 0 XPASS")


def test_cases_made_from_another_spec_version_are_run_with_a_warning(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "generated" / "atlas-carta"
    folder.mkdir(parents=True)
    (folder / "old.json").write_text(json.dumps(case_file([make_case(["bidding.minimum"], [{"op": "actors", "expect": [0]}],
                                                                     system="atlas-carta", setup={"hands": [], "dealer": 3})], "atlas-carta")))
    (tmp_path / "atlas-carta").mkdir()  # a folder named like the system must not shadow the bundled spec
    monkeypatch.chdir(tmp_path)
    code = main(["conform", "--impl", f"{sys.executable} -m touti_dsl adapter atlas-carta", "--system", "atlas-carta"])
    err = capsys.readouterr().err
    assert code == 1  # the hands are not a deal: the adapter answers errored
    assert "warning: 1 of 1 cases were made from another version of the atlas-carta spec" in err


def test_the_progress_line_shows_only_on_a_terminal(fake_suite, monkeypatch, capsys):
    from touti_dsl.commands.conform import Progress
    from touti_dsl.conformance.runner import CaseOutcome

    for enabled, shown in ((True, "\r[1/2] 1 failing"), (False, "")):
        progress = Progress(2, enabled)
        progress(CaseOutcome(fake_suite.bad, "failed"))
        assert capsys.readouterr().err == shown


def test_a_program_that_stops_reading_cannot_block_a_large_request(capsys, tmp_path, fake_suite):
    """A 2 MB request to a program that reads nothing: the write must give up at the timeout, not block."""
    big = make_case(["play.follow_suit"], [{"op": "legal", "seat": 1, "expect": [f"play {n}o" for n in range(200_000)]}])
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "big.json").write_text(json.dumps(case_file([big])))
    code = main(["conform", "--impl", fake_suite.impl("deaf"), "--cases", str(folder), "--timeout", "1", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["cases"][0]["detail"] == "implementation hung: gave no answer within 1 s"


def _more_cases(fake_suite, count: int) -> None:
    """`count` more cases in the fake's folder (none in its answers: a healthy fake skips them)."""
    more = [make_case([f"bidding.rule_{n}"], [{"op": "actors", "expect": [n + 10]}]) for n in range(count)]
    (fake_suite.folder / "more.json").write_text(json.dumps(case_file(more)))


def test_a_program_that_breaks_down_on_each_of_its_first_cases_is_not_restarted_for_every_other(capsys, fake_suite):
    """A crash on every case used to restart the program once per case (a hang: the whole timeout each time)."""
    from touti_dsl.conformance.runner import MAX_FIRST_BREAKDOWNS

    _more_cases(fake_suite, MAX_FIRST_BREAKDOWNS + 2)
    code, out, _ = conform(capsys, fake_suite, mode="crash")
    reason = f"the implementation broke down on each of the first {MAX_FIRST_BREAKDOWNS} cases it was given and answered none"
    assert code == 1
    assert out.count("error: implementation crashed: exited with code 3") >= 1
    assert f"NOT RUN 5: {reason}" in out, out  # 3 + 12 cases, 10 of them run
    assert f"error: not run: {reason}" not in out  # a rule none of whose cases ran shows no case, only the NOT RUN line
    _, report = conform_json(capsys, fake_suite, mode="crash")
    details = [case["detail"] for case in report["cases"]]
    assert details.count("not run: " + reason) == 5
    assert sum(detail.startswith("implementation crashed") for detail in details) == MAX_FIRST_BREAKDOWNS


def test_a_program_that_answered_a_case_is_restarted_after_each_breakdown():
    """Giving up is for a program that never answered: one that did may break down on a class of cases only."""
    from touti_dsl.conformance.runner import MAX_FIRST_BREAKDOWNS, NOT_RUN, MAX_FAILED_STARTS, Job, RunSettings

    job = Job(RunSettings(["true"]))
    job.breakdowns = MAX_FIRST_BREAKDOWNS - 1
    assert job.stop_reason() is None
    job.breakdowns = MAX_FIRST_BREAKDOWNS
    assert job.stop_reason().startswith("not run: the implementation broke down on each of the first")
    job.answered = 1
    job.breakdowns = 10 * MAX_FIRST_BREAKDOWNS
    assert job.stop_reason() is None
    job.failed_starts = MAX_FAILED_STARTS
    assert job.stop_reason() == NOT_RUN
