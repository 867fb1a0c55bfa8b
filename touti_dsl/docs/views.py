"""Page views: a validated Spec arranged for the rules page of one language.

A view holds only ready-to-print, translated text; the templates decide the layout.
Sections come in the language's canonical order with the calls right after bidding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import model as m
from .. import schema
from .catalog import Catalog
from .words import ValueWords


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule on its rules page: the rule id with '.' replaced by '-'."""
    return rule_id.replace(".", "-")


def vocabulary_id(rule: m.Rule) -> str:
    """The id under which the catalogs know a rule: call rules share `call.KEY`."""
    if isinstance(rule.value, m.Obligation):
        return "play.obligation"
    if rule.kind == "call":
        return "call.require" if isinstance(rule.value, m.Requirement) else f"call.{rule.key}"
    return rule.id


@dataclass(frozen=True)
class RuleView:
    """One rule in words: its label, its value inline, a table when it has rows, its notes."""

    id: str
    anchor: str
    label: str
    inline: str
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    decisions: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()


@dataclass(frozen=True)
class SectionView:
    """A section of the page: plain rules, ordered duties (play) and its own anchor."""

    name: str
    title: str
    anchor: str
    rules: tuple[RuleView, ...] = ()
    duties: tuple[RuleView, ...] = ()
    requirements: tuple[RuleView, ...] = ()
    is_call: bool = False
    intro: str = ""


def _label(words: Catalog, rule: m.Rule) -> str:
    if isinstance(rule.value, (m.Obligation, m.Requirement)):
        return f"<code>{rule.key}</code>"
    return words.text(f"meaning.{vocabulary_id(rule)}")


def _strip_decision(note: str) -> str:
    return note.removeprefix("Decision:").strip()


def _plain_comments(rule: m.Rule) -> tuple[str, ...]:
    """The rule's comments that are not part of a Decision note."""
    lines = (*rule.comments, rule.trailing or "")
    notes, in_decision = [], False
    for line in lines:
        in_decision = line.startswith("Decision:") or (in_decision and bool(line))
        if line and not in_decision:
            notes.append(line)
    return tuple(notes)


def rule_view(words: Catalog, spec: m.Spec, rule: m.Rule) -> RuleView:
    """The words of one rule in one language."""
    shown = ValueWords(words, spec, rule, vocabulary_id(rule)).visit(rule.value)
    return RuleView(
        id=rule.id,
        anchor=anchor(rule.id),
        label=_label(words, rule),
        inline=shown.inline,
        headers=shown.headers,
        rows=shown.rows,
        decisions=tuple(_strip_decision(n) for n in rule.decisions),
        comments=_plain_comments(rule),
    )


def _section_names(spec: m.Spec) -> list[str]:
    seen: dict[str, None] = {}
    for rule in spec.rules:
        if rule.section != "system":
            seen.setdefault(rule.section, None)
    return sorted(seen, key=schema.section_rank)  # stable: calls keep their spec order


def section_view(words: Catalog, spec: m.Spec, name: str) -> SectionView:
    """The view of one section or call block, its rules split by kind."""
    views = [(rule, rule_view(words, spec, rule)) for rule in spec.section(name)]
    is_call = name in spec.calls
    title = words.text("heading.call", name=name) if is_call else words.text(f"section.{name}")
    return SectionView(
        name=name,
        title=title,
        anchor=f"call-{name}" if is_call else f"section-{name}",
        rules=tuple(v for r, v in views if not isinstance(r.value, (m.Obligation, m.Requirement))),
        duties=tuple(v for r, v in views if isinstance(r.value, m.Obligation)),
        requirements=tuple(v for r, v in views if isinstance(r.value, m.Requirement)),
        is_call=is_call,
        intro=words.text("intro.call") if is_call else words.first(f"intro.{name}", "intro.none"),
    )


@dataclass(frozen=True)
class RulesPage:
    """Everything a rules page shows for one spec in one language."""

    lang: str
    system: str
    source_path: str
    header: tuple[RuleView, ...]
    sections: tuple[SectionView, ...]
    base: str | None = None
    differences: tuple = field(default=())


def rules_page(words: Catalog, spec: m.Spec, source_path: str, differences: tuple = ()) -> RulesPage:
    """The view of a spec's rules page in the catalog's language."""
    return RulesPage(
        lang=words.lang,
        system=spec.system,
        source_path=source_path,
        header=tuple(rule_view(words, spec, rule) for rule in spec.section("system")),
        sections=tuple(section_view(words, spec, name) for name in _section_names(spec)),
        base=spec.base,
        differences=differences,
    )
