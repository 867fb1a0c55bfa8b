"""The adapter protocol, versions 1 and 2: JSON lines between the runner and an implementation.

Runner -> implementation: `hello`, then one `case` per case, then `stop`.
Implementation -> runner: `hello` (protocol, name, systems), then for each case one of
`result` (one output per step), `skipped` (with a reason) or `errored` (with a message).
The runner sends the steps without their expectations; it alone compares.

The runner's hello says `protocol: 1` (what a protocol 1 implementation checks) and
`protocols: [1, 2]`, every version it speaks; the implementation answers with the one it
speaks.  Protocol 2 adds to the implementation's hello `without`, the optional features
it does not implement (features.py), and `pipelining: true` when it reads its requests as
a stream and answers them in order (the runner may then write requests ahead); an `errored` reply may carry the `outputs` gathered
before the error, and an `errored` or `skipped` reply the `step` it reached.
See docs/conformance/protocol.md and conformance/schema/protocol.schema.json.
"""

from __future__ import annotations

import json

PROTOCOL_VERSION = 2
PROTOCOLS = (1, 2)
EXPECTATION_KEYS = ("expect", "rule", "rules", "only_through")
REPLY_TYPES = ("result", "skipped", "errored")
PIPELINING = "pipelining"  # the hello field of an implementation that takes requests ahead of their answers


class ProtocolError(Exception):
    """The implementation broke the protocol: the message says how, in plain words."""


def hello_request() -> dict:
    return {"type": "hello", "protocol": PROTOCOLS[0], "protocols": list(PROTOCOLS)}


def stop_request() -> dict:
    return {"type": "stop"}


def case_request(case: dict) -> dict:
    """The case as sent to an implementation: setup and steps, expectations removed."""
    steps = [{k: v for k, v in step.items() if k not in EXPECTATION_KEYS} for step in case["steps"]]
    return {"type": "case", "id": case["id"], "system": case["system"], "setup": case["setup"], "steps": steps}


def encode(message: dict) -> bytes:
    """One protocol line."""
    return (json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def shorten(text: str, limit: int = 200) -> str:
    """A long text cut for a report line."""
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


def _not_json_constant(name: str):
    """Python's json reads NaN and Infinity, which are not JSON: no other implementation's parser would."""
    raise ValueError(f"{name} is not a JSON value")


def decode(line: bytes) -> dict:
    """A protocol message from one line; ProtocolError for garbage."""
    try:
        message = json.loads(line.decode("utf-8"), parse_constant=_not_json_constant)
    except RecursionError:
        raise ProtocolError(f"wrote JSON nested too deeply to read ({len(line)} bytes)") from None
    except ValueError as error:  # not UTF-8, not JSON, or JSON Python refuses (NaN, an integer of 5000 digits)
        reason = "" if isinstance(error, (UnicodeDecodeError, json.JSONDecodeError)) else f" ({shorten(str(error), 120)})"
        raise ProtocolError(f"wrote a line that is not JSON{reason}: {shorten(line.decode('utf-8', 'replace'))!r}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError(f"wrote JSON that is not a message object with a 'type': {shorten(json.dumps(message))}")
    return message


def check_hello(message: dict) -> dict:
    """The implementation's hello, checked: protocol version, name and systems."""
    if message.get("type") != "hello":
        raise ProtocolError(f"answered the hello with a {message.get('type')!r} message")
    if message.get("protocol") not in PROTOCOLS:
        speaks = " and ".join(map(str, PROTOCOLS))
        raise ProtocolError(f"speaks protocol {message.get('protocol')!r}; this runner speaks protocols {speaks}")
    systems = message.get("systems")
    if not isinstance(systems, list) or not all(isinstance(s, str) for s in systems):
        raise ProtocolError("its hello lacks the list of 'systems' it supports")
    without = message.get("without", [])
    if without and message["protocol"] < 2:
        raise ProtocolError("its hello declares 'without' features, which protocol 1 does not have: answer with protocol 2")
    if not isinstance(without, list) or not all(isinstance(f, str) for f in without):
        raise ProtocolError("its hello's 'without' is not a list of feature names")
    if PIPELINING in message and message["protocol"] < 2:
        raise ProtocolError(f"its hello declares '{PIPELINING}', which protocol 1 does not have: answer with protocol 2")
    if type(message.get(PIPELINING, False)) is not bool:
        raise ProtocolError(f"its hello's '{PIPELINING}' is not true or false: {message[PIPELINING]!r}")
    return message


def check_reply(message: dict, case_id: str) -> dict:
    """A reply to a case request, checked: its type, its id and its payload's shape."""
    kind = message.get("type")
    if kind not in REPLY_TYPES:
        raise ProtocolError(f"answered case {case_id} with a {kind!r} message (expected {', '.join(REPLY_TYPES)})")
    if message.get("id") != case_id and not (kind == "errored" and message.get("id") is None):
        raise ProtocolError(f"answered case {case_id} with the id {message.get('id')!r}")
    if kind == "result" and not isinstance(message.get("outputs"), list):
        raise ProtocolError(f"its result for case {case_id} has no 'outputs' list")
    if kind == "errored" and "outputs" in message and not isinstance(message["outputs"], list):
        raise ProtocolError(f"its errored reply for case {case_id} has 'outputs' that is not a list")
    text = {"errored": "message", "skipped": "reason"}.get(kind)
    if text in message and not isinstance(message[text], str):  # (an absent one is tolerated: the report says so)
        raise ProtocolError(f"its {kind} reply for case {case_id} has a {text!r} that is not a text: "
                            f"{shorten(json.dumps(message[text]))}")
    if isinstance(message.get("outputs"), list):
        _check_outputs(message["outputs"], case_id)
    step = message.get("step")
    if step is not None and (type(step) is not int or step < 0):
        raise ProtocolError(f"its {kind} reply for case {case_id} names a 'step' that is not a step index: {step!r}")
    return message


def _check_outputs(outputs: list, case_id: str) -> None:
    """Each output is an object (or null); an accept/refuse answer says `ok` as a JSON boolean, a refusal names its rule."""
    for number, output in enumerate(outputs, start=1):
        where = f"its result for case {case_id}, output {number}"
        if output is not None and not isinstance(output, dict):
            raise ProtocolError(f"{where} is {type(output).__name__}, not an object")
        if output is None or "ok" not in output:
            continue
        if not isinstance(output["ok"], bool):
            raise ProtocolError(f"{where}: 'ok' is {shorten(json.dumps(output['ok']))} (a {_json_type(output['ok'])}); "
                                f"it must be true or false")
        if output["ok"] is False and not (isinstance(output.get("rule"), str) and output["rule"]):
            raise ProtocolError(f"{where}: a refusal ('ok': false) must name its rule id in 'rule'")


def _json_type(value) -> str:
    names = {str: "string", int: "number", float: "number", list: "list", dict: "object", type(None): "null"}
    return names.get(type(value), type(value).__name__)
