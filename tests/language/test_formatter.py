"""The formatter: canonical layout, idempotent, and parse(fmt(x)) == parse(x)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from touti_dsl import model as m
from touti_dsl.formatter import WIDTH, derive_layout, format_spec_file, format_text, render_expr
from touti_dsl.parser import parse_text
from touti_dsl.vocabulary import PREDICATES

from ..conftest import SPEC_DIR
from .generated import spec_texts
from .snippets import MINI, edit

ALL_SPECS = sorted(SPEC_DIR.glob("*.touti")) + sorted((SPEC_DIR / "examples").glob("*.touti"))


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_bundled_specs_are_committed_formatted(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


def messy(text: str) -> str:
    """The same spec in a careless layout: odd spacing and line breaks outside strings and comments."""
    out = []
    for line in text.splitlines():
        code, hashed, comment = line.partition("#")
        parts = re.split(r'("(?:[^"\\]|\\.)*")', code)
        breaks = "(" not in code  # a setting `600 (400, 600)` may not be broken
        parts = [p if p.startswith('"') else _loosen(p, breaks) for p in parts]
        out.append("\t" + "".join(parts).lstrip() + hashed + comment)
        if not line.strip():
            out.append("")
    return "\n".join(out) + "\n"


def _loosen(code: str, breaks: bool) -> str:
    code = code.replace(": ", ":   ")
    return code.replace(", ", " ,\n\t  ") if breaks else code.replace(", ", " ,   ")


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_round_trip_from_a_messy_layout(path):
    text = path.read_text(encoding="utf-8")
    messy_text = messy(text)
    assert messy_text != text
    assert parse_text(messy_text) == parse_text(text)
    assert format_text(messy_text) == text


def test_layout_rules():
    text = edit("  step: 10", "    step:10  #   why\n\n\n", edit("trick {", "trick   {"))
    formatted = format_text(text)
    assert "  step: 10  # why\n  maximum" in formatted
    assert "\ntrick {\n" in formatted
    assert "\n\n\n" not in formatted


def test_short_list_is_joined_and_long_list_broken_one_item_per_line():
    text = edit("pair: 12, 11", "pair: 12,\n      11", MINI)
    assert "  pair: 12, 11\n" in format_text(text)
    ranks = [line for line in format_text(MINI).splitlines() if "ace" in line or line.startswith("    ")]
    assert ranks[0] == '  ranks: 1 "ace" aka as,' and ranks[1] == '    2 "two",'
    assert all(len(line) <= WIDTH for line in format_text(MINI).splitlines())


def test_every_kind_of_comment_is_kept_in_place():
    text = (
        "# header\ntouti 1  # version note\n\n# about the system\nsystem \"mini\" {\n  title: \"Mini\"\n}\n\n"
        "# about the deck\ndeck {  # opener note\n  # leading\n  last_trick: 10  # trailing\n"
        "  remove order  # why removed\n}  # closer note\n\n# footer\n"
    )
    formatted = format_text(text)
    for comment in ("header", "version note", "about the system", "about the deck", "opener note", "leading",
                    "trailing", "why removed", "closer note", "footer"):
        assert f"# {comment}" in formatted
    assert parse_text(formatted) == parse_text(text)
    assert format_text(formatted) == formatted


def test_comment_inside_a_broken_list_survives():
    text = edit("pair: 12, 11", "pair: 12,  # the rey\n    11  # and the caballo")
    formatted = format_text(text)
    assert "  pair: 12, 11  # the rey and the caballo\n" in formatted
    assert parse_text(formatted) == parse_text(text)


def test_strings_with_quotes_backslashes_and_hashes():
    text = edit('  title: "Mini"', '  title: "say \\"hi\\" \\\\ # not a comment"')
    formatted = format_text(text)
    assert parse_text(formatted).rules[0].value.value == 'say "hi" \\ # not a comment'
    assert '  title: "say \\"hi\\" \\\\ # not a comment"\n' in formatted


def test_variant_layout_is_kept():
    text = ('touti 1\n\nsystem "house" extends "atlas-carta" {\n  title: "House"\n}\n\nremove call signal\n'
            "remove call preannounce\n\nadd bidding {\n  remove never_stands\n  step: 20\n}\n")
    assert format_text(text) == text


def test_layout_derived_for_a_model_built_without_one():
    parsed = parse_text(MINI)
    built = m.SpecFile(parsed.system, parsed.extends, parsed.version, parsed.rules, parsed.removals, parsed.added,
                       parsed.header_comments, parsed.section_comments, parsed.footer_comments)
    assert derive_layout(built)
    assert format_spec_file(built) == format_text(MINI)


@pytest.mark.slow
@given(spec_texts())
def test_generated_specs_round_trip(text):
    formatted = format_text(text)
    assert parse_text(formatted) == parse_text(text)
    assert format_text(formatted) == formatted


PLAIN_PREDICATES = sorted(p.name for p in PREDICATES.values() if not p.takes_call)
preds = st.one_of(st.sampled_from(PLAIN_PREDICATES).map(m.Pred), st.just(m.Pred("made", "signal")))
exprs = st.recursive(
    preds,
    lambda inner: st.one_of(
        inner.map(m.Not),
        st.lists(inner, min_size=2, max_size=3).map(lambda ops: m.All(tuple(ops))),
        st.lists(inner, min_size=2, max_size=3).map(lambda ops: m.Any_(tuple(ops))),
    ),
    max_leaves=12,
)


@given(exprs)
def test_conditions_render_to_the_same_tree(expr):
    text = edit("partner_to_bid and partner_bidding", render_expr(expr))
    rule = next(r for r in parse_text(text).rules if r.key == "partner_turn")
    assert rule.value.condition == expr


def test_canonical_text_is_parsed_once(monkeypatch):
    """Issue 12: `fmt --check` on a large canonical file paid two parses; the check of fmt's output needs none then."""
    from touti_dsl import formatter

    canonical = formatter.format_text(MINI)
    calls = []
    monkeypatch.setattr(formatter, "parse_text", lambda *a, **k: calls.append(a) or parse_text(*a, **k))
    assert formatter.format_text(canonical) == canonical and len(calls) == 1
