"""Where specs and their conformance suites are found: the one module that knows.

A spec named by its system id (`touti check atlas-carta`, `extends "atlas-carta"`,
`touti conform --system atlas-carta`) is looked up in these folders, first match wins:

1. each folder of `$TOUTI_PATH` (separated by `os.pathsep`, `:` on Unix), in order;
2. the current folder;
3. the bundled systems: `spec/` then `spec/examples/` shipped with touti-dsl.

A variant's base is looked up in the variant's own folder first, then in the same list.
The suite of a system, `generated/<system>/`, is looked up under the same places: a
`$TOUTI_PATH` folder and its parent, the current folder, then the bundled suites.

The bundled files live in the source checkout's top-level `spec/` and `generated/`
folders; a built wheel carries a copy of both as package data (`touti_dsl/_bundled/`,
copied by setup.py at build time), so an installed `touti` finds them from anywhere.
`$TOUTI_SPEC_PATH`, the older name of `$TOUTI_PATH`, is still read after it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from . import model as m
from .errors import Diagnostic, ToutiError, did_you_mean

SYSTEM_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
SUFFIX = ".touti"
COMMAND_LINE = m.Loc("command line", 0, 0)
_PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Folder:
    """A folder of specs and the words that tell a user where it comes from."""

    path: Path
    origin: str


def bundled_root() -> Path:
    """The folder holding the bundled `spec/` and `generated/`: package data, else the source checkout."""
    packaged = _PACKAGE / "_bundled"
    return packaged if (packaged / "spec").is_dir() else _PACKAGE.parent


def bundled_spec_dirs() -> list[Path]:
    """The bundled systems' folder and the bundled examples' folder."""
    spec = bundled_root() / "spec"
    return [spec, spec / "examples"]


def user_dirs() -> list[Folder]:
    """The folders of $TOUTI_PATH (then the older $TOUTI_SPEC_PATH), then the current folder."""
    folders = []
    for variable in ("TOUTI_PATH", "TOUTI_SPEC_PATH"):
        folders += [Folder(Path(p), variable) for p in os.environ.get(variable, "").split(os.pathsep) if p]
    try:
        return folders + [Folder(Path.cwd(), "current folder")]
    except OSError:  # the current folder was deleted under us: search the others
        return folders


def spec_folders(first: Path | None = None) -> list[Folder]:
    """Every folder searched for a system id, in order, each once; `first` (a variant's own folder) leads."""
    spec, examples = bundled_spec_dirs()
    folders = [Folder(first, "the variant's folder")] if first else []
    folders += [*user_dirs(), Folder(spec, "bundled"), Folder(examples, "bundled example")]
    seen, unique = set(), []
    for folder in folders:
        key = _resolved(folder.path)
        if key not in seen:
            seen.add(key)
            unique.append(folder)
    return unique


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop, an unreadable folder: compare as written
        return path.absolute()


def find_system(system: str, first: Path | None = None, loc: m.Loc = COMMAND_LINE) -> Path | None:
    """The `<system>.touti` file that a system id names, or None; refuses what is not a spec in the folders.

    A file found through a symbolic link must resolve to a regular `.touti` file directly
    inside one of the searched folders: `extends` never reads /etc/passwd, a device, a FIFO
    or a file of a sub-folder through a link, and so never shows a line of one.
    """
    folders = spec_folders(first)
    for folder in folders:
        candidate = folder.path / f"{system}{SUFFIX}"
        if not os.path.lexists(candidate):
            continue
        if not _is_spec_in(_resolved(candidate), {_resolved(f.path) for f in folders}):
            raise ToutiError(Diagnostic(
                "E026", f"{candidate} leads to a file that is not a .touti spec of the spec folders: refused",
                loc, "copy the spec into a spec folder, or add its folder to TOUTI_PATH"))
        return candidate
    return None


def _is_spec_in(target: Path, folders: set[Path]) -> bool:
    return target.suffix == SUFFIX and target.parent in folders and target.is_file()


def _spec_files(folders: list[Folder]):
    """(folder, file) of every `*.touti` file of the folders, in order; an unreadable folder is skipped."""
    for folder in folders:
        try:
            files = sorted(folder.path.glob(f"*{SUFFIX}"))
        except OSError:
            continue
        yield from ((folder, path) for path in files)


def known_systems(first: Path | None = None) -> list[str]:
    """Every system id that a spec folder offers (for 'did you mean')."""
    return sorted({path.name[: -len(SUFFIX)] for _, path in _spec_files(spec_folders(first))})


def find_spec(name_or_path: str | Path) -> Path:
    """A spec given on the command line: a path to a file, or a system id looked up in the spec folders."""
    candidate = Path(name_or_path)
    if candidate.suffix == SUFFIX or candidate.is_file() or not SYSTEM_ID.match(str(name_or_path)):
        return candidate
    found = find_system(str(name_or_path))
    if found is not None:
        return found
    raise ToutiError(Diagnostic(
        "E010", f"{name_or_path!r} is neither a spec file nor a system in the spec folders", COMMAND_LINE,
        did_you_mean(str(name_or_path), known_systems()) or "`touti systems` lists the systems available here"))


def available_systems() -> list[tuple[str, Path, str]]:
    """(system id, file, where it comes from) of every spec a system id can name here; the first of a name wins."""
    found: dict[str, tuple[str, Path, str]] = {}
    for folder, path in _spec_files(spec_folders()):
        system = path.name[: -len(SUFFIX)]
        found.setdefault(system, (system, path, folder.origin))
    return sorted(found.values())


def specs_beside_suite(system: str, suite: Path) -> list[Path]:
    """`<system>.touti` files beside a suite's case folder or up to two folders above it, nearest first:
    `touti generate house.touti --out gen` writes `gen/house/`, so the spec of a house suite off the spec
    folders is usually found there (`touti conform --cases gen/house`)."""
    folder = _resolved(suite)
    around = [folder, *list(folder.parents)[:2]]
    return [path for path in (place / f"{system}{SUFFIX}" for place in around) if path.is_file()]


def suite_roots() -> list[Path]:
    """The folders under which `generated/<system>/` is looked for, in order."""
    roots: list[Path] = []
    for folder in user_dirs():
        roots += [folder.path] if folder.origin == "current folder" else [folder.path, folder.path.parent]
    return [*roots, bundled_root()]


def case_dir(system: str, root: str | Path | None = None) -> Path:
    """`generated/<system>/` under the given root, else the first of `suite_roots()` that has it."""
    candidates = [Path(root)] if root else suite_roots()
    for base in candidates:
        folder = base / "generated" / system
        if folder.is_dir():
            return folder
    where = ", ".join(str(base / "generated" / system) for base in candidates)
    raise ToutiError(Diagnostic(
        "E901", f"no generated cases for system {system!r} (looked in {where})", COMMAND_LINE,
        did_you_mean(system, known_systems()) or "run `touti generate` first, or pass --cases DIR"))
