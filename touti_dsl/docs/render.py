"""Write the generated docs pages: rules per system and language, index, comparison, CLI, errors.

Output is reproducible: the same specs give byte-identical files (no dates, no absolute
paths, stable orders), so the pages are committed and a test fails when they are stale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import jinja2

from .. import model as m
from ..errors import Diagnostic, ToutiError
from ..lines import split_lines
from ..loader import find_spec, load_spec
from ..parser import parse_file
from ..table_sizes import for_players
from ..variants import resolve_base
from .catalog import LANGUAGES, Catalog, catalog
from .examples import Suite, example_suite, worked_examples
from .views import PageWords, anchor, is_call_heading, inherits_summary, needs_trumps, rules_page
from .words import without_trumps

TEMPLATES = Path(__file__).resolve().parent / "templates"


def _sentence(text: str) -> str:
    """Upper-case the first letter (a no-op for scripts without case)."""
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The template environment, built once: compiled templates are reused for every page."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["sentence"] = _sentence
    return env


def page_name(system: str, lang: str, stem: str | None = None) -> str:
    """The file name of a page in `lang` (suffix layout of mkdocs-static-i18n: `x.fr.md`)."""
    stem = stem or system
    return f"{stem}.md" if lang == "en" else f"{stem}.{lang}.md"


def _tidy(text: str) -> str:
    """Collapse runs of blank lines left by template blocks; end with exactly one newline."""
    lines, blank = [], False
    for line in split_lines(text):
        line = line.rstrip()
        if line or not blank:
            lines.append(line)
        blank = not line
    return "\n".join(lines).strip("\n") + "\n"


def render_template(name: str, words: Catalog, **context) -> str:
    template = environment().get_template(name)
    return _tidy(template.render(t=words.text, lang=words.lang, **context))


@dataclass(frozen=True)
class Loaded:
    """A validated spec, where it came from (as shown on its page) and its base, if a variant."""

    spec: m.Spec
    shown_path: str
    base: m.Spec | None
    root: Path | None = None  # where generated/<system>/ (the worked examples' cases) is looked for

    @cached_property
    def suite(self) -> Suite | None:
        """The worked examples' cases and game, read and compiled once for the spec's pages in every language."""
        return example_suite(self.spec, self.root)


def load_for_docs(path: str | Path, root: Path | None = None) -> Loaded:
    """Load a spec and, for a variant, its validated base (resolved as `extends` resolves it)."""
    spec = load_spec(path)
    base = load_spec(resolve_base(parse_file(path))) if spec.base else None
    return Loaded(spec, _shown(Path(path), root), base, root)


def _shown(path: Path, root: Path | None) -> str:
    """The spec path relative to the project root when inside it, else its file name."""
    try:
        return path.resolve().relative_to((root or Path.cwd()).resolve()).as_posix()
    except ValueError:
        return path.name


# ---------------------------------------------------------------- rules pages


def _differences(words: Catalog, loaded: Loaded) -> tuple[str, ...]:
    """What a variant changes, in words: the new sentence linked to its rule, or what its base said before."""
    if loaded.base is None:
        return ()
    from .diff import diff_specs  # only a variant's page needs it (with the formatter: 0.1 s to import)

    spec, base = _as_stated(loaded.spec), _as_stated(loaded.base)
    now, before = PageWords(words, spec), PageWords(words, base)
    lines, removed_blocks = [], set()
    for change in diff_specs(base, spec).changes:
        rule = spec.rule(change.rule_id) or base.rule(change.rule_id)
        if rule.section == "system":  # the name, summary and words of a variant differ by definition
            continue
        if change.kind == "removed" and not spec.section(rule.section):
            if rule.section not in removed_blocks:  # a whole section or call dropped: one line for it
                removed_blocks.add(rule.section)
                lines.append(words.text("diff.removed_block", name=before.section_title(rule.section)))
            continue
        if is_call_heading(rule):  # a call's title is its name, not a rule in words
            continue
        if change.kind == "removed" and without_trumps(spec) and needs_trumps(rule):
            continue  # taken away with the trumps: the changed trump.choice says there are none
        if change.kind == "removed":
            lines.append(words.text("diff.removed", sentence=_plain(before.standalone_sentence(rule))))
        else:
            lines.append(words.text(f"diff.{change.kind}", sentence=_plain(now.standalone_sentence(rule)),
                                    anchor=anchor(rule.id)))
    return tuple(lines) + _block_differences(words, loaded.spec, now)


def _as_stated(spec: m.Spec) -> m.Spec:
    """The spec as its page states it: with `with N players` blocks, the rules of the default number of players."""
    return for_players(spec) if spec.seat_rules else spec


def _block_differences(words: Catalog, spec: m.Spec, now: PageWords) -> tuple[str, ...]:
    """A variant's `with N players` blocks added, changed or removed: one line each, linked to what the page says of
    that number of players (the table section for the default number)."""
    lines = []
    for change in (c for c in spec.changes if c.rule_id.startswith("with ")):
        players = int(change.rule_id.split()[1])
        rules = words.text(words.for_count("table_size.rules", players), players=now.lit(players))
        if change.action == "remove":
            lines.append(words.text("diff.removed", sentence=rules + "."))
            continue
        target = "section-table" if players == for_players(spec).table_size else f"players-{players}"
        lines.append(words.text("diff.added" if change.action == "add" else "diff.changed", sentence=rules, anchor=target))
    return tuple(lines)


def _plain(sentence: str) -> str:
    """A sentence quoted from another page: its links to rules of that page would not resolve here."""
    return re.sub(r"\[([^\]]*)\]\(#[^)]*\)", r"\1", sentence)


def render_rules(loaded: Loaded, lang: str) -> str:
    """The rules page of one spec in one language."""
    words = catalog(lang)
    spec = loaded.spec
    examples = worked_examples(spec, words, loaded.root, loaded.suite)
    page = rules_page(words, spec, loaded.shown_path, _differences(words, loaded), examples)
    return render_template("rules.md.j2", words, page=page, base_title=_base_title(loaded, lang),
                           base_link=f"[{_base_title(loaded, lang)}]({spec.base}.md)")


def _base_title(loaded: Loaded, lang: str) -> str:
    if loaded.base is None:
        return ""
    title = loaded.base.value("system.title")
    return title.text(lang) if isinstance(title, m.Text) else loaded.base.system


# ---------------------------------------------------------------- index and comparison


def render_index(loaded: list[Loaded], lang: str) -> str:
    """The rules index: the systems, the house variants and the anchor scheme."""
    words = catalog(lang)
    systems = [item.spec for item in loaded if item.base is None]
    variants = sorted((item.spec for item in loaded if item.base is not None), key=lambda spec: spec.system)
    return render_template("index.md.j2", words, systems=systems, variants=variants, text_of=_text_of)


def _text_of(spec: m.Spec, rule_id: str) -> str:
    if rule_id == "system.summary" and inherits_summary(spec):
        return ""  # a variant's pages show only a summary it restates
    value = spec.value(rule_id)
    return value.value if isinstance(value, m.Text) else ""


def _stated(spec: m.Spec, rule_id: str) -> bool:
    """Whether the spec's rules page states the rule, so that a link to its anchor lands (views.NEEDS)."""
    return PageWords(catalog("en"), spec).shown(spec.rule(rule_id))


