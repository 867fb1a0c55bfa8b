"""Shared paths for the docs tests: the specs `make docs` renders, and the docs folder."""

from __future__ import annotations

from tests.conftest import ROOT, SPEC_DIR, SYSTEMS

__all__ = ["ROOT", "SPEC_DIR", "SYSTEMS", "DOCS_DIR", "SYSTEM_SPECS", "EXAMPLE_SPECS", "ALL_SPECS"]

DOCS_DIR = ROOT / "docs"
SYSTEM_SPECS = [SPEC_DIR / f"{system}.touti" for system in SYSTEMS]
EXAMPLE_SPECS = sorted((SPEC_DIR / "examples").glob("*.touti"))
ALL_SPECS = SYSTEM_SPECS + EXAMPLE_SPECS  # the order of the Makefile's `docs` target
