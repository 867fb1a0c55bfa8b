"""Rules pages never state something false about the spec they render (survey 2, problems P1-P9)."""

from __future__ import annotations

import pytest

from touti_dsl.docs.render import load_for_docs

from .helpers import SPEC_DIR, said, spec_pages, variant_pages

SEVEN_OR_TWO = "trump {\n  swap: 7 if turned_rank == 1 or turned_rank == 3 or turned_rank >= 10 else 2\n}\n"


@pytest.mark.parametrize("base", ["tute", "guinote"])
def test_a_swap_formula_reads_as_a_formula_whatever_the_window(tmp_path, base):
    """P1: on guinote (`swap_window: after_team_trick`) the formula read "holds the seven if …, otherwise two of
    trumps"; it reads as on tute, the window said once, by its own sentence."""
    pages = variant_pages(tmp_path, base, SEVEN_OR_TWO)
    when = "" if base == "guinote" else ", before the first lead"
    assert (f"The player who holds the right trump may exchange it for the turned-up card, once{when}: the seven if "
            "either the rank of the turned-up card is ace,") in pages["en"]
    assert f"Le joueur qui a le bon atout peut l'échanger contre la carte retournée, une fois{when.replace('before the first lead', 'avant la première entame')} : le sept si" in pages["fr"]
    assert "يستبدلها بالورقة المكشوفة، مرة واحدة" in pages["ar"]
    for lang, page in pages.items():
        assert "of trumps may exchange" not in page and "sinon deux d'atout" not in page, lang


def test_a_swap_formula_that_names_no_rank_reads_as_no_exchange(tmp_path):
    """Survey 6, row 11 (hobbyocio.com's Guiñote: the seven takes only an ace, a three or a figure): `else 0`, a rank
    no card has, means no swap; the page read "otherwise 0" (Arabic "وإلا 0")."""
    only_high = "trump {\n  swap: 7 if turned_rank == 1 or turned_rank == 3 or turned_rank >= 10 else 0\n}\n"
    pages = variant_pages(tmp_path, "guinote", only_high)
    assert "the rank of the turned-up card is sota, caballo or rey, otherwise none: no exchange." in pages["en"]
    assert "vaut sota, cavalier ou roi, sinon aucun : pas d'échange." in pages["fr"]
    assert "وإلا لا شيء: لا تبديل." in pages["ar"]
    for lang, page in pages.items():
        assert "otherwise 0" not in page and "sinon 0" not in page and 'وإلا <bdi dir="ltr">0</bdi>' not in page, lang


def _sentence(page: str, anchor: str) -> str:
    """The sentence of a rule in a page's section (not its line among the variant's differences)."""
    return next(line for line in page.splitlines() if line.endswith(f'href="#{anchor}" title="rule {anchor.replace("-", ".", 1)} (link to this rule)">#</a>'))


def test_a_swap_window_written_before_the_first_lead_is_said_once(tmp_path):
    page = variant_pages(tmp_path, "tute", "trump {\n  swap_window: before_first_lead\n}\n")["en"]
    assert _sentence(page, "trump-swap").startswith(
        "The player who holds the seven of trumps may exchange it for the turned-up card, once. <a")
    assert _sentence(page, "trump-swap_window").startswith("The exchange is made before the first lead.")


def _glossary_row(page: str, word: str) -> str:
    glossary = page.split("{ #system-glossary }", 1)[1]
    return next(line for line in glossary.splitlines() if line.startswith(f"| **{word}** |"))


def test_the_glossary_names_the_ranks_of_the_games_cante_and_tute(tmp_path):
    """P2: guinote's cante is a rey and a sota (`pair: 12, 10`), a tute of sotas is four reyes or four sotas
    (`tute: 12, 10`, diariopopular's Guiñote); the glossary said "a rey and a caballo" on every page."""
    pages = variant_pages(tmp_path, "guinote", "ghna {\n  tute: 12, 10\n}\n")
    assert _glossary_row(pages["en"], "cante").endswith("| two cards of one suit held in one hand (rey and sota), declared for points |")
    assert "(rey or sota), declared: the hand is won at once |" in _glossary_row(pages["en"], "tute")
    assert "(roi et sota)" in _glossary_row(pages["fr"], "chant") and "(roi ou sota)" in _glossary_row(pages["fr"], "tute")
    assert "(الري والسوتا)" in _glossary_row(pages["ar"], "الغناء") and "(الري أو السوتا)" in _glossary_row(pages["ar"], "توتي")
    for lang, page in pages.items():
        glossary = page.split("{ #system-glossary }", 1)[1]
        assert not any(word in glossary for word in ("caballo", "cavalier", "الكابال")), lang


