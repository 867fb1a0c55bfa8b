"""`scoring.declarations: paid_by_each`: each declaration's value is paid at once to its declarer by each other player
of the hand (each other side at a table of partners), whoever wins the hand.  acanomas.com, Tute subastado for three:
a player who sings collects 40 for the forty and 20 for a twenty from each of the two others
(spec/examples/tute-subastado-three-songs-paid.touti)."""

from __future__ import annotations

from pathlib import Path

import pytest

from touti_dsl.engine import Game
from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

from .helpers import hands_of, run

EXAMPLES = Path(__file__).resolve().parents[2] / "spec" / "examples"
HEAD = 'touti 1\n\nsystem "x" extends "{base}" {{\n  title: "x"\n}}\n\n'

FORTY = hands_of(
    "12o 11o 1o 1c 1e 1b 3o 3c 3e 3b 12c 12e",
    "10o 7o 6o 5o 4o 11c 10c 7c 6c 5c 4c 11e",
    "10e 7e 6e 5e 4e 12b 11b 10b 7b 6b 5b 4b",
)


def _played(path, sing: bool):
    """The bid winner (seat 0) takes the first trick, sings the forty of oros (or not), and the hand is played out."""
    state = Game.from_spec(path).new_round(hands=FORTY, dealer=2)
    run(state, "0: bid 60", "1: pass", "2: pass", "0: trump oros", "0: play 1o", "1: play 4o", "2: play 4e")
    if sing:
        state.apply(0, next(a for a in state.legal_actions(0) if a.startswith("ghna")))
    while not state.is_terminal():
        seat = state.to_play
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("play ")))
    return state


def test_a_forty_is_paid_by_each_of_the_two_others_besides_the_contract():
    paid = _played(EXAMPLES / "tute-subastado-three-songs-paid.touti", sing=True).round_result()
    base = _played(EXAMPLES / "tute-subastado-three.touti", sing=True).round_result()
    assert paid["ghna"] == base["ghna"] == [40, 0] and paid["totals"] == base["totals"]
    assert [p - b for p, b in zip(paid["score_changes"], base["score_changes"])] == [80, -40, -40]


def test_without_a_song_nothing_is_paid():
    paid = _played(EXAMPLES / "tute-subastado-three-songs-paid.touti", sing=False).round_result()
    base = _played(EXAMPLES / "tute-subastado-three.touti", sing=False).round_result()
    assert paid["score_changes"] == base["score_changes"]


def test_at_a_table_of_partners_the_other_team_pays(tmp_path):
    path = tmp_path / "x.touti"
    path.write_text(HEAD.format(base="tute") + "add scoring {\n  declarations: paid_by_each\n}\n"
                    "match {\n  end: target\n  remove hands\n  target: 101 (101)\n}\n", encoding="utf-8")
    game = Game.from_spec(load_spec(path))
    for seed in range(100):
        state = game.new_round(seed=seed)
        while not state.is_terminal():
            seat = state.actors()[0]
            actions = state.legal_actions(seat)
            state.apply(seat, next((a for a in actions if a.startswith("ghna")), actions[0]))
        result = state.round_result()
        if sum(result["ghna"]) and result["tute"] is None:
            outcome = [1 if team == result["winner"] else 0 for team in (0, 1)]
            paid = [result["ghna"][0] - result["ghna"][1], result["ghna"][1] - result["ghna"][0]]
            assert result["score_changes"] == [o + p for o, p in zip(outcome, paid)]
            return
    pytest.fail("no round with a song")


@pytest.mark.parametrize("base, body, words", [
    ("tute-cabrero", "add scoring {\n  declarations: paid_by_each\n}\n", "not elimination"),
    ("brisca-two", "add scoring {\n  declarations: paid_by_each\n}\n", "needs declarations"),
])
def test_paid_declarations_need_songs_and_scores_in_points(tmp_path, base, body, words):
    path = tmp_path / "x.touti"
    path.write_text(HEAD.format(base=base) + body, encoding="utf-8")
    with pytest.raises(ToutiError) as error:
        load_spec(path)
    assert any(d.code == "E310" and d.loc.line == 8 and words in d.message for d in error.value.diagnostics)
