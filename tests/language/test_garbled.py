"""Mutated and garbled specs never raise anything but the project's own ToutiError.

Each mutation (byte edits, deletions, duplicated spans, swapped tokens or lines) goes
through parse, flatten, check and the formatter.  Anything else escaping - a
RecursionError, a KeyError in a check, a formatter that changes the meaning (E030) - is
a bug.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from touti_dsl.checks import check_spec
from touti_dsl.errors import ToutiError
from touti_dsl.formatter import format_text
from touti_dsl.parser import parse_text
from touti_dsl.variants import flatten

from ..conftest import SPEC_DIR
from .snippets import MINI

SOURCES = {path: path.read_text(encoding="utf-8") for path in
           sorted(SPEC_DIR.glob("*.touti")) + sorted((SPEC_DIR / "examples").glob("*.touti"))}
SOURCES[SPEC_DIR / "mini.touti"] = MINI
PATHS = sorted(SOURCES)
SPECIALS = list('{}()"#:=,>|/\n\\ -') + ["not ", " and ", "must ", "remove ", "call ", "require ", "aka ", "none",
                                         "0", "-1", "999999999999", "é", "\t", "\r\n", "add "]


@st.composite
def garbled(draw):
    """A bundled spec's path and its text after one to three random mutations."""
    path = draw(st.sampled_from(PATHS))
    text = SOURCES[path]
    for _ in range(draw(st.integers(1, 3))):
        text = draw(mutation(text))
    return path, text


def mutation(text: str):
    at = st.integers(0, max(len(text) - 1, 0))
    return st.one_of(
        st.tuples(at, st.sampled_from(SPECIALS)).map(lambda t: text[: t[0]] + t[1] + text[t[0] + 1 :]),
        st.tuples(at, st.integers(1, 40)).map(lambda t: text[: t[0]] + text[t[0] + t[1] :]),
        st.tuples(at, st.integers(1, 40)).map(lambda t: text[: t[0]] + text[t[0] : t[0] + t[1]] * 2 + text[t[0] + t[1]:]),
        st.tuples(at, st.sampled_from(SPECIALS)).map(lambda t: text[: t[0]] + t[1] + text[t[0] :]),
        st.randoms(use_true_random=False).map(lambda r: _swap(text.split(" "), r, " ")),
        st.randoms(use_true_random=False).map(lambda r: _swap(text.split("\n"), r, "\n")),
    )


def _swap(parts: list[str], rng, joiner: str) -> str:
    i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
    parts[i], parts[j] = parts[j], parts[i]
    return joiner.join(parts)


def run_front_end(path, text: str) -> None:
    try:
        check_spec(flatten(parse_text(text, str(path))))
    except ToutiError:
        pass
    try:
        format_text(text, str(path))
    except ToutiError as error:
        assert "E030" not in [d.code for d in error.diagnostics], error


@pytest.mark.slow
@given(garbled())
def test_garbled_specs_raise_only_touti_errors(case):
    run_front_end(*case)


@given(st.binary(max_size=300))
def test_random_bytes_raise_only_touti_errors(data):
    run_front_end(SPEC_DIR / "noise.touti", data.decode("utf-8", "replace"))


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_every_truncation_of_a_spec_is_handled(path):
    text = SOURCES[path]
    for end in range(0, len(text), max(len(text) // 60, 1)):
        run_front_end(path, text[:end])