def test_the_glossary_of_tute_keeps_rey_and_caballo(tmp_path):
    page = variant_pages(tmp_path, "tute", "")["en"]
    assert "(rey and caballo), declared for points |" in _glossary_row(page, "cante")
    assert "(rey or caballo)" in _glossary_row(page, "tute")


def _tie(page: str) -> str:
    return _sentence(page, "scoring-tie").split(" <a ", 1)[0]


def test_a_tie_won_by_the_last_trick_says_what_happens_when_its_side_is_not_tied(tmp_path):
    """P9: with four each for oneself (juegosmesa's Tute), players 1 and 3 tie on 40 while player 2 took the last trick
    (survey 2, repro_tie.py, seed 207): the engine gives the hand to nobody, and so must the page."""
    pages = variant_pages(tmp_path, "tute", "table {\n  teams: each\n}\n")
    assert _tie(pages["en"]) == ("On equal points, the player who won the last trick wins the hand. "
                                 "If that player is not one of those tied, nobody wins or loses the hand.")
    assert "Si ce joueur n'est pas parmi les ex æquo, personne ne gagne ni ne perd la main." in pages["fr"]
    assert "وإن لم يكن هذا اللاعب من المتعادلين، فلا يربح اليدَ أحد ولا يخسرها أحد." in pages["ar"]


def test_no_tie_break_needs_no_more_words(tmp_path):
    page = variant_pages(tmp_path, "tute", "table {\n  teams: each\n}\n\nscoring {\n  tie: none\n}\n")["en"]
    assert _tie(page) == "On equal points, nobody wins or loses the hand."


def test_a_tie_between_two_sides_needs_no_more_words(tmp_path):
    assert _tie(variant_pages(tmp_path, "tute", "")["en"]) == "On equal points, the team that won the last trick wins the hand."


def test_the_tie_of_three_players_says_it_too(tmp_path):
    """tute-arrastrado: three each for oneself; two may tie while the third took the last trick."""
    page = variant_pages(tmp_path, "tute-arrastrado", "")["en"]
    assert _tie(page).endswith("If that player is not one of those tied, nobody wins or loses the hand.")


def test_a_variant_page_shows_no_summary_it_inherits(tmp_path):
    """P3: guinote's summary ("six cards each and a stock …") is false for Guiñote with every card dealt (acanomas);
    a variant's page shows a summary only when the variant writes one."""
    body = ("table {\n  hand_size: 10\n  draw: none\n}\n\ntrump {\n  turned: dealer_hand\n  remove swap\n  remove swap_window\n}\n\n"
            "ghna {\n  remove while_stock\n}\n")  # survey 2, guinote-all-dealt.touti
    for lang, page in variant_pages(tmp_path, "guinote", body).items():
        assert "#system-summary" not in page, lang
    own = '  summary: "All forty cards dealt." fr "Toutes les cartes distribuées." ar "تُوزّع الأوراق كلها."\n'
    pages = variant_pages(tmp_path, "guinote", body, header=own)
    assert "All forty cards dealt.\n{: #system-summary" in pages["en"]
    assert "Toutes les cartes distribuées.\n{: #system-summary" in pages["fr"]


def test_the_index_shows_no_inherited_summary(tmp_path):
    from touti_dsl.docs.render import render_index

    path = tmp_path / "house.touti"
    path.write_text('touti 1\n\nsystem "house" extends "tute" {\n  title: "House"\n}\n\nmatch {\n  hands: 3 (3, 5)\n}\n', encoding="utf-8")
    index = render_index([load_for_docs(path, tmp_path)], "en")
    row = next(line for line in index.splitlines() if "<code>house</code>" in line)
    assert row == "| [House](house.md) <code>house</code> | [<code>tute</code>](tute.md) |  |"


def _prose(page: str, section: str) -> list[str]:
    """The sentences of a section of a rules page, without anchors and markup lines."""
    part = page.split(f"{{ #section-{section} }}", 1)[1].split("\n## ", 1)[0]
    return [line.split(" <a class=", 1)[0] for line in part.splitlines() if line and not line.startswith(("{:", "    {"))]


NO_DUTY = "play {\n  remove follow_suit\n  remove overtake\n  remove trump_when_void\n  remove overtrump\n}\n"


def test_a_play_without_duties_says_plainly_that_any_card_may_be_played(tmp_path):
    """P7: Brisca in pairs (acanomas) has no duty to follow, trump or beat."""
    pages = variant_pages(tmp_path, "guinote", NO_DUTY)
    assert _prose(pages["en"], "play") == ["There is no duty of play.", "You may always play any card of your hand."]
    assert _prose(pages["fr"], "play") == ["Il n'y a aucune obligation de jeu.",
                                           "Vous pouvez toujours jouer n'importe quelle carte de votre main."]
    assert _prose(pages["ar"], "play") == ["لا يوجد أي واجب في اللعب.", "يجوز لك دائمًا أن تلعب أي ورقة من يدك."]


