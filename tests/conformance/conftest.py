"""Fixtures for the conformance tests: a small case folder and a fake implementation that answers it."""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from touti_dsl.conformance.cases import case_id, doc_anchor

FAKE = Path(__file__).resolve().parent / "fakes" / "fake_impl.py"
HANDS = [["1o", "3o", "12o"], ["2o", "4o", "5o"], ["1c", "3c", "12c"], ["2c", "4c", "5c"]]


def make_case(rules: list[str], steps: list[dict], system: str = "fake-system", setup: dict | None = None) -> dict:
    """A case with a correct id, doc anchor and metadata around the given steps."""
    case = {"setup": setup or {"hands": HANDS, "dealer": 3}, "steps": steps}
    return {"id": case_id(case), "system": system, "spec_hash": "sha256:0123456789abcdef", "rules": rules,
            "polarity": "positive", "description": f"checks {rules[0]}", "doc": doc_anchor(system, rules[0]), **case}


def case_file(cases: list[dict], system: str = "fake-system") -> dict:
    return {"format_version": 1, "system": system, "spec_hash": "sha256:0123456789abcdef", "cases": cases}


@dataclass
class FakeSuite:
    """A case folder, the fake's answers (right for `good`, wrong for `bad`) and command lines."""

    folder: Path
    answers: Path
    good: dict
    bad: dict
    skipped: dict

    def impl(self, mode: str = "good", on: str = "", *flags: str) -> str:
        words = [sys.executable, str(FAKE), str(self.answers), "--mode", mode] + (["--on", on] if on else []) + list(flags)
        return shlex.join(words)


@pytest.fixture
def fake_suite(tmp_path: Path) -> FakeSuite:
    good = make_case(["play.follow_suit"], [
        {"op": "apply", "seat": 0, "action": "play 1o"},
        {"op": "legal", "seat": 1, "expect": ["play 2o", "play 4o", "play 5o"]},
        {"op": "refuse", "seat": 1, "action": "play 9z", "rule": "play.follow_suit"},
        {"op": "trick_winner", "expect": None},
    ])
    bad = make_case(["play.overtake", "play.follow_suit"], [
        {"op": "apply", "seat": 0, "action": "play 12o"},
        {"op": "refuse", "seat": 1, "action": "play 2o", "rule": "play.overtake"},
    ])
    skipped = make_case(["bidding.minimum"], [{"op": "actors", "expect": [0]}])
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "play.json").write_text(json.dumps(case_file([good, bad, skipped]), indent=1))
    answers = {
        good["id"]: [{"ok": True}, {"actions": ["play 5o", "play 4o", "play 2o"]}, {"ok": False, "rule": "play.follow_suit", "message": "x"}, {"seat": None}],
        bad["id"]: [{"ok": True}, {"ok": True}],
    }
    (tmp_path / "answers.json").write_text(json.dumps(answers))
    return FakeSuite(folder, tmp_path / "answers.json", good, bad, skipped)


EXAMPLES = Path(__file__).resolve().parents[2] / "conformance" / "examples"


def write_wrong_trick_winner(folder: Path) -> Path:
    """The atlas-carta play examples with the expected trick winner changed to seat 3 (the engine says 1)."""
    data = json.loads((EXAMPLES / "atlas-carta" / "play.json").read_text(encoding="utf-8"))
    for case in data["cases"]:
        for step in case["steps"]:
            if step["op"] == "trick_winner":
                step["expect"] = 3
    (folder / "play.json").write_text(json.dumps(data))
    return folder
