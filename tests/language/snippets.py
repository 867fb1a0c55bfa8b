"""A minimal valid spec and helpers to break it one line at a time.

Tests replace one fragment of MINI (`edit`) and assert the diagnostic's code and the
exact line and column of the fragment it must point at (`where`).
"""

from __future__ import annotations

import pytest

from touti_dsl.checks import check_spec
from touti_dsl.errors import Diagnostic, ToutiError
from touti_dsl.loader import load_spec
from touti_dsl.parser import parse_text
from touti_dsl.variants import flatten

FILE = "mini.touti"

MINI = '''\
touti 1

system "mini" {
  title: "Mini"
}

deck {
  suits: oros/o "Oros", copas/c "Copas", espadas/e "Espadas", bastos/b "Bastos" aka clubs
  ranks: 1 "ace" aka as, 2 "two", 3 "three", 4 "four", 5 "five", 6 "six", 7 "seven", 10 "sota", 11 "caballo", 12 "rey"
  order: 1 > 3 > 12 > 11 > 10 > 7 > 6 > 5 > 4 > 2
  points: 1 = 11, 3 = 10, 12 = 4, 11 = 3, 10 = 2, others = 0
  last_trick: 10
}

table {
  seats: 4
  teams: 0 2 | 1 3
  hand_size: 10
  direction: counterclockwise
}

rotation {
  dealer: yes
  first_speaker: after_dealer
  first_lead: first_speaker
  next_round: next_seat
  after_void: next_seat
  turn_order: next_seat
}

bidding {
  minimum: 70
  step: 10
  maximum: 230
  pass: final
  all_pass: void
}

trump {
  choice: bid_winner
}

call signal {
  values: las "I have an ace", kont "I have a ghna"
  effect: stay
  require partner_turn: partner_to_bid and partner_bidding
  require new_level: not made_at_level(signal)
}

play {
  follow_suit: must follow
  overtake: must beat_led unless trick_trumped
  trump_when_void: must trump
  overtrump: must beat_trump
  partner_exemption: none
  free_discard: any
}

trick {
  winner: highest_trump_else_led
  next_leader: winner
}

ghna {
  pair: 12, 11
  values: trump = 40, plain = 20
  who: bidding_team
  window: after_team_trick
  per_trick: 1
  in_hand: yes
  same_suit: once
  limit: cap
  caps: 70 = 0, 80 = 20, 90 = 40, 100 = 60, 110 = 80, 120 = none
  tute: none
}

concession {
  who: defenders
  consent: both
  proposer: defender_to_play
  award: remaining_cards, last_trick, held_ghna
}

scoring {
  round: contract
}

match {
  end: target
  target: 600 (400, 600, 1000)
}
'''


def edit(old: str, new: str, text: str = MINI) -> str:
    """`text` with the one occurrence of `old` replaced by `new`."""
    assert text.count(old) == 1, f"fragment {old!r} must occur exactly once"
    return text.replace(old, new)


def where(text: str, fragment: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based (line, column) of the n-th occurrence of `fragment` in `text`; an `@` in it marks the exact column."""
    offset = max(fragment.find("@"), 0)
    fragment = fragment.replace("@", "", 1)
    index = -1
    for _ in range(occurrence):
        index = text.index(fragment, index + 1)
    index += offset
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def diagnostics(text: str, file: str = FILE) -> list[Diagnostic]:
    """Every diagnostic of parse + flatten + check (the parser and flattening stop at their first error)."""
    try:
        return check_spec(flatten(parse_text(text, file)))
    except ToutiError as error:
        return list(error.diagnostics)


def found(text: str) -> list[tuple[str, int, int]]:
    """(code, line, column) of every diagnostic."""
    return [(d.code, d.loc.line, d.loc.column) for d in diagnostics(text)]


def only(text: str) -> Diagnostic:
    """The single diagnostic of a text that must have exactly one."""
    problems = diagnostics(text)
    assert len(problems) == 1, [(d.code, d.loc.line, d.loc.column, d.message) for d in problems]
    return problems[0]


VARIANT_HEAD = 'touti 1\n\nsystem "x" extends "{base}" {{\n  title: "x"\n}}\n\n'


def variant_problems(tmp_path, body: str, base: str) -> set[tuple[str, int, str]]:
    """(code, line, message) of every problem of a variant `x` of `base` written with `body` (its sections start on
    line 7); the variant must fail to load."""
    path = tmp_path / "x.touti"
    path.write_text(VARIANT_HEAD.format(base=base) + body, encoding="utf-8")
    with pytest.raises(ToutiError) as error:
        load_spec(path)
    return {(d.code, d.loc.line, d.message) for d in error.value.diagnostics}
