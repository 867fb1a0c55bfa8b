"""House rules made by recombining the bundled specs' rule lines never crash anything.

A variant of a bundled system takes one to three rule lines of other bundled specs (in a
section block, an `add` block or a `with N players` block): it must be refused with the
project's own ToutiError (a located diagnostic), or work end to end: the game builds at
every number of players the table seats, random rounds play, touti fuzz prepares its
rounds, and the rules pages render in English, French and Arabic.  Two crashes were found
this way (`teams: bidder_against_rest` without a bidding; a card set aside beside a stock).
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from touti_dsl import model as m
from touti_dsl.conformance.fuzz import random_round
from touti_dsl.docs.render import load_for_docs, render_rules
from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from ..conftest import ROOT, SPEC_DIR

FILES = sorted(SPEC_DIR.glob("*.touti")) + sorted((SPEC_DIR / "examples").glob("*.touti"))
SECTION = re.compile(r"^(?:add )?([a-z_]+(?: [a-z_]+)?) \{\s*$")
RULE = re.compile(r"^  ([a-z_]+(?: [a-z_]+)?): ?(.*)$")
RECOMBINATIONS = 12 if settings.default.max_examples < 1000 else 300  # each builds, plays and renders: a small ci budget


def _rule_lines() -> tuple[list[str], dict[tuple[str, str], list[str]]]:
    """The bundled systems, and every rule line of their top-level sections (with its continuation lines), by key."""
    systems, found = [], {}
    for path in FILES:
        lines = path.read_text(encoding="utf-8").splitlines()
        systems.append(re.search(r'system "([^"]+)"', "\n".join(lines)).group(1))
        section = None
        for index, line in enumerate(lines):
            opened = SECTION.match(line)
            if opened and not line.startswith(("system", "with")):
                section = opened.group(1)
            elif line.startswith(("}", "with")):
                section = None
            elif section and (rule := RULE.match(line)):
                value, follow = rule.group(2), index + 1
                while follow < len(lines) and lines[follow].startswith("    "):
                    value, follow = value + "\n" + lines[follow], follow + 1
                found.setdefault((section, rule.group(1)), []).append(value)
    return systems, {key: sorted(set(values)) for key, values in found.items()}


SYSTEMS, LINES = _rule_lines()
KEYS = sorted(LINES)


@st.composite
def recombined(draw) -> str:
    """The text of a variant of a bundled system with rule lines of other specs."""
    blocks = []
    for section, key in draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=3, unique=True)):
        value = draw(st.sampled_from(LINES[section, key]))
        blocks.append(f"{draw(st.sampled_from(('', '', 'add ')))}{section} {{\n  {key}: {value}\n}}\n")
    if draw(st.booleans()):
        section, key = draw(st.sampled_from(KEYS))
        value = draw(st.sampled_from(LINES[section, key])).replace("\n", "\n  ")
        seats = draw(st.sampled_from(("", "table {\n  seats: 4 (2, 3, 4)\n}\n")))
        blocks.append(f"{seats}with {draw(st.integers(2, 6))} players {{\n  {section} {{\n    {key}: {value}\n  }}\n}}\n")
    base = draw(st.sampled_from(SYSTEMS))
    return f'touti 1\n\nsystem "recombined" extends "{base}" {{\n  title: "Recombined"\n}}\n\n' + "\n".join(blocks)


@settings(max_examples=RECOMBINATIONS)
@given(recombined())
def test_a_recombined_house_rule_is_refused_or_works_end_to_end(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("recombined") / "recombined.touti"
    path.write_text(text, encoding="utf-8")
    try:
        spec = load_spec(path)
    except ToutiError:
        return  # refused with located diagnostics: fine
    chosen = isinstance(spec.value("table.seats"), m.Setting)  # a fixed number is no setting to choose
    for players in m.seat_counts(spec) if chosen else (None,):
        game = Game.from_spec(spec) if players is None else Game.from_spec(spec, seats=players)
        rng = random.Random(0)
        for seed in range(3):
            state = game.new_round(seed=seed)
            while not state.is_terminal():
                seat = rng.choice(state.actors())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            state.round_result()
            state.match_result()
        for index in range(2):
            random_round(game, random.Random(index))
    loaded = load_for_docs(path, ROOT)
    for lang in ("en", "fr", "ar"):
        assert render_rules(loaded, lang)
