"""Requests ahead of their answers, to a program whose hello declares `pipelining` (protocol 2).

The runner then keeps several cases in flight (`runner.PIPELINE_DEPTH`): the outcomes come
in the order of the cases, and a program that misbehaves on one case costs that case only:
the cases it had been sent after it are sent again to a fresh program.  A program that
does not declare it never finds more than one request waiting.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from touti_dsl.cli import main
from touti_dsl.conformance import protocol, runner
from touti_dsl.conformance.adapter import ReferenceAdapter

from .conftest import FakeSuite, case_file, make_case
from .test_fuzz import NO_OVERTAKE, TOUTI

GOOD_ANSWERS = [{"ok": True}, {"actions": ["play 5o", "play 4o", "play 2o"]}]


@pytest.fixture
def many(tmp_path: Path) -> FakeSuite:
    """Eight cases the fake answers right (each a distinct id), in one file, in a known order."""
    cases = [make_case(["play.follow_suit"], [
        {"op": "apply", "seat": 0, "action": "play 1o"},
        {"op": "legal", "seat": 1, "expect": ["play 2o", "play 4o", "play 5o"]},
    ] + [{"op": "trick_winner", "expect": None}] * k) for k in range(8)]
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "play.json").write_text(json.dumps(case_file(cases), indent=1))
    answers = {case["id"]: GOOD_ANSWERS + [{"seat": None}] * k for k, case in enumerate(cases)}
    (tmp_path / "answers.json").write_text(json.dumps(answers))
    return FakeSuite(folder, tmp_path / "answers.json", cases[0], cases[3], cases[7])


def conform(capsys, suite: FakeSuite, mode: str = "good", on: str = "", *flags: str) -> tuple[int, dict]:
    code = main(["conform", "--impl", suite.impl(mode, on, *flags), "--cases", str(suite.folder), "--timeout", "3",
                 "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def ahead(suite: FakeSuite) -> int:
    return int(Path(str(suite.answers) + ".ahead").read_text())


def by_id(report: dict) -> dict[str, dict]:
    return {case["id"]: case for case in report["cases"]}


def test_a_program_that_declares_pipelining_gets_requests_ahead_and_every_outcome(capsys, many):
    code, report = conform(capsys, many, "good", "", "--pipelining")
    assert code == 0
    assert [case["status"] for case in report["cases"]] == ["passed"] * 8
    assert ahead(many) >= 2  # found several requests waiting at once
    assert ahead(many) <= runner.PIPELINE_DEPTH + 1  # at most the depth, and the stop line


def test_a_program_that_does_not_declare_it_never_finds_two_requests_waiting(capsys, many):
    code, report = conform(capsys, many, "good", "", "--watch")
    assert code == 0 and [case["status"] for case in report["cases"]] == ["passed"] * 8
    assert ahead(many) == 1


@pytest.mark.parametrize("mode, words", [
    ("crash", "implementation crashed"),
    ("garbage", "implementation wrote garbage"),
    ("extra-line", "implementation broke the protocol"),
])
def test_a_fault_in_flight_costs_its_own_case_only(capsys, many, mode, words):
    target = many.bad["id"]
    code, report = conform(capsys, many, mode, target, "--pipelining")
    assert code == 1
    cases = by_id(report)
    assert cases[target]["status"] == "errored" and words in cases[target]["detail"]
    others = [case["status"] for case_id, case in cases.items() if case_id != target]
    assert others == ["passed"] * 7  # the cases sent after it went again to a fresh program


def test_a_hang_in_flight_costs_its_own_case_only(capsys, many):
    target = many.bad["id"]
    code, report = conform(capsys, many, "hang", target, "--pipelining")
    cases = by_id(report)
    assert code == 1 and cases[target]["status"] == "errored" and "hung" in cases[target]["detail"]
    assert sorted(case["status"] for case_id, case in cases.items() if case_id != target) == ["passed"] * 7


def test_pipelining_is_a_protocol_2_boolean():
    hello = {"type": "hello", "protocol": 2, "implementation": "x", "systems": []}
    assert protocol.check_hello(dict(hello, pipelining=True))["pipelining"] is True
    with pytest.raises(protocol.ProtocolError, match="protocol 1 does not have"):
        protocol.check_hello(dict(hello, protocol=1, pipelining=True))
    with pytest.raises(protocol.ProtocolError, match="not true or false"):
        protocol.check_hello(dict(hello, pipelining="yes"))


def test_the_reference_adapter_declares_pipelining_to_a_protocol_2_runner_only():
    adapter = ReferenceAdapter("atlas-carta")
    assert adapter.hello(protocol.hello_request())["pipelining"] is True
    assert "pipelining" not in adapter.hello({"type": "hello", "protocol": 1})


@pytest.mark.parametrize("impl, divergent", [(f"{TOUTI} adapter atlas-carta", False), (NO_OVERTAKE, True)])
def test_fuzz_finds_the_same_with_and_without_pipelining(capsys, monkeypatch, tmp_path, impl, divergent):
    def fuzz(out: str) -> dict:
        code = main(["fuzz", "--impl", impl, "--system", "atlas-carta", "--rounds", "12", "--seed", "5",
                     "--format", "json", "--out", str(tmp_path / out)])
        assert code == (1 if divergent else 0)
        found = json.loads(capsys.readouterr().out)
        found.pop("seconds")
        if divergent:  # the same case file, in another folder
            found["divergence"].pop("replay")
            found["divergence"]["case_file"] = Path(found["divergence"]["case_file"]).read_text()
        return found

    pipelined = fuzz("pipelined")
    monkeypatch.setattr(runner, "PIPELINE_DEPTH", 1)
    assert fuzz("one-at-a-time") == pipelined
    assert (pipelined["divergence"]["rule"] == "play.overtake") if divergent else pipelined["rounds"] == 12
