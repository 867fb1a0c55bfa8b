"""The built wheel, installed into a fresh virtual environment outside the checkout, works.

Issue 11: "`pip install` of the built wheel gives a working `touti` with the four systems
and their suites."  The wheel is built offline from a copy of the sources
(`pip wheel --no-deps --no-build-isolation`), installed without its dependencies into a
new venv, and the dependencies come from this test run's own site-packages through a
`.pth` file, so no network is needed.  Every command runs in a temporary folder, with no
TOUTI_PATH, so nothing can be found through the checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from ..conftest import ROOT

pytestmark = pytest.mark.wheel
SOURCES = ("touti_dsl", "spec", "generated", "pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
VARIANT = '''touti 1

system "house" extends "atlas-carta" {
  title: "Atlas Carta, partner exemption"
}

play {
  partner_exemption: overtake, trump_when_void, overtrump
}
'''


def _copy_sources(target: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_bundled", "*.egg-info")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        else:
            shutil.copy2(source, target / name)


def _run(argv: list[str], cwd: Path, env: dict, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def built_wheel(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("wheel")
    _copy_sources(root / "src")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                  "-w", str(root / "dist"), str(root / "src")], root, dict(os.environ))
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (root / "dist").glob("touti_dsl-*.whl")
    return wheel


@pytest.fixture(scope="module")
def installed(built_wheel, tmp_path_factory) -> tuple[Path, dict]:
    """(a working folder outside the checkout, the environment whose PATH leads to the new venv's touti)."""
    root = tmp_path_factory.mktemp("installed")
    venv.EnvBuilder(with_pip=False).create(root / "venv")
    target = root / "venv" / "bin" / "python"
    pip = _run([sys.executable, "-m", "pip", "--python", str(target), "install", "--no-deps", "--no-index", str(built_wheel)],
               root, dict(os.environ))
    assert pip.returncode == 0, pip.stdout + pip.stderr
    purelib = _run([str(target), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], root, dict(os.environ))
    Path(purelib.stdout.strip(), "_touti_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("TOUTI_PATH", "TOUTI_SPEC_PATH", "PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{root / 'venv' / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    work = root / "work"
    work.mkdir()
    return work, env


def test_the_wheel_carries_every_bundled_spec_and_suite(built_wheel):
    names = set(zipfile.ZipFile(built_wheel).namelist())
    expected = {f"touti_dsl/_bundled/{p.relative_to(ROOT).as_posix()}"
                for folder in ("spec", "generated") for p in (ROOT / folder).rglob("*") if p.is_file()}
    assert expected and expected <= names


def test_the_installed_touti_runs_from_the_new_environment(installed):
    work, env = installed
    where = _run(["python", "-c", "import touti_dsl; print(touti_dsl.__file__)"], work, env)
    assert str(work.parent / "venv") in where.stdout and str(ROOT) not in where.stdout
    version = _run(["touti", "--version"], work, env)
    assert version.returncode == 0 and version.stdout.strip() == "touti 0.1.0"


def test_check_a_bundled_system_by_id(installed):
    work, env = installed
    checked = _run(["touti", "check", "atlas-carta"], work, env)
    assert checked.returncode == 0, checked.stderr
    assert "_bundled" in checked.stdout and "ok (atlas-carta, " in checked.stdout


def test_check_a_variant_that_extends_a_bundled_system(installed):
    work, env = installed
    (work / "house.touti").write_text(VARIANT, encoding="utf-8")
    checked = _run(["touti", "check", "house.touti"], work, env)
    assert checked.returncode == 0, checked.stderr
    assert "ok (house, extends atlas-carta" in checked.stdout


def test_systems_lists_the_bundled_systems(installed):
    work, env = installed
    listed = _run(["touti", "systems"], work, env)
    assert listed.returncode == 0
    for system in ("atlas-carta", "tutti-ma", "touti-app", "tute"):
        assert any(line.startswith(f"{system} ") and " yes " in line and "bundled:" in line for line in listed.stdout.splitlines())


def test_conform_the_reference_adapter_against_the_bundled_suite(installed):
    work, env = installed
    ran = _run(["touti", "conform", "--impl", "touti adapter atlas-carta", "--system", "atlas-carta"], work, env)
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr
    assert "PASS" in ran.stdout and " 0 failed" in ran.stdout
