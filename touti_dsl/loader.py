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


def load_spec(path: str | Path, warnings: list[Diagnostic] | None = None) -> m.Spec:
    """A validated, flattened Spec; raises ToutiError with every diagnostic found (its warnings among them) when one
    is an error.  A valid spec's warnings (a rule that never decides here) go to `warnings` when given."""
    problems: list[Diagnostic] = []
    spec = load_flat(path, problems)
    problems += [blame_variant(spec, problem) for problem in check_spec(spec, warnings=True)]
    if any(problem.severity == "error" for problem in problems):
        raise ToutiError(problems)
    if warnings is not None:
        warnings += problems
    return spec


def blame_variant(spec: m.Spec, problem: Diagnostic) -> Diagnostic:
    """A problem found in a base's rule but caused by a variant is located at the variant's change.

    The variant's change named in the message is blamed (the base's own line is kept in the
    message); when no change is named, the problem stays in the base with a hint listing
    what the variant changed.
    """
    if spec.base is None or not spec.changes or problem.loc.file in (spec.path, m.NOWHERE.file):
        return problem
    own = [c for c in spec.changes if c.loc.file == spec.path and not c.rule_id.startswith("system.")]
    culprit = _named_change(own, problem) or _only_change(spec, own, problem) or _one_statement(own)
    if culprit is not None:
        where = f"{Path(problem.loc.file).name}:{problem.loc.line}"
        return Diagnostic(problem.code, f"{problem.message} (the rule is written at {where}; this variant's "
                                        f"{culprit.action} of {culprit.rule_id} {_what_it_makes(problem)})", culprit.loc, problem.hint,
                          problem.severity)
    changed = ", ".join(sorted({c.rule_id for c in spec.changes}))
    hint = (problem.hint + "; " if problem.hint else "") + f"variant {spec.system!r} changes {changed}"
    return Diagnostic(problem.code, problem.message, problem.loc, hint, problem.severity)


def _what_it_makes(problem: Diagnostic) -> str:
    return "makes it wrong" if problem.severity == "error" else "makes it so"


def _named_change(changes: list[m.Change], problem: Diagnostic) -> m.Change | None:
    return next((c for c in changes if c.rule_id in problem.message), None)


def _one_statement(changes: list[m.Change]) -> m.Change | None:
    """The variant's one statement, when every change comes from it and changes rules (a list edit and what it changes
    with it: `remove ranks: 12` the ranks, the order and the points).  A removal is not blamed so: what still names the
    removed rules is in the base, where the problem is shown."""
    if not changes or any(c.action == "remove" for c in changes):
        return None
    return changes[0] if len({(c.loc.line, c.loc.column) for c in changes}) == 1 else None


def _only_change(spec: m.Spec, changes: list[m.Change], problem: Diagnostic) -> m.Change | None:
    """The variant's one change in the section of the base rule where the problem was found (or its one change)."""
    rule = next((r for r in spec.rules if r.loc.file == problem.loc.file and r.loc.line == problem.loc.line), None)
    same = [c for c in changes if rule is not None and c.rule_id.split(".", 1)[0] == rule.section]
    if len(same) == 1:
        return same[0]
    return changes[0] if len(changes) == 1 else None


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
