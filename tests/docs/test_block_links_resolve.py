"""Every link to a rule of a `with N players` block (`with 4 players: play.follow_suit`, as the coverage and the
blame name it; a case's `doc`) lands on an anchor of the rules page, in every language: the other numbers' sentences
(`#players-N`) and, for the default number, the paragraph that says the rules above are those of that number."""

from __future__ import annotations

import re

import pytest

from touti_dsl.conformance.cases import doc_anchor
from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.render import load_for_docs, render_rules
from touti_dsl.table_sizes import block_rule_name

from .helpers import ROOT, SPEC_DIR, variant_pages

SPECS = [SPEC_DIR / "examples" / "tute-two-three-four.touti", SPEC_DIR / "examples" / "briscola-two-to-six.touti",
         ROOT / "tests" / "cases" / "specs" / "briscola-follow-at-two.touti"]


def _anchors(page: str) -> set[str]:
    return set(re.findall(r"\{:? #([\w-]+)[ }]", page))


def _unresolved(spec, pages: dict[str, str]) -> list[tuple[str, str]]:
    names = [block_rule_name(block.players, rule.id) for block in spec.seat_rules for rule in block.rules]
    return [(lang, name) for lang, page in pages.items() for name in names
            if doc_anchor(spec.system, name).split("#")[1] not in _anchors(page)]


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_every_block_rule_link_resolves(path):
    loaded = load_for_docs(path, ROOT)
    assert _unresolved(loaded.spec, {lang: render_rules(loaded, lang) for lang in LANGUAGES}) == []


def test_a_block_at_the_default_number_links_to_the_rules_the_page_states(tmp_path):
    body = "with 2 players {\n  play {\n    follow_suit: must follow\n  }\n}\n"  # two: the table's default
    pages = variant_pages(tmp_path, "briscola-two-to-six", body)
    spec = load_for_docs(tmp_path / "house.touti", tmp_path).spec
    assert 2 in [block.players for block in spec.seat_rules]
    assert _unresolved(spec, pages) == []
    assert pages["en"].split("{: #players-2 }")[0].endswith("The rules above are those of a table of 2 players. At "
                                                              "another number of players, these rules read otherwise:\n")
