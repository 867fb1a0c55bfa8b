"""Spec arguments of the command line: files, folders of specs, or bundled system ids."""

from __future__ import annotations

from pathlib import Path

from ..errors import ToutiError
from ..loader import find_spec


def spec_paths(arguments: list[str]) -> list[Path]:
    """Each argument as spec paths: a folder gives its *.touti files (sorted), a system id its bundled file.

    An argument that names nothing stays as given, so reading it reports E010 along with
    the other files' problems instead of stopping the whole command.
    """
    paths: list[Path] = []
    for argument in arguments:
        candidate = Path(argument)
        if candidate.is_dir():
            paths += sorted(candidate.glob("*.touti"))
            continue
        try:
            paths.append(find_spec(argument))
        except ToutiError:
            paths.append(candidate)
    return paths