ALL_DEALT = ("table {\n  hand_size: 10\n  draw: none\n}\n\ntrump {\n  turned: dealer_hand\n  remove swap\n  remove swap_window\n}\n\n"
             "ghna {\n  remove while_stock\n}\n")


def test_a_table_without_a_stock_does_not_say_when_no_card_is_left_to_draw(tmp_path):
    """P8: guinote with every card dealt (acanomas): "when no card is left to draw" always holds there."""
    page = variant_pages(tmp_path, "guinote", ALL_DEALT)["en"]
    assert "1. You must play a card of the led suit, if you can. <a " in page
    assert "left to draw" not in page.split("{ #section-play }", 1)[1].split("\n## ", 1)[0]
    assert "when no card is left to draw" in variant_pages(tmp_path, "guinote", "")["en"]


def test_the_turned_card_is_placed_once_and_never_contradicted(tmp_path):
    """P8: "The dealer keeps that card." was said by trump.choice and again by `turned: dealer_hand`; and on every
    guinote page it contradicted `turned: under_stock` ("the card after the hands … placed under the stock")."""
    dealt = _prose(variant_pages(tmp_path, "guinote", ALL_DEALT)["en"], "trump")
    assert dealt == ["Nobody chooses trumps: a card turned face up shows them.",
                     "The turned-up card is the dealer's last card, and the dealer keeps it."]
    guinote = _prose(variant_pages(tmp_path, "guinote", "")["en"], "trump")
    assert "dealer" not in " ".join(guinote)
    tute = _prose(variant_pages(tmp_path, "tute", "")["en"], "trump")
    assert tute[0] == "The dealer's last card is turned face up: its suit is trumps. The dealer keeps that card."


def test_a_variant_may_add_a_call_or_rename_one(tmp_path):
    """Survey 3: a variant adding a call with a title (atlas-carta with a `las` call of its own) made `touti docs`
    fail with D002 (no text for 'rule.call.title'): a call's title is its name, not a rule among the differences."""
    body = ('add call las {\n  title: "Las" fr "Las" ar "لاص"\n  effect: stay\n  require out_of_bidding: self_out\n'
            '  require has_ace: holds_ace\n  require once: not made(las)\n}\n\ncall signal {\n  title: "Table talk"\n}\n')
    pages = variant_pages(tmp_path, "atlas-carta", body)
    assert "- Added: [A player may make the call “Las” only when this player holds at least one ace (a card" in pages["en"]
    for lang, page in pages.items():
        assert "call.title" not in page and "Table talk" in page, lang


def test_a_concession_award_of_two_items_does_not_read_as_one(tmp_path):
    """Survey 3: with `award: remaining_cards, last_trick` the sentence read "every card not yet won, the current
    trick included and the last trick bonus", as if the bonus were part of the current trick."""
    pages = variant_pages(tmp_path, "atlas-carta", "concession {\n  award: remaining_cards, last_trick\n}\n")
    assert ("The bidding team then takes every card not yet won (the current trick included) and the last trick "
            "bonus.") in pages["en"]
    assert "toutes les cartes pas encore gagnées (pli en cours compris) et" in pages["fr"]
    for lang, page in pages.items():
        assert "included and" not in page and "compris et le" not in page.replace("(pli en cours compris) et", ""), lang


@pytest.mark.parametrize("base, body, stale", [
    ("tute", "ghna {\n  per_trick: 2\n}\n", "One declaration per won trick"),
    ("tutti-ma", "ghna {\n  per_trick: 2\n}\n", "One declaration per won trick"),
    ("atlas-carta", "concession {\n  consent: one\n}\n", "only the other defender acts"),
])
def test_a_base_decision_note_leaves_with_the_rule_it_is_about(tmp_path, base, body, stale):
    """Survey 3: a note stays with the rule that carries it, and the seeds' notes on `ghna.window` and
    `concession.proposer` also spoke of `per_trick` and `consent`: tute-each-partner-sings said "One declaration per
    won trick for the whole team" right above "At most 2 declarations per trick won"; each Decision now sits on its
    own rule, so a variant that changes that rule drops it."""
    (tmp_path / "same").mkdir()
    (tmp_path / "changed").mkdir()
    assert stale in variant_pages(tmp_path / "same", base, "")["en"]  # the base's note, inherited unchanged
    assert stale not in variant_pages(tmp_path / "changed", base, body)["en"]


