"""Reading spec source text safely.

Reading never trusts the file: it must be a regular file (not a FIFO, a device or a
folder), at most MAX_SOURCE_BYTES are read, and text that is not UTF-8 is reported at
the line and column of its first bad byte.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from . import model as m
from .errors import Diagnostic, ToutiError
from .lines import normalize_line_ends

# A real spec is a few kilobytes (the largest bundled one is 8 KB, with every Decision note): 64 KiB leaves
# room for any house spec while keeping every command on any input under the limit well within 2 s
# (parsing costs about 0.45 s per 100 KB of calls; bench/bench_hostile_inputs.py measures the worst shapes).
MAX_SOURCE_BYTES = 65_536


def read_source(path: str | Path) -> str:
    """The text of a spec file; anything that is not a readable, small, UTF-8 regular file is a located error."""
    path = Path(path)
    data = _read_bounded(path)
    return decode_source(data, str(path))


def decode_source(data: bytes, file: str) -> str:
    """Spec bytes as text: at most MAX_SOURCE_BYTES, UTF-8 (a leading byte-order mark is dropped)."""
    if len(data) > MAX_SOURCE_BYTES:
        raise ToutiError(too_large(file))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ToutiError(_not_utf8(data, error, file)) from None
    return normalize_line_ends(text)


def too_large(file: str, size: int | None = None) -> Diagnostic:
    """E004: the spec is over the size limit (its size when known)."""
    measured = f" ({size:,} bytes)" if size is not None else ""
    return Diagnostic("E004", f"spec is larger than {MAX_SOURCE_BYTES:,} bytes{measured}", m.Loc(file, 1, 1),
                      "split the rules into a base spec and a variant that extends it")


def _read_bounded(path: Path) -> bytes:
    """At most MAX_SOURCE_BYTES + 1 bytes of a regular file, opened so that a FIFO cannot block."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ToutiError(Diagnostic("E010", f"no such spec file: {path}", m.Loc(str(path), 0, 0))) from None
    except IsADirectoryError:
        raise _unreadable(path, "it is a directory") from None
    except OSError as error:
        raise _unreadable(path, error.strerror or str(error)) from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise _unreadable(path, "it is a directory" if stat.S_ISDIR(mode) else f"it is {_kind_of(mode)}, not a regular file")
    with os.fdopen(descriptor, "rb") as handle:
        os.set_blocking(descriptor, True)
        try:
            data = handle.read(MAX_SOURCE_BYTES + 1)
        except OSError as error:
            raise _unreadable(path, error.strerror or str(error)) from None
    if len(data) > MAX_SOURCE_BYTES:
        raise ToutiError(too_large(str(path), _size_of(path)))
    return data


def _size_of(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


def _kind_of(mode: int) -> str:
    kinds = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a special file")


def _unreadable(path: Path, why: str) -> ToutiError:
    return ToutiError(Diagnostic("E011", f"cannot read spec file {path}: {why}", m.Loc(str(path), 0, 0)))


def _not_utf8(data: bytes, error: UnicodeDecodeError, file: str) -> Diagnostic:
    """E011 at the line and column (in characters) of the first byte that is not UTF-8."""
    start = error.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
    line_start = data.rfind(b"\n", 0, start) + 1
    line = data.count(b"\n", 0, start) + 1
    column = len(data[line_start:start].decode("utf-8", "replace")) + 1
    return Diagnostic("E011", f"not UTF-8: byte 0x{data[start]:02x} cannot start or continue a character",
                      m.Loc(file, line, column), "save the file as UTF-8")
