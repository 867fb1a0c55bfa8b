"""The language the bundled specs never use: the terms, the play duties and the words of rules no spec writes.

Usage: .venv/bin/python scripts/unreached.py [SPEC_DIR ...]      (default: spec spec/examples)

Every spec is loaded (flattened), at each number of players it seats (its `with N players` blocks applied), and
every expression node, duty and word of a rule is collected: a term of vocabulary.py no spec names has never been
computed by a generated suite, so no mutant sweep has exercised it.  A word is counted where it is written: a rule
left unwritten takes its default word, which this list still shows as unused (the engine runs it all the same).
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a fresh checkout
    sys.path.insert(0, str(ROOT))

from touti_dsl import model as m, schema, vocabulary  # noqa: E402
from touti_dsl.loader import load_spec  # noqa: E402
from touti_dsl.table_sizes import for_players  # noqa: E402


def nodes(value):
    """Every model node inside a rule value, the value first."""
    if isinstance(value, tuple):
        for item in value:
            yield from nodes(item)
    elif isinstance(value, m.Node):
        yield value
        for field in dataclasses.fields(value):
            yield from nodes(getattr(value, field.name))


def written_words(rule: m.Rule) -> list[str]:
    """The words of its vocabulary a rule writes: a word, a list, a table's values, a word choice's branches."""
    value = rule.value
    if isinstance(value, m.Word):
        return [value.value]
    if isinstance(value, m.WordList):
        return list(value.words)
    if isinstance(value, m.Table):
        return [entry.value for entry in value.entries if isinstance(entry.value, str)]
    if isinstance(value, m.Formula):  # `same_seat if hand_tied else next_seat`
        return [node.name for node in nodes(value) if isinstance(node, m.Pred)]
    return []


def used(folders: list[Path]) -> tuple[set[str], set[str], set[tuple[str, str]]]:
    """The terms, duties and (rule id, word) pairs the specs of these folders write, at every table they seat."""
    terms, duties, words = set(), set(), set()
    for path in sorted(p for folder in folders for p in folder.glob("*.touti")):
        spec = load_spec(path)
        for players in m.seat_counts(spec) or (None,):
            for rule in for_players(spec, players).rules:
                terms |= {node.name for node in nodes(rule.value) if isinstance(node, m.Pred)}
                if isinstance(rule.value, m.Obligation):
                    duties.add(rule.value.duty)
                words |= {(rule.id, word) for word in written_words(rule)}
    return terms, duties, words


def main(argv: list[str]) -> int:
    folders = [Path(arg) for arg in argv] or [ROOT / "spec", ROOT / "spec" / "examples"]
    terms, duties, words = used(folders)
    print("terms never used:", ", ".join(sorted(set(vocabulary.PREDICATES) - terms)) or "none")
    print("duties never used:", ", ".join(sorted(set(vocabulary.DUTIES) - duties)) or "none")
    unused = [f"{rule.id}: {word}" for rule in schema.RULES for word in rule.words if (rule.id, word) not in words]
    print("words never written:", *unused, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
