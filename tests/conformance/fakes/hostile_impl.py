"""A hostile implementation for the hardening tests (issue 12): each mode breaks a promise the runner keeps.

    hostile_impl.py ANSWERS.json --mode MODE [--on TEXT] [--pidfile FILE]

It answers like fake_impl.py (outputs from ANSWERS, `skipped` for other cases) and, on
the first case whose id contains TEXT:
  late-twice      answers, then answers the same case again a moment later
  twice-at-stop   answers, then answers it again when told to stop
  blank-flood     writes 20 MiB of blank lines and nothing else
  deep-json       answers with JSON nested 200,000 deep
  ok-string       answers every step with {"ok": "true"}
  orphan-stdout   starts a child that keeps stdout open, then exits without answering
  setsid-child    (at the handshake) starts a grandchild in a new session that sleeps, its pid in --pidfile
  control-chars   answers a refusal whose message holds ANSI colours and a NUL, with the same on stderr
  close-stdin     (at the handshake) closes its stdin, answers the hello and keeps running without reading
"""

import argparse
import json
import os
import sys
import time

from fake_impl import answer, send


def setsid_child(pidfile):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            with open(pidfile, "w") as handle:
                handle.write(str(os.getpid()))
            time.sleep(3600)
        os._exit(0)


def misbehave(mode, request, answers):
    """Write the hostile reply; True when the normal answer must not follow."""
    if mode == "blank-flood":
        for _ in range(20):
            os.write(1, b"\n" * (1 << 20))
        time.sleep(3600)
    if mode == "deep-json":
        sys.stdout.write("[" * 200_000 + "]" * 200_000 + "\n")
        return True
    if mode == "ok-string":
        send({"type": "result", "id": request["id"], "outputs": [{"ok": "true"} for _ in request["steps"]]})
        return True
    if mode == "orphan-stdout":
        if os.fork() == 0:
            time.sleep(3600)
        os._exit(0)
    if mode == "control-chars":
        sys.stderr.write("\x1b[31mred\x1b[0m \x00 nul\n")
        sys.stderr.flush()
        send({"type": "result", "id": request["id"],
              "outputs": [{"ok": False, "rule": "play.overtake", "message": "\x1b[1mno\x00pe\x07"} for _ in request["steps"]]})
        return True
    answer(answers, request)
    if mode == "late-twice":
        time.sleep(0.3)
        answer(answers, request)
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("answers")
    parser.add_argument("--mode", required=True)
    parser.add_argument("--on", default="")
    parser.add_argument("--pidfile", default="")
    args = parser.parse_args()
    with open(args.answers) as handle:
        answers = json.load(handle)
    json.loads(sys.stdin.readline())
    if args.mode == "setsid-child":
        setsid_child(args.pidfile)
    if args.mode == "close-stdin":
        os.close(0)
    send({"type": "hello", "protocol": 1, "implementation": "hostile", "systems": ["fake-system"]})
    if args.mode == "close-stdin":
        time.sleep(3600)
    culprit = None
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "stop":
            if culprit is not None and args.mode == "twice-at-stop":
                answer(answers, culprit)
            return
        if culprit is None and args.on in request["id"]:
            culprit = request
            if misbehave(args.mode, request, answers):
                continue
        answer(answers, request)


if __name__ == "__main__":
    main()