def test_the_proposer_sentence_says_nothing_of_the_answer(tmp_path):
    """Survey 3: with `consent: one` the page said "decides alone: there is no vote" and, one line below, "The
    defender whose turn it is to play proposes it; then the partner agrees or refuses"; the answer is consent's."""
    (tmp_path / "same").mkdir()
    (tmp_path / "alone").mkdir()
    both = variant_pages(tmp_path / "same", "atlas-carta", "")
    alone = variant_pages(tmp_path / "alone", "atlas-carta", "concession {\n  consent: one\n}\n")
    assert "Both defenders must agree: once it is proposed, the partner agrees or refuses." in both["en"]
    assert "The defender whose turn it is to play proposes the concession, at most once per trick for the team." in alone["en"]
    for lang in alone:
        assert "agrees or refuses" not in alone[lang] and "accepte ou refuse" not in alone[lang].replace(
            "seul l'autre défenseur répond : il accepte ou refuse", ""), lang
    assert "يوافق الشريك أو يرفض" not in alone["ar"]


def test_a_score_in_hands_won_by_a_player_for_oneself_names_no_team(tmp_path):
    """Survey 5: realidad-simulada.es's Tute for two (each for oneself, a match in hands won) counts a hand of 101
    taken without songs as two; the page said "What the team that wins the hand counts" at a table of two players."""
    body = "scoring {\n  winner: 2 if declarations(winner) == 0 and points(winner) >= 101 else 1\n}\n"
    pages = variant_pages(tmp_path, "tute-habanero", body)
    assert _sentence(pages["en"], "scoring-winner").startswith(
        "What the player who wins the hand counts towards the match, in hands won: 2 if")
    assert "Ce que le joueur qui gagne la main compte pour la partie, en mains gagnées : 2 si" in pages["fr"]
    assert "ما يحسبه اللاعب الذي يربح اليد في المباراة، بعدد الأيادي المربوحة:" in pages["ar"]
    for lang, page in pages.items():
        assert not any(team in page for team in ("the team that wins", "l'équipe qui gagne", "الفريق الذي يربح")), lang


BY_ONE = {"team": {"en": "taken by one team", "fr": "pris par une équipe", "ar": "لفريق واحد"},
          "player": {"en": "taken by one player", "fr": "pris par un seul joueur", "ar": "للاعب واحد"},
          "side": {"en": "taken by one side", "fr": "pris par un camp", "ar": "لطرف واحد"}}
ACES_WIN = "add ghna {\n  kinds: ases = 0 1 1 1 1 wins_hand\n}\n\nmatch {\n  at_once: capote, ases\n}\n"


@pytest.mark.parametrize("base, body, taker", [
    ("tute-habanero", "match {\n  at_once: capote\n}\n", "player"),  # two players, each for oneself
    ("guinote-mano-a-mano", "match {\n  at_once: capote\n  games: 3 (2, 3)\n}\n", "player"),  # a game won at once
    ("tute-habanero", ACES_WIN, "player"),  # the capote among the words of a list
    ("tute-subastado-three", ACES_WIN, "side"),  # the bid winner alone against the others
    ("tute", "match {\n  at_once: capote\n}\n", "team"),
])
def test_a_capote_that_wins_at_once_is_taken_by_one_player_where_each_plays_for_oneself(tmp_path, base, body, taker):
    """`match.at_once: capote` read "every trick of a round taken by one team" at tables without teams."""
    pages = variant_pages(tmp_path, base, body)
    for lang, page in pages.items():
        sentence = said(page, "match-at_once")
        assert BY_ONE[taker][lang] in sentence, (lang, sentence)
        assert not any(BY_ONE[other][lang] in page for other in BY_ONE if other != taker), lang


def test_a_score_in_hands_won_by_a_team_still_names_the_team(tmp_path):
    """… and the French count of its own declarations agrees with «l'équipe» as with «le joueur» (it read «qu'il a
    faites» after «l'équipe»)."""
    body = "scoring {\n  winner: 2 if declarations(winner) == 0 and points(winner) >= 101 else 1\n}\n"
    pages = variant_pages(tmp_path, "tute", body)
    assert _sentence(pages["en"], "scoring-winner").startswith("What the team that wins the hand counts towards the match")
    assert ("Ce que l'équipe qui gagne la main compte pour la partie, en mains gagnées : 2 si le nombre de ses propres "
            "annonces de toute sorte dans cette manche vaut 0") in pages["fr"]
    assert "qu'il a faites" not in pages["fr"]


