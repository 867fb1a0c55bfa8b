"""Diagnostics: located errors, collected and rendered together.

Every problem with a spec becomes a `Diagnostic` value; stages return lists of them and
`ToutiError` carries them out of the pipeline.  Rendering follows the usual compiler form:

    spec/x.touti:12:5: error[E210]: unknown rank 9 in deck.points
       12 |   points: 9 = 11
          |           ^
       = help: did you mean 1?
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .lines import normalize_line_ends, split_lines, visible
from .model import Loc, NOWHERE

MAX_RENDERED = 50
EXCERPT_MAX_BYTES = 2_000_000
EXCERPT_WIDTH = 100  # characters of a source line quoted under a diagnostic; a longer line is cut around the caret


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: a stable code, a plain-words message, where, and an optional hint."""

    code: str
    message: str
    loc: Loc = NOWHERE
    hint: str | None = None
    severity: str = "error"

    def sort_key(self) -> tuple:
        return (self.loc.file, self.loc.line, self.loc.column, self.code)


class ToutiError(Exception):
    """The project's one error class: it carries one or more diagnostics."""

    def __init__(self, diagnostics: Iterable[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = sorted(diagnostics, key=Diagnostic.sort_key)
        super().__init__()

    def summary(self) -> str:
        """The diagnostics rendered, the first MAX_RENDERED of them (rendered only when asked for)."""
        return render(self.diagnostics)

    def __str__(self) -> str:
        return self.summary()


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A 'did you mean X?' hint for a misspelled name, or None when nothing is close."""
    pool = [str(c) for c in candidates]
    close = difflib.get_close_matches(str(name), pool, n=1, cutoff=0.6)
    return f"did you mean {close[0]}?" if close else None


class _Lines:
    """Source lines by file, each file read and split once per rendering (never once per diagnostic)."""

    def __init__(self, sources: dict[str, str] | None):
        self.sources = sources or {}
        self.split: dict[str, list[str] | None] = {}

    def line(self, loc: Loc) -> str | None:
        if loc.file not in self.split:
            self.split[loc.file] = self._read(loc.file)
        lines = self.split[loc.file]
        if lines is not None and 1 <= loc.line <= len(lines):
            return visible(lines[loc.line - 1])
        return None

    def _read(self, file: str) -> list[str] | None:
        text = self.sources.get(file)
        if text is None:
            try:
                path = Path(file)
                if not path.is_file() or path.stat().st_size > EXCERPT_MAX_BYTES:
                    return None  # never read a device, a FIFO or a huge file just to quote a line
                text = path.read_bytes().decode("utf-8-sig", "replace")
            except (OSError, UnicodeDecodeError, ValueError):
                return None
        return split_lines(normalize_line_ends(text))


def render_one(diag: Diagnostic, sources: dict[str, str] | None = None, lines: _Lines | None = None) -> str:
    """`file:line:col: error[CODE]: message`, then the source line, a caret and the hint."""
    loc = diag.loc
    head = f"{loc}: {diag.severity}[{diag.code}]: {diag.message}"
    out = [head]
    line = (lines or _Lines(sources)).line(loc) if loc.line > 0 else None
    if line is not None:
        gutter = f"{loc.line:>5} | "
        shown, caret = excerpt(line, max(loc.column - 1, 0))
        out.append(gutter + shown)
        out.append(" " * (len(gutter) - 2) + "| " + " " * caret + "^")
    if diag.hint:
        out.append(f"      = help: {diag.hint}")
    return "\n".join(out)


def excerpt(line: str, index: int, width: int = EXCERPT_WIDTH) -> tuple[str, int]:
    """At most `width` characters of a line around the 0-based `index`, `…` where cut; and where the caret goes."""
    if len(line) <= width:
        return line, index
    start = min(max(index - width // 2, 0), len(line) - width)
    shown = line[start : start + width]
    before = "…" if start > 0 else ""
    after = "…" if start + width < len(line) else ""
    return before + shown + after, index - start + len(before)


def render(diagnostics: Iterable[Diagnostic], sources: dict[str, str] | None = None, limit: int = MAX_RENDERED) -> str:
    """Render many diagnostics, at most `limit`, then '... and N more'."""
    diags = sorted(diagnostics, key=Diagnostic.sort_key)
    lines = _Lines(sources)
    shown = [render_one(d, lines=lines) for d in diags[:limit]]
    if len(diags) > limit:
        shown.append(f"... and {len(diags) - limit} more")
    return "\n".join(shown)
