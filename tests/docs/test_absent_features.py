"""A rules page speaks only of what its table has, and names the spec's things by their words, never by raw values.

Issue "Rules a card site can publish": a truthful signal read "the call being made is <code>las</code>";
Brisca in pairs (no duty of play, no songs) said "A team that breaks a duty of play loses the hand",
kept a "Singing" heading and listed the cante, the tute and the duties in its glossary.
"""

from __future__ import annotations

import re

import pytest

from touti_dsl.docs.catalog import LANGUAGES, catalog
from touti_dsl.docs.render import load_for_docs, render_rules
from touti_dsl.docs.views import PageWords, anchor

from .helpers import ALL_SPECS, ROOT, SPEC_DIR, variant_pages


def _pages(path) -> dict[str, str]:
    loaded = load_for_docs(path, ROOT)
    return {lang: render_rules(loaded, lang) for lang in LANGUAGES}


def _glossary_words(page: str) -> list[str]:
    glossary = page.split("{ #system-glossary }", 1)[1]
    return re.findall(r"^\| \*\*(.+?)\*\* \|", glossary, re.M)


def test_a_call_value_in_a_requirement_is_named_as_the_calls_values_are():
    pages = _pages(ROOT / "tests" / "engine" / "specs" / "atlas-true-signals.touti")
    assert "when the call being made is las (“I have an ace”)" in pages["en"]
    assert "when the call being made is kont (“I have a ghna”)" in pages["en"]
    assert "lorsque l'annonce en cours est las (« j'ai un as »)" in pages["fr"]
    assert "عندما يكون الإعلان الجاري هو لاص («عندي الآس»)" in pages["ar"]
    for lang, page in pages.items():
        assert "<code>las</code>" not in page and "<code>kont</code>" not in page, lang


@pytest.fixture(scope="module")
def brisca() -> dict[str, str]:
    return _pages(SPEC_DIR / "examples" / "brisca-pairs.touti")


def test_no_penalty_for_breaking_a_duty_where_play_has_no_duty(brisca):
    for lang, page in brisca.items():
        assert "scoring-renounce" not in page, lang
    assert "breaks a duty" not in brisca["en"]
    assert "obligation de jeu" not in brisca["fr"].split("{ #section-scoring }")[1]


def test_the_penalty_stays_where_play_has_duties(tmp_path):
    pages = variant_pages(tmp_path, "guinote", "remove ghna\n")
    assert "A team that breaks a duty of play loses the hand." in pages["en"]


def test_a_table_without_songs_has_no_singing_heading(brisca):
    for lang, page in brisca.items():
        assert "{ #section-ghna }" not in page, lang
        play = page.split("{ #section-play }")[1].split("\n## ")[0]
        assert 'href="#ghna-none"' in play, lang  # one sentence says so, at the end of the play
    assert "There are no songs: no cards are declared for points." in brisca["en"]
    assert "Il n'y a pas de chants : aucune carte ne s'annonce pour des points." in brisca["fr"]
    assert "لا غناء في هذه اللعبة: لا تُعلن أي أوراق مقابل نقاط." in brisca["ar"]


def test_the_glossary_leaves_out_songs_and_duties_the_table_does_not_have(brisca):
    assert _glossary_words(brisca["en"]) == ["trick", "last trick", "trumps", "trump", "dealer", "match"]
    for lang, page in brisca.items():
        words = " ".join(_glossary_words(page))
        assert not re.search(r"cante|tute|chant|غناء|توتي|follow|fournir", words), (lang, words)


def test_the_glossary_keeps_what_the_table_has(tmp_path):
    page = variant_pages(tmp_path, "guinote", "")["en"]
    assert {"cante", "tute", "follow suit", "head the trick", "overtrump"} <= set(_glossary_words(page))


def test_a_glossary_call_value_goes_with_its_call(tmp_path):
    pages = variant_pages(tmp_path, "touti-app", "remove call push\n")
    assert "push" not in _glossary_words(pages["en"])
    assert "push" in _glossary_words(variant_pages(tmp_path, "touti-app", "")["en"])


