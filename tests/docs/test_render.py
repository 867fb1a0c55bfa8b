"""The generated pages: every rule anchored, every Decision shown, variants, reproducible, not stale."""

from __future__ import annotations

import re

import pytest

from touti_dsl.cli import main
from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.render import generated_pages, load_for_docs, render_rules
from touti_dsl.docs.views import anchor

from .helpers import ALL_SPECS, DOCS_DIR, ROOT, SYSTEM_SPECS


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return generated_pages(ALL_SPECS, root=ROOT)


def test_the_anchor_of_a_rule_is_its_id_with_dashes():
    assert anchor("play.overtake") == "play-overtake"
    assert anchor("signal.bid_made") == "signal-bid_made"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_every_rule_has_its_anchor_in_every_language(path, lang):
    loaded = load_for_docs(path, ROOT)
    page = render_rules(loaded, lang)
    anchors = set(re.findall(r"\{:? #([\w-]+) \}", page))
    missing = [rule.id for rule in loaded.spec.rules if anchor(rule.id) not in anchors]
    assert not missing


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_every_decision_shows_as_a_note(path):
    loaded = load_for_docs(path, ROOT)
    decisions = [note for rule in loaded.spec.rules for note in rule.decisions]
    for lang in LANGUAGES:
        page = render_rules(loaded, lang)
        assert page.count("!!! note ") == len(decisions)
        for note in decisions:
            assert note.removeprefix("Decision:").strip() in page


def test_a_variant_page_starts_with_its_differences_from_the_base(pages):
    page = pages["rules/atlas-partner-exemption.md"]
    assert "## Differences from atlas-carta { #differences }" in page
    assert page.index("#differences") < page.index("#section-deck")
    assert "| [`play.partner_exemption`](#play-partner_exemption) | changed | <code>none</code> |" in page


def test_a_system_page_has_no_differences_section(pages):
    assert "#differences" not in pages["rules/atlas-carta.md"]


def test_play_priorities_are_an_ordered_list_in_spec_order(pages):
    page = pages["rules/atlas-carta.md"]
    duties = re.findall(r"^1\. <code>(\w+)</code>", page, re.M)
    assert duties == ["follow_suit", "overtake", "trump_when_void", "overtrump"]


def test_the_arabic_page_uses_the_specs_arabic_labels(pages):
    page = pages["rules/atlas-carta.ar.md"]
    assert "| <code>oros</code> | <code>o</code> | <bdi>الدهب</bdi> |" in page
    assert "## المزايدة { #section-bidding }" in page


def test_the_comparison_lists_every_system_and_only_differing_rules(pages):
    page = pages["compare.md"]
    for path in SYSTEM_SPECS:
        assert f"[`{path.stem}`](rules/{path.stem}.md)" in page
    table = page.split("## Rules that differ", 1)[1].split("## ", 1)[0]
    assert "`deck.order`" not in table and "`ghna.limit`" in table
    assert "atlas-generous-caps" not in page  # variants are compared on their own pages


def test_generation_is_reproducible(pages):
    assert generated_pages(ALL_SPECS, root=ROOT) == pages
    assert not any(re.search(r"20\d\d-\d\d-\d\d", text) for text in pages.values())


def test_committed_pages_are_not_stale(pages):
    stale = [name for name, text in pages.items()
             if not (DOCS_DIR / name).is_file() or (DOCS_DIR / name).read_text(encoding="utf-8") != text]
    assert not stale, f"regenerate with `make docs`: {stale}"


def test_docs_check_reports_stale_pages(tmp_path, capsys):
    spec = str(SYSTEM_SPECS[0])
    assert main(["docs", spec, "--out", str(tmp_path), "--check"]) == 1
    assert main(["docs", spec, "--out", str(tmp_path)]) == 0
    assert main(["docs", spec, "--out", str(tmp_path), "--check"]) == 0
    assert (tmp_path / "rules" / "atlas-carta.ar.md").is_file()


def test_docs_of_a_broken_spec_is_a_located_error(tmp_path, capsys):
    broken = tmp_path / "broken.touti"
    broken.write_text('touti 1\n\nsystem "broken" {\n  title: "x"\n}\n\nbidding {\n  minimum: \n}\n', encoding="utf-8")
    assert main(["docs", str(broken), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "broken.touti:8:" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_the_same_system_twice_is_refused(tmp_path, capsys):
    spec = str(SYSTEM_SPECS[0])
    assert main(["docs", spec, spec, "--out", str(tmp_path)]) == 1
    assert "error[D003]: system 'atlas-carta' is given twice" in capsys.readouterr().err


def test_an_unwritable_output_is_a_plain_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert main(["docs", str(SYSTEM_SPECS[0]), "--out", str(blocker)]) == 1
    err = capsys.readouterr().err
    assert "error[D004]: cannot write" in err and "Traceback" not in err
