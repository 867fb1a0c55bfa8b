"""Shared paths for the docs tests: the specs `make docs` renders, and the docs folder."""

from __future__ import annotations

from tests.conftest import ROOT, SPEC_DIR, SYSTEMS

__all__ = ["ROOT", "SPEC_DIR", "SYSTEMS", "DOCS_DIR", "SYSTEM_SPECS", "EXAMPLE_SPECS", "ALL_SPECS", "variant_pages", "spec_pages", "said"]

DOCS_DIR = ROOT / "docs"
SYSTEM_SPECS = [SPEC_DIR / f"{system}.touti" for system in SYSTEMS]
EXAMPLE_SPECS = sorted((SPEC_DIR / "examples").glob("*.touti"))
ALL_SPECS = SYSTEM_SPECS + EXAMPLE_SPECS  # the order of the Makefile's `docs` target


def variant_pages(tmp_path, base: str, body: str, header: str = "") -> dict[str, str]:
    """The pages in every language of a small house variant of `base`, written in tmp_path."""
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n{header}}}\n\n{body}',
                    encoding="utf-8")
    return spec_pages(path, tmp_path)


def spec_pages(path, root=ROOT) -> dict[str, str]:
    """The rules pages of a spec file in every language."""
    from touti_dsl.docs.catalog import LANGUAGES
    from touti_dsl.docs.render import load_for_docs, render_rules

    loaded = load_for_docs(path, root)
    return {lang: render_rules(loaded, lang) for lang in LANGUAGES}


def said(page: str, anchor: str) -> str:
    """The sentence of a rule in its section, in any language (not its line among the variant's differences)."""
    return next(line for line in page.splitlines()
                if f'<a class="rule-id" href="#{anchor}"' in line and not line.startswith("- ")).split(" <a ", 1)[0]