def test_a_table_without_bidding_has_nobody_speak(tmp_path):
    """Tute has no bidding: the first player is "first in turn", the deal passes without "(or the first word)", and
    no round is ever void, so the page says nothing of void rounds."""
    pages = _pages(SPEC_DIR / "tute.touti")
    rotation = {lang: page.split("{ #section-rotation }")[1].split("\n## ")[0] for lang, page in pages.items()}
    assert "The player after the dealer is the first in turn." in rotation["en"]
    assert "At the next round the deal passes to the next player." in rotation["en"]
    assert "Players play in turn, one after the other." in rotation["en"]
    assert "Le joueur qui suit le donneur est le premier dans l'ordre du jeu." in rotation["fr"]
    assert "À la manche suivante, la donne passe au joueur suivant." in rotation["fr"]
    assert "يلعب اللاعبون بالدور، واحدًا بعد الآخر." in rotation["ar"]
    for lang, text in rotation.items():
        assert "rotation-after_void" not in text, lang
        prose = "\n".join(line for line in re.sub(r"<[^>]+>", "", text).splitlines() if not line.startswith("{:"))
        assert not re.search(r"speak|word|parle|parole|يتكلم|الكلمة|الكلام", prose), lang


def test_a_table_with_bidding_still_speaks(tmp_path):
    pages = _pages(SPEC_DIR / "atlas-carta.touti")
    assert "The player after the dealer speaks first." in pages["en"]
    assert "It passes on after a void round too: never the same player twice." in pages["en"]


def test_a_redeal_without_bidding_says_nothing_of_after_void():
    """tute-lone-two (no bidding, `after_void: next_seat` inherited, a redeal `dealer: same_seat`): the page said "It
    passes on after a void round too: never the same player twice" beside "The same player deals again", while the
    engine deals a redeal's void deal again as `redeal.dealer` says and `after_void` decides only a round where every
    player passes, which a table without bidding never has."""
    from touti_dsl.engine import Game

    game = Game.from_spec(SPEC_DIR / "examples" / "tute-lone-two.touti")
    state = next(state for state in (game.new_round(seed=seed, dealer=0) for seed in range(200))
                 if any("redeal" in state.legal_actions(seat) for seat in range(4)))
    state.apply(next(seat for seat in range(4) if "redeal" in state.legal_actions(seat)), "redeal")
    assert state.round_result()["void"] and state.next_round(seed=1).dealer == 0  # after_void would say seat 1
    for lang, page in _pages(SPEC_DIR / "examples" / "tute-lone-two.touti").items():
        assert 'href="#rotation-after_void"' not in page, lang


def test_a_redeal_beside_a_bidding_tells_its_void_deal_from_every_player_passing(tmp_path):
    """atlas-carta with a redeal of its own dealer: `after_void: next_seat` is said of a round where every player
    passes, not of "a void round", which a redeal's void deal (dealt again by the same dealer) is too."""
    redeal = "add redeal {\n  when: cards_held(oros) == 0\n  by: holder\n  dealer: same_seat\n}\n"
    pages = variant_pages(tmp_path, "atlas-carta", redeal)
    assert "After a round where every player passes, it passes on too: never the same player twice." in pages["en"]
    assert "The same player deals again; a void deal scores nothing." in pages["en"]
    assert "Elle passe aussi après une manche où tous les joueurs passent" in pages["fr"]
    for lang, page in pages.items():
        assert "after a void round too" not in page and "après une manche nulle" not in page, lang


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_no_case_links_to_a_rule_its_page_leaves_out(path):
    """A case's `doc` links to its rule's anchor on the rules page: a rule the page leaves out is no case's rule."""
    spec = load_for_docs(path, ROOT).spec
    page = PageWords(catalog("en"), spec)
    left_out = [anchor(rule.id) for rule in spec.rules if not page.shown(rule)]
    suite = ROOT / "generated" / spec.system
    assert any(suite.rglob("*.json"))
    if left_out:
        linked = [p.name for p in suite.rglob("*.json") if any(f"#{a}\"" in p.read_text(encoding="utf-8") for a in left_out)]
        assert not linked, (left_out, linked)


