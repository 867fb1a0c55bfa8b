"""`touti init NAME --extends BASE`: write a commented skeleton of a house variant.

The file `NAME.touti` (in the current folder, or --out DIR) extends BASE, checks clean
as written, and shows in its header comment how to override a rule of BASE (with one of
BASE's own rules as the example), how to remove one, and how to add a section; the rules
the user writes go below the system block.  An existing file is never overwritten, and
nothing is written when `extends` would not find BASE from the new file's folder (a BASE
given as a file elsewhere).
"""

from __future__ import annotations

import sys
from pathlib import Path

from .. import model as m
from ..errors import Diagnostic, ToutiError
from ..formatter import format_text, quote, render_value
from ..loader import load_spec
from ..search_path import COMMAND_LINE, SYSTEM_ID, find_spec, find_system

NAME = "init"
HELP = "write NAME.touti, a commented house variant of BASE that passes `touti check` as written"
EXAMPLE_SECTIONS = ("bidding", "match", "play", "scoring", "ghna", "trick", "trump")


def add_arguments(parser) -> None:
    parser.add_argument("name", metavar="NAME", help="the new system id (lower-case letters, digits, -), also the file name")
    parser.add_argument("--extends", required=True, metavar="BASE", help="the system (id or .touti file) the variant starts from")
    parser.add_argument("--out", default=".", metavar="DIR", help="the folder to write NAME.touti into (default: the current folder)")


def run(args) -> int:
    if not SYSTEM_ID.match(args.name):
        raise ToutiError(Diagnostic("E020", f"{args.name!r} is not a system id: lower-case letters, digits and -", COMMAND_LINE))
    base_file = find_spec(args.extends)
    base = load_spec(base_file)
    target = Path(args.out) / f"{args.name}.touti"
    if target.exists():
        print(f"touti init: error: {target} already exists; nothing written", file=sys.stderr)
        return 2
    if not _base_reachable(base.system, base_file, Path(args.out)):
        print(f'touti init: error: extends "{base.system}" written in {target} would not find {base_file}; '
              f"write the variant beside it, or add {base_file.parent} to TOUTI_PATH; nothing written", file=sys.stderr)
        return 2
    text = format_text(skeleton(args.name, base), str(target))
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"touti init: error: cannot write {target}: {error.strerror or error}", file=sys.stderr)
        return 2
    print(f"wrote {target} (extends {base.system}); next: touti check {target}")
    return 0


def _base_reachable(system: str, base_file: Path, folder: Path) -> bool:
    """Whether `extends "system"` in a file of `folder` would name the same base file."""
    found = find_system(system, folder.resolve())
    return found is not None and found.resolve() == base_file.resolve()


def skeleton(name: str, base: m.Spec) -> str:
    """The variant's text: header, then commented examples drawn from the base's own rules."""
    title = base.value("system.title")
    title_text = f"{title.value}, house rules" if isinstance(title, m.Text) else f"{base.system}, house rules"
    lines = [
        f"# {name}: house rules on {base.system}. Every rule not written here is {base.system}'s.",
        f"# `touti show {base.system}` lists the base's rules; `touti diff {base.system} {name}.touti` what this file changes.",
        *_override_example(base),
        *_remove_example(base),
        "# A section the base lacks is introduced with `add SECTION { ... }`.",
        "touti 1",
        "",
        f'system "{name}" extends "{base.system}" {{',
        f"  title: {quote(title_text)}",
        f'  summary: {quote(f"{base.system} with house rules")}',
        "}",
    ]
    return "\n".join(lines) + "\n"


def _override_example(base: m.Spec) -> list[str]:
    """How to override, in comments, with one of the base's own rules as the example."""
    for section in EXAMPLE_SECTIONS:
        for rule in base.section(section):
            if isinstance(rule.value, (m.Number, m.Word)):
                return [
                    f"# To change a rule, write it again inside its section: {base.system} has",
                    f"# `{rule.id}: {render_value(rule.value)}`; to change it, write `{rule.key}: ...`",
                    f"# on its own line inside a `{section} {{ ... }}` block (the block on several lines).",
                ]
    return []


def _remove_example(base: m.Spec) -> list[str]:
    calls = sorted({rule.section for rule in base.rules if rule.kind == "call"})
    target = f"call {calls[0]}" if calls else next((r.id for r in base.rules if r.section not in ("system", "deck", "table")), None)
    if target is None:
        return []
    return [f"# To drop a rule or a whole section of the base, write for example `remove {target}`."]
