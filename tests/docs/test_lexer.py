"""The Pygments lexer for `.touti`, found through the `pygments.lexers` entry point."""

from __future__ import annotations

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name

from .helpers import ALL_SPECS


def test_the_lexer_is_registered_by_name_and_file_name():
    assert get_lexer_by_name("touti").name == "Touti"
    assert get_lexer_for_filename("house.touti").name == "Touti"


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_every_spec_lexes_without_error_tokens(path):
    tokens = list(get_lexer_by_name("touti").get_tokens(path.read_text(encoding="utf-8")))
    assert not [value for kind, value in tokens if kind is Error]


def test_decision_notes_keywords_and_rule_keys_stand_out():
    text = 'bidding {\n  # Decision: a choice\n  pass: final\n}\ncall as {\n  require t: my_turn\n}\n'
    tokens = [(kind, value) for kind, value in get_lexer_by_name("touti").get_tokens(text) if value.strip()]
    assert (Comment.Special, "# Decision: a choice") in tokens
    assert (Name.Namespace, "bidding") in tokens
    assert (Name.Tag, "pass") in tokens
    assert (Keyword, "require") in tokens
