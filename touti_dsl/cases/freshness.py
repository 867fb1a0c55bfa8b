"""Whether a committed suite is fresh without generating it again: its stamp.

`touti generate` writes `STAMP` beside a spec's case files. The stamp records three things:
- the spec's hash;
- the fingerprint of the code that generates cases: every module of the package except
  the rules pages, plus the grammar;
- a digest of the case files written.

A suite whose stamp matches the current spec, the current code and its own files is what
generating it again would write. Any change to the spec, the code or a case file breaks the
match, and only then does `tests/cases/test_generated.py` generate the suite again and
compare it byte for byte (every suite, under `--thorough`). That test also generates one
small suite on every run, so generation itself stays reproducible.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from .. import model as m
from ..loader import spec_hash

STAMP = "STAMP"
PACKAGE = Path(__file__).resolve().parents[1]
NOT_GENERATING = ("docs", "_bundled")  # the rules pages and bundled data never change a case


@lru_cache(maxsize=None)
def code_fingerprint() -> str:
    """A digest of every source file that can change what `touti generate` writes."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE)
        if path.suffix not in (".py", ".lark") or relative.parts[0] in NOT_GENERATING:
            continue
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
