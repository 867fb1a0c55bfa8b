"""Conformance cases: reading case files, stable ids, selection by rule glob.

A case file holds `{"format_version": 1, "system", "spec_hash", "cases": [...]}`; each
case is a setup and a list of steps with expectations (see docs/conformance/case-format.md
and the JSON Schema in conformance/schema/case.schema.json).  Loading checks the shape
a runner relies on and reports every problem located by file and case, in plain words.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
from pathlib import Path

from ..errors import Diagnostic, ToutiError
from ..model import Loc, Spec
from ..search_path import case_dir
from ..table_sizes import default_players, split_rule_name

FORMAT_VERSION = 1
STEP_FIELDS = {
    "apply": ("seat", "action"),
    "refuse": ("seat", "action", "rule"),
    "legal": ("seat", "expect"),
    "actors": ("expect",),
    "trick_winner": ("expect",),
    "round_result": ("expect",),
    "match_result": ("expect",),
    "next_round": ("hands", "expect"),
}
CASE_FIELDS = ("id", "system", "rules", "setup", "steps")


def canonical_json(data) -> str:
    """The one JSON text of a value: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def case_id(case: dict) -> str:
    """The stable content id of a case: `c-` and 12 hex of sha256 over its setup and steps."""
    body = canonical_json({"setup": case["setup"], "steps": case["steps"]})
    return "c-" + hashlib.sha256(body.encode("utf-8")).hexdigest()[:12]


def doc_anchor(system: str, rule_id: str) -> str:
    """Where a rule is explained in the rules docs: `rules/<system>.md#<rule-id with - for .>`; a rule of a
    `with N players` block (`with 2 players: table.draw`) where the page states that number's rules, `#players-N`."""
    players, _ = split_rule_name(rule_id)
    return f"rules/{system}.md#{rule_id.replace('.', '-') if players is None else f'players-{players}'}"


def case_players(spec: Spec, case: dict) -> int | None:
    """The number of players a case is played at: its setup's `settings.seats`, else the spec's default number."""
    settings = case["setup"].get("settings") or {}
    return settings.get("seats", default_players(spec))


def _problem(path: Path, where: str, message: str) -> Diagnostic:
    return Diagnostic("E900", f"{where}: {message}", Loc(str(path), 0, 0))


def _step_problems(step, index: int) -> list[str]:
    if not isinstance(step, dict):
        return [f"step {index} is not an object"]
    op = step.get("op")
    if op not in STEP_FIELDS:
        return [f"step {index} has unknown op {op!r} (known: {', '.join(STEP_FIELDS)})"]
    problems = [f"step {index} ({op}) lacks {name!r}" for name in STEP_FIELDS[op] if name not in step]
    if "seat" in step and (type(step["seat"]) is not int or step["seat"] < 0):
        problems.append(f"step {index} ({op}) has a seat that is not a seat number: {step['seat']!r}")
    if op in ("legal", "actors") and "expect" in step and not isinstance(step["expect"], list):
        problems.append(f"step {index} ({op}) expects {step['expect']!r}, not a list")
    if "action" in step and not isinstance(step["action"], str):
        problems.append(f"step {index} ({op}) has an action that is not a text: {step['action']!r}")
    return problems


def case_problems(case) -> list[str]:
    """What keeps a case from being run, in plain words (empty when it can run)."""
    if not isinstance(case, dict):
        return ["is not an object"]
    problems = [f"lacks {name!r}" for name in CASE_FIELDS if name not in case]
    if problems:
        return problems
    # the runner files, selects and reports cases by these two texts
    problems = [f"has {name} {case[name]!r}, not a text" for name in ("id", "system")
                if not isinstance(case[name], str) or not case[name]]
    if not isinstance(case["steps"], list) or not case["steps"]:
        return problems + ["has no steps"]
    if not isinstance(case["rules"], list) or not all(isinstance(r, str) for r in case["rules"]):
        problems.append("rules is not a list of rule ids")
    if not isinstance(case["setup"], dict) or not isinstance(case["setup"].get("hands"), list):
        problems.append("setup lacks its hands")
    for index, step in enumerate(case["steps"]):
        problems.extend(_step_problems(step, index))
    return problems


def _read_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ToutiError(_problem(path, "cannot read", str(error))) from None
    except json.JSONDecodeError as error:
        raise ToutiError(Diagnostic("E900", f"not valid JSON: {error.msg}", Loc(str(path), error.lineno, error.colno))) from None


def load_case_file(path: str | Path) -> list[dict]:
    """The cases of one file, each checked; every problem raised together as a ToutiError."""
    path = Path(path)
    data = _read_json(path)
    if not isinstance(data, dict) or type(data.get("format_version")) is not int or data["format_version"] != FORMAT_VERSION:
        found = data.get("format_version") if isinstance(data, dict) else type(data).__name__
        raise ToutiError(_problem(path, "file", f"format_version must be {FORMAT_VERSION} (found {found!r})"))
    cases = data.get("cases")
    if not isinstance(cases, list):
        raise ToutiError(_problem(path, "file", "has no 'cases' list"))
    problems = []
    for index, case in enumerate(cases):
        label = f"case #{index}" + (f" ({case.get('id')})" if isinstance(case, dict) and case.get("id") else "")
        problems.extend(_problem(path, label, text) for text in case_problems(case))
    if problems:
        raise ToutiError(problems)
    return cases


def case_files(folder: str | Path) -> list[Path]:
    """The case files of a folder (recursively), in a stable order."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ToutiError(Diagnostic("E901", f"no such case folder: {folder}", Loc(str(folder), 0, 0)))
    return sorted(p for p in folder.rglob("*.json") if p.is_file())


def load_cases(folder: str | Path) -> list[dict]:
    """Every case under a folder, duplicates (same id) kept once."""
    seen: dict[str, dict] = {}
    for path in case_files(folder):
        for case in load_case_file(path):
            seen.setdefault(case["id"], case)
    return list(seen.values())


def matches_any(case: dict, globs: list[str]) -> bool:
    """True when the case id, or one of its rule ids, matches one of the globs."""
    names = [case["id"], *case["rules"]]
    return any(fnmatch.fnmatchcase(name, glob) for glob in globs for name in names)


def select_cases(cases: list[dict], rules: list[str] | None, skip: list[str] | None) -> tuple[list[dict], list[dict]]:
    """(to run, skipped by --skip): keep cases matching --rules (all when none), minus --skip."""
    chosen = [c for c in cases if not rules or matches_any(c, rules)]
    skipped = [c for c in chosen if skip and matches_any(c, skip)]
    return [c for c in chosen if not (skip and matches_any(c, skip))], skipped


def system_case_dir(system: str, root: str | Path | None = None) -> Path:
    """generated/<system>/ under the given root, else where `search_path` finds suites."""
    return case_dir(system, root)


def load_expected_failures(path: str | Path) -> list[str]:
    """The lines of an expected-failure file: case ids or rule-id globs; `#` starts a comment."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ToutiError(Diagnostic("E902", f"cannot read the expected-failure file: {error}", Loc(str(path), 0, 0))) from None
    entries = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [entry for entry in entries if entry]
