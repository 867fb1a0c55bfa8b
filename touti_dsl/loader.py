"""The front of the pipeline in one call: parse, flatten, validate.

Every back-end (engine, case generator, docs, diff) starts from `load_spec`, so each
sees the same complete, validated model.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from . import model as m
from .checks import check_spec
from .errors import Diagnostic, ToutiError
from .variants import bundled_spec_dirs, load_flat


def load_spec(path: str | Path) -> m.Spec:
    """A validated, flattened Spec; raises ToutiError with every diagnostic found."""
    problems: list[Diagnostic] = []
    spec = load_flat(path, problems)
    problems += check_spec(spec)
    if problems:
        raise ToutiError(problems)
    return spec


def find_spec(name_or_path: str | Path) -> Path:
    """A spec given as a path, or as a bundled system id (`atlas-carta`)."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".touti" or candidate.is_file():
        return candidate
    for folder in bundled_spec_dirs():
        found = folder / f"{name_or_path}.touti"
        if found.is_file():
            return found
    raise ToutiError(Diagnostic("E010", f"no such spec file or bundled system: {name_or_path}", m.Loc(str(name_or_path), 0, 0)))


@lru_cache(maxsize=64)
def _cached(path: str, mtime: float) -> m.Spec:
    return load_spec(path)


def load_named(name_or_path: str | Path) -> m.Spec:
    """load_spec on a path or bundled system id, cached per file version."""
    path = find_spec(name_or_path).resolve()
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    return _cached(str(path), mtime)


def bundled_systems() -> list[Path]:
    """The four rule systems shipped in spec/ (examples excluded)."""
    root = bundled_spec_dirs()[-2]
    return sorted(root.glob("*.touti"))


def spec_hash(spec: m.Spec) -> str:
    """A stable hash of the flattened rules (not of layout or comments)."""
    from .serialize import spec_to_data

    data = spec_to_data(spec, with_comments=False)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return "sha256:" + digest[:16]
