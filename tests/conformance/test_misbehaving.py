"""Session 20, protohunt: implementations that misbehave get a located error and the right exit, never a traceback
nor a pass they did not earn."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from touti_dsl.cli import main
from touti_dsl.conformance import protocol
from touti_dsl.conformance.compare import compare_step, same_json

RELAY = Path(__file__).resolve().parent / "fakes" / "relay_impl.py"


def relay(mode: str, nth: int = 1, system: str = "tute") -> str:
    return shlex.join([sys.executable, str(RELAY), system, "--mode", mode, "--nth", str(nth)])


@pytest.mark.parametrize("value, words", [(b"7" * 5000, "digits"), (b"NaN", "NaN is not a JSON value"),
                                          (b"-Infinity", "-Infinity is not a JSON value")])
def test_json_only_python_reads_is_garbage(value, words):
    """json.loads takes NaN and raises a bare ValueError for an integer of 5000 digits: both are not JSON."""
    with pytest.raises(protocol.ProtocolError, match=f"wrote a line that is not JSON \\(.*{words}"):
        protocol.decode(b'{"type":"result","extra":' + value + b"}")


def test_a_hello_python_cannot_read_makes_the_implementation_unusable(capsys):
    code = main(["conform", "--impl", relay("hello-huge-int"), "--system", "tute", "--rules", "trick.winner"])
    err = capsys.readouterr().err
    assert code == 2 and "is not a usable implementation: the implementation wrote garbage" in err
    assert "Traceback" not in err


def test_a_reply_python_cannot_read_is_garbage_of_that_case(capsys):
    code = main(["conform", "--impl", relay("huge-int"), "--system", "tute", "--rules", "trick.winner",
                 "--format", "json"])
    cases = json.loads(capsys.readouterr().out)["cases"]
    errored = [case["detail"] for case in cases if case["status"] == "errored"]
    garbage = [detail for detail in errored if detail.startswith("implementation wrote garbage: wrote a line that is not JSON")]
    # (each fresh process breaks down on its first case: after ten, the cases left are not run)
    assert code == 1 and garbage and all(detail in garbage or detail.startswith("not run: the implementation broke down")
                                         for detail in errored)


@pytest.mark.parametrize("expected, actual, same", [
    (1, True, False), (0, False, False), (1, 1.0, False), ([0, 1], [False, True], False), ({"a": 1}, {"a": 1}, True),
    ({"a": [1, None]}, {"a": [1, None]}, True), (None, False, False), ({"a": 1}, {"a": 1, "b": 2}, False)])
def test_results_are_compared_as_json_values(expected, actual, same):
    assert same_json(expected, actual) is same


def test_a_trick_winner_written_true_is_not_seat_1():
    step = {"op": "trick_winner", "expect": 1}
    assert compare_step(0, step, {"seat": True}) is not None
    assert compare_step(0, step, {"seat": 1}) is None


def test_a_round_result_with_booleans_for_numbers_fails():
    step = {"op": "round_result", "expect": {"points": [1, 0]}}
    mismatch = compare_step(0, step, {"points": [True, False]})
    assert mismatch is not None and mismatch.actual == '{"points": [true, false]}'


def test_a_case_with_an_id_or_seat_of_the_wrong_type_is_refused_where_it_stands(capsys, tmp_path):
    steps = [{"op": "apply", "seat": "1", "action": "pass"}, {"op": "legal", "seat": 0, "expect": "pass"}]
    cases = [{"id": 5, "system": "tute", "rules": ["x"], "setup": {"hands": []}, "steps": steps},
             {"id": "c-1", "system": ["tute"], "rules": ["x"], "setup": {"hands": []}, "steps": steps}]
    (tmp_path / "bad.json").write_text(json.dumps({"format_version": 1, "cases": cases}))
    code = main(["conform", "--impl", "true", "--cases", str(tmp_path), "--skip", "c-*"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "bad.json: error[E900]: case #0 (5): has id 5, not a text" in err
    assert "case #1 (c-1): has system ['tute'], not a text" in err
    assert "step 0 (apply) has a seat that is not a seat number: '1'" in err
    assert "step 1 (legal) expects 'pass', not a list" in err


def fuzz(capsys, tmp_path, impl: str, *extra: str) -> tuple[int, str, str]:
    code = main(["fuzz", "--impl", impl, "--system", "tute", "--rounds", "6", "--seed", "3", "--out",
                 str(tmp_path / "out"), "--shrink-runs", "2", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_fuzz_rounds_the_implementation_skipped_are_no_pass(capsys, tmp_path):
    code, out, _ = fuzz(capsys, tmp_path, relay("skip-all"))
    assert code == 1
    assert out.startswith("touti fuzz: nothing checked: 6 rounds (6 skipped by the implementation: not today)")


def test_fuzz_fails_a_round_answered_twice_even_after_it_was_judged(capsys, tmp_path):
    code, out, _ = fuzz(capsys, tmp_path, relay("twice", nth=2))
    assert code == 1 and "DIVERGENCE" in out
    assert "error:     implementation broke the protocol: answered case fuzz-3/1 again" in out


@pytest.mark.parametrize("nth, round_label, alone", [(3, "3/2", True), (1, "3/0", False)])
def test_fuzz_says_how_the_implementation_broke_down(capsys, tmp_path, nth, round_label, alone):
    """A crash on a program's third case is not the round's: the round passes alone and is not shrunk."""
    code, out, _ = fuzz(capsys, tmp_path, relay("crash", nth=nth), "--format", "json")
    found = json.loads(out)["divergence"]
    assert code == 1 and found["round"] == round_label and found["error"] == "implementation crashed: exited with code 3"
    assert found["passes_alone"] is alone and (found["shrink_runs"] == 1) is alone


def test_fuzz_shrinks_a_program_that_hangs_on_every_round_within_its_time_budget(capsys, tmp_path):
    """Each shrinking run of a hang costs the whole timeout: 400 runs at the default 10 s were over an hour."""
    code, out, _ = fuzz(capsys, tmp_path, relay("hang"), "--timeout", "1", "--shrink-runs", "400",
                        "--shrink-seconds", "2", "--format", "json")
    found = json.loads(out)["divergence"]
    assert code == 1 and found["error"] == "implementation hung: gave no answer within 1 s"
    assert found["shrink_cut_short"] == "seconds" and 1 <= found["shrink_runs"] <= 3
    code, out, _ = fuzz(capsys, tmp_path, relay("crash"), "--shrink-runs", "1")
    assert code == 1 and "in 1 runs (stopped at --shrink-runs: the case may shrink further)" in out


def test_fuzz_refuses_an_out_that_is_a_file_before_playing(capsys, tmp_path):
    (tmp_path / "out").write_text("")
    code, _, err = fuzz(capsys, tmp_path, relay("crash"))
    assert code == 2 and "--out " in err and "not a folder" in err


@pytest.mark.parametrize("reply, words", [
    ({"type": "errored", "id": "c-1", "message": {"deep": [1]}}, "has a 'message' that is not a text: {\"deep\": [1]}"),
    ({"type": "skipped", "id": "c-1", "reason": 3}, "has a 'reason' that is not a text: 3")])
def test_an_errored_or_skipped_reply_says_why_in_a_text(reply, words):
    with pytest.raises(protocol.ProtocolError, match=re.escape(words)):
        protocol.check_reply(reply, "c-1")


def test_fuzz_reads_an_errored_reply_whose_message_is_an_object_without_a_traceback(capsys, tmp_path):
    code, out, err = fuzz(capsys, tmp_path, relay("errored-object"))
    assert code == 1 and "Traceback" not in err
    assert "error:     implementation broke the protocol: its errored reply for case fuzz-3/0 has a 'message'" in out


def test_a_bug_of_the_runner_costs_touti_fuzz_one_round_not_a_traceback(capsys, tmp_path, monkeypatch):
    from touti_dsl.conformance import runner

    def broken_judge(*args, **kwargs):
        raise RuntimeError("a bug of the runner")

    monkeypatch.setattr(runner, "judge", broken_judge)
    code, out, err = fuzz(capsys, tmp_path, relay("seat-true"))  # replies the reference would not write: judged
    assert code == 1 and "Traceback" not in err
    assert "error:     runner error: RuntimeError: a bug of the runner" in out


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_format_version_that_only_python_takes_for_1_is_refused(tmp_path, version):
    from touti_dsl.conformance.cases import load_case_file
    from touti_dsl.errors import ToutiError

    (tmp_path / "cases.json").write_text(json.dumps({"format_version": version, "cases": []}))
    with pytest.raises(ToutiError, match="format_version must be 1"):
        load_case_file(tmp_path / "cases.json")


def test_an_errored_reply_past_the_last_step_says_so():
    from touti_dsl.conformance.runner import judge

    case = {"id": "c-1", "system": "tute", "rules": ["x"], "setup": {}, "steps": [{"op": "actors", "expect": [0]}]}
    outcome = judge(case, {"type": "errored", "id": "c-1", "message": "lost", "step": 999})
    assert outcome.status == "errored"
    assert outcome.detail == "the implementation reported an error: lost (says it reached step 1000 of a case of 1 steps)"
