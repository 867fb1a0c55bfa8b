"""Spec arguments of the command line: files, folders of specs, or system ids."""

from __future__ import annotations

from pathlib import Path

from ..errors import Diagnostic, ToutiError
from ..search_path import find_spec


def spec_paths(arguments: list[str], unknown: dict[str, list[Diagnostic]]) -> list[Path]:
    """Each argument as spec paths: a folder gives its *.touti files (sorted), a system id its file.

    An argument that names nothing is skipped and its diagnostics (with "did you mean") go
    into `unknown` under the argument, so the command still reports on the other files.
    """
    paths: list[Path] = []
    for argument in arguments:
        candidate = Path(argument)
        if candidate.is_dir():
            paths += sorted(candidate.glob("*.touti"))
            continue
        try:
            paths.append(find_spec(argument))
        except ToutiError as error:
            unknown[argument] = error.diagnostics
    return paths
