"""The rules page of a spec with `with N players` blocks: the rules of the default number of players, then what reads
otherwise at each other number, in the rules' own sentences, in English, French and Arabic."""

from __future__ import annotations

from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.render import load_for_docs, render_rules

from .helpers import ROOT, SPEC_DIR, spec_pages, variant_pages

SPEC = SPEC_DIR / "examples" / "tute-two-three-four.touti"


def _pages() -> dict[str, str]:
    loaded = load_for_docs(SPEC, ROOT)
    return {lang: render_rules(loaded, lang) for lang in LANGUAGES}


def test_the_page_states_the_default_number_then_what_changes_at_two_and_three():
    page = _pages()["en"]
    body, sizes = page.split("{ #table-sizes }")
    assert "The dealer's last card is turned face up: its suit is trumps. The dealer keeps that card." in body
    assert "stock" not in body.split("{ #system-glossary }")[0].split("{ #section-deck }")[1]
    assert "The rules above are those of a table of 4 players." in sizes
    assert ("With 2 players: The cards left after the deal form the stock. After each trick, every player draws one "
            "card from it, the winner of the trick first") in sizes
    assert "The card after the hands is turned face up and placed under the stock" in sizes
    assert "{: #players-2 .rule }" in sizes and "{: #players-3 .rule }" in sizes
    assert "With 3 players: Nobody chooses trumps: a card turned face up shows them. The card left over after the deal" in sizes
    assert "With 4 players" not in sizes


def test_the_changes_read_in_french_and_arabic_with_the_block_notes():
    pages = _pages()
    assert "À 2 joueurs : Les cartes restant après la donne forment la pioche." in pages["fr"]
    assert "À 3 joueurs : Personne ne choisit l'atout : une carte retournée le montre." in pages["fr"]
    assert 'مع لاعبَين: الأوراق الباقية بعد التوزيع تكوّن الرزمة.' in pages["ar"]
    assert 'القواعد أعلاه هي قواعد طاولة من <bdi dir="ltr">4</bdi> لاعبين.' in pages["ar"]
    assert "la carte qui reste après la donne de 13 chacun montre l'atout".capitalize() in pages["fr"]
    for lang, page in pages.items():
        assert page.count("{ #table-sizes }") == 1, lang


def test_a_variant_lists_the_blocks_it_adds_changes_and_drops(tmp_path):
    body = ("table {\n  seats: 4 (3, 4)\n}\n\nwith 3 players {\n  trump {\n    swap_window: after_team_trick\n  }\n}\n\n"
            "remove with 2 players\n")
    pages = variant_pages(tmp_path, "tute-two-three-four", body)
    assert "- Changed: [The rules of a table of 3 players](#players-3)" in pages["en"]
    assert "- Removed: The rules of a table of 2 players." in pages["en"]
    assert "With 2 players" not in pages["en"]
    assert "- Modifié : [Les règles d'une table de 3 joueurs](#players-3)" in pages["fr"]


def test_a_page_without_blocks_has_no_such_section():
    loaded = load_for_docs(SPEC_DIR / "tute.touti", ROOT)
    assert "table-sizes" not in render_rules(loaded, "en")


def test_every_number_the_table_seats_says_what_reads_otherwise_there():
    """Briscola for two to six: the deck changes at three and six (a block), and at four and five, more than two
    players each for oneself, the tie on the last trick may leave the hand to nobody (the wording of the table)."""
    page = render_rules(load_for_docs(SPEC_DIR / "examples" / "briscola-two-to-six.touti", ROOT), "en")
    sizes = page.split("{ #table-sizes }")[1]
    assert "With 3 players: The game uses a Spanish deck of 36 cards" in sizes
    assert "These ranks of the full Spanish deck are left out: 2, 8 and 9." in sizes
    assert ("With 4 players: On equal points, the player who won the last trick wins the hand. If that player is not "
            "one of those tied, nobody wins or loses the hand.") in sizes
    assert "With 2 players" not in sizes


def test_a_table_with_titled_calls_has_its_page_at_every_number_of_players(tmp_path):
    """A call's title is its heading, not a sentence: a variant of a spec with titled calls (touti-app's «As» and push)
    that seats two or four failed to render, the page looking for the sentence of `as.title` at two players."""
    body = ("table {\n  seats: 4 (2, 4)\n  hand_size: 2 = 10, 4 = 10\n}\n\n"
            "with 2 players {\n  table {\n    teams: each\n    draw: winner_first\n  }\n}\n\n"
            "with 4 players {\n  table {\n    teams: 0 2 | 1 3\n  }\n}\n")
    pages = variant_pages(tmp_path, "touti-app", body)
    assert "With 2 players: " in pages["en"] and "Each player plays for themselves." in pages["en"]
    assert "À 2 joueurs : " in pages["fr"] and 'مع لاعبَين: ' in pages["ar"]