def test_a_condition_on_the_team_names_the_player_where_each_plays_for_oneself(tmp_path):
    """Survey 5: naipes-casino's tute held from the deal, written with `tricks_won(team)` on tute-habanero (two players
    each for oneself), read "the number of tricks won this round by this player's team"."""
    body = ("ghna {\n  window: after_team_trick, before_first_lead\n}\n\n"
            "add ghna {\n  require dealt_tute_only: declaring(tute) or tricks_won(team) > 0\n}\n")
    pages = variant_pages(tmp_path, "tute-habanero", body)
    assert "the number of tricks this player has won this round is at least 1" in pages["en"]
    assert "le nombre de plis que ce joueur a remportés dans cette manche" in pages["fr"]
    assert "عدد المرات التي ربح فيها هذا اللاعب لمّة" in pages["ar"]
    for lang, page in pages.items():
        assert not any(team in page for team in ("this player's team", "l'équipe de ce joueur", "فريق هذا اللاعب")), lang


def test_a_condition_on_the_team_still_names_the_team_of_partners(tmp_path):
    body = "add ghna {\n  require won_first: tricks_won(team) > 0\n}\n"
    assert "the number of tricks won this round by this player's team" in variant_pages(tmp_path, "tute", body)["en"]


GANA_PIERDE = """table {
  teams: each
}

scoring {
  winner: 0 if points(winner) >= 101 else 1
  loser: 1 if points(winner) >= 101 else 0
}

match {
  end: losses
  remove hands
  losses: 4 (3, 4, 5)
}
"""


def test_a_score_in_hands_lost_says_so_even_for_the_hands_winner(tmp_path):
    """Survey 6, row 6 (Tute gana-pierde, profilpelajar.com: the most points lose the hand, unless they reach 101):
    where the scores count hands lost, the page read "The player who wins the hand scores … 1" beside "a player who
    has lost 4 hands ends the match", as if a won hand counted towards the win."""
    pages = variant_pages(tmp_path, "tute", GANA_PIERDE)
    assert ("What the player who wins the hand counts towards the match, in hands lost: 0 if their own total") in pages["en"]
    assert "Ce que chaque joueur qui perd la main compte pour la partie, en mains perdues : 1 si" in pages["fr"]
    assert "ما يحسبه اللاعب الذي يربح اليد في المباراة، بعدد الأيادي الخاسرة:" in pages["ar"]
    assert "The player who wins the hand scores" not in pages["en"]


def test_the_porotos_of_tute_cabrero_are_hands_lost(tmp_path):
    page = variant_pages(tmp_path, "tute-cabrero", "")["en"]
    assert "What each player who loses the hand counts towards the match, in hands lost: 1." in page


def test_the_bid_winner_who_sings_alone_has_no_partner_at_a_table_of_one_against_the_rest(tmp_path):
    """Session 18's Touti hunt, Touti for three: the bid winner plays alone against the two others and alone sings; the
    page said "neither its partner nor the defenders", of a player who has no partner."""
    body = ("remove call signal\nremove call preannounce\nremove concession\n\ndeck {\n  removed: 2o\n}\n\n"
            "table {\n  seats: 3\n  teams: bidder_against_rest\n  hand_size: 13\n}\n\nghna {\n  who: bid_winner\n}\n")
    pages = variant_pages(tmp_path, "atlas-carta", body)
    assert "Only the player who wins the bidding may declare a ghna; the other players never do." in pages["en"]
    assert "partner" not in pages["en"].split("{ #section-ghna }")[1].split("\n## ")[0]
    assert "ni son partenaire" not in pages["fr"] and "les autres joueurs jamais" in pages["fr"]


def test_the_bid_winner_chooses_among_the_suits_the_deck_has(tmp_path):
    """`trump.choice: bid_winner` on a deck of three suits (`remove suits: bastos`): the page said "any of the four
    suits" whatever the deck, while the engine offers the bid winner only the deck's three."""
    from touti_dsl.engine import Game

    body = ("deck {\n  remove suits: bastos\n}\n\ntable {\n  seats: 3\n  teams: bidder_against_rest\n  hand_size: 10\n}\n\n"
            "remove concession\n\nbidding {\n  maximum: 150\n}\n")
    pages = variant_pages(tmp_path, "atlas-carta", body)
    assert Game.from_spec(tmp_path / "house.touti").ruleset.suits == ("oros", "copas", "espadas")
    assert "The player who wins the bidding chooses trumps: any suit of the deck." in pages["en"]
    for lang, page in pages.items():
        assert "four suits" not in page and "quatre couleurs" not in page and "الألوان الأربعة" not in page, lang


