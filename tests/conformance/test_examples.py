"""The hand-made example cases: fresh, with stable ids, and passed by the reference adapter."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from touti_dsl.cli import main
from touti_dsl.conformance.cases import case_id, load_cases

from .conftest import write_wrong_trick_winner

from .scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "conformance" / "examples"
ADAPTER = f"{sys.executable} -m touti_dsl adapter"


def _builder():
    return load_script(EXAMPLES / "build_examples.py", "build_examples")


def test_the_example_files_are_fresh():
    """Fix: python conformance/examples/build_examples.py"""
    for path, text in _builder().case_files().items():
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale"


def test_every_example_id_is_the_hash_of_its_setup_and_steps():
    cases = load_cases(EXAMPLES)
    assert len(cases) >= 10
    assert all(case["id"] == case_id(case) for case in cases)


@pytest.mark.parametrize("system", ["atlas-carta", "touti-app"])
def test_the_reference_adapter_passes_the_examples(system, capsys):
    code = main(["conform", "--impl", f"{ADAPTER} {system}", "--cases", str(EXAMPLES / system), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [c for c in report["cases"] if c["status"] != "passed"]
    assert report["totals"]["passed"] == len(load_cases(EXAMPLES / system))


def test_a_wrong_expectation_is_reported_with_its_rule_and_doc_link(tmp_path, capsys):
    """Swap the expected trick winner: the runner must blame trick.winner in plain words."""
    write_wrong_trick_winner(tmp_path)
    code = main(["conform", "--impl", f"{ADAPTER} atlas-carta", "--cases", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAILED trick.winner: smallest failing case" in out
    assert "at step 12 (trick_winner):\n    expected: 3\n    actual:   1" in out
    assert "rule explained at: docs/rules/atlas-carta.md#trick-winner" in out
