"""Where specs and suites are found (touti_dsl.search_path): system ids from anywhere,
$TOUTI_PATH and the current folder for the user's own specs, and `extends` that never
leaves the spec folders through a link (issue 12 item 8)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from touti_dsl.cli import main
from touti_dsl.errors import ToutiError, render
from touti_dsl.loader import load_spec
from touti_dsl.search_path import available_systems, case_dir, find_spec

from ..conftest import ROOT, SPEC_DIR
from .test_variants import variant, write

SECRET = "root:x:0:0:secret-first-line"


@pytest.fixture
def elsewhere(tmp_path, monkeypatch) -> Path:
    """A current folder outside the checkout, with no TOUTI_PATH."""
    monkeypatch.delenv("TOUTI_PATH", raising=False)
    monkeypatch.delenv("TOUTI_SPEC_PATH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_bundled_system_is_found_by_id_from_any_folder(elsewhere):
    assert find_spec("atlas-carta") == SPEC_DIR / "atlas-carta.touti"
    assert find_spec("tute-five-hands") == SPEC_DIR / "examples" / "tute-five-hands.touti"
    assert case_dir("tute") == ROOT / "generated" / "tute"


def test_a_misspelled_system_id_gets_did_you_mean_on_the_command_line(elsewhere):
    with pytest.raises(ToutiError) as caught:
        find_spec("atlas-cart")
    text = render(caught.value.diagnostics)
    assert text.startswith("command line: error[E010]: 'atlas-cart' is neither a spec file nor a system")
    assert "did you mean atlas-carta?" in text and ":0:0" not in text


def test_a_misspelled_suite_gets_did_you_mean(elsewhere):
    with pytest.raises(ToutiError) as caught:
        case_dir("tutti-mo")
    assert "did you mean tutti-ma?" in render(caught.value.diagnostics)


def test_the_current_folder_holds_the_users_specs_and_bases(elsewhere):
    write(elsewhere, "house", variant("house", "atlas-carta"))
    (elsewhere / "sub").mkdir()
    write(elsewhere / "sub", "house-two", variant("house-two", "house"))
    assert find_spec("house") == elsewhere / "house.touti"
    assert load_spec(elsewhere / "sub" / "house-two.touti").base == "house"  # the base from the current folder


def test_touti_path_folders_come_first_and_their_suites_are_found(tmp_path, elsewhere, monkeypatch):
    mine, theirs = tmp_path / "mine" / "spec", tmp_path / "theirs"
    mine.mkdir(parents=True)
    theirs.mkdir()
    write(mine, "atlas-carta", variant("atlas-carta", "tute"))  # shadows the bundled one, on purpose
    write(theirs, "house", variant("house", "atlas-carta"))
    (tmp_path / "mine" / "generated" / "house").mkdir(parents=True)
    monkeypatch.setenv("TOUTI_PATH", os.pathsep.join([str(mine), str(theirs)]))
    assert find_spec("atlas-carta") == mine / "atlas-carta.touti"
    assert find_spec("house") == theirs / "house.touti"
    assert case_dir("house") == tmp_path / "mine" / "generated" / "house"
    origins = {system: origin for system, _, origin in available_systems()}
    assert origins["atlas-carta"] == "TOUTI_PATH" and origins["tute"] == "bundled"


def test_the_old_variable_touti_spec_path_still_works(tmp_path, elsewhere, monkeypatch):
    folder = tmp_path / "old"
    folder.mkdir()
    write(folder, "house", variant("house", "atlas-carta"))
    monkeypatch.setenv("TOUTI_SPEC_PATH", str(folder))
    assert find_spec("house") == folder / "house.touti"


def _linked_base(folder: Path, target: Path) -> Path:
    (folder / "base.touti").symlink_to(target)
    return write(folder, "house", variant("house", "base"))


@pytest.mark.parametrize("where", ["outside", "under the current folder", "in the current folder"])
def test_extends_refuses_a_link_to_a_file_that_is_not_a_spec_of_the_folders(tmp_path, elsewhere, capsys, where):
    folder = {"outside": tmp_path.parent / f"{tmp_path.name}-outside", "under the current folder": tmp_path / "private",
              "in the current folder": tmp_path}[where]
    folder.mkdir(exist_ok=True)
    secret = folder / "passwd"
    secret.write_text(SECRET + "\nmore\n")
    specs = tmp_path / "specs"
    specs.mkdir()
    house = _linked_base(specs, secret)
    assert main(["check", str(house)]) == 1
    out, err = capsys.readouterr()
    assert f"{house}:3:24: error[E026]: {specs / 'base.touti'} leads to a file that is not a .touti spec" in err
    assert "secret" not in out + err


def test_extends_refuses_a_link_to_a_device(tmp_path, elsewhere, capsys):
    specs = tmp_path / "specs"
    specs.mkdir()
    house = _linked_base(specs, Path("/dev/zero"))
    assert main(["check", str(house)]) == 1
    assert "error[E026]" in capsys.readouterr().err


def test_extends_follows_a_link_that_stays_inside_the_spec_folders(tmp_path, elsewhere):
    specs = tmp_path / "specs"
    specs.mkdir()
    house = _linked_base(specs, SPEC_DIR / "atlas-carta.touti")
    with pytest.raises(ToutiError) as caught:  # the link is followed: base.touti declares atlas-carta
        load_spec(house)
    assert [d.code for d in caught.value.diagnostics] == ["E025"]


def test_a_deleted_current_folder_is_skipped(tmp_path, elsewhere, monkeypatch):
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert find_spec("tute") == SPEC_DIR / "tute.touti"
