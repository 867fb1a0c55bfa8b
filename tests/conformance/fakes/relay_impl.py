"""A real implementation gone wrong: relays to the reference adapter and misbehaves on one case.

    relay_impl.py SYSTEM --mode MODE [--nth N]

It starts `python -m touti_dsl adapter SYSTEM`, passes the hello and every request on,
and passes each reply back, except the N-th case's (1 by default, counted per process):
  hello-huge-int  (at the handshake) a hello holding an integer of 5000 digits
  huge-int        the reply with a field holding an integer of 5000 digits
  nan             the reply with a field holding NaN (not JSON)
  twice           the reply, written twice
  skip-all        every case answered `skipped`
  crash           exits with code 3 instead of answering
  hang            never answers (sleeps)
  seat-true       every trick winner's seat 1 written `true`
  errored-object  an `errored` reply whose message is an object
"""

import argparse
import json
import subprocess
import sys
import time

HUGE = b"7" * 5000


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def spoilt(mode: str, reply: bytes) -> bytes:
    """The reply as this mode writes it."""
    if mode in ("huge-int", "nan"):
        return reply.replace(b'"outputs":', b'"extra":' + (HUGE if mode == "huge-int" else b"NaN") + b',"outputs":', 1)
    if mode == "twice":
        return reply + reply
    if mode == "skip-all":
        answer = json.loads(reply)
        return (json.dumps({"type": "skipped", "id": answer["id"], "reason": "not today"}) + "\n").encode()
    if mode == "seat-true":
        return reply.replace(b'{"seat":1}', b'{"seat":true}')
    if mode == "errored-object":
        answer = json.loads(reply)
        return (json.dumps({"type": "errored", "id": answer["id"], "message": {"deep": [1]}, "step": 0}) + "\n").encode()
    if mode == "crash":
        sys.exit(3)
    if mode == "hang":
        time.sleep(3600)
    return reply


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("system")
    parser.add_argument("--mode", required=True)
    parser.add_argument("--nth", type=int, default=1)
    args = parser.parse_args()
    reference = subprocess.Popen([sys.executable, "-m", "touti_dsl", "adapter", args.system],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)

    def ask(line: bytes) -> bytes:
        reference.stdin.write(line)
        return reference.stdout.readline()

    hello = ask(sys.stdin.buffer.readline())
    write(hello.replace(b'"protocol":2', b'"protocol":' + HUGE, 1) if args.mode == "hello-huge-int" else hello)
    answered = 0
    for line in sys.stdin.buffer:
        if json.loads(line)["type"] == "stop":
            break
        answered += 1
        reply = ask(line)
        write(spoilt(args.mode, reply) if answered == args.nth or args.mode in ("skip-all", "seat-true") else reply)
    reference.stdin.close()
    reference.wait()


if __name__ == "__main__":
    main()
