"""Shared test setup: hypothesis profiles ('ci' by default, 'thorough' with --thorough)."""

from __future__ import annotations

from pathlib import Path

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
