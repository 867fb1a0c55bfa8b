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
from .search_path import bundled_spec_dirs, find_spec
from .variants import load_flat

__all__ = ["load_spec", "find_spec", "load_named", "bundled_systems", "spec_hash"]


def load_spec(path: str | Path) -> m.Spec:
    """A validated, flattened Spec; raises ToutiError with every diagnostic found."""
    problems: list[Diagnostic] = []
    spec = load_flat(path, problems)
    problems += check_spec(spec)
    if problems:
        raise ToutiError(problems)
    return spec


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
    return sorted(bundled_spec_dirs()[0].glob("*.touti"))


def spec_hash(spec: m.Spec) -> str:
    """A stable hash of the flattened rules (not of layout or comments)."""
    from .serialize import spec_to_data

    data = spec_to_data(spec, with_comments=False)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return "sha256:" + digest[:16]
