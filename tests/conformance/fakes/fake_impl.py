"""A fake implementation for the runner's tests: answers from a file, or misbehaves on cue.

    fake_impl.py ANSWERS.json [--mode MODE] [--on TEXT]

ANSWERS maps case id -> outputs; a case not in it is answered `skipped`.  With --mode,
the fake misbehaves on the first case whose id contains TEXT (every case when --on is
absent): crash, hang, garbage, flood, wrong-id, errored, stderr-noise,
extra-line, crash-for-good (crashes, then never passes the handshake again), deaf (stops reading
stdin after the handshake); protocol3
and exit-early misbehave at the handshake itself.  With --pipelining it answers the
handshake with protocol 2 and `pipelining: true`, takes a moment over its first case (so
that the runner writes the next ones meanwhile) and writes to ANSWERS.ahead the most
requests it ever found waiting at once; --watch does the same without the declaration.
"""

import argparse
import json
import os
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def misbehave(mode, request, answers_path):
    if mode == "crash-for-good":
        open(answers_path + ".dead", "w").close()
        sys.exit(3)
    if mode == "crash":
        sys.stderr.write("Traceback (most recent call last):\nRuntimeError: fake crash\n")
        sys.stderr.flush()
        sys.exit(3)
    if mode == "hang":
        open(answers_path + ".hanging", "w").close()  # tells a test that the run has reached this case
        time.sleep(3600)
    if mode == "garbage":
        sys.stdout.write("this is not json\n")
    elif mode == "flood":
        while True:  # output without end and without a newline
            sys.stdout.write("x" * 100_000)
    elif mode == "wrong-id":
        send({"type": "result", "id": "c-000000000000", "outputs": []})
    elif mode == "errored":
        send({"type": "errored", "id": request["id"], "message": "fake internal error"})
    elif mode == "extra-line":
        send({"type": "skipped", "id": request["id"], "reason": "fake"})
        send({"type": "skipped", "id": request["id"], "reason": "fake, twice"})
    sys.stdout.flush()
    return mode in ("garbage", "wrong-id", "errored", "extra-line")


def read_line():
    """One line of stdin, read unbuffered (what follows it stays in the pipe for requests_in_turn)."""
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(0, 1)
        if not byte:
            break
        line += byte
    return line.decode()


def answer(answers, request):
    outputs = answers.get(request["id"])
    if outputs is None:
        send({"type": "skipped", "id": request["id"], "reason": "not in the fake's answers"})
    else:
        send({"type": "result", "id": request["id"], "outputs": outputs})


def handshake(mode, answers_path, pipelining=False, watch=False):
    hello = json.loads(sys.stdin.readline() if not (pipelining or watch) else read_line())
    if mode == "exit-early" or os.path.exists(answers_path + ".dead"):
        sys.stderr.write("fake: giving up before the handshake\n")
        sys.exit(1)
    version = 3 if mode == "protocol3" else hello["protocol"]
    if pipelining:
        send({"type": "hello", "protocol": 2, "implementation": "fake", "systems": ["fake-system"], "pipelining": True})
        return
    send({"type": "hello", "protocol": version, "implementation": "fake", "systems": ["fake-system"]})


def requests_in_turn(answers_path):
    """The request lines, each once it is its turn, noting the most found waiting at once (pipelining)."""
    import select
    buffered, most, first = b"", 0, True
    while True:
        if first and buffered.count(b"\n") == 1:
            time.sleep(0.2)  # the first case: slow, so that the runner sends the next ones meanwhile
            first = False
        while select.select([0], [], [], 0)[0] or b"\n" not in buffered:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                return
            buffered += chunk
        most = max(most, buffered.count(b"\n"))
        with open(answers_path + ".ahead", "w") as handle:
            handle.write(str(most))
        line, buffered = buffered.split(b"\n", 1)
        yield line.decode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("answers")
    parser.add_argument("--mode", default="good")
    parser.add_argument("--on", default="")
    parser.add_argument("--pipelining", action="store_true")
    parser.add_argument("--watch", action="store_true", help="count the requests found waiting, without declaring pipelining")
    args = parser.parse_args()
    with open(args.answers) as handle:
        answers = json.load(handle)
    handshake(args.mode, args.answers, args.pipelining, args.watch)
    if args.mode == "deaf":  # never reads another request: the runner's writes must not block
        time.sleep(3600)
    for line in (requests_in_turn(args.answers) if args.pipelining or args.watch else sys.stdin):
        request = json.loads(line)
        if request["type"] == "stop":
            return
        if args.mode == "stderr-noise":
            sys.stderr.write("noise " * 20000 + "\n")
        if args.mode != "good" and args.on in request["id"] and misbehave(args.mode, request, args.answers):
            continue
        answer(answers, request)


if __name__ == "__main__":
    main()
