"""The mutation sweep (conformance/mutants/sweep.py): its mutants change one rule each, and a small fixed sample is
judged as the full sweep judges (the full sweep is `make sweep`, not part of the test suite)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_named, load_spec

from .scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


sweep = load_script(ROOT / "conformance" / "mutants" / "sweep.py", "sweep")


def _values(spec):
    return {rule.id: rule.value for rule in spec.rules}


@pytest.fixture
def seed_parsed_once(monkeypatch):
    """The seed file every mutant extends is parsed once per test instead of once per mutant (most of the loading time:
    a mutant's own file is two rules).  Parsing a file is pure and its model frozen; each mutant's own file is still
    parsed, flattened onto the seed and checked as `touti check` does."""
    import touti_dsl.variants as variants

    real, parsed = variants.parse_file, {}

    def parse_file(path):
        key = Path(path).resolve()
        if key.parent != ROOT / "spec":
            return real(path)
        if key not in parsed:
            parsed[key] = real(path)
        return parsed[key]

    monkeypatch.setattr(variants, "parse_file", parse_file)
    return parsed


@pytest.mark.parametrize("system", sweep.SEEDS)
def test_every_mutant_that_checks_changes_exactly_its_own_rule(system, tmp_path, seed_parsed_once):
    base = load_named(system)
    mutants = sweep.mutations(base)
    assert len(mutants) > 100
    kinds = {m.change.split(" ")[-1] for m in mutants}
    assert {"removed", "negated", "swapped", "dropped"} <= kinds
    checked, seed = 0, _values(base)
    for index, mutation in enumerate(mutants):
        path = tmp_path / f"m{index}.touti"
        path.write_text(mutation.text(f"m{index}"), encoding="utf-8")
        try:
            spec = load_spec(path)
        except ToutiError:
            continue  # refused by the checks: dropped by the sweep
        checked += 1
        mine = _values(spec)
        changed = {rule for rule in set(mine) | set(seed) if mine.get(rule) != seed.get(rule)}
        assert changed - {"system.title"} <= {mutation.rule, "play.order"}, (mutation.change, changed)
    assert checked > len(mutants) // 2
    assert list(seed_parsed_once) == [ROOT / "spec" / f"{system}.touti"]  # the mutants did extend the seed


def test_the_enumeration_is_stable():
    base = load_named("tute")
    assert [(m.rule, m.change) for m in sweep.mutations(base)] == [(m.rule, m.change) for m in sweep.mutations(base)]


def test_a_sample_is_sorted_the_way_the_sweep_reports_it(tmp_path):
    """Mutants of tute caught on their rule, refused by the checks, and escaped (equivalent: no fuzzing here)."""
    picks = {("deck.order", "5 and 4 swapped"): "caught", ("ghna.values", "trump = 40 -> 41"): "caught",
             ("play.partner_exemption", "none -> overtake"): "caught", ("ghna.pair", "12 -> 11"): "refused",
             ("rotation.after_void", "next_seat -> same_seat"): "escaped"}
    runner = sweep.Sweep("tute", tmp_path, None, fuzz_seconds=0)
    chosen = [(i, m) for i, m in enumerate(sweep.mutations(runner.base)) if (m.rule, m.change) in picks]
    outcomes = [runner.judge(i, m) for i, m in chosen]
    assert {(o.mutation.rule, o.mutation.change): o.status for o in outcomes} == picks
    assert "caught" in sweep.table(outcomes) and all(sweep.line(o) for o in outcomes)


def test_a_card_out_of_the_deck_is_mutated_into_the_wrong_card_out(tmp_path):
    """`deck.removed: 2b` gives the mutant that takes out the 2 of the next suit instead (and the one without it)."""
    path = tmp_path / "three.touti"
    path.write_text('touti 1\n\nsystem "three" extends "brisca-pairs" {\n  title: "Three"\n}\n\n'
                    "table {\n  seats: 3\n  teams: each\n}\n\ntrump {\n  remove swap\n  remove swap_window\n}\n\n"
                    "deck {\n  removed: 2b\n}\n", encoding="utf-8")
    found = [(mutant.change, mutant.override.value if mutant.override else None)
             for mutant in sweep.mutations(load_spec(path)) if mutant.rule == "deck.removed"]
    assert [change for change, _ in found] == ["2b -> 2o", "removed"]
    assert found[0][1].cards == ("2o",)
