"""House-rule variants: flattening, and the located errors of extends, override and remove."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec
from touti_dsl.variants import load_flat

from ..conftest import SPEC_DIR
from .snippets import where

EXAMPLES = sorted((SPEC_DIR / "examples").glob("*.touti"))


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.touti"
    path.write_text(text, encoding="utf-8")
    return path


def variant(system: str, base: str, body: str = "") -> str:
    return f'touti 1\n\nsystem "{system}" extends "{base}" {{\n  title: "{system}"\n}}\n{body}'


def problems_of(path: Path) -> list[tuple[str, str, int, int]]:
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    return [(d.code, Path(d.loc.file).name, d.loc.line, d.loc.column) for d in caught.value.diagnostics]


def test_there_are_at_least_three_examples_each_under_15_rule_lines():
    """House rules are short; a spec that seats another table (tute-habanero, guinote…) is a game of its own."""
    house_rules = [p for p in EXAMPLES if not any(c.rule_id.startswith("table.") for c in load_spec(p).changes)]
    assert len(house_rules) >= 3
    for path in house_rules:
        assert len(_rule_lines(path)) <= 15, path


def _rule_lines(path: Path) -> list[str]:
    """The lines that write, add or remove a rule: after the system header, neither comments nor braces.

    A rule's value may run over several lines (a table, translated labels): its continuation lines count too."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header_end = next(i for i, line in enumerate(lines) if line.startswith("system "))
    header_end = next(i for i in range(header_end, len(lines)) if lines[i].strip() == "}")
    return [line for line in lines[header_end + 1:]
            if line.strip() and not line.lstrip().startswith("#") and line.strip() != "}" and not line.rstrip().endswith("{")]


def test_rule_lines_are_counted_without_the_header_braces_and_comments(tmp_path):
    path = tmp_path / "x.touti"
    path.write_text('# note\ntouti 1\n\nsystem "x" extends "tute" {\n  title: "X"\n    fr "X"\n}\n\n'
                    'match {\n  # why\n  end: target\n  remove hands\n}\n', encoding="utf-8")
    assert _rule_lines(path) == ["  end: target", "  remove hands"]


def test_no_signals_drops_both_calls_and_nothing_else():
    spec = load_spec(SPEC_DIR / "examples" / "atlas-no-signals.touti")
    base = load_spec(SPEC_DIR / "atlas-carta.touti")
    assert spec.base == "atlas-carta" and spec.calls == ()
    assert [r for r in base.rules if r.kind == "section" and r.section != "system"] == \
        [r for r in spec.rules if r.section != "system"]


def test_partner_exemption_overrides_one_rule_in_place():
    spec = load_spec(SPEC_DIR / "examples" / "atlas-partner-exemption.touti")
    base = load_spec(SPEC_DIR / "atlas-carta.touti")
    assert spec.rule_ids == base.rule_ids
    assert spec.value("play.partner_exemption").words == ("overtake", "trump_when_void", "overtrump")
    assert ("play.partner_exemption", "override") in [(c.rule_id, c.action) for c in spec.changes]
    assert [note.kind for note in spec.rule("play.partner_exemption").notes] == ["house"]


def test_extends_cycle_is_located_at_the_extends(tmp_path):
    path = write(tmp_path, "ping", variant("ping", "pong"))
    write(tmp_path, "pong", variant("pong", "ping"))
    text = path.read_text()
    assert problems_of(path) == [("E022", "ping.touti", *where(text, '"pong"'))]


def test_extending_itself_is_a_cycle(tmp_path):
    path = write(tmp_path, "selfish", variant("selfish", "selfish"))
    assert [p[0] for p in problems_of(path)] == ["E022"]


def test_unknown_base_suggests_a_near_name(tmp_path):
    path = write(tmp_path, "house", variant("house", "atlas-cart"))
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    (problem,) = caught.value.diagnostics
    assert (problem.code, problem.loc.line, problem.loc.column) == ("E021", *where(path.read_text(), '"atlas-cart"'))
    assert problem.hint == "did you mean atlas-carta?"


def test_base_named_by_a_path_is_refused(tmp_path):
    path = write(tmp_path, "house", variant("house", "../spec/atlas-carta"))
    assert [p[0] for p in problems_of(path)] == ["E020"]


def test_override_of_a_rule_the_base_lacks(tmp_path):
    path = write(tmp_path, "house", variant("house", "tute", "\nbidding {\n  minimum: 70\n}\n"))
    text = path.read_text()
    assert problems_of(path) == [("E023", "house.touti", *where(text, "minimum"))]


def test_removal_of_a_rule_the_base_lacks(tmp_path):
    path = write(tmp_path, "house", variant("house", "atlas-carta", "\nghna {\n  remove minimums\n}\n\nremove call as\n"))
    text = path.read_text()
    assert problems_of(path) == [("E024", "house.touti", *where(text, "remove minimums")),
                                 ("E024", "house.touti", *where(text, "remove call as"))]


