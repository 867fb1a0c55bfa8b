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

from .model import Loc, NOWHERE

MAX_RENDERED = 50


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
        super().__init__(self.summary())

    def summary(self) -> str:
        return "\n".join(render_one(d) for d in self.diagnostics)

    def __str__(self) -> str:
        return self.summary()


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """A 'did you mean X?' hint for a misspelled name, or None when nothing is close."""
    pool = [str(c) for c in candidates]
    close = difflib.get_close_matches(str(name), pool, n=1, cutoff=0.6)
    return f"did you mean {close[0]}?" if close else None


def _source_line(loc: Loc, sources: dict[str, str] | None) -> str | None:
    text = (sources or {}).get(loc.file)
    if text is None:
        try:
            text = Path(loc.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError):
            return None
    lines = text.splitlines()
    if 1 <= loc.line <= len(lines):
        return lines[loc.line - 1]
    return None


def render_one(diag: Diagnostic, sources: dict[str, str] | None = None) -> str:
    """`file:line:col: error[CODE]: message`, then the source line, a caret and the hint."""
    loc = diag.loc
    head = f"{loc}: {diag.severity}[{diag.code}]: {diag.message}"
    out = [head]
    line = _source_line(loc, sources) if loc.line > 0 else None
    if line is not None:
        gutter = f"{loc.line:>5} | "
        out.append(gutter + line)
        out.append(" " * (len(gutter) - 2) + "| " + " " * max(loc.column - 1, 0) + "^")
    if diag.hint:
        out.append(f"      = help: {diag.hint}")
    return "\n".join(out)


def render(diagnostics: Iterable[Diagnostic], sources: dict[str, str] | None = None) -> str:
    """Render many diagnostics, at most MAX_RENDERED, then '... and N more'."""
    diags = sorted(diagnostics, key=Diagnostic.sort_key)
    shown = [render_one(d, sources) for d in diags[:MAX_RENDERED]]
    if len(diags) > MAX_RENDERED:
        shown.append(f"... and {len(diags) - MAX_RENDERED} more")
    return "\n".join(shown)
