"""The conformance guide shows what really happens: its transcript and its sample report are replayed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from touti_dsl.cli import main

from .conftest import write_wrong_trick_winner

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "conformance"


def fenced_text_blocks(path: Path) -> list[str]:
    return re.findall(r"```text\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def test_the_worked_transcript_is_what_the_reference_adapter_answers():
    transcript = next(block for block in fenced_text_blocks(GUIDE / "protocol.md") if block.startswith("> "))
    sent = [line[2:] for line in transcript.splitlines() if line.startswith("> ")]
    documented = [json.loads(line[2:]) for line in transcript.splitlines() if line.startswith("< ")]
    done = subprocess.run([sys.executable, "-m", "touti_dsl", "adapter", "atlas-carta"], input="\n".join(sent) + "\n",
                          capture_output=True, text=True, timeout=60)
    assert [json.loads(line) for line in done.stdout.splitlines()] == documented


def test_the_sample_report_is_what_the_runner_prints(tmp_path, capsys):
    write_wrong_trick_winner(tmp_path)
    main(["conform", "--impl", f"{sys.executable} -m touti_dsl adapter atlas-carta", "--cases", str(tmp_path), "--skip", "play.follow*"])
    sample = next(block for block in fenced_text_blocks(GUIDE / "index.md") if block.startswith("implementation:"))
    assert capsys.readouterr().out == sample
