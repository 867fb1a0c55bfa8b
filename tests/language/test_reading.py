"""Reading a spec never hangs, never reads without bound, and locates what it refuses (issue 12, items 3 and 12)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from touti_dsl.cli import main
from touti_dsl.errors import ToutiError
from touti_dsl.formatter import format_text
from touti_dsl.loader import load_spec
from touti_dsl.parser import MAX_SOURCE_BYTES, parse_file

from .snippets import MINI, edit, only, where
from .test_variants import problems_of, variant, write


def _refused(path) -> tuple[str, str]:
    with pytest.raises(ToutiError) as caught:
        parse_file(path)
    (problem,) = caught.value.diagnostics
    return problem.code, problem.message


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_or_a_link_to_one_is_refused_without_reading_it(tmp_path):
    """`touti check /dev/zero` read without bound and ended in a MemoryError traceback."""
    link = tmp_path / "zero.touti"
    link.symlink_to("/dev/zero")
    for path in ("/dev/zero", link):
        code, message = _refused(path)
        assert code == "E011" and "character device, not a regular file" in message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once_through_the_command_line(tmp_path):
    """`touti check` on a FIFO waited forever for a writer."""
    fifo = tmp_path / "pipe.touti"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "touti_dsl.cli", "check", str(fifo)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert "error[E011]" in done.stderr and "FIFO" in done.stderr and "Traceback" not in done.stderr


def test_not_utf8_is_located_at_the_first_bad_byte(tmp_path):
    """E011 pointed at 0:0; now the line and column (in characters) of the byte."""
    path = tmp_path / "latin1.touti"
    path.write_bytes(b"\xef\xbb\xbf" + MINI.replace('"Mini"', '"Mi\xf1i"').encode("latin-1"))
    with pytest.raises(ToutiError) as caught:
        parse_file(path)
    (problem,) = caught.value.diagnostics
    assert problem.code == "E011" and "0xf1" in problem.message
    assert (problem.loc.line, problem.loc.column) == where(MINI, 'title: "Mi@')


def test_a_file_of_exactly_the_limit_is_read_and_one_byte_more_is_not(tmp_path):
    path = tmp_path / "big.touti"
    filler = MAX_SOURCE_BYTES - len(MINI.encode()) - 1
    path.write_text(MINI + "#" * filler + "\n", encoding="utf-8")
    assert path.stat().st_size == MAX_SOURCE_BYTES
    parse_file(path)
    path.write_text(MINI + "#" * (filler + 1) + "\n", encoding="utf-8")
    code, message = _refused(path)
    assert code == "E004" and f"({MAX_SOURCE_BYTES + 1:,} bytes)" in message


def test_fmt_of_a_file_under_the_limit_whose_layout_grows_is_not_too_large(tmp_path, capsys):
    """A file one byte under the limit was reported larger than the limit: the formatter re-read its own, longer output."""
    unindented = MINI.replace("\n  ", "\n")
    text = unindented + "#" * (MAX_SOURCE_BYTES - 1 - len(unindented.encode()) - 1) + "\n"
    assert len(text.encode()) == MAX_SOURCE_BYTES - 1
    assert len(format_text(text).encode()) > MAX_SOURCE_BYTES


def test_a_number_of_thousands_of_digits_is_a_located_error():
    """4,300+ digits gave Python's own int-conversion message at 1:1."""
    text = edit("  last_trick: 10", "  last_trick: " + "9" * 5000)
    problem = only(text)
    assert problem.code == "E007" and "5000 digits" in problem.message
    assert (problem.loc.line, problem.loc.column) == where(text, "last_trick: @9")


def test_a_long_chain_of_bases_is_not_called_a_cycle(tmp_path):
    write(tmp_path, "v0", variant("v0", "tute"))
    for index in range(1, 18):
        path = write(tmp_path, f"v{index}", variant(f"v{index}", f"v{index - 1}"))
    assert [p[0] for p in problems_of(path)] == ["E022"]
    with pytest.raises(ToutiError) as caught:
        load_spec(path)
    assert "chain longer than 16" in str(caught.value) and "cycle" not in str(caught.value)
    (problem,) = caught.value.diagnostics  # at the extends of the file checked, not in a base that is fine
    assert (problem.loc.file, problem.loc.line) == (str(path), 3)


def test_fmt_reads_stdin_within_the_size_limit(monkeypatch, capsys):
    class Endless:
        def read(self, size=-1):
            assert 0 < size <= MAX_SOURCE_BYTES + 1
            return b"#" * size

    monkeypatch.setattr(sys, "stdin", type("Stdin", (), {"buffer": Endless()})())
    assert main(["fmt", "-"]) == 1
    assert "error[E004]" in capsys.readouterr().err
