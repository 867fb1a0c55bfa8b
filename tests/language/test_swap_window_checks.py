"""`trump.swap_window` takes one window or both (`before_first_lead, after_team_trick`), each once: located errors for
a window named twice or a word it does not take."""

from __future__ import annotations

import pytest

from touti_dsl.errors import ToutiError
from touti_dsl.loader import load_spec

HEAD = 'touti 1\n\nsystem "windows" extends "tute" {\n  title: "Windows"\n}\n\ntrump {\n  swap_window: '


def _load(tmp_path, windows: str):
    path = tmp_path / "windows.touti"
    path.write_text(HEAD + windows + "\n}\n", encoding="utf-8")
    return load_spec(path)


def _diagnostics(tmp_path, windows: str) -> list:
    with pytest.raises(ToutiError) as caught:
        _load(tmp_path, windows)
    return [(d.code, d.loc.line, d.loc.column, d.message, d.hint) for d in caught.value.diagnostics]


@pytest.mark.parametrize("windows", ["before_first_lead, after_team_trick", "after_team_trick, before_first_lead",
                                     "after_team_trick", "before_first_lead"])
def test_one_window_or_both_check_clean(tmp_path, windows):
    assert _load(tmp_path, windows).has("trump.swap_window")


def test_a_window_twice_points_at_the_second(tmp_path):
    found = _diagnostics(tmp_path, "before_first_lead, after_team_trick, before_first_lead")
    assert [(code, line, col) for code, line, col, _, _ in found] == [("E211", 8, 53)]
    assert "'before_first_lead' twice" in found[0][3] and "each window once" in found[0][4]


def test_an_unknown_window_in_the_list_points_at_it(tmp_path):
    found = _diagnostics(tmp_path, "before_first_lead, after_own_trick")
    assert [(code, line, col) for code, line, col, _, _ in found] == [("E102", 8, 35)]
    assert "after_team_trick" in found[0][4]
