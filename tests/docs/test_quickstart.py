"""The quick start (docs/quickstart.md) walks a new variant end to end and shows what the
commands really print: this test replays it in an empty folder outside the checkout.

Each ```console block is a sequence of `$ touti ...` lines, each followed by its expected
output (stdout and stderr as a terminal shows them).  A `...` line stands for any lines.
Counts printed by `touti generate` and `touti conform` depend on the case generator, so
their numbers are compared as numbers, not digit for digit.  Hidden directives edit files
between blocks: `<!-- quickstart: append to FILE -->` before a fenced block appends it,
and `<!-- quickstart: in FILE replace "A" with "B" -->` edits it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from ..conftest import ROOT

PAGE = ROOT / "docs" / "quickstart.md"
DIRECTIVE = re.compile(r'<!-- quickstart: (?:append to (\S+)|in (\S+) replace "(.*?)" with "(.*?)") -->')
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
COUNTING = ("generate", "conform")


def _steps(page: str):
    """The page as steps, in order: ("console", text), ("append", file, text), ("replace", file, old, new)."""
    steps, pending = [], None
    for match in re.finditer(rf"{DIRECTIVE.pattern}|{FENCE.pattern}", page, re.S | re.M):
        if match.group(0).startswith("<!--"):
            found = DIRECTIVE.match(match.group(0))
            if found.group(1):
                pending = found.group(1)
            else:
                steps.append(("replace", found.group(2), found.group(3), found.group(4)))
        elif match.group(5) == "console":
            steps.append(("console", match.group(6)))
        elif pending:
            steps.append(("append", pending, match.group(6)))
            pending = None
    return steps


def _commands(block: str) -> list[tuple[str, list[str]]]:
    commands = []
    for line in block.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            commands[-1][1].append(line)
    return commands


def _matches(expected: list[str], actual: list[str], counting: bool) -> bool:
    lines = [".*?" if line == "..." else re.escape(line) for line in expected]
    if counting:
        lines = [re.sub(r"\d+", r"\\d+", line) for line in lines]
    pattern = "\n".join(lines)
    return re.fullmatch(pattern, "\n".join(actual), re.S) is not None


def _run(command: str, cwd: Path, env: dict) -> list[str]:
    argv = shlex.split(command)
    assert argv[0] == "touti", command
    done = subprocess.run([sys.executable, "-m", "touti_dsl", *argv[1:]], cwd=cwd, env=env, timeout=600,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return done.stdout.rstrip("\n").splitlines()


def test_the_quick_start_prints_what_it_shows(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("TOUTI_PATH", "TOUTI_SPEC_PATH")}
    env.update(PYTHONUNBUFFERED="1", COLUMNS="100", PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")
    ran = 0
    for step in _steps(PAGE.read_text(encoding="utf-8")):
        if step[0] == "append":
            with open(tmp_path / step[1], "a", encoding="utf-8") as file:
                file.write("\n" + step[2])
        elif step[0] == "replace":
            path = tmp_path / step[1]
            assert step[2] in path.read_text(), step
            path.write_text(path.read_text().replace(step[2], step[3]))
        else:
            for command, expected in _commands(step[1]):
                actual = _run(command, tmp_path, env)
                counting = shlex.split(command)[1] in COUNTING
                assert _matches(expected, actual, counting), f"docs/quickstart.md: `{command}` printed:\n" + "\n".join(actual)
                ran += 1
    assert ran >= 8
