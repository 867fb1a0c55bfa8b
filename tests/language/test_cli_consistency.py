"""Command line consistency (issue 11): one `--format` option, `diff --exit-code`, `play`
without a seed, command-line errors located on the command line, `fmt` that says why,
`init`, `systems`, `--version`."""

from __future__ import annotations

import json
import re

import pytest

from touti_dsl.cli import main

from ..conftest import SPEC_DIR, SYSTEMS
from .snippets import MINI


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["check", "show"])
def test_json_is_asked_with_format_and_the_old_flag_still_works(capsys, command):
    code, new, err = run(capsys, command, "--format", "json", "tute")
    assert code == 0 and err == ""
    json.loads(new.splitlines()[0] if command == "check" else new)
    code, old, err = run(capsys, command, "--json", "tute")
    assert (code, old) == (0, new) and "--json is deprecated, use --format json" in err


def test_every_command_that_prints_a_result_offers_format(capsys):
    for name in ("systems", "check", "show", "play", "diff", "coverage", "conform", "fuzz"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        assert "--format" in capsys.readouterr().out, name


def test_diff_exit_code(capsys):
    assert run(capsys, "diff", "atlas-carta", "touti-app")[0] == 0
    assert run(capsys, "diff", "--exit-code", "atlas-carta", "touti-app")[0] == 1
    code, out, _ = run(capsys, "diff", "--exit-code", "tute", str(SPEC_DIR / "tute.touti"))
    assert code == 0 and "no differences" in out


def test_diff_as_json(capsys):
    code, out, _ = run(capsys, "diff", "--format", "json", "atlas-carta", "touti-app")
    data = json.loads(out)
    assert code == 0 and (data["old"], data["new"]) == ("atlas-carta", "touti-app")
    change = next(c for c in data["changes"] if c["rule_id"] == "bidding.maximum")
    assert {k: change[k] for k in ("kind", "old", "new")} == {"kind": "changed", "old": "230", "new": "210"}
    assert change["words"] == "The highest bid is 210."  # each change also in plain words: the rules page's sentence


def test_play_without_a_seed_picks_one_prints_it_and_it_replays(capsys):
    code, out, err = run(capsys, "play", "atlas-carta")
    seed = re.fullmatch(r"seed: (\d+) \(replay with --seed \1\)\n", err)
    assert code == 0 and seed
    assert run(capsys, "play", "atlas-carta", "--seed", seed.group(1))[1] == out


@pytest.mark.parametrize("system", SYSTEMS)
def test_play_transcripts_show_no_python_values(capsys, system):
    code, out, _ = run(capsys, "play", system, "--seed", "5", "--rounds", "6")
    assert code == 0
    assert not re.search(r"\b(True|False|None)\b", out)


@pytest.mark.parametrize("setting, message", [
    ("targte=600", "atlas-carta has no setting 'targte' (its settings: target); did you mean target?"),
    ("target=7", "7 is not a choice of match.target in atlas-carta (choices: "),
    ("target", "expected KEY=NUMBER"),
])
def test_play_setting_errors_are_located_on_the_command_line(capsys, setting, message):
    code, out, err = run(capsys, "play", "atlas-carta", "--seed", "1", "--set", setting)
    assert code == 2 and out == ""
    assert err.startswith(f"touti play: error: --set {setting}: ") and message in err
    assert ".touti" not in err and "<model>" not in err


def test_a_missing_file_has_no_zero_line_and_column(tmp_path, capsys):
    missing = tmp_path / "missing.touti"
    code, _, err = run(capsys, "check", str(missing))
    assert code == 1 and f"{missing}: error[E010]" in err and ":0:0" not in err


def test_a_misspelled_system_id_gets_did_you_mean(capsys):
    code, _, err = run(capsys, "show", "tutti-mo")
    assert code == 1 and "command line: error[E010]" in err and "did you mean tutti-ma?" in err


def test_fmt_says_a_file_with_a_syntax_error_was_not_formatted(tmp_path, capsys):
    broken = tmp_path / "mini.touti"
    broken.write_text(MINI.replace("  step: 10", "  step 10"))
    code, out, err = run(capsys, "fmt", str(broken))
    assert code == 1
    assert f"{broken}: not formatted: it has a syntax error" in err
    assert "0 file(s) reformatted, 0 unchanged, 1 not formatted" in out


def test_fmt_check_prints_the_whole_diff(tmp_path, capsys):
    messy = tmp_path / "mini.touti"
    messy.write_text(MINI.replace(": ", ":   "))
    code, out, _ = run(capsys, "fmt", "--check", str(messy))
    removed = [line for line in out.splitlines() if line.startswith("-") and not line.startswith("---")]
    assert code == 1 and len(removed) == MINI.count(": ") > 20
    assert "more diff lines" not in out


def test_init_writes_a_variant_that_checks_and_is_formatted(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for system in SYSTEMS:
        code, out, _ = run(capsys, "init", f"house-{system}", "--extends", system)
        assert code == 0 and out == f"wrote house-{system}.touti (extends {system}); next: touti check house-{system}.touti\n"
        text = (tmp_path / f"house-{system}.touti").read_text()
        assert f'system "house-{system}" extends "{system}"' in text and text.count("\n# ") >= 4
        assert run(capsys, "check", f"house-{system}.touti")[0] == 0
        assert run(capsys, "fmt", "--check", f"house-{system}.touti")[0] == 0


def test_init_never_overwrites_and_refuses_a_bad_id(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.touti").write_text("mine")
    code, _, err = run(capsys, "init", "house", "--extends", "tute")
    assert code == 2 and "already exists" in err and (tmp_path / "house.touti").read_text() == "mine"
    code, _, err = run(capsys, "init", "House", "--extends", "tute")
    assert code == 1 and "error[E020]" in err
    code, _, err = run(capsys, "init", "other", "--extends", "tut")
    assert code == 1 and "did you mean tute?" in err


def test_systems_lists_id_title_suite_and_origin(capsys):
    code, out, _ = run(capsys, "systems")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["ID", "TITLE", "SUITE", "FROM"]
    atlas = next(line for line in lines if line.startswith("atlas-carta "))
    assert "Atlas Carta" in atlas and " yes " in atlas and f"bundled: {SPEC_DIR / 'atlas-carta.touti'}" in atlas
    code, out, _ = run(capsys, "systems", "--format", "json")
    entries = {entry["id"]: entry for entry in json.loads(out)}
    assert set(SYSTEMS) <= set(entries) and entries["atlas-no-signals"]["base"] == "atlas-carta"


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and re.fullmatch(r"touti \d+\.\d+\.\d+\S*\n", capsys.readouterr().out)


def test_a_diagnostic_without_a_line_has_null_line_and_column_in_json(tmp_path, capsys):
    code, out, _ = run(capsys, "check", "--format", "json", str(tmp_path / "missing.touti"))
    (diagnostic,) = json.loads(out)["diagnostics"]
    assert code == 1 and (diagnostic["code"], diagnostic["line"], diagnostic["column"]) == ("E010", None, None)


def test_conform_names_a_misspelled_system_once_located_on_the_command_line(capsys):
    code, _, err = run(capsys, "conform", "--impl", "true", "--system", "atlas-cart")
    assert code == 2 and err.startswith("command line: error[E901]: no generated cases for system 'atlas-cart'")
    assert "did you mean atlas-carta?" in err


def test_init_refuses_a_variant_whose_base_it_would_not_find(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bases").mkdir()
    (tmp_path / "elsewhere").mkdir()
    assert run(capsys, "init", "club", "--extends", "tute", "--out", "bases")[0] == 0
    code, _, err = run(capsys, "init", "house", "--extends", "bases/club.touti", "--out", "elsewhere")
    assert code == 2 and 'extends "club" written in elsewhere/house.touti would not find bases/club.touti' in err
    assert not (tmp_path / "elsewhere" / "house.touti").exists()
    assert run(capsys, "init", "house", "--extends", "bases/club.touti", "--out", "bases")[0] == 0
    assert run(capsys, "check", "bases/house.touti")[0] == 0
