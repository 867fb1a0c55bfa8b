"""Generated reference pages: the CLI (from `cli.build_parser()`) and the error codes (from `checks.py`)."""

from __future__ import annotations

import argparse
import os
import re
from contextlib import contextmanager

from .. import checks
from .catalog import catalog
from .render import render_template

HELP_WIDTH = "100"
CODE_LINE = re.compile(r"^\s*[-*|]?\s*`?([A-Z]\d{3})`?\s*[|:—–-]?\s*(.+?)\s*\|?\s*$")


@contextmanager
def _fixed_width():
    """argparse wraps help to the terminal width: pin it so the page is reproducible."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_WIDTH
    try:
        yield
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse offers no public accessor for sub-parsers
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def render_cli() -> str:
    """The CLI reference: the help of `touti` and of every sub-command."""
    from ..cli import build_parser

    with _fixed_width():
        parser = build_parser()
        main_help = parser.format_help()
        commands = [(name, sub.description or "", sub.format_help()) for name, sub in _subcommands(parser).items()]
    return render_template("cli.md.j2", catalog("en"), main_help=main_help, commands=commands)


def error_codes(doc: str | None = None) -> list[tuple[str, str]]:
    """(code, meaning) pairs listed in the checks module docstring, in order."""
    found = []
    for line in (doc if doc is not None else checks.__doc__ or "").splitlines():
        match = CODE_LINE.match(line)
        if match:
            found.append((match.group(1), match.group(2).strip(" |")))
    return found


def render_errors() -> str:
    """The error code table of the language reference."""
    codes = error_codes()
    return render_template("errors.md.j2", catalog("en"), codes=[c for c in codes if not c[0].startswith("W")],
                           warnings=[c for c in codes if c[0].startswith("W")])


def _shape_names(rule_spec) -> str:
    return " or ".join(shape.__name__ for shape in rule_spec.shapes)


def render_vocabulary() -> str:
    """Every rule id with its shape, words and meaning; the predicates; the duties."""
    from .. import schema, vocabulary

    rules = [(r.id, _shape_names(r), ", ".join(r.words), "yes" if r.required else "no", r.meaning) for r in schema.RULES]
    calls = [(r.key, _shape_names(r), ", ".join(r.words), "yes" if r.required else "no", r.meaning) for r in schema.CALL_RULES]
    return render_template(
        "vocabulary.md.j2", catalog("en"), rules=rules, calls=calls,
        predicates=list(vocabulary.PREDICATES.values()), duties=list(vocabulary.DUTIES.values()),
        contexts=[f"`{name}` ({words})" for name, words in vocabulary.CONTEXT_NAMES.items()],
        arg_kinds=vocabulary.ARG_KINDS,
        optional_sections=_listed([f"`{name}`" for name in schema.OPTIONAL_SECTIONS]),
    )


def _listed(items: list[str]) -> str:
    """`a`, `b` and `c`."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