def test_a_refused_kind_of_ghna_shows_the_cards_of_its_kind():
    """`ghna as_tres bastos` (a kind of ghna.kinds) was read as a suit named `as_tres`: the example said "player 2
    holds , but may not declare this ghna"."""
    pages = _pages(SPEC_DIR / "examples" / "tutti-ma-any-pair-sings.touti")
    for lang, page in pages.items():
        example = page.split("{ #section-ghna }")[1]
        assert "holds , but" not in example and "عند اللاعب <bdi dir=\"ltr\">2</bdi> ،" not in example, lang
    assert re.search(r"player 2 holds <span class=\"card card-bastos\"[^>]*><b>3</b>🪵</span> <span class=\"card "
                     r"card-bastos\"[^>]*><b>12</b>🪵</span>, but may not declare this ghna", pages["en"])


def test_the_swap_after_a_trick_won_by_the_holder_where_each_plays_alone():
    """Tute habanero (two players, each for oneself) said "a trick won by the holder's side"."""
    pages = _pages(SPEC_DIR / "examples" / "tute-habanero.touti")
    assert "The exchange is made after a trick won by the holder, before the next lead" in pages["en"]
    assert "L'échange se fait après un pli gagné par le joueur qui échange" in pages["fr"]
    assert "يكون التبديل بعد لمّة يربحها اللاعب نفسه" in pages["ar"]
    assert "holder's side" not in pages["en"]


def test_the_swap_after_a_trick_won_by_the_holders_side_where_the_defenders_are_a_side(tmp_path):
    pages = variant_pages(tmp_path, "tute-subastado-three", "table {\n  hand_size: 8\n  draw: winner_first\n}\n\ntrump {\n  turned: under_stock\n  swap_window: after_team_trick\n}\n")
    assert "The exchange is made after a trick won by the holder's side" in pages["en"]


def test_a_table_without_a_tute_has_no_tute_in_its_glossary():
    """Tute subastado for three removes the tute: its glossary still explained it."""
    pages = _pages(SPEC_DIR / "examples" / "tute-subastado-three.touti")
    assert "tute" not in _glossary_words(pages["en"]) and "cante" in _glossary_words(pages["en"])
    assert "tute" in _glossary_words(_pages(SPEC_DIR / "tute.touti")["en"])


def test_a_contract_held_alone_names_one_player():
    """The bid winner alone against the rest: the worked example said "(players 1 and 3) … they score"."""
    pages = _pages(SPEC_DIR / "examples" / "tute-subastado-dealer-rests.touti")
    assert re.search(r"Made to the point: the contract is 60 \(player 1, alone\); this player takes 50 in cards, "
                     r"10 for the last trick and 0 in cante, 60 in all\. This player scores 60\.", pages["en"])
    # the dealer rests and scores nothing: not "each of the other players"
    assert "Players 1 and 4 score 60 each." in pages["en"] and "Each of the other players scores" not in pages["en"]
    assert "(joueur 1, seul) ; il fait 50 en cartes" in re.sub(r"<[^>]+>", "", pages["fr"])
    assert "(اللاعب 1 وحده)؛ جمع 50 من الأوراق" in re.sub(r"<[^>]+>", "", pages["ar"])
    for lang, page in pages.items():
        assert not re.search(r"players 1 and 3|joueurs 1 et 3|\(اللاعبان", re.sub(r"<[^>]+>", "", page)), lang


def test_a_contract_held_by_partners_names_both():
    page = re.sub(r"<[^>]+>", "", _pages(SPEC_DIR / "atlas-carta.touti")["en"])
    assert "Made to the point: the contract is 80 (players 1 and 3); they take 70 in cards" in page


