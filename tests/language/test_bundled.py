"""Every bundled spec and example parses, flattens and validates; the error table is complete."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import touti_dsl
from touti_dsl import checks
from touti_dsl.checks import check_spec
from touti_dsl.loader import load_spec
from touti_dsl.variants import load_flat

from ..conftest import SPEC_DIR, SYSTEMS

ALL_SPECS = sorted(SPEC_DIR.glob("*.touti")) + sorted((SPEC_DIR / "examples").glob("*.touti"))
# The warnings a bundled spec is known to give (a rule that never decides at one of its tables), and no other.  Tute for
# two, three or four keeps tute's published overtrump duty, which at two the duties before it always pre-empt.
KNOWN_WARNINGS = {"tute-two-three-four": ["W410"]}


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_bundled_spec_is_valid(path):
    spec = load_flat(path)
    assert check_spec(spec) == []
    assert [d.code for d in check_spec(spec, warnings=True)] == KNOWN_WARNINGS.get(path.stem, [])
    assert spec.system == path.stem
    assert load_spec(path).rules == spec.rules


def test_the_four_systems_are_bundled():
    assert sorted(p.stem for p in SPEC_DIR.glob("*.touti")) == sorted(SYSTEMS)


def test_every_check_has_a_docstring_naming_its_codes():
    for function in checks.CHECKS + checks.WARNINGS:
        assert function.__doc__ and re.search(r"[EW]\d{3}", function.__doc__), function.__name__


def test_every_error_code_in_the_front_end_is_in_the_table():
    table = set(re.findall(r"^\| ([EW]\d{3}) \|", checks.__doc__, re.MULTILINE))
    package = Path(touti_dsl.__file__).parent
    used = set()
    for name in ("parser.py", "variants.py", "checks.py", "never_decisive.py", "formatter.py", "loader.py", "commands/fmt.py"):
        source = (package / name).read_text(encoding="utf-8")
        used |= set(re.findall(r'"([EW]\d{3})"', source))
    assert used <= table, sorted(used - table)
    assert len(table) >= 60
