"""Arabic counts two with the dual, never the numeral before a plural: «أول لاعب يربح يدين», not «يربح 2 من
الأيادي»; «قواعد طاولة من لاعبَين», not «من 2 لاعبين»."""

from __future__ import annotations

from .helpers import SPEC_DIR, spec_pages


def test_two_hands_to_win_read_as_a_dual():
    page = spec_pages(SPEC_DIR / "examples" / "briscola-two-hands-or-120.touti")["ar"]
    assert "أول لاعب يربح يدين يفوز بالمباراة." in page
    assert "من الأيادي" not in page
