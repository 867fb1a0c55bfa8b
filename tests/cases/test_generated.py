"""The committed conformance cases: fresh, valid, complete, and passed by the reference.

"`generated/` is committed and reproducible: regenerating from the same specs yields
byte-identical files, and a test fails when it is stale."
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import jsonschema
import pytest

from touti_dsl.cases.build import generate, write_groups
from touti_dsl.cases.coverage import coverage
from touti_dsl.cases.freshness import STAMP, code_fingerprint, generating_modules, stale_reason, write_stamp
from touti_dsl.conformance.cases import load_cases
from touti_dsl.loader import load_spec

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated"
SPECS = sorted((ROOT / "spec").glob("*.touti")) + sorted((ROOT / "spec" / "examples").glob("*.touti"))
SCHEMA = json.loads((ROOT / "conformance" / "schema" / "case.schema.json").read_text(encoding="utf-8"))


def _regenerate(path: str) -> dict[str, str]:
    spec = load_spec(path)
    with tempfile.TemporaryDirectory() as out:
        written = write_groups(spec, generate(spec), Path(out))
        return {p.name: p.read_text(encoding="utf-8") for p in written}


# generated again on every run, stamp or not: generation itself stays reproducible (the smallest suite)
ALWAYS = ("tute",)


def _to_regenerate(thorough: bool) -> list[Path]:
    """Every spec under --thorough; else the suites whose stamp does not vouch for them, and ALWAYS."""
    return [path for path in SPECS
            if thorough or path.stem in ALWAYS or stale_reason(load_spec(path), GENERATED / load_spec(path).system)]


@pytest.fixture(scope="module")
def regenerated(request) -> dict[str, dict[str, str]]:
    chosen = _to_regenerate(request.config.getoption("--thorough"))
    with ProcessPoolExecutor(max_workers=2) as pool:
        texts = list(pool.map(_regenerate, [str(p) for p in chosen]))
    return {load_spec(p).system: t for p, t in zip(chosen, texts)}


def test_every_spec_has_committed_cases():
    for path in SPECS:
        assert (GENERATED / load_spec(path).system).is_dir(), f"run `make generate`: no cases for {path.name}"


def test_every_suite_is_stamped_by_the_current_spec_and_code():
    """A suite's stamp vouches for it: same spec, same generating code, case files as written (else: `make generate`)."""
    stale = {path.stem: stale_reason(load_spec(path), GENERATED / load_spec(path).system) for path in SPECS}
    assert not {k: v for k, v in stale.items() if v}, "run `make generate`"


def test_generated_cases_are_fresh(regenerated):
    """Regenerating from the same specs yields byte-identical files (else: `make generate`): the suites the stamps do
    not vouch for, one suite on every run, and every suite under --thorough."""
    assert regenerated
    for system, files in regenerated.items():
        folder = GENERATED / system
        committed = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.json")}
        files = {name: text for name, text in files.items() if name != STAMP}
        assert sorted(committed) == sorted(files), f"{system}: case files differ; run `make generate`"
        for name, text in files.items():
            assert committed[name] == text, f"generated/{system}/{name} is stale; run `make generate`"


VALIDATOR = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)
# A step is valid or not whatever case holds it (the schema names #/$defs/step once: the items of a case's steps), so
# a file is checked as the schema with any step allowed, and each distinct step once against #/$defs/step: the same
# verdict as VALIDATOR's, without validating again the thousands of steps that repeat.
_ANY_STEP = dict(SCHEMA, **{"$defs": dict(SCHEMA["$defs"], step=True)})
FILE_VALIDATOR = type(VALIDATOR)(_ANY_STEP)
STEP_VALIDATOR = type(VALIDATOR)({"$schema": SCHEMA["$schema"], "$id": SCHEMA["$id"], "$defs": SCHEMA["$defs"],
                                  "$ref": "#/$defs/step"})
VALID_STEPS: set[str] = set()


def validate_case_file(data: dict) -> None:
    """VALIDATOR.validate(data), each distinct step validated once per run."""
    FILE_VALIDATOR.validate(data)
    for case in data["cases"]:
        for step in case["steps"]:
            key = json.dumps(step, sort_keys=True)
            if key not in VALID_STEPS:
                STEP_VALIDATOR.validate(step)
                VALID_STEPS.add(key)
SCHEMA_STRIDE = 4  # by default every fourth case of a file (and its last) is validated; all of them with --thorough


def schema_sample(cases: list[dict], thorough: bool) -> list[dict]:
    """The cases a run validates: a deterministic sample, since a fault of the generator's output shape shows in many."""
    return cases if thorough else cases[::SCHEMA_STRIDE] + cases[-1:]


def test_the_schema_is_a_valid_schema():
    type(VALIDATOR).check_schema(SCHEMA)
    assert json.dumps(SCHEMA).count('"#/$defs/step"') == 1  # what validate_case_file relies on


