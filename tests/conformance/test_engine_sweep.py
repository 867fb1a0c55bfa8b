"""The engine mutation sweep (conformance/mutants/engine_sweep.py): each mutant changes one operator of one engine
module, in a private copy; a known fault of code is caught by the committed suite, and the checkout is untouched."""

from __future__ import annotations

import ast
from pathlib import Path

from .scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


engine_sweep = load_script(ROOT / "conformance" / "mutants" / "engine_sweep.py", "engine_sweep")


def test_each_mutant_changes_one_operator_of_its_module():
    mutations = engine_sweep.mutations(["play.py"])
    assert len(mutations) > 20 and all(m.module == "play.py" for m in mutations)
    original = ast.dump(ast.parse((engine_sweep.ENGINE / "play.py").read_text(encoding="utf-8")))
    for mutation in mutations[:10]:
        mutated = ast.dump(ast.parse(mutation.source()))
        assert mutated != original
        before, after = mutation.change.split(" -> ")
        assert before != after


def test_a_fault_of_code_is_caught_in_a_copy_and_the_checkout_is_untouched(tmp_path):
    """A refusal told by the wrong duty (`in` for `not in` where play.py looks for the duty that keeps the card out)."""
    played = (engine_sweep.ENGINE / "play.py").read_text(encoding="utf-8")
    lines = played.splitlines()
    mutation = next(m for m in engine_sweep.mutations(["play.py"])
                    if "watch not in kept" in lines[m.line - 1] and m.change == "not in -> in")
    folder = tmp_path / "copy"
    runner = engine_sweep.EngineSweep(["tute"], folder, fuzz_seconds=0)
    outcome = runner.judge(mutation)
    assert outcome.status == "caught" and "play.follow_suit" in outcome.failing["tute"]
    assert (engine_sweep.ENGINE / "play.py").read_text(encoding="utf-8") == played
    assert (folder / "touti_dsl" / "engine" / "play.py").read_text(encoding="utf-8") == played  # restored after


def test_only_names_the_mutants_run(capsys):
    """`--only` picks mutants by the names `--list` gives (a glob), so that one finding can be judged again alone."""
    assert engine_sweep.main(["--list", "--only", "bidding-0009"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == 1 and listed[0].startswith("bidding-0009 ")
    assert engine_sweep.main(["--list", "--files", "bidding.py", "--only", "bidding-000*"]) == 0
    assert [row.split()[0] for row in capsys.readouterr().out.splitlines()] == [f"bidding-000{i}" for i in range(10)]
