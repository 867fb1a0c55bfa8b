"""A suite run through `touti conform` in this process: its exit code and the cases of its JSON report."""

from __future__ import annotations

import json
from pathlib import Path

from touti_dsl.cli import main


def conformed(impl: str, suite: Path, spec: Path, capsys) -> tuple[int, list[dict]]:
    """`touti conform --impl IMPL --cases SUITE --spec SPEC`: its exit code, and each case's report."""
    code = main(["conform", "--impl", impl, "--cases", str(suite), "--spec", str(spec), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)["cases"]
