"""Spec arguments of the command line: files, folders of specs, or bundled system ids."""

from __future__ import annotations

from pathlib import Path

from ..loader import find_spec


def spec_paths(arguments: list[str]) -> list[Path]:
    """Each argument as spec paths: a folder gives its *.touti files (sorted), a system id its bundled file."""
    paths: list[Path] = []
    for argument in arguments:
        candidate = Path(argument)
        if candidate.is_dir():
            paths += sorted(candidate.glob("*.touti"))
        else:
            paths.append(find_spec(argument))
    return paths
