"""`rotation.next_round` written as a choice reads as its branches in turn, in each language: "If the hand ends level
(nobody wins it), the same player deals again; otherwise the deal passes to the next player." — on the page, in
`touti diff` and in `touti show`."""

from __future__ import annotations

import pytest

from touti_dsl.cli import main
from touti_dsl.docs.diff import diff_specs, format_text
from touti_dsl.loader import load_spec

from .helpers import SPEC_DIR, said, variant_pages

EXAMPLE = SPEC_DIR / "examples" / "brisca-two-tie-same-dealer.touti"
TIED = "same_seat if hand_tied else next_seat"
SENTENCES = {
    "en": "If the hand ends level (nobody wins it), the same player deals again; otherwise the deal passes to the next "
          "player.",
    "fr": "Si la main se termine à égalité (personne ne la gagne), le même joueur donne à nouveau ; sinon la donne passe "
          "au joueur suivant.",
    "ar": "إذا انتهت اليد بالتعادل (لم يربحها أحد)، يوزّع اللاعب نفسه من جديد؛ وفي غير ذلك ينتقل التوزيع إلى اللاعب "
          "التالي.",
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    return variant_pages(tmp_path_factory.mktemp("tied"), "brisca-two", f"rotation {{\n  next_round: {TIED}\n}}\n")


@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_the_choice_is_one_sentence_of_its_branches(pages, lang):
    assert said(pages[lang], "rotation-next_round") == SENTENCES[lang]


def test_a_chain_without_a_dealer_says_the_first_word_and_each_condition(tmp_path):
    pages = variant_pages(tmp_path, "touti-app", "rotation {\n  next_round: same_seat if capote(bidders) else "
                                                 "hand_loser if last_trick(defenders) else next_seat\n}\n")
    sentence = said(pages["en"], "rotation-next_round")
    assert sentence.startswith("If the bidding team won every trick, the same player speaks first again; else, if ")
    assert sentence.endswith("; otherwise the first word passes to the next player.")
    assert "the first word passes to the team that lost the hand" in sentence
    assert all(said(pages[lang], "rotation-next_round") for lang in ("fr", "ar"))


def test_the_word_same_seat_has_its_sentence(tmp_path):
    pages = variant_pages(tmp_path, "tute", "rotation {\n  next_round: same_seat\n}\n")
    assert said(pages["en"], "rotation-next_round") == "At the next round the same player deals again: the deal never " \
                                                        "passes."


def test_diff_and_show_write_the_choice_as_spec_text(capsys):
    text = format_text(diff_specs(load_spec(SPEC_DIR / "examples" / "brisca-two.touti"), load_spec(EXAMPLE)))
    assert f"~ rotation.next_round: next_seat → {TIED}" in text.splitlines()
    assert SENTENCES["en"] in text
    assert main(["show", str(EXAMPLE)]) == 0
    assert f"next_round: {TIED}" in capsys.readouterr().out


@pytest.mark.parametrize("base, words", [
    ("guinote", {"en": "If the dealer's team won the hand, the same player deals again;",
                 "fr": "Si la main a été gagnée par l'équipe du donneur, le même joueur donne à nouveau ;",
                 "ar": "إذا ربح فريق الموزّع اليد، يوزّع اللاعب نفسه من جديد؛"}),
    ("brisca-two", {"en": "If the dealer won the hand, the same player deals again;",
                    "fr": "Si la main a été gagnée par le donneur, le même joueur donne à nouveau ;",
                    "ar": "إذا ربح الموزّع اليد، يوزّع اللاعب نفسه من جديد؛"}),
    ("touti-app", {"en": "If the first speaker's team won the hand, the same player speaks first again;",
                   "fr": "Si la main a été gagnée par l'équipe du premier à parler, le même joueur parle de nouveau en "
                         "premier ;",
                   "ar": "إذا ربح فريق اللاعب الذي يتكلّم أولًا اليد، يتكلّم اللاعب نفسه أولًا من جديد؛"}),
])
def test_team_is_the_dealers_side_or_the_first_speakers(tmp_path, base, words):
    pages = variant_pages(tmp_path, base, "rotation {\n  next_round: same_seat if won_hand(team) else next_seat\n}\n")
    for lang, start in words.items():
        assert said(pages[lang], "rotation-next_round").startswith(start), lang
