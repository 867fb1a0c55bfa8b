"""`touti adapter`: the reference engine behind protocol 1, for bundled specs and house variants."""

from __future__ import annotations

import json
import subprocess
import sys

from touti_dsl.conformance.adapter import ReferenceAdapter

HANDS = [
    ["4o", "5o", "1c", "3c", "12c", "11c", "10c", "7c", "6c", "5c"],
    ["1o", "2o", "4c", "2c", "1e", "3e", "12e", "11e", "10e", "7e"],
    ["3o", "6o", "7o", "10o", "6e", "5e", "4e", "2e", "1b", "3b"],
    ["11o", "12o", "12b", "11b", "10b", "7b", "6b", "5b", "4b", "2b"],
]
HOUSE = """touti 1

system "house-200" extends "atlas-carta" {
  title: "Atlas Carta, bids up to 200"
}

bidding {
  maximum: 200
}
"""


def request(steps: list[dict], system: str = "atlas-carta", **setup) -> dict:
    return {"type": "case", "id": "c-test", "system": system, "setup": {"hands": HANDS, "dealer": 3, **setup}, "steps": steps}


def serve(lines: list[str], spec: str = "atlas-carta") -> tuple[list[dict], int]:
    done = subprocess.run([sys.executable, "-m", "touti_dsl", "adapter", spec], input="".join(line + "\n" for line in lines),
                          capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in done.stdout.splitlines()], done.returncode


def test_every_op_gets_its_output_and_a_refusal_names_its_rule():
    reply = ReferenceAdapter("atlas-carta").run_case(request([
        {"op": "actors"}, {"op": "refuse", "seat": 0, "action": "bid 75"}, {"op": "apply", "seat": 0, "action": "pass"},
        {"op": "legal", "seat": 2}, {"op": "trick_winner"}, {"op": "round_result"}, {"op": "match_result"},
    ]))
    outputs = reply["outputs"]
    assert reply["type"] == "result" and len(outputs) == 7
    assert outputs[0] == {"seats": [0]}
    assert outputs[1]["ok"] is False and outputs[1]["rule"] == "bidding.step"
    assert outputs[2] == {"ok": True} and outputs[3] == {"actions": []}
    assert outputs[4] == {"seat": None} and outputs[5] is None
    assert outputs[6] == {"scores": [0, 0], "over": False, "winner": None}


def test_bad_requests_are_answered_errored_and_the_adapter_keeps_serving():
    good = json.dumps(request([{"op": "actors"}]))
    lines = ['{"type":"hello","protocol":1}', "garbage", "[1, 2]", '{"type":"dance","id":"c-x"}',
             json.dumps(request([{"op": "actors"}], dealer=9)), json.dumps(request([{"op": "legal"}])), good, '{"type":"stop"}', good]
    replies, code = serve(lines)
    assert code == 0
    assert [r["type"] for r in replies] == ["hello", "errored", "errored", "errored", "errored", "errored", "result"]
    assert replies[3]["id"] == "c-x"
    assert replies[4]["message"].startswith("setup: ValueError: dealer must be a seat")
    assert replies[5]["message"].startswith("step 0: KeyError")


def test_another_system_is_skipped():
    reply = ReferenceAdapter("atlas-carta").run_case(request([{"op": "actors"}], system="tute"))
    assert reply == {"type": "skipped", "id": "c-test", "reason": "this adapter serves 'atlas-carta' only"}


def test_a_house_variant_is_served_under_its_own_system_id(tmp_path):
    spec = tmp_path / "house-200.touti"
    spec.write_text(HOUSE)
    case = request([{"op": "refuse", "seat": 0, "action": "bid 210"}, {"op": "apply", "seat": 0, "action": "bid 200"}], system="house-200")
    replies, _ = serve(['{"type":"hello","protocol":1}', json.dumps(case)], spec=str(spec))
    assert replies[0]["systems"] == ["house-200"]
    assert replies[1]["outputs"][0]["rule"] == "bidding.maximum" and replies[1]["outputs"][1] == {"ok": True}


def test_an_invalid_spec_stops_the_adapter_with_a_located_error(tmp_path):
    spec = tmp_path / "broken.touti"
    spec.write_text(HOUSE.replace("maximum: 200", "minimum: 60").replace("house-200", "broken"))
    done = subprocess.run([sys.executable, "-m", "touti_dsl", "adapter", str(spec)], input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "error[E504]" in done.stderr


def test_a_house_variant_can_answer_as_its_base(tmp_path):
    """`--as atlas-carta`: the variant runs against the base's cases (how conformance/mutants/ are served)."""
    spec = tmp_path / "house-200.touti"
    spec.write_text(HOUSE)
    case = request([{"op": "refuse", "seat": 0, "action": "bid 210"}])
    done = subprocess.run([sys.executable, "-m", "touti_dsl", "adapter", str(spec), "--as", "atlas-carta"],
                          input='{"type":"hello","protocol":1}\n' + json.dumps(case) + "\n", capture_output=True, text=True, timeout=60)
    hello, reply = (json.loads(line) for line in done.stdout.splitlines())
    assert hello["systems"] == ["atlas-carta"]
    assert reply["outputs"][0]["rule"] == "bidding.maximum"


def test_the_reply_encoder_writes_what_the_json_module_writes():
    from hypothesis import given, strategies as st

    from touti_dsl.conformance.adapter import ENCODE

    plain = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                         lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=20)

    @given(plain)
    def same(value):
        assert ENCODE(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    same()
    for unwritable in ({1, 2}, object(), {(1,): 2}):
        try:
            ENCODE(unwritable)
        except TypeError:
            continue
        raise AssertionError(f"{unwritable!r} written")
