"""Shared test setup: hypothesis profiles ('ci' by default, 'thorough' with --thorough)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
SPEC_DIR = ROOT / "spec"
SYSTEMS = ("atlas-carta", "tutti-ma", "touti-app", "tute")

settings.register_profile("ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


def pytest_addoption(parser):
    parser.addoption("--thorough", action="store_true", help="run property tests with the 'thorough' hypothesis profile, and check whole suites where a run samples them")


def pytest_configure(config):
    if config.getoption("--thorough"):
        settings.load_profile("thorough")


@pytest.fixture(scope="session")
def spec_dir() -> Path:
    return SPEC_DIR


def spec_path(system: str) -> Path:
    return SPEC_DIR / f"{system}.touti"


@pytest.fixture(scope="session")
def current_suite(request, tmp_path_factory) -> Callable[[Path], Path]:
    """The folder of a spec's suite as the current code generates it: the committed one when its stamp vouches for it
    (the trust tests/cases/test_generated.py puts in stamps; it regenerates a suite every run to keep that honest),
    else (a stale stamp: the generating code or the spec changed) and under --thorough, generated again here."""
    from touti_dsl.cases.freshness import stale_reason
    from touti_dsl.cli import main
    from touti_dsl.loader import load_spec

    def suite(path: Path) -> Path:
        system = load_spec(path).system
        committed = ROOT / "generated" / system
        if not request.config.getoption("--thorough") and stale_reason(load_spec(path), committed) is None:
            return committed
        out = tmp_path_factory.mktemp(system)
        assert main(["generate", str(path), "--out", str(out)]) == 0
        return out / system

    return suite
