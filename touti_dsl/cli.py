"""`touti`: one sub-command per module in touti_dsl/commands/.

Each command module defines NAME, HELP, add_arguments(parser) and run(args) -> exit code.
Errors in specs surface as ToutiError and are rendered here, located, on stderr, with
exit code 1: never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from . import __version__
from .errors import ToutiError, render

COMMANDS = ("systems", "init", "check", "fmt", "show", "play", "docs", "diff", "generate", "coverage", "adapter", "conform", "fuzz")


def version() -> str:
    """The installed distribution's version (the package's own when it runs from a bare checkout)."""
    from importlib import metadata  # only for --version: reading the installed metadata costs every command ~20 ms

    try:
        return metadata.version("touti-dsl")
    except metadata.PackageNotFoundError:
        return __version__


class _VersionAction(argparse.Action):
    """`--version`, looked up only when asked for (argparse's own action needs the text when the parser is built)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"touti {version()}")
        parser.exit()


def _load_commands(only: str | None = None):
    modules = []
    for name in (only,) if only else COMMANDS:
        try:
            modules.append(importlib.import_module(f"touti_dsl.commands.{name}"))
        except ModuleNotFoundError as error:
            if error.name != f"touti_dsl.commands.{name}":
                raise
    return modules


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="touti", description="Touti rules: specs, reference engine, conformance, docs")
    parser.add_argument("--version", action=_VersionAction, help="show program's version number and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _load_commands(only):
        sub = commands.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def _requested(argv: list[str] | None) -> str | None:
    """The sub-command named first on the command line: only its module is imported (a fast cold start)."""
    words = sys.argv[1:] if argv is None else argv
    return words[0] if words and words[0] in COMMANDS else None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(_requested(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args) or 0)
    except ToutiError as error:
        print(render(error.diagnostics), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
