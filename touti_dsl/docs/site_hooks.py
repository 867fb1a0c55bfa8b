"""mkdocs hooks of the docs site: untranslated pages say so; each language searches its own pages; no sitemap 404s.

mkdocs-static-i18n builds every page in every language, falling back to the English
file when a page has no translation.  Such a page gets a notice in the reader's language
and its English text is laid out left to right (`lang="en" dir="ltr"`), so an Arabic
reader never sees English text set right to left as if it were Arabic.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.plugins import event_priority

from touti_dsl.docs.catalog import LANGUAGES, catalog  # absolute: mkdocs loads hooks by file path


def fallback_markdown(markdown: str, page_lang: str, site_lang: str) -> str:
    """The page's Markdown as shown in the `site_lang` build: unchanged when written in that language."""
    if page_lang == site_lang or site_lang not in LANGUAGES:
        return markdown
    notice = catalog(site_lang).text("site.fallback")
    return (f'!!! info "{notice}"\n\n'
            f'<div class="fallback" lang="{page_lang}" dir="ltr" markdown="1">\n\n{markdown}\n\n</div>\n')


def on_page_markdown(markdown, page, config, files, **_):
    site_lang = config.theme.get("language") or "en"
    page_lang = getattr(page.file, "locale", None) or site_lang
    return fallback_markdown(markdown, page_lang, site_lang)


# ---------------------------------------------------------------- search per language
#
# The search plugin writes one index for the whole site.  Each language gets its own
# (`<lang>/search/search_index.json`, English at the root), and the pages of a language
# point the search at it, so a reader searches the pages of the language being read:
# «لفة» finds the Arabic glossary, "couper" the French pages.

BASE = re.compile(r'("base":\s*")([^"]*)(")')


def language_prefix(dest_uri: str) -> str:
    """"ar/" for a page of the Arabic site, "" for the default language."""
    first = dest_uri.split("/", 1)[0]
    return f"{first}/" if first in LANGUAGES and first != LANGUAGES[0] else ""


def split_search_index(index: dict) -> dict[str, dict]:
    """One search index per language prefix ("" for the default), locations relative to that language's root."""
    split = {prefix: [] for prefix in ("", *(f"{lang}/" for lang in LANGUAGES[1:]))}
    for doc in index.get("docs", []):
        prefix = language_prefix(doc.get("location", ""))
        split[prefix].append({**doc, "location": doc["location"][len(prefix):]})
    return {prefix: {**index, "config": {**index.get("config", {}), "lang": [prefix.rstrip("/") or LANGUAGES[0]]},
                     "docs": docs} for prefix, docs in split.items()}


def on_post_page(output, page, config, **_):
    prefix = language_prefix(page.file.dest_uri)
    if not prefix:
        return output
    # the trailing slash matters: the search resolves `search/search_index.json` against this base
    return BASE.sub(lambda found: f"{found.group(1)}{found.group(2)}/{prefix}{found.group(3)}", output, count=1)


@event_priority(-200)  # after mkdocs-static-i18n has built every language and written the whole index
def on_post_build(config, **_):
    i18n = config.plugins.get("i18n")
    if getattr(i18n, "building", False):
        return  # a language built inside the default one: the index is not complete yet
    site = Path(config["site_dir"])
    root_index = site / "search" / "search_index.json"
    if root_index.is_file():
        for prefix, index in split_search_index(json.loads(root_index.read_text(encoding="utf-8"))).items():
            target = site / prefix / "search" / "search_index.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    copy_sitemap(site)


# ---------------------------------------------------------------- the language selector and the sitemaps
#
# Material for MkDocs reads `sitemap.xml` under each language link of the page to keep the
# reader on the same page when switching language.  mkdocs-static-i18n points those links
# at the same page in each language, so the browser asked for `fr/rules/x/sitemap.xml`
# (404).  The links point at each language's root instead, and each root has the sitemap
# (it lists every page with its translations).


@event_priority(-100)  # after mkdocs-static-i18n has set the links of this page
def on_page_context(context, page, config, nav, **_):
    i18n = config.plugins.get("i18n")
    roots = getattr(i18n, "extra_alternate", None)
    if roots:  # mkdocs-static-i18n sets the attribute, which the templates read before the item
        config.extra.alternate = config.extra["alternate"] = [dict(link) for link in roots]
    return context


def copy_sitemap(site: Path) -> None:
    sitemap = site / "sitemap.xml"
    if not sitemap.is_file():
        return
    for lang in LANGUAGES[1:]:
        if (site / lang).is_dir():
            (site / lang / "sitemap.xml").write_bytes(sitemap.read_bytes())