def test_rule_written_twice_in_a_variant(tmp_path):
    path = write(tmp_path, "house", variant("house", "atlas-carta", "\nbidding {\n  step: 10\n  step: 10\n}\n"))
    assert problems_of(path) == [("E104", "house.touti", *where(path.read_text(), "step: 10", 2))]


def test_removing_a_call_still_named_elsewhere_points_into_the_base(tmp_path):
    path = write(tmp_path, "house", variant("house", "atlas-carta", "\nremove call signal\n"))
    base_text = (SPEC_DIR / "atlas-carta.touti").read_text()
    assert problems_of(path) == [("E402", "atlas-carta.touti", *where(base_text, "made(signal)"))]


def test_variant_needs_its_own_id(tmp_path):
    path = write(tmp_path, "house", variant("tute", "tute"))
    assert problems_of(path) == [("E106", "house.touti", 3, 8)]


def test_add_introduces_a_section_the_base_lacks(tmp_path):
    body = "\nadd bidding {\n  minimum: 70\n  step: 10\n  maximum: 230\n  pass: final\n  all_pass: void\n}\n"
    spec = load_flat(write(tmp_path, "house", variant("house", "tute", body)))
    assert spec.value("bidding.step").value == 10
    assert [c.action for c in spec.changes if c.rule_id.startswith("bidding.")] == ["add"] * 5


def test_variant_of_a_variant_flattens_the_whole_chain(tmp_path):
    path = write(tmp_path, "house", variant("house", "atlas-no-signals", "\nmatch {\n  target: 400 (400, 600)\n}\n"))
    spec = load_spec(path)
    assert spec.base == "atlas-no-signals" and spec.calls == () and spec.value("match.target").default == 400


def test_variant_mistakes_are_reported_together_with_check_errors(tmp_path):
    body = "\nbidding {\n  minimun: 80\n  step: 0\n}\n"
    path = write(tmp_path, "house", variant("house", "atlas-carta", body))
    text = path.read_text()
    assert problems_of(path) == [("E023", "house.touti", *where(text, "minimun")),
                                 ("E300", "house.touti", *where(text, "step: @0"))]


def test_base_file_declaring_another_system_id(tmp_path):
    write(tmp_path, "base", variant("not-base", "tute"))
    path = write(tmp_path, "house", variant("house", "base"))
    assert problems_of(path) == [("E025", "house.touti", *where(path.read_text(), '"base"'))]


# ---------------------------------------------------------------- adding, and blaming the variant


def test_writing_and_removing_one_rule_is_an_error_at_the_removal(tmp_path):
    text = variant("both-ways", "atlas-carta", "\nbidding {\n  step: 20\n  remove step\n}\n")
    path = write(tmp_path, "both-ways", text)
    assert ("E027", "both-ways.touti", *where(text, "remove step")) in problems_of(path)


def test_a_rule_of_the_language_the_base_lacks_is_added_in_place(tmp_path):
    path = write(tmp_path, "made-double", variant("made-double", "atlas-carta", "\nscoring {\n  made: 2 * contract\n}\n"))
    spec = load_spec(path)
    ids = [r.id for r in spec.rules]
    assert ids.index("scoring.made") == ids.index("scoring.round") + 1  # the section stays together
    assert [c.action for c in spec.changes if c.rule_id == "scoring.made"] == ["add"]


def test_a_new_requirement_outside_an_add_block_is_taken_for_a_misspelt_override(tmp_path):
    text = variant("typo", "atlas-carta", "\ncall signal {\n  require opponent_biding: opponent_bidding\n}\n")
    path = write(tmp_path, "typo", text)
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    problem = caught.value.diagnostics[0]
    assert problem.code == "E023" and "opponent_bidding" in (problem.hint or "")


def test_a_new_requirement_in_an_add_block_is_added(tmp_path):
    body = "\nadd ghna {\n  require bidder_only: bid_winner\n}\n"
    spec = load_spec(write(tmp_path, "bidder", variant("bidder", "atlas-carta", body)))
    assert spec.has("ghna.bidder_only") and spec.has("ghna.caps")


def test_a_problem_the_variant_causes_in_its_base_is_located_at_the_variant(tmp_path):
    text = variant("odd-step", "atlas-carta", "\nbidding {\n  step: 20\n}\n")
    path = write(tmp_path, "odd-step", text)
    found = problems_of(path)
    assert found and {(file, line, column) for _, file, line, column in found} == {
        ("odd-step.touti", *where(text, "step: 20"))}
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    assert "atlas-carta.touti:" in caught.value.diagnostics[0].message  # the base's own line is still named
