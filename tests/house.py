"""A small house variant written for a test, and the diagnostics its loading reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec


def house_variant(tmp_path: Path, base: str, body: str) -> Path:
    """`system "house" extends BASE` with `body` after its header (its first line is line 7)."""
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n{body}', encoding="utf-8")
    return path


def house_codes(tmp_path: Path, base: str, body: str) -> list[tuple[str, int]]:
    """The (code, line) of every diagnostic of a house variant that must not load."""
    with pytest.raises(ToutiError) as error:
        load_spec(house_variant(tmp_path, base, body))
    return [(d.code, d.loc.line) for d in error.value.diagnostics]
