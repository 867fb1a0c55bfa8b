"""The mkdocs site builds strictly, and every rule of every spec has its anchor on its page, in en, fr and ar."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from touti_dsl.docs.views import anchor
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
    missing = [rule.id for rule in spec.rules if anchor(rule.id) not in ids]
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