def test_not_both_joins_two_clauses():
    """`not (is_dealer and last_speaker)`: last_speaker's words held their own "and", so the page read "not so that
    both this player is the dealer and nobody has bid and the three other players are out"."""
    pages = _pages(SPEC_DIR / "examples" / "atlas-dealer-must-bid.touti")
    assert ("it is not so that both this player is the dealer and the three other players have passed or left the bidding, "
            "nobody having bid."
            in pages["en"])
    assert "à la fois ce joueur est le donneur et les trois autres joueurs ont passé ou sont sortis des enchères, sans que personne ait enchéri." in pages["fr"]
    assert "اللاعبون الثلاثة الآخرون قالوا «باص» أو خرجوا من المزايدة دون أن يزايد أحد" in pages["ar"]


def test_a_table_without_a_dealer_passes_the_first_word():
    """The Touti app has no dealer: "the deal (or the first word) passes" spoke of a deal, and the glossary
    explained the dealer."""
    pages = _pages(SPEC_DIR / "touti-app.touti")
    assert "At the next round the first word passes to the next player." in pages["en"]
    assert "À la manche suivante, la première parole passe au joueur suivant." in pages["fr"]
    assert "في الجولة التالية ينتقل الكلام الأول إلى اللاعب التالي." in pages["ar"]
    assert "dealer" not in _glossary_words(pages["en"])
    assert "dealer" in _glossary_words(_pages(SPEC_DIR / "atlas-carta.touti")["en"])


def test_a_calls_values_are_alternatives():
    """A call is made with one of its values: "las, kont, +10 or pass", not "… and pass"."""
    pages = _pages(SPEC_DIR / "atlas-carta.touti")
    assert "It can be: las (“I have an ace”), kont (“I have a ghna”), +10 or pass (“nothing more”)." in pages["en"]
    assert "Elle peut être : las (« j'ai un as ») ou kont (« j'ai un ghna »)." in pages["fr"]
    assert "قد يكون: لاص («عندي الآس») أو كونت («عندي غنا»)." in re.sub(r"<[^>]+>", "", pages["ar"])
    assert "Oros (coins, dheb), Copas (cups, koubbas), Espadas (swords, chbada) and Bastos" in pages["en"]


@pytest.mark.parametrize("spec, sentence", [
    ("tute-cabrero", "A player who has lost 4 hands leaves the match and is dealt no more "
                     "cards; the others play on, as a table of that many players."),
    ("tute-lone-two", "may say so before the first action of the round: the deal is then void and the cards are dealt "
                      "again."),
    ("tutti-subastado-tute-wins", "and declares them ends the round at once: this is the tute. It is declared like a ghna, "
                                  "at the same times, and counts as a declaration for the trick just won; the cards not yet "
                                  "played count for nobody, and nobody wins the last trick. The round scores nothing "
                                  "(the contract is neither made nor failed)."),
])
def test_a_sentence_follows_the_word_of_the_rule_it_depends_on(spec, sentence):
    """`rule@WORD.<id>` (views.SENTENCE_DEPENDS_ON) had lost its lookup: elimination read "ends the match: the others
    win it", a holder's redeal read as automatic, and a tute under a contract "wins the hand"."""
    pages = _pages(SPEC_DIR / "examples" / f"{spec}.touti")
    assert sentence in pages["en"]
    assert "ends the match: the others win it" not in pages["en"]


def test_a_claim_is_never_made_only_while_the_table_has_a_stock_or_a_swap(tmp_path):
    """Tute has no stock: its claim said "never while cards are left to draw"."""
    pages = _pages(SPEC_DIR / "examples" / "tute-claim-the-rest.touti")
    assert "claim every remaining trick for their side; never while the trump swap may still be made. The claim" in pages["en"]
    assert "tous les plis restants ; jamais tant que l'échange de l'atout peut encore se faire. La" in pages["fr"]
    for lang, page in pages.items():
        assert not re.search(r"left to draw|à piocher|للسحب", page.split("{ #section-claim }")[1].split("\n## ")[0]), lang
    stock = variant_pages(tmp_path, "guinote", "add claim {\n  window: to_lead\n  false: opponents_take_rest\n}\n")["en"]
    assert "never while cards are left to draw, nor while the trump swap may still be made." in stock