def test_a_dealer_who_sits_out_keeps_no_turned_card(tmp_path):
    """`table.sit_out: 5 = dealer` with the turned card in the dealer's hand (`trump.turned` unwritten, or
    `dealer_hand`): the engine gives the last card, which shows trumps, to the player before the dealer, who keeps it
    and never exchanges (`Seating.last_dealt`), while the page said "The dealer keeps that card"."""
    from touti_dsl.engine import Game

    always = variant_pages(tmp_path, "tute", "table {\n  seats: 5\n  teams: each\n  sit_out: 5 = dealer\n}\n")
    state = Game.from_spec(tmp_path / "house.touti").new_round(seed=3, dealer=2)
    assert state.turned in state.hands[1] and not state.hands[2]
    assert said(always["en"], "trump-choice") == ("The last card dealt, to the player before the dealer (who sits "
                                                       "out), is turned face up: its suit is trumps. That player keeps the card.")
    for lang, page in always.items():
        assert "The dealer keeps" not in page and "Le donneur garde" not in page and "ويحتفظ الموزّع" not in page, lang
    some = variant_pages(tmp_path, "tute", "table {\n  seats: 4 (4, 5)\n  teams: each\n  sit_out: 5 = dealer\n}\n\n"
                                           "trump {\n  turned: dealer_hand\n  swap_window: after_team_trick\n}\n")
    assert said(some["en"], "trump-turned").endswith("When the dealer sits out of the hand, the turned-up card is "
                                                          "the last card dealt, to the player before the dealer, who keeps it.")
    assert "When the dealer sits out of the hand, the player dealt the turned-up card" in said(some["en"], "trump-swap_window")
    assert "Quand le donneur ne joue pas la main" in said(some["fr"], "trump-turned")
    assert "إذا لم يلعب الموزّع اليد" in said(some["ar"], "trump-swap_window")


def test_the_first_in_turn_leads_at_a_table_without_bidding(tmp_path):
    """`first_lead: first_speaker` on tute (no bidding): the page said "The first player to speak also leads the first
    trick, whoever wins the bidding" of a table where nobody speaks and nobody wins a bidding; the engine has the
    first player in turn (the player after the dealer) lead."""
    from touti_dsl.engine import Game

    pages = variant_pages(tmp_path, "tute", "rotation {\n  first_lead: first_speaker\n}\n")
    assert Game.from_spec(tmp_path / "house.touti").new_round(seed=1, dealer=2).to_play == 3
    assert said(pages["en"], "rotation-first_lead") == "The first player in turn leads the first trick."
    assert said(pages["fr"], "rotation-first_lead") == "Le premier dans l'ordre du jeu entame le premier pli."
    assert "المزايدة" not in said(pages["ar"], "rotation-first_lead")


def test_a_redeal_at_a_table_without_a_dealer_says_who_speaks_first(tmp_path):
    """touti-app (no dealer) with a redeal: "The same player deals again" named a dealer the table does not have; the
    engine keeps (or passes on) the first speaker.  And `redeal.dealer: next_seat` said "as after any round", untrue
    where `rotation.next_round` names another player (the engine passes the deal of a void deal to the next seat)."""
    from touti_dsl.engine import Game

    redeal = "add redeal {\n  when: cards_held(oros) == 0\n  by: automatic\n  dealer: same_seat\n}\n"
    pages = variant_pages(tmp_path, "touti-app", redeal)
    assert said(pages["en"], "redeal-dealer") == "The same player speaks first again; a void deal scores nothing."
    assert said(pages["fr"], "redeal-dealer").startswith("Le même joueur parle de nouveau en premier")
    game = Game.from_spec(tmp_path / "house.touti")
    void = next(state for state in (game.new_round(seed=seed, first_speaker=2) for seed in range(300))
                if state.is_terminal() and state.round_result()["void"])
    assert void.next_round(seed=1).first_speaker == 2
    nexts = variant_pages(tmp_path, "atlas-carta", "rotation {\n  next_round: last_trick_winner\n}\n\n"
                                                   + redeal.replace("same_seat", "next_seat"))
    assert said(nexts["en"], "redeal-dealer") == "The next player deals; a void deal scores nothing."
    for lang, page in nexts.items():
        assert "as after any" not in page and "comme après toute" not in page and "كما بعد أي" not in page, lang


