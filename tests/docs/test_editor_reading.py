"""Sentences an editor reading the pages flagged (session 20), each fixed where its wording is made.

A variant's differences quote each changed rule's sentence alone, out of its section: a sentence that leans on the one
before it ("That player must take it.", "After a void round it stays with the same player.", «Le défenseur qui la
propose décide seul») says nothing there, so those sentences name what they speak of.  The others: a duty that read two
ways, a condition after a second colon, two ifs tangled in one sentence, a glossary word listed twice."""

from __future__ import annotations

import re

import pytest

from .helpers import SPEC_DIR, spec_pages

DIFFERENCE = re.compile(r"^- \w[^:：]*[:：] ?\[(.*)\]\(#([\w-]+)\)$", re.M)
LEANING = {"en": re.compile(r"^(It|That|This|They|Taking it|Making it)\b|\bit stays\b|\bproposes? it\b"),
           "fr": re.compile(r"^(Il|Elle|Ce joueur|La faire|Le prendre)\b|\belle reste\b|\b(la|le) propose\b"),
           "ar": re.compile(r"^(على هذا اللاعب|الأخذ|بعد جولة ملغاة يبقى)|يقترحه")}
VARIANTS = ["tute-subastado-widow-taken", "tutti-ma-open-auction", "atlas-lone-concession"]


@pytest.mark.parametrize("name", VARIANTS)
def test_each_changed_rule_of_the_differences_reads_alone(name):
    pages = spec_pages(SPEC_DIR / "examples" / f"{name}.touti")
    for lang, page in pages.items():
        lines = DIFFERENCE.findall(page.split("{ #differences }")[1].split("\n## ")[0])
        assert lines, (name, lang)
        leaning = [sentence for sentence, _ in lines if LEANING[lang].search(sentence)]
        assert not leaning, (name, lang, leaning)


def test_the_undertrump_duty_reads_one_way():
    """"You must play a card other than a trump lower than the trick's best trump" read two ways: a card lower than the
    best trump, or anything but a low trump."""
    pages = spec_pages(SPEC_DIR / "examples" / "tute-load-the-partner.touti")
    assert "You must avoid playing a trump lower than the trick's best trump, if you can." in pages["en"]
    assert "يجب عليك أن تتجنّب لعب حكم أدنى من أعلى حكم في اللمّة، إن استطعت." in pages["ar"]
    assert "Vous devez éviter de jouer un atout plus faible que le plus haut atout du pli, si vous le pouvez." in pages["fr"]


def test_a_win_at_once_in_hands_lost_states_its_condition_last():
    """"...: every other player loses the hand, whatever the points: their own total ... is at least 101" put the
    condition after a second colon, as if it were what every other player loses."""
    pages = spec_pages(SPEC_DIR / "examples" / "tute-gana-pierde.touti")
    assert ("A player wins the hand at once, and every other player loses it whatever the points, as soon as this holds "
            "for them after a trick or a declaration") in pages["en"]
    assert "nobody): their own total (cards, last trick bonus and declarations) is at least 101." in pages["en"]
    assert "tous les autres joueurs la perdent quels que soient les points, dès que" in pages["fr"]
    assert "ويخسرها اللاعبون الآخرون كلهم مهما كانت النقاط، متى تحقق له هذا" in pages["ar"]


def test_a_condition_chosen_by_a_condition_states_each_branch_after_its_condition():
    """touti-kaput-bid: "The contract is made when the bidding team won every trick if the contract is more than 230,
    otherwise the total ..." tangled two ifs (Arabic: «إذا ... إذا ...»)."""
    pages = spec_pages(SPEC_DIR / "examples" / "touti-kaput-bid.touti")
    assert ("If the contract is more than 230, the contract is made when the bidding team won every trick; otherwise the "
            "contract is made when the total of the bidding team") in pages["en"]
    assert "Si le contrat dépasse 230, le contrat est réussi quand chaque pli" in pages["fr"]
    assert "؛ وفي غير ذلك يتحقق العقد إذا كان مجموع النقاط" in pages["ar"]


def test_a_word_the_players_use_for_two_terms_is_one_glossary_row():
    """Atlas Carta's English glossary had two rows "trump" (the card, and the verb), the French two rows «atout»."""
    pages = spec_pages(SPEC_DIR / "atlas-carta.touti")
    glossary = {lang: page.split("{ #system-glossary }")[1] for lang, page in pages.items()}
    assert glossary["en"].count("| **trump** |") == 1
    assert "| **trump** |  | a card of the trump suit; play a trump when one holds no card of the led suit |" in glossary["en"]
    assert glossary["fr"].count("| **atout** |") == 1


def test_the_turned_card_says_once_that_its_suit_is_trumps():
    """Brisca for two: "A card is turned face up: its suit is trumps." then "The card after the hands is turned face up
    and placed under the stock: its suit is trumps, ..." said it twice; the first now says what the choice adds."""
    pages = spec_pages(SPEC_DIR / "examples" / "brisca-two.touti")
    trump = {lang: page.split("{ #section-trump }")[1].split("\n## ")[0] for lang, page in pages.items()}
    assert trump["en"].count("its suit is trumps") == 1 and "Nobody chooses trumps: a card turned face up shows them." in trump["en"]
    assert trump["fr"].count("sa couleur est l'atout") == 1
    assert trump["ar"].count("لونها هو") <= 1 and "لا يختار أحد" in trump["ar"]


def test_the_push_example_reads_as_the_players_speak():
    """Touti-app: "Player 3 may not say bid 80" and, in Arabic, a call without values shown «آس .» (an empty value)."""
    pages = spec_pages(SPEC_DIR / "touti-app.touti")
    assert "Player 3 may not bid 80: after the partner's push the lowest bid allowed is 100." in pages["en"]
    assert "Player 4: As.\n" in pages["en"]
    assert 'آس <bdi dir="ltr"></bdi>' not in pages["ar"] and "اللاعب <bdi dir=\"ltr\">4</bdi>: آس." in pages["ar"]
    assert "ne peut pas enchérir à 80 : après la poussée du partenaire" in pages["fr"]


def test_the_song_limit_sentence_ends_as_a_sentence():
    """"The contract caps the total that the team may declare:" ended on a colon over a Decision note, and Tutti's "Each
    kind of ghna needs a contract of a certain level:" over another sentence with its own colon."""
    atlas = spec_pages(SPEC_DIR / "atlas-carta.touti")
    assert "The contract caps the total that the team may declare. <a " in atlas["en"]
    assert "Le contrat plafonne le total que l'équipe peut annoncer. <a " in atlas["fr"]
    tutti = spec_pages(SPEC_DIR / "tutti-ma.touti")["en"]
    assert "Each kind of ghna needs a contract of a certain level. <a " in tutti
