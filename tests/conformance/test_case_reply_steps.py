"""The adapter's step loop (case_reply, its common ops inlined) answers every step as CaseRun.text does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from touti_dsl.conformance.adapter import CaseRun, ReferenceAdapter, _engine

ROOT = Path(__file__).resolve().parents[2]


def _request(case: dict, system: str) -> dict:
    return {"type": "case", "id": case["id"], "system": system, "setup": case["setup"], "steps": case["steps"]}


def _one_by_one(adapter: ReferenceAdapter, request: dict) -> list[str]:
    """The outputs CaseRun.text gives, one step at a time, up to the first step that raises."""
    run, outputs = CaseRun(adapter.new_round(request["setup"]), _engine()[1]), []
    for step in request["steps"]:
        try:
            outputs.append(run.text(step))
        except Exception:
            break
    return outputs


def _outputs_text(reply: str) -> str:
    return reply[reply.index(',"outputs":[') + len(',"outputs":['):-2]


@pytest.mark.parametrize("suite,more_ops", [("atlas-carta", set()), ("tute-early-tute", {"next_round"}),
                                              ("brisca-three-against-three", {"next_round"})])
def test_every_case_of_a_suite_gets_the_outputs_of_casetext(suite, more_ops):
    adapter = ReferenceAdapter(suite)
    ops = set()
    for path in sorted((ROOT / "generated" / suite).glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            request = _request(case, adapter.system)
            ops.update(step["op"] for step in request["steps"])
            reply = adapter.case_reply(request)
            assert json.loads(reply)["type"] == "result", case["id"]
            assert _outputs_text(reply) == ",".join(_one_by_one(adapter, request)), case["id"]
    assert {"apply", "refuse", "legal", "actors", "trick_winner", "round_result", "match_result"} | more_ops <= ops


def test_a_refusal_an_unknown_op_and_a_bad_step_answer_as_casetext_does():
    adapter = ReferenceAdapter("atlas-carta")
    setup = {"hands": [["4o", "5o", "1c", "3c", "12c", "11c", "10c", "7c", "6c", "5c"],
                       ["1o", "2o", "4c", "2c", "1e", "3e", "12e", "11e", "10e", "7e"],
                       ["3o", "6o", "7o", "10o", "6e", "5e", "4e", "2e", "1b", "3b"],
                       ["11o", "12o", "12b", "11b", "10b", "7b", "6b", "5b", "4b", "2b"]], "dealer": 3}
    steps = [{"op": "actors"}, {"op": "legal", "seat": 0}, {"op": "refuse", "seat": 0, "action": "bid 75"},
             {"op": "apply", "seat": 1, "action": "pass"}, {"op": "apply", "seat": 0, "action": "pass"},
             {"op": "trick_winner"}, {"op": "round_result"}, {"op": "match_result"}, {"op": "legal", "seat": 0}]
    for last, error in ([{"op": "dance"}], "step 9: AttributeError: 'CaseRun' object has no attribute 'op_dance'"),\
                       ([{"op": ["legal"]}], 'step 9: TypeError: can only concatenate str (not "list") to str'),\
                       ([{"op": "legal", "seat": 7}], "step 9: ValueError: a seat is an int from 0 to 3, not 7"),\
                       ([{"op": "apply", "seat": 0}], "step 9: KeyError: 'action'"):
        request = {"type": "case", "id": "c-x", "system": "atlas-carta", "setup": setup, "steps": steps + last}
        reply = json.loads(adapter.case_reply(request))
        outputs = _one_by_one(adapter, request)
        assert reply["type"] == "errored" and reply["message"] == error
        assert reply["outputs"] == [json.loads(text) for text in outputs] and len(outputs) == len(steps)
        assert reply["outputs"][2]["ok"] is False and reply["outputs"][2]["rule"] == "bidding.step"
