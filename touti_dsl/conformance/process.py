"""One implementation process, spoken to in JSON lines, that can never hang the runner.

Every exchange has a deadline; stdin is written without blocking, stdout is read in
chunks with a cap on line length and on the bytes of one reply, and stderr is drained
all along (its tail is kept for the report).  Whatever the program does (crash, hang,
garbage, flooding, closing its pipes), the runner gets an `ImplFailure` saying what
happened, in plain words, and can start a fresh process.
"""

from __future__ import annotations

import collections
import os
import re
import secrets
import selectors
import signal
import subprocess
import threading
import time

from . import protocol

MAX_LINE_BYTES = 1 << 20
MAX_REPLY_BYTES = 16 << 20
STDERR_TAIL_BYTES = 4096
READ_CHUNK = 1 << 16
EXIT_CHECK_SECONDS = 0.25  # how often a silent wait checks whether the program itself has exited
TREE_MARK = "TOUTI_IMPL_RUN"
_NON_BLANK = re.compile(rb"\S")  # environment variable marking every process an implementation starts


class ImplFailure(Exception):
    """The implementation misbehaved; `kind` is crashed, timeout, flood, garbage, protocol or unusable.

    `blame` names the request the fault belongs to when it is not the one in flight: a
    line written after the answer to that earlier request was complete ("case <id>").
    """

    def __init__(self, kind: str, detail: str, blame: str | None = None):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.blame = blame


class _StderrTail:
    """The last few KiB an implementation wrote on stderr."""

    def __init__(self, limit: int = STDERR_TAIL_BYTES):
        self.chunks: collections.deque[bytes] = collections.deque()
        self.size = 0
        self.limit = limit

    def add(self, data: bytes) -> None:
        self.chunks.append(data)
        self.size += len(data)
        while self.size - len(self.chunks[0]) >= self.limit:
            self.size -= len(self.chunks.popleft())

    def text(self) -> str:
        return b"".join(self.chunks)[-self.limit:].decode("utf-8", "replace").strip()


