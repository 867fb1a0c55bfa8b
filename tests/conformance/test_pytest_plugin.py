"""The pytest plugin: cases as test items named by id; nothing at all without --touti-impl."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import FakeSuite


def run_pytest(folder: Path, *options: str) -> subprocess.CompletedProcess:
    (folder / "pytest.ini").write_text("[pytest]\n")
    command = [sys.executable, "-m", "pytest", "-c", str(folder / "pytest.ini"), "-p", "no:cacheprovider", "-rA", *options]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=120)


def test_each_case_is_an_item_named_by_its_id(tmp_path, fake_suite: FakeSuite):
    done = run_pytest(tmp_path, "--touti-impl", fake_suite.impl(), "--touti-cases", str(fake_suite.folder))
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"PASSED touti[cases]::{fake_suite.good['id']}" in done.stdout
    assert f"FAILED touti[cases]::{fake_suite.bad['id']}" in done.stdout
    assert f"SKIPPED [1] touti[cases]::{fake_suite.skipped['id']}" in done.stdout or "1 skipped" in done.stdout
    assert "expected: refused by rule 'play.overtake'" in done.stdout


def test_listed_failures_are_xfailed(tmp_path, fake_suite: FakeSuite):
    (tmp_path / "xfail.txt").write_text("play.overtake\n")
    done = run_pytest(tmp_path, "--touti-impl", fake_suite.impl(), "--touti-cases", str(fake_suite.folder), "--touti-xfail", str(tmp_path / "xfail.txt"))
    assert done.returncode == 0, done.stdout
    assert "1 passed, 1 skipped, 1 xfailed" in done.stdout


def test_an_unusable_implementation_stops_the_session(tmp_path, fake_suite: FakeSuite):
    done = run_pytest(tmp_path, "--touti-impl", fake_suite.impl("protocol3"), "--touti-cases", str(fake_suite.folder))
    assert done.returncode == 2
    assert "speaks protocol 3" in done.stdout + done.stderr


def test_without_touti_impl_the_plugin_adds_nothing(tmp_path):
    (tmp_path / "test_one.py").write_text("def test_one():\n    pass\n")
    done = run_pytest(tmp_path)
    assert done.returncode == 0 and "1 passed" in done.stdout and "touti[" not in done.stdout


ROOT = Path(__file__).resolve().parents[2]
WITHOUT_TALK = f"{sys.executable} -m touti_dsl adapter {ROOT / 'conformance' / 'partial' / 'atlas-without-talk-or-concession.touti'} --as atlas-carta"
FEATURES = ("--touti-without", "signal", "--touti-without", "preannounce", "--touti-without", "concession")


def test_touti_without_reads_the_expectations_without_the_missing_features(tmp_path):
    chosen = ("--touti-impl", WITHOUT_TALK, "--touti-system", "atlas-carta", "--touti-rules", "play.overtrump")
    undeclared = run_pytest(tmp_path, *chosen)
    assert undeclared.returncode == 1, undeclared.stdout  # legal sets with `concede` in them
    declared = run_pytest(tmp_path, *chosen, *FEATURES)
    assert declared.returncode == 0, declared.stdout + declared.stderr


def test_touti_refusal_and_touti_without_are_checked(tmp_path):
    done = run_pytest(tmp_path, "--touti-impl", WITHOUT_TALK, "--touti-system", "atlas-carta", "--touti-without", "signals")
    assert done.returncode == 4 and "--touti-without signals: not an optional feature of these cases" in done.stderr
    done = run_pytest(tmp_path, "--touti-impl", WITHOUT_TALK, "--touti-system", "atlas-carta", "--touti-refusal", "first")
    assert done.returncode == 4 and "invalid choice: 'first'" in done.stderr