def comparison_rows(specs: list[m.Spec]) -> tuple[list[tuple[str, ...]], list[str]]:
    """Rows of the rules that differ between the specs (rule, then one cell per spec) and the ids that do not."""
    from .diff import md_cell, rule_union, value_text

    differing, same = [], []
    for rule_id in (r for r in rule_union(specs) if not r.startswith("system.")):  # names differ by definition
        texts = [value_text(spec, rule_id) for spec in specs]
        if len(set(texts)) == 1:
            same.append(rule_id)
            continue
        cells = [md_cell(text) if text is None or not _stated(spec, rule_id)
                 else f"[{md_cell(text)}](rules/{spec.system}.md#{anchor(rule_id)})" for spec, text in zip(specs, texts)]
        differing.append((f"`{rule_id}`", *cells))
    return differing, same


def render_comparison(loaded: list[Loaded], lang: str) -> str:
    """The comparison page of the rule systems (the specs that extend nothing)."""
    from .diff import diff_specs, format_md

    words = catalog(lang)
    specs = [item.spec for item in loaded if item.base is None]
    rows, same = comparison_rows(specs)
    first = specs[0] if specs else None
    pairs = [(other, format_md(diff_specs(first, other))) for other in specs[1:]]
    headers = (words.text("diff.rule"), *(f"[`{s.system}`](rules/{s.system}.md)" for s in specs))
    return render_template("compare.md.j2", words, specs=specs, rows=rows, same=same,
                           headers=headers, first=first, pairs=pairs)


# ---------------------------------------------------------------- writing


def generated_pages(paths: list[str | Path], root: Path | None = None, shared: bool = True) -> dict[str, str]:
    """The rules pages of the specs (paths or bundled system ids), by path relative to the docs folder.

    With `shared`, also the pages built from every spec at once (rules index, comparison)
    and the reference pages (CLI, error codes, vocabulary): the whole site's generated pages.
    """
    from .reference import render_cli, render_errors, render_vocabulary

    loaded = [load_for_docs(find_spec(path), root) for path in paths]
    _refuse_same_system_twice(loaded)
    pages: dict[str, str] = {}
    for lang in LANGUAGES:
        for item in loaded:
            pages[f"rules/{page_name(item.spec.system, lang)}"] = render_rules(item, lang)
        if shared:
            pages[f"rules/{page_name('', lang, 'index')}"] = render_index(loaded, lang)
            pages[page_name("", lang, "compare")] = render_comparison(loaded, lang)
    if shared:
        pages["cli.md"] = render_cli()
        pages["errors.md"] = render_errors()
        pages["vocabulary.md"] = render_vocabulary()
    return pages


def _refuse_same_system_twice(loaded: list[Loaded]) -> None:
    """Two specs with one system id would write the same pages: a located error, not a silent overwrite."""
    seen: dict[str, Loaded] = {}
    for item in loaded:
        first = seen.setdefault(item.spec.system, item)
        if first is not item:
            raise ToutiError(Diagnostic("D003", f"system {item.spec.system!r} is given twice (also {first.shown_path})",
                                        item.spec.loc, "give each system once"))


def write_pages(pages: dict[str, str], out: Path) -> list[Path]:
    """Write the pages under `out`; a file whose content is unchanged is left untouched."""
    written = []
    for relative, text in sorted(pages.items()):
        target = out / relative
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                target.write_text(text, encoding="utf-8", newline="\n")
                written.append(target)
        except OSError as error:
            raise ToutiError(Diagnostic("D004", f"cannot write {target}: {error.strerror or error}", m.Loc(str(target), 0, 0))) from None
    return written