class ImplProcess:
    """A running implementation: start it, exchange lines with deadlines, stop it."""

    def __init__(self, argv: list[str], max_line: int = MAX_LINE_BYTES, max_reply: int = MAX_REPLY_BYTES):
        self.argv = argv
        self.max_line = max_line
        self.max_reply = max_reply
        self.stderr = _StderrTail()
        self.proc: subprocess.Popen | None = None
        # the job's thread and an interrupted main thread may both kill the program: one of them does
        self._killing = threading.Lock()
        self.pending = bytearray()
        self.selector: selectors.BaseSelector | None = None
        self.watching_stdin = False
        self.answered = ""  # the last request answered ("case <id>", "the hello"): strays after it are its fault
        # the requests `send` started and `receive` has not answered yet, oldest first: one, unless the program
        # declared pipelining (protocol.PIPELINING), when the runner may write the next ones before the answers
        self.asking: collections.deque[dict] = collections.deque()
        self.unsent = memoryview(b"")  # what of them the pipe did not take yet
        self.stdin_closed = False  # the program closed its stdin (a write failed): no request can reach it
        self.token = ""

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Launch the program (no shell); ImplFailure('unusable') when it cannot start."""
        self.token = secrets.token_hex(8)
        environment = {**os.environ, TREE_MARK: self.token}  # inherited by everything it starts: see kill()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                bufsize=0, start_new_session=True, env=environment,
            )
        except OSError as error:
            raise ImplFailure("unusable", f"cannot start {self.argv[0]!r}: {error.strerror or error}") from None
        self.pending = bytearray()
        self.watching_stdin = False
        self.answered = ""
        self.asking.clear()
        self.unsent = memoryview(b"")
        self.stdin_closed = False
        self.selector = selectors.DefaultSelector()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            os.set_blocking(stream.fileno(), False)
        self.selector.register(self.proc.stdout, selectors.EVENT_READ, "stdout")
        self.selector.register(self.proc.stderr, selectors.EVENT_READ, "stderr")

    def handshake(self, timeout: float) -> dict:
        """Send hello and check the reply; ImplFailure('protocol') on a version mismatch."""
        reply = self.ask(protocol.hello_request(), timeout)
        try:
            return protocol.check_hello(reply)
        except protocol.ProtocolError as error:
            raise ImplFailure("protocol", str(error)) from None

    def stop(self, grace: float = 1.0) -> str | None:
        """Say stop, give the program a moment to exit, then kill everything it started.

        Returns what it wrote after its last answer (a protocol violation of the request
        answered last), or None when it wrote nothing more.
        """
        proc = self.proc
        if proc is None:
            return None
        stray = None
        try:
            os.write(proc.stdin.fileno(), protocol.encode(protocol.stop_request()))
            stray = self._output_until_exit(grace)
        except (OSError, ImplFailure):
            pass
        self._close_pipes(proc)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
        self.kill()
        return stray

    def _output_until_exit(self, grace: float) -> str | None:
        """What the program writes on stdout between `stop` and the end of its stdout (at most `grace` seconds)."""
        deadline = time.monotonic() + grace
        self._watch_stdin(False)
        while time.monotonic() < deadline and self.selector is not None:
            try:
                self._pump(memoryview(b""), deadline, grace)
            except ImplFailure:
                break  # stdout closed (or the grace is over): everything it wrote is in `pending`
        return self._stray()

    def kill(self) -> None:
        """Kill the program and anything it started, at once, even what left its process group or session."""
        with self._killing:
            proc = self.proc
            if proc is None:
                return
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            kill_marked(self.token)
            self._close_pipes(proc)
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:  # pragma: no cover - a zombie the kernel keeps
                pass
            self.proc = None

    def _close_pipes(self, proc: subprocess.Popen) -> None:
        selector, self.selector = self.selector, None
        if selector is not None:
            selector.close()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass

    # ------------------------------------------------------------------ exchanges

    def ask(self, message: dict, timeout: float) -> dict:
        """Send one message, return the decoded reply line.

        Every line must answer the request in flight: anything written before the request
        (after the previous answer) fails the previous request (`earlier`), anything
        written right after the answer fails this one.
        """
        self.send(message)
        return self.receive(timeout)

    def send(self, message: dict, line: bytes | None = None) -> None:
        """Start a request: check that nothing stray came since the last answer, write what the pipe takes now.

        `receive` writes the rest and reads the answer; the caller may work in between
        (touti fuzz judges the previous round while the program plays this one).  One
        request at a time, the next `send` after `receive`, unless the program declared
        pipelining: then several may be in flight, answered in order, and output waiting
        after an answer is the next answer, not a stray.  `line` is the message already
        encoded (`protocol.encode(message)`) when the caller has it; `message` then needs
        only its type and id.
        """
        if not self.asking:
            self._poll_now()
            stray = self._stray()
            if stray is not None:
                raise ImplFailure("protocol", f"wrote {stray} after its answer to {self.answered}", blame=self.answered)
        self.asking.append(message)
        data = protocol.encode(message) if line is None else line
        if self.proc is None:
            self.unsent = memoryview(b"")
        else:
            self.unsent = self._write_some(memoryview(bytes(self.unsent) + data if self.unsent else data))

    def receive(self, timeout: float, expected: bytes | None = None) -> dict | None:
        """The decoded answer to the oldest request `send` started (within `timeout` seconds from now).

        None when the answer is, byte for byte, the line `expected` (without its newline):
        the caller knows that line already, and decoding it is the costliest part of
        reading a long reply (touti fuzz).  Strays are checked as for any answer (after the
        last request in flight only: before, what follows an answer is the next answer).
        """
        message, before = self.asking.popleft(), self.answered
        line = self.exchange(self.unsent, timeout)
        self.answered = f"case {message['id']}" if message.get("type") == "case" else f"the {message.get('type')}"
        reply = None
        if line != expected:
            try:
                reply = protocol.decode(line)
            except protocol.ProtocolError as error:
                raise ImplFailure("garbage", str(error)) from None
            if before.startswith("case ") and f"case {reply.get('id')}" == before != self.answered:
                raise ImplFailure("protocol", f"answered {before} again, after its answer to {before} was complete",
                                  blame=before)
        if not self.asking:
            self._poll_now()
            stray = self._stray()
            if stray is not None:
                raise ImplFailure("protocol", f"answered {self.answered} more than once: it then wrote {stray}")
        return reply

    def _stray(self) -> str | None:
        """The unrequested output waiting in the buffer, described, or None when there is none (blank lines are nothing)."""
        if not self.pending.strip():
            self.pending.clear()
            return None
        first = bytes(self.pending.strip().split(b"\n", 1)[0])
        return repr(protocol.shorten(first.decode("utf-8", "replace")))

    def _poll_now(self) -> None:
        """Read whatever the program has already written, without waiting."""
        if self.selector is None:
            return
        self._watch_stdin(False)
        for _ in range(64):  # bounded: a flooding program cannot keep us here
            ready = [key for key, _ in self.selector.select(0) if key.data == "stdout"]
            if not ready or len(self.pending) > self.max_line:
                return
            try:
                if self._read_stdout() == 0:
                    return
            except ImplFailure:
                return  # stdout closed: the next exchange reports how the program ended

    def exchange(self, data: bytes | memoryview, timeout: float) -> bytes:
        """Write `data`, then return the next non-blank line the program writes (without its newline).

        What of `data` is still unwritten when the line comes is kept in `unsent` (the
        requests sent ahead of their turn, for a program that pipelines).
        """
        deadline = time.monotonic() + timeout
        unsent = memoryview(data)
        received = 0
        while True:
            line = self._take_line()
            if line is not None:
                self.unsent = unsent
                return line
            if len(self.pending) > self.max_line:
                raise ImplFailure("flood", f"wrote a line longer than {self.max_line} bytes")
            if received > self.max_reply:
                raise ImplFailure("flood", f"wrote more than {self.max_reply} bytes without finishing its reply")
            unsent, got = self._pump(unsent, deadline, timeout)
            received += got

    def _take_line(self) -> bytes | None:
        """The first non-blank complete line, removed from the buffer; blank lines before it are dropped.

        Linear in the buffer: blank lines are skipped with one regex search and removed at
        once (a flood of millions of blank lines must not cost Python work per line).
        """
        found = _NON_BLANK.search(self.pending)
        if found is None:
            self.pending.clear()  # only blank lines (and blanks of a line to come): nothing to keep
            return None
        del self.pending[: self.pending.rfind(b"\n", 0, found.start()) + 1]
        end = self.pending.find(b"\n")
        if end < 0:
            return None
        line = bytes(self.pending[:end]).strip()
        del self.pending[: end + 1]
        return line

    def _pump(self, unsent: memoryview, deadline: float, timeout: float) -> tuple[memoryview, int]:
        """Wait for the pipes once: write what is unsent, read what is there; returns what is left and bytes read."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise ImplFailure("timeout", f"gave no answer within {timeout:g} s")
        self._watch_stdin(bool(unsent))
        got = 0
        events = self.selector.select(min(remaining, EXIT_CHECK_SECONDS))
        if not events and self.proc.poll() is not None:
            self._drain_stderr()
            raise ImplFailure("crashed", f"{self._exit_words(self.proc.returncode)}, but a process it started still "
                                         f"holds its stdout open")
        if not events and self.stdin_closed:  # it cannot read what it is asked: waiting out the timeout tells nothing
            raise ImplFailure("crashed", "closed its stdin before the request was written (still running)")
        for key, _ in events:
            if key.data == "stdin":
                unsent = self._write_some(unsent)
            elif key.data == "stderr":
                self._read_stderr()
            else:
                got += self._read_stdout()
        return unsent, got

    def _watch_stdin(self, wanted: bool) -> None:
        if wanted != self.watching_stdin:
            if wanted:
                self.selector.register(self.proc.stdin, selectors.EVENT_WRITE, "stdin")
            else:
                self.selector.unregister(self.proc.stdin)
            self.watching_stdin = wanted

    def _write_some(self, unsent: memoryview) -> memoryview:
        try:
            written = os.write(self.proc.stdin.fileno(), unsent)
        except BlockingIOError:
            return unsent
        except OSError:
            # the program closed its stdin (or died): nothing more can be sent; its stdout tells the rest, at once
            self.stdin_closed = True
            return unsent[len(unsent):]
        return unsent[written:]

    def _read_stderr(self) -> None:
        try:
            data = os.read(self.proc.stderr.fileno(), READ_CHUNK)
        except BlockingIOError:
            return
        if data:
            self.stderr.add(data)
        else:
            self.selector.unregister(self.proc.stderr)

    def _drain_stderr(self) -> None:
        """Keep what a dead program wrote on stderr before it died."""
        try:
            for _ in range(64):  # bounded: a leftover child could keep writing
                data = os.read(self.proc.stderr.fileno(), READ_CHUNK)
                if not data:
                    return
                self.stderr.add(data)
        except OSError:
            pass

    def _read_stdout(self) -> int:
        try:
            data = os.read(self.proc.stdout.fileno(), READ_CHUNK)
        except BlockingIOError:
            return 0
        if not data:
            raise ImplFailure("crashed", self._exit_description())
        self.pending += data
        return len(data)

    def _exit_description(self) -> str:
        try:
            code = self.proc.wait(1.0)
        except subprocess.TimeoutExpired:
            return "closed its stdout (still running)"
        self._drain_stderr()
        return self._exit_words(code)

    @staticmethod
    def _exit_words(code: int) -> str:
        if code < 0:
            try:
                return f"was killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"was killed by signal {-code}"
        return f"exited with code {code}"


def kill_marked(token: str) -> None:
    """SIGKILL every process whose environment carries this run's mark: what escaped the group (setsid, double fork).

    Linux /proc only; elsewhere the process-group kill is all there is.
    """
    if not token or not os.path.isdir("/proc"):
        return
    mark = f"{TREE_MARK}={token}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as handle:
                marked = mark in handle.read().split(b"\0")
        except OSError:
            continue  # gone, or not ours to read
        if marked:
            try:
                os.kill(int(entry), signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
