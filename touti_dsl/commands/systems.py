"""`touti systems [--format text|json]`: the systems a system id can name here, and where each comes from.

One line per system id, in id order: its title (and base), whether a conformance suite
is there for it, where the spec was found (a `$TOUTI_PATH` folder, the current folder,
bundled, bundled example) and its file.  A spec that does not load is listed with its first error
instead of a title, so a broken house spec in the search path is noticed.
"""

from __future__ import annotations

import json

from .. import model as m
from ..errors import ToutiError
from ..loader import load_spec
from ..search_path import available_systems, case_dir
from ._options import add_format_option

NAME = "systems"
HELP = "list the rule systems available by id (bundled, $TOUTI_PATH, current folder) and where each comes from"


def add_arguments(parser) -> None:
    add_format_option(parser, ("text", "json"))


def describe(system: str, path, origin: str) -> dict:
    """One system as plain data: id, title (or its first error), origin, file, suite folder."""
    entry = {"id": system, "title": None, "base": None, "origin": origin, "file": str(path), "suite": None, "error": None}
    try:
        spec = load_spec(path)
        title = spec.value("system.title")
        entry.update(title=title.value if isinstance(title, m.Text) else "", base=spec.base)
    except ToutiError as error:
        first = error.diagnostics[0]
        entry["error"] = f"{first.loc}: error[{first.code}]: {first.message}"
    try:
        entry["suite"] = str(case_dir(system))
    except ToutiError:
        pass
    return entry


def run(args) -> int:
    entries = [describe(*found) for found in available_systems()]
    if args.format == "json":
        print(json.dumps(entries, ensure_ascii=False, indent=1))
        return 0
    rows = [("ID", "TITLE", "SUITE", "FROM")] + [_row(entry) for entry in entries]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[3])
    return 0


def _row(entry: dict) -> tuple[str, str, str, str]:
    title = entry["title"] if entry["error"] is None else f"(does not load: `touti check {entry['file']}` says why)"
    base = f" (extends {entry['base']})" if entry["base"] else ""
    return entry["id"], title + base, "yes" if entry["suite"] else "no", f"{entry['origin']}: {entry['file']}"
