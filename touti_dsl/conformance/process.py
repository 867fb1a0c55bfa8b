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
import selectors
import signal
import subprocess
import time

from . import protocol

MAX_LINE_BYTES = 1 << 20
MAX_REPLY_BYTES = 16 << 20
STDERR_TAIL_BYTES = 4096
READ_CHUNK = 1 << 16


class ImplFailure(Exception):
    """The implementation misbehaved; `kind` is crashed, timeout, flood, garbage, protocol or unusable."""

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


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
        self.pending = bytearray()
        self.selector: selectors.BaseSelector | None = None
        self.watching_stdin = False

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Launch the program (no shell); ImplFailure('unusable') when it cannot start."""
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                bufsize=0, start_new_session=True,
            )
        except OSError as error:
            raise ImplFailure("unusable", f"cannot start {self.argv[0]!r}: {error.strerror or error}") from None
        self.pending = bytearray()
        self.watching_stdin = False
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

    def stop(self, grace: float = 1.0) -> None:
        """Say stop, give the program a moment to exit, then kill its whole process group."""
        if self.proc is None:
            return
        try:
            os.write(self.proc.stdin.fileno(), protocol.encode(protocol.stop_request()))
        except OSError:
            pass
        self._close_pipes()
        try:
            self.proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def kill(self) -> None:
        """Kill the program and anything it started, at once."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._close_pipes()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a zombie the kernel keeps
            pass
        self.proc = None

    def _close_pipes(self) -> None:
        if self.selector is not None:
            self.selector.close()
            self.selector = None
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass

    # ------------------------------------------------------------------ exchanges

    def ask(self, message: dict, timeout: float) -> dict:
        """Send one message, return the decoded reply line."""
        line = self.exchange(protocol.encode(message), timeout)
        try:
            return protocol.decode(line)
        except protocol.ProtocolError as error:
            raise ImplFailure("garbage", str(error)) from None

    def exchange(self, data: bytes, timeout: float) -> bytes:
        """Write `data`, then return the next non-blank line the program writes (without its newline)."""
        deadline = time.monotonic() + timeout
        unsent = memoryview(data)
        received = 0
        while True:
            line = self._take_line()
            if line is not None:
                return line
            if len(self.pending) > self.max_line:
                raise ImplFailure("flood", f"wrote a line longer than {self.max_line} bytes")
            if received > self.max_reply:
                raise ImplFailure("flood", f"wrote more than {self.max_reply} bytes without finishing its reply")
            unsent, got = self._pump(unsent, deadline, timeout)
            received += got

    def _take_line(self) -> bytes | None:
        while True:
            end = self.pending.find(b"\n")
            if end < 0:
                return None
            line = bytes(self.pending[:end]).strip()
            del self.pending[: end + 1]
            if line:
                return line

    def _pump(self, unsent: memoryview, deadline: float, timeout: float) -> tuple[memoryview, int]:
        """Wait for the pipes once: write what is unsent, read what is there; returns what is left and bytes read."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise ImplFailure("timeout", f"gave no answer within {timeout:g} s")
        self._watch_stdin(bool(unsent))
        got = 0
        for key, _ in self.selector.select(remaining):
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
            # the program closed its stdin (or died): nothing more can be sent; its stdout tells the rest
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
        if code < 0:
            return f"was killed by signal {signal.Signals(-code).name}"
        return f"exited with code {code}"
