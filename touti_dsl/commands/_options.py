"""Options and argument types that several sub-commands share, so each is spelled and behaves the same everywhere.

`--set KEY=VALUE` chooses a table or match setting among those the spec offers (`touti play`,
`touti fuzz`): a bad one is a command-line error (exit 2), with the spec's settings and choices.
`--format` is the one output option of every command that prints a result: `text` for
people (the default), `json` for programs, and `junit` / `md` where they apply.  Commands
that had a `--json` flag keep it as a deprecated alias of `--format json`.
"""

from __future__ import annotations

import argparse
import sys

from .. import model as m
from ..errors import did_you_mean
from ..schema import TABLE_SETTINGS

FORMATS_HELP = {
    "text": "readable text (default)",
    "json": "JSON for programs",
    "junit": "JUnit XML for CI",
    "md": "a Markdown table",
}


class _DeprecatedJson(argparse.Action):
    """`--json`: the old spelling of `--format json`; still works, with a note on stderr."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="deprecated: use --format json")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog}: note: --json is deprecated, use --format json", file=sys.stderr)
        setattr(namespace, self.dest, "json")


def add_format_option(parser: argparse.ArgumentParser, formats=("text", "json"), legacy_json: bool = False) -> None:
    """`--format {text,json,...}` (default text) into `args.format`; with `legacy_json`, `--json` as an alias."""
    described = "; ".join(f"{name}: {FORMATS_HELP.get(name, name)}" for name in formats)
    parser.add_argument("--format", choices=formats, default="text", help=f"output format ({described})")
    if legacy_json:
        parser.add_argument("--json", dest="format", action=_DeprecatedJson)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, got {text!r}")
    return value


def add_set_option(parser: argparse.ArgumentParser) -> None:
    """`--set KEY=VALUE` (repeatable) into `args.set`: read with `chosen_settings`."""
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a setting among the choices the spec offers (match.KEY, or seats / hand_size when the table chooses), e.g. target=600")


class SettingError(Exception):
    """A `--set` that the spec does not offer: a command-line error, not a problem of the spec."""


def chosen_settings(spec: m.Spec, pairs: list[str]) -> dict:
    """The `--set KEY=NUMBER` pairs, checked against the spec's match settings and their choices."""
    offered = {rule.key: rule.value for rule in spec.section("match") if isinstance(rule.value, m.Setting)}
    for name, rule_id in TABLE_SETTINGS.items():  # the number of players or the hand size, when the table chooses it
        if isinstance(spec.value(rule_id), m.Setting):
            offered[name] = spec.value(rule_id)
    settings = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not value.isdigit():
            raise SettingError(f"--set {pair}: expected KEY=NUMBER, e.g. --set target=400")
        if key not in offered:
            names = ", ".join(offered) or "none"
            hint = did_you_mean(key, offered)
            raise SettingError(f"--set {pair}: {spec.system} has no setting {key!r} (its settings: {names})"
                               + (f"; {hint}" if hint else ""))
        if int(value) not in offered[key].choices:
            choices = ", ".join(map(str, offered[key].choices))
            rule_id = TABLE_SETTINGS.get(key, f"match.{key}")
            raise SettingError(f"--set {pair}: {value} is not a choice of {rule_id} in {spec.system} (choices: {choices})")
        settings[key] = int(value)
    return settings