def test_a_number_where_nobody_sits_out_says_so_under_a_default_where_the_dealer_does(tmp_path):
    """Session 15's bug hunt: tute cabrero for three to five, five by default (the dealer sits out), with a block at
    five.  "With 3 players" read "At some numbers of players one player sits out of each hand", which is not so at
    three: the section now says that every player is dealt in."""
    body = ("table {\n  seats: 5 (3, 4, 5)\n  sit_out: 5 = dealer\n  hand_size: 3 = 13, 4 = 10\n}\n\n"
            "with 5 players {\n  scoring {\n    loser: 2\n  }\n}\n")
    pages = variant_pages(tmp_path, "tute-cabrero", body)
    expected = {"en": "With 3 players: Every player is dealt in, the dealer too, and plays each hand.",
                "fr": "Chaque joueur reçoit des cartes, le donneur aussi, et joue chaque main.",
                "ar": "يأخذ كل لاعب أوراقه، والموزّع كذلك، ويلعب كل يد."}
    for lang, words in expected.items():
        sizes = pages[lang].split("{ #table-sizes }")[1]
        assert words in sizes, (lang, sizes)
        assert pages[lang].split("{ #table-sizes }")[0].count(words.split(": ")[-1]) == 0
    assert "At some numbers of players" not in pages["en"].split("{ #table-sizes }")[1]


def test_a_rule_removed_at_one_number_is_said_not_to_apply_there_with_its_decision(tmp_path):
    house = tmp_path / "no-overtrump-at-two.touti"
    house.write_text('touti 1\n\nsystem "no-overtrump-at-two" extends "tute-two-three-four" {\n  title: "x"\n}\n\n'
                     "with 2 players {\n  play {\n    # Decision: at two there is no duty to overtrump.\n"
                     "    # Decision[fr]: à deux, pas d'obligation de surcouper.\n    remove overtrump\n  }\n}\n",
                     encoding="utf-8")
    loaded = load_for_docs(house, ROOT)
    pages = {lang: render_rules(loaded, lang) for lang in LANGUAGES}
    sizes = pages["en"].split("{ #table-sizes }")[1]
    at_two, at_three = sizes.split("With 3 players")
    assert "This rule does not apply: You must play a trump higher than every trump in the trick" in at_two
    assert "At two there is no duty to overtrump." in at_two and "does not apply" not in at_three
    assert "Cette règle ne s'applique pas : " in pages["fr"] and "À deux, pas d'obligation de surcouper." in pages["fr"]
    assert "لا تنطبق هذه القاعدة: " in pages["ar"]


def test_a_section_taken_away_at_one_number_is_said_once_by_its_heading(tmp_path):
    """A call or a section a block does without whole reads as one sentence, not its rules' sentences one by one
    (a call's "It can be: las, ..." leans on its heading)."""
    from tests.language.test_seat_rules import TOUTI_TWO_OR_FOUR

    house = tmp_path / "two-or-four.touti"
    house.write_text(TOUTI_TWO_OR_FOUR, encoding="utf-8")
    loaded = load_for_docs(house, ROOT)
    pages = {lang: render_rules(loaded, lang).split("{ #table-sizes }")[1] for lang in LANGUAGES}
    assert "This part of the rules does not apply: “Conceding the round”." in pages["en"]
    assert "Only the defenders may give up the round" not in pages["en"]
    assert "This rule does not apply: You must play a trump higher than every trump in the trick" in pages["en"]
    assert "Cette section des règles ne s'applique pas : « Concéder la manche »." in pages["fr"]
    assert "لا ينطبق هذا الجزء من القواعد: «التنازل عن الجولة»." in pages["ar"]


def test_several_sections_taken_away_at_one_number_are_said_in_one_sentence():
    """Touti for two does without the signals, the pre-announcement and the concession: one sentence names the three,
    where three sentences one after the other read as a stammer."""
    pages = spec_pages(SPEC_DIR / "examples" / "touti-two-or-four.touti")
    sizes = {lang: page.split("{ #table-sizes }")[1] for lang, page in pages.items()}
    assert "These parts of the rules do not apply: “Signals”, “Pre-announcement” and “Conceding the round”." in sizes["en"]
    assert ("Ces sections des règles ne s'appliquent pas : « Signaux », « Annonce d'avance » et « Concéder la manche »."
            in sizes["fr"])
    assert "لا تنطبق هذه الأجزاء من القواعد: «الإشارات»، «الإعلان المسبق» و«التنازل عن الجولة»." in sizes["ar"]
    assert "This part of the rules does not apply" not in sizes["en"]
    assert "مع لاعبَين: " in sizes["ar"] and "قواعد طاولة من لاعبَين" in pages["ar"]


def test_a_table_size_whose_every_deal_leaves_no_card_over_names_no_card_set_aside():
    """Tute cabrero at four: "The card left over after the deal is turned face up ... set aside. When 4 players are
    dealt in, no card is left over" said a card was set aside, then that there was none; at four, and at five and six
    where the dealer sits out, no deal leaves one."""
    pages = spec_pages(SPEC_DIR / "examples" / "tute-cabrero-last-loses.touti")
    sizes = pages["en"].split("{ #table-sizes }")[1]
    for players in ("With 4 players:", "With 5 players:", "With 6 players:"):
        said = sizes.split(players)[1].split("\n")[0]
        assert "No card is left over after the deal: the last card dealt shows trumps" in said
        assert "card left over after the deal is turned face up" not in said and "are dealt in" not in said
    stated = pages["en"].split("{ #table-sizes }")[0]  # three players: a card is left over
    assert "The card left over after the deal is turned face up to show trumps and set aside" in stated
    assert "Il ne reste aucune carte après la donne" in pages["fr"] and "لا تبقى أي ورقة بعد التوزيع" in pages["ar"]