@pytest.mark.parametrize("word", ["hand_winner", "hand_loser"])
def test_the_deal_passes_to_a_side_of_several_players_where_the_bid_winner_plays_alone(tmp_path, word):
    """`teams: bidder_against_rest` (tute subastado for three): the page said the deal passes to "the player who won
    the hand" (or lost it), where the side is the two players against the bid winner; the engine gives it to the first
    of that side's players after the dealer, as the sentence of partners says."""
    from touti_dsl.engine import Game

    pages = variant_pages(tmp_path, "tute-subastado-three", f"rotation {{\n  next_round: {word}\n}}\n")
    won = "won" if word == "hand_winner" else "lost"
    assert (f"At the next round the deal passes to the side that {won} the hand, the bid winner's or the other players': "
            "to the first of its players after the previous one.") in said(pages["en"], "rotation-next_round")
    assert "au premier de ses joueurs après le précédent" in said(pages["fr"], "rotation-next_round")
    from tests.engine.helpers import greedy_play

    game = Game.from_spec(tmp_path / "house.touti")
    for seed in range(300):
        state = game.new_round(seed=seed, dealer=0)
        state.apply(1, next(a for a in state.legal_actions(1) if a.startswith("bid ")))  # the lowest bid, then passes
        while state.phase != "play":
            seat = state.actors()[0]
            state.apply(seat, "pass" if "pass" in state.legal_actions(seat) else state.legal_actions(seat)[0])
        greedy_play(state, {1} if word == "hand_loser" else {0, 2})  # the side to be named loses or wins
        result = state.round_result()
        named = result["winner"] if word == "hand_winner" else None if result["winner"] is None else 1 - result["winner"]
        if named != 1 or state.match_result()["over"]:
            continue
        assert state.next_round(seed=1).dealer == 2  # the first player after the dealer on that side (seat 1 bid)
        return
    raise AssertionError("no hand named the players against the bid winner")


def test_a_widow_where_trumps_are_named_in_the_bid_is_taken_before_the_first_lead(tmp_path):
    """`trump.choice: in_bid` with a widow: the page put the widow "before anything else (the choice of trumps
    included)", but trumps are named with the winning bid; the engine opens the widow after the bidding and the play
    after it."""
    from touti_dsl.engine import Game

    pages = variant_pages(tmp_path, "tute-subastado-widow", "trump {\n  choice: in_bid\n}\n")
    state = Game.from_spec(tmp_path / "house.touti").new_round(seed=1, dealer=0)
    state.apply(1, next(a for a in state.legal_actions(1) if a.startswith("bid ")))
    state.apply(2, "pass")
    state.apply(0, "pass")
    assert state.phase == "widow" and state.high_suit is not None  # the suit named with the bid
    assert said(pages["en"], "widow-by").startswith("After the bidding, before the first lead, the player who wins it")
    assert said(pages["en"], "trump-choice").endswith("and the play begins once the widow is taken or left.")
    for lang, page in pages.items():
        assert "choice of trumps included" not in page and "le choix de l'atout compris" not in page, lang
        assert "begins at once" not in page and "commence aussitôt" not in page, lang


def test_elimination_says_where_the_deal_goes_when_its_player_has_just_left(tmp_path):
    """tute-cabrero (`match.end elimination`) with `next_round: last_trick_winner` or `same_seat`: the engine never
    deals to a player this round put out of the match, but gives the deal to the first player still in it after the
    dealer; the elimination sentence says so, for a deal that would pass to that player or stay with it."""
    pages = variant_pages(tmp_path, "tute-cabrero", "rotation {\n  next_round: same_seat\n}\n")
    assert ("When the deal would go to a player who has just left (or stay with one), it goes instead to the first player "
            "still in the match after the one who had it.") in said(pages["en"], "match-losses")
    assert "Quand la donne devrait échoir à un joueur qui vient d'en sortir" in said(pages["fr"], "match-losses")
    assert "وإذا كان التوزيع سيؤول إلى لاعب خرج للتو" in said(pages["ar"], "match-losses")


def test_no_stock_beside_a_widow_does_not_say_every_card_is_dealt(tmp_path):
    """`table.draw: none` with a widow (or a turned card set aside): "All the cards are dealt at once" while the deal
    leaves cards out of the hands (the engine's widow)."""
    pages = variant_pages(tmp_path, "tute-subastado-widow", "table {\n  draw: none\n}\n")
    assert said(pages["en"], "table-draw") == "There is no stock: nobody draws a card after the deal."
    for lang, page in pages.items():
        assert "All the cards are dealt" not in page and "Toutes les cartes sont distribuées" not in page, lang
    assert "All the cards are dealt at once" in variant_pages(tmp_path, "guinote-all-dealt", "")["en"]


