"""Shared by the Python mutants: serve the (patched) reference engine on stdin/stdout.

A mutant script imports the engine, monkeypatches one function to break one rule, then
calls `serve_reference(SYSTEM)`.  The script's folder is on sys.path when it runs as
`python conformance/mutants/<name>.py`, so `from _serve import serve_reference` works;
the package itself must be importable (the editable install in .venv).
"""

from __future__ import annotations

import sys

from touti_dsl.conformance.adapter import ReferenceAdapter, serve


class MutantAdapter(ReferenceAdapter):
    """The reference adapter, naming the mutant in its hello so that reports say what ran."""

    def __init__(self, system: str, mutant: str):
        super().__init__(system)
        self.mutant = mutant

    def hello(self, request: dict | None = None) -> dict:
        return {**super().hello(request), "implementation": f"mutant {self.mutant} (patched reference engine)"}


def serve_reference(system: str, mutant: str) -> None:
    """Answer the runner on stdin/stdout until it stops, then exit."""
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    sys.exit(serve(MutantAdapter(system, mutant), sys.stdin, sys.stdout))