def test_the_comparison_links_only_rules_a_page_states(tmp_path):
    """The comparison links each differing value to its rule on the system's page: not to a rule that page leaves out
    (Tute's void rounds, which it never has)."""
    from touti_dsl.docs.render import comparison_rows

    path = tmp_path / "house.touti"
    path.write_text('touti 1\n\nsystem "house" extends "atlas-carta" {\n  title: "House"\n}\n\n'
                    "rotation {\n  after_void: same_seat\n}\n", encoding="utf-8")
    specs = [load_for_docs(SPEC_DIR / "tute.touti", ROOT).spec, load_for_docs(path, tmp_path).spec]
    rows, _ = comparison_rows(specs)
    row = next(row for row in rows if row[0] == "`rotation.after_void`")
    assert row[1] == "<code>next_seat</code>"
    assert row[2] == "[<code>same_seat</code>](rules/house.md#rotation-after_void)"


def test_an_announcement_waits_for_no_stock_only_where_there_is_one(tmp_path):
    """An announcement at a table without a stock (Tute, every card dealt) said it was judged "even while cards are
    left to draw"; a table with a stock (guiñote) still says so."""
    claim = "add claim {\n  window: to_lead\n  holds: points(team) >= 60\n  false: loses_game\n}\n"
    pages = variant_pages(tmp_path, "tute", claim)
    assert "may make a claim; it is judged at once, without playing on." in pages["en"]
    for lang, page in pages.items():
        assert not re.search(r"left to draw|à piocher|للسحب", page.split("{ #section-claim }")[1].split("\n## ")[0]), lang
    stock = variant_pages(tmp_path, "guinote", claim)
    assert "it is judged at once, without playing on, even while cards are left to draw." in stock["en"]
    assert "sans jouer la suite, même tant qu'il reste des cartes à piocher." in stock["fr"]


def test_a_last_trick_worth_nothing_is_no_bonus():
    """Brisca: `deck.last_trick: 0` (the cards make the 120 points): no sentence counts a bonus for the last trick,
    and the tie-break by the last trick still names it."""
    pages = _pages(SPEC_DIR / "examples" / "brisca-pairs.touti")
    assert "Winning the last trick earns no bonus: it counts only for the cards it holds." in pages["en"]
    assert "The team with more card points wins the hand." in pages["en"]
    assert "On equal points, the team that won the last trick wins the hand." in pages["en"]
    assert "L'équipe qui a le plus de points de cartes gagne la main." in pages["fr"]
    for lang, bonus in (("en", "bonus to"), ("fr", "rapporte une prime"), ("ar", "ولها مكافأة")):
        assert bonus not in pages[lang], lang


def test_a_contract_example_says_what_the_table_scores():
    """The worked contract said "they score 62" where the table's own formulas and shares give 4 and -1 to each other
    player, and counted a last trick and songs at a table that has neither."""
    pages = {lang: re.sub(r"<[^>]+>", "", page) for lang, page in
             _pages(SPEC_DIR / "examples" / "briscola-chiamata-shares.touti").items()}
    assert ("this player takes 62 in cards. This player scores 4. Each of the other players scores -1." in pages["en"])
    assert "il fait 62 en cartes. Il marque 4. Chacun des autres joueurs marque -1." in pages["fr"]
    assert "جمع 62 من الأوراق. يسجّل 4. يسجّل كل واحد من اللاعبين الآخرين -1." in pages["ar"]
    costs = re.sub(r"<[^>]+>", "", _pages(SPEC_DIR / "examples" / "atlas-failed-contract-costs.touti")["en"])
    assert "129 in all. They score -130. The defenders score 130." in costs
    assert "the bidding team scores, in place of nothing: minus the contract." in costs
