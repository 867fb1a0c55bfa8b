"""The mkdocs site builds strictly, and every rule of every spec has its anchor on its page, in en, fr and ar."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from touti_dsl.docs.catalog import catalog
from touti_dsl.docs.views import PageWords, anchor
from touti_dsl.loader import load_spec

from .helpers import ALL_SPECS, ROOT

LANGUAGE_DIRS = {"en": "", "fr": "fr/", "ar": "ar/"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    mkdocs = Path(sys.executable).with_name("mkdocs")
    result = subprocess.run([str(mkdocs), "build", "--strict", "--quiet", "--site-dir", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300, env={"NO_MKDOCS_2_WARNING": "1", "PATH": ""})
    assert result.returncode == 0, result.stderr
    return out


def _ids(html_path: Path) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html_path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", LANGUAGE_DIRS)
@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_every_rule_id_has_an_anchor_on_its_built_page(site, path, lang):
    spec = load_spec(path)
    ids = _ids(site / f"{LANGUAGE_DIRS[lang]}rules/{spec.system}/index.html")
    stated = PageWords(catalog(lang), spec).shown  # a rule about a feature the table lacks is not stated (views.NEEDS)
    missing = [rule.id for rule in spec.rules if anchor(rule.id) not in ids and stated(rule)]
    assert not missing


def test_arabic_pages_are_right_to_left_and_the_others_left_to_right(site):
    assert '<body dir="rtl"' in (site / "ar/rules/atlas-carta/index.html").read_text(encoding="utf-8")
    assert '<body dir="ltr"' in (site / "fr/rules/atlas-carta/index.html").read_text(encoding="utf-8")
    assert '<body dir="ltr"' in (site / "rules/atlas-carta/index.html").read_text(encoding="utf-8")


def test_touti_code_blocks_are_highlighted(site):
    html = (site / "language/index.html").read_text(encoding="utf-8")
    blocks = re.findall(r'<div class="highlight"><pre><span></span><code>(.*?)</code>', html, re.S)
    touti_blocks = [b for b in blocks if b.startswith('<span class="k">touti</span>') or '<span class="c1">' in b[:40]]
    assert len(touti_blocks) >= 12
    assert all('<span class="k">system</span>' in b for b in touti_blocks)


def test_the_site_has_every_page_of_the_nav(site):
    for page in ("index.html", "quickstart/index.html", "language/index.html", "vocabulary/index.html",
                 "errors/index.html", "compare/index.html", "cli/index.html", "rules/index.html",
                 "conformance/index.html", "conformance/adapter/index.html", "conformance/protocol/index.html",
                 "conformance/case-format/index.html", "ar/compare/index.html"):
        assert (site / page).is_file(), page


def test_the_sitemap_links_only_pages_that_exist(site):
    """Issue 11: no sitemap 404s (site_url is set, so every link is absolute and resolves to a built page)."""
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    links = re.findall(r'<loc>([^<]+)</loc>|href="([^"]+)"', sitemap)
    urls = {a or b for a, b in links}
    assert urls and not any(url.startswith("None") for url in urls)
    prefix = "http://127.0.0.1:8000/"
    missing = [url for url in urls if not (site / url.removeprefix(prefix) / "index.html").is_file()
               and not (site / url.removeprefix(prefix)).is_file()]
    assert not missing


def test_a_page_without_translation_says_so_and_stays_left_to_right(site):
    html = (site / "ar/quickstart/index.html").read_text(encoding="utf-8")
    assert "هذه الصفحة غير مترجمة بعد" in html
    assert '<div class="fallback" dir="ltr" lang="en">' in html
    assert 'class="fallback"' not in (site / "quickstart/index.html").read_text(encoding="utf-8")
    assert 'class="fallback"' not in (site / "ar/rules/atlas-carta/index.html").read_text(encoding="utf-8")


def test_each_language_searches_its_own_pages_and_finds_the_players_words(site):
    import json

    indexes = {lang: json.loads((site / prefix / "search/search_index.json").read_text(encoding="utf-8"))
               for lang, prefix in LANGUAGE_DIRS.items()}
    assert {lang: index["config"]["lang"] for lang, index in indexes.items()} == {"en": ["en"], "fr": ["fr"], "ar": ["ar"]}
    assert not any(doc["location"].startswith(("fr/", "ar/")) for doc in indexes["en"]["docs"])
    assert "لفة" in json.dumps(indexes["ar"], ensure_ascii=False)  # a spelling from the glossary of the spec
    assert "couper" in json.dumps(indexes["fr"], ensure_ascii=False)
    # the search resolves `search/search_index.json` against the page's base: the Arabic root, with its slash
    assert '"base": "../../../ar/"' in (site / "ar/rules/atlas-carta/index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_every_rules_page_is_in_the_navigation_in_every_language(site, path):
    """Issue 11: variants appear in the site navigation; every rules page exists in the three languages."""
    system = load_spec(path).system
    for lang, prefix in LANGUAGE_DIRS.items():
        home = (site / prefix / "index.html").read_text(encoding="utf-8")
        assert f'href="rules/{system}/"' in home, (lang, system)
        assert 'class="fallback"' not in (site / prefix / f"rules/{system}/index.html").read_text(encoding="utf-8")


def test_the_language_links_have_a_sitemap_where_the_theme_looks_for_it(site):
    """The theme reads `sitemap.xml` under each language link of a page: none of those reads may be a 404."""
    for page in ("index.html", "rules/atlas-carta/index.html", "ar/rules/tute/index.html", "fr/quickstart/index.html"):
        links = re.findall(r'<link rel="alternate" href="([^"]+)" hreflang="(\w+)">', (site / page).read_text(encoding="utf-8"))
        assert [lang for _, lang in links] == ["en", "fr", "ar"]
        for href, _ in links:
            assert href.startswith("/") and (site / href.lstrip("/") / "sitemap.xml").is_file(), (page, href)


def test_every_section_of_the_navigation_is_translated():
    """A titled entry of `nav` in mkdocs.yml has a `nav_translations` entry in French and in Arabic ("Other tables"
    once stayed in English on the fr and ar sites)."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, tag, node: None)  # mkdocs' !!python/name tags: not needed here
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)

    def titles(entries):
        for entry in entries:
            if isinstance(entry, dict):
                for title, value in entry.items():
                    yield title
                    if isinstance(value, list):
                        yield from titles(value)

    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    for language in i18n["languages"]:
        if language["locale"] != "en":
            assert set(titles(config["nav"])) <= set(language["nav_translations"]), language["locale"]
