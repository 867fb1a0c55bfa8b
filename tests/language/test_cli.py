"""`touti check`, `touti fmt` and `touti show`: exit codes, where the output goes, what it says."""

from __future__ import annotations

import json
import subprocess
import sys

from touti_dsl.cli import main
from touti_dsl.formatter import format_text

from ..conftest import SPEC_DIR
from .snippets import MINI, edit

SPECS = sorted(SPEC_DIR.glob("*.touti"))
EXAMPLES = sorted((SPEC_DIR / "examples").glob("*.touti"))
CANONICAL = format_text(MINI)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_every_bundled_spec_and_example(capsys):
    code, out, err = run(capsys, "check", *map(str, SPECS + EXAMPLES))
    # tests/language/test_bundled.py KNOWN_WARNINGS: one warning, and the files stay valid
    assert code == 0 and "warning[W410]: with 2 players: play.overtrump" in err and "error" not in err
    assert err.rstrip().endswith("\n1 warning(s)")
    assert len(out.splitlines()) == len(SPECS + EXAMPLES) and all(": ok (" in line for line in out.splitlines())


def test_check_accepts_folders_and_system_ids(capsys):
    code, out, _ = run(capsys, "check", str(SPEC_DIR / "examples"), "tute")
    assert code == 0 and len(out.splitlines()) == len(EXAMPLES) + 1


def test_check_reports_every_problem_of_every_file_on_stderr(tmp_path, capsys):
    bad = tmp_path / "mini.touti"
    bad.write_text(edit("  pass: final", "  pass: finale", edit("points: 1 = 11", "points: 9 = 11")))
    code, out, err = run(capsys, "check", str(SPECS[0]), str(bad), str(tmp_path / "missing.touti"))
    assert code == 1
    assert out.count(": ok (") == 1
    assert f"{bad}:11:11: error[E205]" in err and f"{bad}:35:9: error[E102]" in err and "error[E010]" in err
    assert "   35 |   pass: finale" in err and "did you mean final?" in err
    assert err.rstrip().endswith("3 error(s) in 2 of 3 file(s)")


def test_fmt_check_lists_files_that_would_change_with_a_diff(tmp_path, capsys):
    messy = tmp_path / "mini.touti"
    messy.write_text(CANONICAL.replace("  step: 10", "  step:   10"))
    code, out, err = run(capsys, "fmt", "--check", str(messy), *map(str, SPECS))
    assert code == 1 and err == ""
    assert f"would reformat {messy}" in out and "-  step:   10\n+  step: 10\n" in out
    assert "1 file(s) would be reformatted" in out


def test_fmt_check_passes_on_the_bundled_specs(capsys):
    code, out, _ = run(capsys, "fmt", "--check", *map(str, SPECS + EXAMPLES))
    assert code == 0 and "0 file(s) would be reformatted" in out


def test_fmt_rewrites_in_place_and_names_the_files(tmp_path, capsys):
    messy = tmp_path / "mini.touti"
    messy.write_text(CANONICAL.replace("  step: 10", "  step:   10"))
    code, out, _ = run(capsys, "fmt", str(messy))
    assert code == 0 and f"reformatted {messy}" in out
    assert "  step: 10\n" in messy.read_text()
    assert run(capsys, "fmt", "--check", str(messy))[0] == 0


def test_fmt_on_a_file_that_does_not_parse(tmp_path, capsys):
    broken = tmp_path / "mini.touti"
    broken.write_text(MINI.replace("  step: 10", "  step 10"))
    code, _, err = run(capsys, "fmt", str(broken))
    assert code == 1 and f"{broken}:33:8: error[E002]" in err
    assert broken.read_text() == MINI.replace("  step: 10", "  step 10")


def test_show_json_is_stable_and_sorted(capsys):
    code, first, _ = run(capsys, "show", "--format", "json", str(SPEC_DIR / "atlas-carta.touti"))
    again = run(capsys, "show", "atlas-carta", "--format", "json")[1]
    data = json.loads(first)
    assert code == 0 and first == again
    assert list(data) == sorted(data) and list(data["rules"]) == sorted(data["rules"])
    assert data["rules"]["bidding.step"]["value"] == {"node": "Number", "value": 10}


def test_show_summary_of_a_variant_says_what_changed(capsys):
    code, out, _ = run(capsys, "show", str(SPEC_DIR / "examples" / "atlas-partner-exemption.touti"))
    assert code == 0
    assert "changes from atlas-carta:" in out and "override play.partner_exemption" in out
    assert " * partner_exemption: overtake, trump_when_void, overtrump" in out
    assert "House rule: following suit is still owed" in out


def test_show_refuses_an_invalid_spec(tmp_path, capsys):
    bad = tmp_path / "mini.touti"
    bad.write_text(edit("  step: 10", "  step: 0"))
    code, out, err = run(capsys, "show", str(bad))
    assert code == 1 and out == "" and "error[E300]" in err


def test_console_entry_point_exit_codes(tmp_path):
    bad = tmp_path / "mini.touti"
    bad.write_text(edit("  step: 10", "  step: 0"))
    good = subprocess.run([sys.executable, "-m", "touti_dsl", "check", str(SPECS[0])], capture_output=True, text=True)
    failed = subprocess.run([sys.executable, "-m", "touti_dsl", "check", str(bad)], capture_output=True, text=True)
    assert good.returncode == 0 and failed.returncode == 1
    assert "Traceback" not in failed.stderr and "error[E300]" in failed.stderr


def test_fmt_in_a_read_only_folder_is_a_clean_error(tmp_path, capsys):
    import os

    messy = tmp_path / "mini.touti"
    messy.write_text(CANONICAL.replace("  step: 10", "  step:   10"))
    os.chmod(tmp_path, 0o500)
    try:
        if os.access(tmp_path, os.W_OK):  # running as root: permissions do not apply
            return
        code, _, err = run(capsys, "fmt", str(messy))
    finally:
        os.chmod(tmp_path, 0o700)
    assert code == 1 and "error[E012]" in err


def test_show_lists_a_removed_section_on_one_line(capsys):
    code, out, _ = run(capsys, "show", str(SPEC_DIR / "examples" / "atlas-no-signals.touti"))
    assert code == 0
    assert "  remove   signal (title, values, effect, out_of_bidding," in out
    assert "\ncall signal\n" not in out


def test_check_json_gives_one_object_per_file(tmp_path, capsys):
    bad = tmp_path / "mini.touti"
    bad.write_text(edit("  pass: final", "  pass: finale"))
    code, out, err = run(capsys, "check", "--format", "json", str(SPECS[0]), str(bad))
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 1 and err == ""
    assert first == {"file": str(SPECS[0]), "ok": True, "diagnostics": []}
    assert second["ok"] is False and second["diagnostics"] == [{
        "code": "E102", "severity": "error", "message": "bidding.pass does not take 'finale'",
        "hint": "did you mean final?", "file": str(bad), "line": 35, "column": 9}]


def test_fmt_dash_filters_stdin_to_stdout(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(CANONICAL.replace("  step: 10", "  step:10").encode())))
    code, out, _ = run(capsys, "fmt", "-")
    assert code == 0 and out == CANONICAL
