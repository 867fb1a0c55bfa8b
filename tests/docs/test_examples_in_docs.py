"""Every ```touti block of the hand-written docs is a complete spec that parses and validates."""

from __future__ import annotations

import re

import pytest

from touti_dsl.loader import load_spec

from .helpers import DOCS_DIR

GENERATED = ("rules", "compare", "cli", "errors", "vocabulary")
BLOCK = re.compile(r"^```touti\n(.*?)^```", re.M | re.S)


def _handwritten():
    for path in sorted(DOCS_DIR.rglob("*.md")):
        relative = path.relative_to(DOCS_DIR).as_posix()
        if not relative.startswith(GENERATED):
            yield path


def _examples():
    for path in _handwritten():
        for number, match in enumerate(BLOCK.finditer(path.read_text(encoding="utf-8")), start=1):
            yield pytest.param(match.group(1), id=f"{path.relative_to(DOCS_DIR)}#{number}")


EXAMPLES = list(_examples())


def test_the_language_reference_has_examples():
    assert len([e for e in EXAMPLES if e.id.startswith("language.md")]) >= 12


@pytest.mark.parametrize("source", EXAMPLES)
def test_example_parses_and_validates(source, tmp_path):
    path = tmp_path / "example.touti"
    path.write_text(source, encoding="utf-8")
    spec = load_spec(path)  # raises ToutiError, with the located problem, when the example is wrong
    assert spec.rules
