"""The protocol reader under random and hostile reply streams: only ImplFailure / ProtocolError, never a hang.

Beside the spec fuzzers (tests/language/test_garbled.py); hypothesis, 'ci' profile.
A stream mixes valid messages, blank lines, replies to other cases, garbage, NULs,
deep nesting, oversized and unfinished lines.  The reader must answer each request
with a message or a plain-words ImplFailure, within the timeout, and `stop` must end
the program.
"""

from __future__ import annotations

import json
import sys
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from touti_dsl.conformance import protocol
from touti_dsl.conformance.process import ImplFailure, ImplProcess

HELLO = json.dumps({"type": "hello", "protocol": 1, "implementation": "fuzz", "systems": ["x"]}).encode()
CASE = {"type": "case", "id": "c-1", "system": "x", "setup": {}, "steps": []}
PIECES = [
    HELLO, json.dumps({"type": "result", "id": "c-1", "outputs": []}).encode(),
    json.dumps({"type": "result", "id": "c-0", "outputs": [{"ok": "true"}]}).encode(),
    json.dumps({"type": "skipped", "id": "c-1", "reason": "r"}).encode(), b"", b"   ", b"\x00\x01\x1b[31m",
    b"[" * 5000, b"{" * 3000, b'{"type": 3}', b"null", b"\xff\xfe", "é\u2028".encode(), b"x" * 5000,
]
LINE_ENDS = [b"\n", b"\r\n", b"", b"\n\n"]
READER = "import sys; sys.stdin.readline(); sys.stdout.buffer.write(open(sys.argv[1], 'rb').read()); sys.stdout.flush()"


@given(st.binary(max_size=2000))
def test_decode_takes_any_bytes(line):
    try:
        message = protocol.decode(line)
    except protocol.ProtocolError:
        return
    assert isinstance(message, dict) and isinstance(message["type"], str)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
                        ["ok", "rule", "outputs", "id", "type", "seats"]), inner, max_size=3), max_leaves=12))
def test_check_reply_takes_any_json(value):
    message = {"type": "result", "id": "c-1", "outputs": value} if not isinstance(value, dict) else {"id": "c-1", **value}
    message.setdefault("type", "result")
    try:
        protocol.check_reply(message, "c-1")
    except protocol.ProtocolError:
        pass


@st.composite
def streams(draw) -> bytes:
    parts = draw(st.lists(st.tuples(st.sampled_from(PIECES) | st.binary(max_size=50), st.sampled_from(LINE_ENDS)),
                          max_size=8))
    return b"".join(piece + end for piece, end in parts)


@settings(max_examples=12)  # each example is a process: a small budget, as the spec fuzzers
@given(streams())
def test_any_reply_stream_gives_a_message_or_a_plain_failure(tmp_path_factory, stream):
    source = tmp_path_factory.mktemp("stream") / "out.bin"
    source.write_bytes(stream)
    process = ImplProcess([sys.executable, "-c", READER, str(source)], max_line=4096, max_reply=1 << 16)
    started = time.monotonic()
    try:
        process.start()
        for message in (protocol.hello_request(), CASE):
            try:
                reply = process.ask(message, timeout=1.5)
            except ImplFailure as failure:
                assert failure.kind in ("crashed", "timeout", "flood", "garbage", "protocol") and failure.detail
                break
            assert isinstance(reply, dict)
    finally:
        process.stop(grace=0.5)
    assert process.proc is None
    assert time.monotonic() - started < 30


PIPELINING_HELLO = json.dumps({"type": "hello", "protocol": 2, "implementation": "fuzz", "systems": ["x"],
                               "pipelining": True}).encode()
# answers the hello as a pipelining program, then writes the stream whatever it is asked, and reads on
PIPELINING_READER = ("import sys; sys.stdin.readline(); sys.stdout.buffer.write(" + repr(PIPELINING_HELLO + b"\n")
                     + " + open(sys.argv[1], 'rb').read()); sys.stdout.flush()\nfor line in sys.stdin: pass")
ANSWERS = [json.dumps({"type": "result", "id": f"c-{n}", "outputs": []}).encode() for n in range(1, 5)]


@settings(max_examples=6)  # each example starts a few processes
@given(st.lists(st.tuples(st.sampled_from(PIECES + ANSWERS) | st.binary(max_size=50), st.sampled_from(LINE_ENDS)),
                max_size=8))
def test_a_pipelining_program_s_any_reply_stream_gives_each_case_one_outcome_in_order(tmp_path_factory, parts):
    from touti_dsl.conformance.runner import Job, RunSettings

    source = tmp_path_factory.mktemp("stream") / "out.bin"
    source.write_bytes(b"".join(piece + end for piece, end in parts))
    job = Job(RunSettings([sys.executable, "-c", PIPELINING_READER, str(source)], timeout=0.5))
    cases = [dict(CASE, id=f"c-{n}", rules=["r"], polarity="positive") for n in range(1, 5)]
    started = time.monotonic()
    try:
        for case in cases:
            job.start(case)
        outcomes = [job.finish() for _ in cases]
    finally:
        job.close()
    assert [outcome.case["id"] for outcome in outcomes] == [case["id"] for case in cases]
    assert all(outcome.status in ("passed", "failed", "errored", "skipped") for outcome in outcomes)
    assert not job.waiting and time.monotonic() - started < 30
