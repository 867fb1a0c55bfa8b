"""Arabic agreement on the pages: two is counted with the dual, never the numeral before a plural («أول لاعب يربح
يدين», not «يربح 2 من الأيادي»; «قواعد طاولة من لاعبَين», not «من 2 لاعبين»), and a verb agrees with whichever word
the players use for a term."""

from __future__ import annotations

from .helpers import SPEC_DIR, spec_pages


def test_two_hands_to_win_read_as_a_dual():
    page = spec_pages(SPEC_DIR / "examples" / "briscola-two-hands-or-120.touti")["ar"]
    assert "أول لاعب يربح يدين يفوز بالمباراة." in page
    assert "من الأيادي" not in page


def test_the_trick_winner_agrees_with_the_players_word_for_a_trump():
    """«أعلى حكم إن وُجدت» gave a masculine word a feminine verb: Tute's players say «حكم», Atlas Carta's «ورقة رابحة»;
    the sentence now reads with either."""
    for spec, word in ((SPEC_DIR / "tute.touti", "حكم"), (SPEC_DIR / "atlas-carta.touti", "ورقة رابحة")):
        page = spec_pages(spec)["ar"]
        assert f"تذهب اللمّة إلى أعلى {word} إن كان فيها {word}، وإلا" in page or \
            f"تذهب اللفّة إلى أعلى {word} إن كان فيها {word}، وإلا" in page
        assert "إن وُجدت" not in page


def test_a_requirement_with_an_exception_reads_as_one_exception_in_arabic():
    """«لا يجوز إعلان الغنا إلا إذا كان …، إلا إذا كان …» read as two exceptions; the requirement's own exception now
    says the condition is not required then."""
    page = spec_pages(SPEC_DIR / "examples" / "atlas-lone-concession.touti")["ar"]
    assert "يساوي <bdi dir=\"ltr\">20</bdi>، ولا يُشترط ذلك إذا كان فريق هذا اللاعب هو صاحب العقد" in page
    assert "، إلا إذا كان فريق هذا اللاعب هو صاحب العقد" not in page