def test_a_file_with_a_wrong_step_is_refused_as_the_whole_schema_refuses_it():
    data = json.loads(next((GENERATED / "tute").glob("*.json")).read_text(encoding="utf-8"))
    data["cases"] = data["cases"][:1]
    validate_case_file(data)
    for wrong in ({"op": "apply", "seat": -1, "action": "pass"}, {"op": "sing"}, {"op": "legal", "seat": 0, "expect": "x"}):
        data["cases"][0]["steps"].append(wrong)
        with pytest.raises(jsonschema.ValidationError):
            VALIDATOR.validate(data)
        with pytest.raises(jsonschema.ValidationError):
            validate_case_file(data)
        data["cases"][0]["steps"].pop()


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_case_files_match_the_schema(path, request):
    """Every case file; validating each step costs about 0.6 ms, so the whole suites wait for --thorough."""
    system = load_spec(path).system
    thorough = request.config.getoption("--thorough")
    for file in sorted((GENERATED / system).glob("*.json")):
        data = json.loads(file.read_text(encoding="utf-8"))
        validate_case_file(dict(data, cases=schema_sample(data["cases"], thorough)))


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_every_rule_has_its_cases(path):
    """`touti coverage` shows every rule id with a positive and a negative case, or says why not."""
    spec = load_spec(path)
    report = coverage(spec, load_cases(GENERATED / spec.system))
    missing = [row.rule_id for row in report if row.status == "MISSING"]
    assert not missing, f"{spec.system}: rules without their cases: {missing}"


def test_atlas_carta_never_decisive_rules_are_the_implied_ones():
    """RULES.md: "an opponent is still bidding", and a pre-announcement "only if no signal was
    sent" and "once per round" are implied by the others; the report lists them, not fails."""
    spec = load_spec(ROOT / "spec" / "atlas-carta.touti")
    report = {row.rule_id: row for row in coverage(spec, load_cases(GENERATED / "atlas-carta"))}
    never = {rule for rule, row in report.items() if row.status == "never-decisive"}
    assert never == {"signal.opponent_bidding", "preannounce.no_signal_before", "preannounce.once"}
    for rule in never:
        assert report[rule].positive > 0
    for rule in ("signal.bid_made", "signal.new_level", "signal.out_of_bidding", "signal.partner_turn"):
        assert report[rule].status == "covered", rule


def test_contract_made_and_failed_by_the_narrowest_margin():
    """"a contract made or failed by one point" (issue: generation from the spec)."""
    cases = load_cases(GENERATED / "atlas-carta")
    texts = [c["description"] for c in cases if "scoring.round" in c["rules"]]
    assert any("made with 0 point(s)" in t or "made with 1 point(s)" in t for t in texts), texts
    assert any("missed by 1 point(s)" in t for t in texts), texts


def test_each_caps_level_has_its_cases():
    """"every caps level and its neighbours": a ghna refused or accepted at each contract level."""
    cases = load_cases(GENERATED / "atlas-carta")
    levels = {int(c["description"].split("(contract ")[1].split()[0]) for c in cases
              if "ghna.caps" in c["rules"] and "(contract " in c["description"]}
    assert {80, 90, 100, 110, 120} <= levels, levels


def test_a_stamp_no_longer_vouches_once_the_spec_the_code_or_a_file_changes(tmp_path):
    spec = load_spec(SPECS[0])
    folder = tmp_path / spec.system
    folder.mkdir()
    for path in (GENERATED / spec.system).glob("*.json"):
        (folder / path.name).write_bytes(path.read_bytes())
    write_stamp(spec, folder)
    assert stale_reason(spec, folder) is None
    first = next(folder.glob("*.json"))
    first.write_text(first.read_text(encoding="utf-8").replace('"cases"', '"cases" ', 1), encoding="utf-8")
    assert stale_reason(spec, folder) == "a case file was edited"
    write_stamp(spec, folder)
    other = load_spec(SPECS[1])
    assert stale_reason(other, folder) == "the spec changed"
    stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    (folder / STAMP).write_text(json.dumps(dict(stamp, code="0" * 20)), encoding="utf-8")
    assert stale_reason(spec, folder) == "the generating code changed"
    (folder / STAMP).write_text("not json", encoding="utf-8")
    assert stale_reason(spec, folder) == "no stamp"
    assert len(code_fingerprint()) == 20


def test_the_fingerprint_covers_every_module_that_generating_runs(tmp_path):
    # static import closure against what a real `touti generate` loads: a module imported
    # some other way (importlib, a plugin) would change cases without breaking any stamp
    probe = (
        "import sys\n"
        "from touti_dsl.cli import main\n"
        f"code = main(['generate', 'tute', '--rounds', '4', '--out', {str(tmp_path)!r}])\n"
        "print(' '.join(sorted(n for n in sys.modules if n.startswith('touti_dsl'))))\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    loaded = set(run.stdout.splitlines()[-1].split()) - {"touti_dsl.cli", "touti_dsl.commands"}
    loaded = {name for name in loaded if not name.startswith("touti_dsl.commands.") or name.endswith(".generate")}
    assert loaded <= set(generating_modules()), sorted(loaded - set(generating_modules()))
    assert "touti_dsl.conformance.fuzz" not in generating_modules()


def test_every_description_reads_without_an_empty_clause():
    # a situation with no words once left "… in force (trumps oros), : seat 0's legal actions"
    empty = sorted({case["description"] for suite in GENERATED.iterdir() if suite.is_dir()
                    for case in load_cases(suite) if re.search(r",\s*[:,]|\(\s*\)", case["description"])})
    assert empty == []


def test_a_duty_shown_by_its_exception_says_so():
    from touti_dsl.cases.situations import situation_words
    from touti_dsl.engine import Game
    tute = Game.from_spec(load_spec(ROOT / "spec" / "tute.touti")).ruleset
    assert situation_words(tute, "play.overtake") == "where the duty's `unless` exception holds"
    assert situation_words(tute, "play.partner_exemption") == "with the partner winning the trick"
    assert situation_words(tute, "play.follow_suit") == ""