def test_a_bid_that_never_stands_in_a_one_turn_auction_voids_the_round(tmp_path):
    """`never_stands` with `bidding.rounds: 1`: the page promised "a player left alone at 70 must raise or pass", but
    its bidder has spoken its one turn: the engine voids the round, and the page says so."""
    pages = variant_pages(tmp_path, "touti-app", "bidding {\n  rounds: 1\n}\n")
    assert said(pages["en"], "bidding-never_stands") == (
        "A bid of 70 may open the bidding but never stands as the contract: if it is still the highest bid once every "
        "player has spoken, the round is void.")
    assert "si elle est encore la plus haute quand chaque joueur a parlé, la manche est nulle" in pages["fr"]
    assert "إذا بقيت أعلى" in pages["ar"]
    for lang, page in pages.items():
        assert "must raise or pass" not in page and "doit monter ou passer" not in page, lang
    assert "must raise or pass" in said(variant_pages(tmp_path, "touti-app", "")["en"], "bidding-never_stands")


NOT_FINAL = {"en": "A player who says pass may still bid when the turn comes back",
             "fr": "Un joueur qui dit « passe » peut encore faire une enchère quand son tour revient",
             "ar": "يجوز له أن يقدّم مزايدة من جديد حين يعود دوره"}
FINAL = {"en": "A player who says pass is out of the bidding for the rest of the round.",
         "fr": "Un joueur qui dit « passe » sort des enchères pour le reste de la manche.",
         "ar": "من يقول «باص» يخرج من المزايدة لبقية الجولة."}


def test_a_pass_not_final_in_a_one_turn_auction_reads_as_final(tmp_path):
    """`pass: not_final` with `bidding.rounds: 1`: the page said both "a player who says pass may still bid when the
    turn comes back" and "each player speaks once"; the engine lets the one turn decide (W470), and so does the page."""
    one_turn = variant_pages(tmp_path, "tutti-ma-open-auction", "bidding {\n  rounds: 1\n}\n")
    going_round = variant_pages(tmp_path, "tutti-ma-open-auction", "bidding {\n  minimum: 80\n}\n")
    for lang in NOT_FINAL:
        assert NOT_FINAL[lang] not in one_turn[lang] and said(one_turn[lang], "bidding-pass") == FINAL[lang], lang
        assert NOT_FINAL[lang] in said(going_round[lang], "bidding-pass"), lang


def test_out_of_the_bidding_says_nothing_false_where_a_pass_is_not_final(tmp_path):
    """`self_out` read "out of the bidding (passed, or made a call that leaves it)", and `pass` "leaving the bidding":
    under `pass: not_final` a player who passed is still in (the page: "may still bid when the turn comes back"), as
    the engine has it."""
    pages = variant_pages(tmp_path, "atlas-carta", "bidding {\n  pass: not_final\n}\n")
    assert "this player is out of the bidding (passed where a pass is final, or made a call that leaves it)" in pages["en"]
    assert "il a passé là où un passe est définitif" in pages["fr"]
    assert "حيث يكون «الباص» نهائيًا" in pages["ar"]
    for lang, page in pages.items():
        assert "(passed, or made" not in page and "(il a passé, ou" not in page, lang
        assert "leaving the bidding instead" not in page and "sortir des enchères au lieu" not in page, lang


def test_the_concession_award_says_what_a_held_ghna_and_a_capote_are_there(tmp_path):
    """`concession.award: held_ghna` credits a held ghna only where its holder meets the ghna `require` lines that read
    no moment of the play (atlas-bid-winner-sings: the bid winner's own pairs), and a conceded round is a capote of the
    contract makers when the defenders won no trick (atlas-capote-double: `2 * contract if capote(bidders)`); the page
    said neither."""

    sings = spec_pages(SPEC_DIR / "examples" / "atlas-bid-winner-sings.touti")
    assert "A held ghna counts only where its holder could declare it" in said(sings["en"], "concession-award")
    assert "ne compte que si celui qui le tient pouvait l'annoncer" in sings["fr"]
    assert "إلا إذا كان صاحبه يستطيع إعلانه" in sings["ar"]
    double = spec_pages(SPEC_DIR / "examples" / "atlas-capote-double.touti")
    assert said(double["en"], "concession-award").endswith(
        "A conceded round is a capote of the bidding team when the defenders had won no trick: the tricks left go with "
        "the cards left.")
    assert "Une manche cédée est un capote de l'" in double["fr"]
    assert "تكون كابوطًا يحققه" in double["ar"]
    for page in (sings["en"], double["en"]):
        assert ("could declare it" in page) == (page is sings["en"]) and ("is a capote of" in page) == (page is double["en"])
    later = variant_pages(tmp_path, "atlas-carta", "add ghna {\n  require after_a_trick: not first_trick\n}\n")["en"]
    assert "could declare it" not in later  # a line about the moment of the play only: no held pair is judged by it
