"""Whether a committed suite is fresh without generating it again: its stamp.

`touti generate` writes `STAMP` beside a spec's case files. The stamp records three things:
- the spec's hash;
- the fingerprint of the code that generates cases: every module that `touti generate`
  imports, directly or not, plus the grammar;
- a digest of the case files written.

A suite whose stamp matches the current spec, the current code and its own files is what
generating it again would write. Any change to the spec, the code or a case file breaks the
match, and only then does `tests/cases/test_generated.py` generate the suite again and
compare it byte for byte (every suite, under `--thorough`). That test also generates one
small suite on every run, so generation itself stays reproducible.
"""

from __future__ import annotations

import ast
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from .. import model as m
from ..loader import spec_hash

STAMP = "STAMP"
PACKAGE = Path(__file__).resolve().parents[1]
GENERATOR_ENTRY = "touti_dsl.commands.generate"
GRAMMARS = ("grammar.lark",)  # read as data by the parser, so no import names it


def _module_path(name: str) -> Path | None:
    parts = name.split(".")[1:]
    base = PACKAGE.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported_modules(name: str, path: Path) -> set[str]:
    """The package's modules that a module imports, at top level or inside a function."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            anchor = package
            for _ in range(node.level - 1):
                anchor = anchor.rpartition(".")[0]
            base = node.module if node.level == 0 else ".".join(filter(None, (anchor, node.module)))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # `from . import x` names modules
    return {module for module in found if module.split(".")[0] == "touti_dsl"}


@lru_cache(maxsize=None)
def generating_modules() -> dict[str, Path]:
    """Every module of the package that `touti generate` can run, by the closure of its imports.

    Only these can change what is generated, so a change to the runner, the rules pages or
    the formatter leaves every stamp valid."""
    closure: dict[str, Path] = {}
    pending = [GENERATOR_ENTRY, "touti_dsl"]
    while pending:
        name = pending.pop()
        if name in closure:
            continue
        path = _module_path(name)
        if path is None:
            continue  # an imported name that is a class or function, not a module
        closure[name] = path
        pending.extend(_imported_modules(name, path) - closure.keys())
        parent = name.rpartition(".")[0]
        if parent:
            pending.append(parent)  # importing a.b.c runs a/__init__ and a/b/__init__ first
    return closure


@lru_cache(maxsize=None)
def code_fingerprint() -> str:
    """A digest of every source file that can change what `touti generate` writes."""
    digest = hashlib.sha256()
    files = sorted({*generating_modules().values(), *(PACKAGE / grammar for grammar in GRAMMARS)})
    for path in files:
        relative = path.relative_to(PACKAGE)
        digest.update(relative.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def files_digest(folder: Path) -> str:
    """A digest of a suite's case files: their names and their bytes."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def expected_stamp(spec: m.Spec, folder: Path) -> dict[str, str]:
    return {"spec": spec_hash(spec), "code": code_fingerprint(), "files": files_digest(folder)}


def write_stamp(spec: m.Spec, folder: Path) -> None:
    (folder / STAMP).write_text(json.dumps(expected_stamp(spec, folder), indent=1, sort_keys=True) + "\n",
                                encoding="utf-8")


def read_stamp(folder: Path) -> dict | None:
    try:
        found = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


REASONS = {"spec": "the spec changed", "code": "the generating code changed", "files": "a case file was edited"}


def stale_reason(spec: m.Spec, folder: Path) -> str | None:
    """Why the suite in `folder` may not be what generating it again writes; None when its stamp says it is."""
    found = read_stamp(folder)
    if found is None:
        return "no stamp"
    expected = expected_stamp(spec, folder)
    changed = [REASONS[what] for what in REASONS if found.get(what) != expected[what]]
    return ", ".join(changed) or None
