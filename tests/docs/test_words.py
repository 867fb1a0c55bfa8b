"""Model nodes in words and back to spec text: conditions, duties, values."""

from __future__ import annotations

import re

import pytest

from touti_dsl import model as m
from touti_dsl.docs.catalog import catalog
from touti_dsl.docs.spectext import rule_text, spec_text
from touti_dsl.docs.catalog import LANGUAGES
from touti_dsl.docs.conditions import TABLES, Names, render_condition
from touti_dsl.docs.words import ValueWords, condition_names
from touti_dsl.loader import load_spec
from touti_dsl.parser import parse_text

from .helpers import ALL_SPECS, DOCS_DIR, SPEC_DIR, SYSTEM_SPECS


def words_of(condition: m.Expr, lang: str = "en") -> str:
    return render_condition(condition, lang)


def test_a_conjunction_reads_as_a_sentence_lists_its_clauses():
    condition = m.All((m.Pred("self_out"), m.Pred("bid_made"), m.Pred("my_turn")))
    assert words_of(condition) == (
        "this player is out of the bidding (passed where a pass is final, or made a call that leaves it), "
        "a bid has been made this round and it is this player's turn to speak"
    )


def test_arabic_repeats_the_conjunction_before_each_clause():
    condition = m.All((m.Pred("bid_made"), m.Pred("my_turn"), m.Pred("self_bidding")))
    assert words_of(condition, "ar") == "قُدّمت مزايدة في هذه الجولة، وحان دور هذا اللاعب في الكلام، وهذا اللاعب ما زال في المزايدة"


def test_a_negated_predicate_uses_its_negative_sentence_and_names_the_call():
    condition = m.Not(m.Pred("made", ("signal",)))
    assert words_of(condition) == "this player has not yet made the call <code>signal</code> this round"
    assert render_condition(condition, "en", Names(calls={"signal": "“Signals”"})) == (
        "this player has not yet made the call “Signals” this round")


def test_a_negated_compound_says_it_is_not_so():
    condition = m.Not(m.Any_((m.Pred("my_turn"), m.Pred("bid_made"))))
    assert words_of(condition, "fr") == ("il n'est pas vrai que soit c'est au tour de ce joueur de parler, "
                                         "soit une enchère a été faite dans cette manche")
    pair = m.Not(m.All((m.Pred("is_dealer"), m.Pred("bid_made"))))
    assert words_of(pair) == "it is not so that both this player is the dealer and a bid has been made this round"


def test_a_node_type_without_words_fails_loudly():
    with pytest.raises(TypeError, match="render_condition has no words for a Entry node in 'fr'"):
        render_condition(m.Entry("x", 1), "fr")


def test_every_language_has_a_table_for_every_expression_node():
    nodes = {node for node in vars(m).values() if isinstance(node, type) and issubclass(node, m.Expr) and node is not m.Expr}
    assert {m.Num, m.Compare, m.Arith, m.Neg, m.IfElse} <= nodes
    assert all(nodes <= set(TABLES[lang]) for lang in LANGUAGES)


def _example(name: str) -> m.Spec:
    return load_spec(SPEC_DIR / "examples" / f"{name}.touti")


def _value(spec: m.Spec, rule_id: str, lang: str = "en") -> str:
    rule = spec.rule(rule_id)
    return ValueWords(catalog(lang), spec, rule, rule.id).visit(rule.value).inline


def test_a_scoring_formula_reads_as_a_score_with_the_players_words():
    """atlas-capote-double: `made: 2 * contract if capote(bidders) else contract`."""
    spec = _example("atlas-capote-double")
    assert _value(spec, "scoring.made") == "2 times the contract if the bidding team won every trick, otherwise the contract"
    # (the passive agrees with any side: "par les adversaires", never "les adversaires a remporté")
    assert _value(spec, "scoring.made", "fr") == ("2 fois le contrat si chaque pli de la manche a été remporté par l'équipe "
                                                  "engagée, sinon le contrat")
    assert _value(spec, "scoring.made", "ar").startswith('<bdi dir="ltr">2</bdi> مضروبًا في العقد إذا ربح الفريق صاحب المزايدة كل لفّة')


def test_a_choice_inside_a_sum_is_bracketed():
    """tute-double-over-hundred: `2 if card_points(winner) + (10 if last_trick(winner) else 0) >= 101 else 1`."""
    assert _value(_example("tute-double-over-hundred"), "scoring.winner") == (
        "2 if the total of their own card points plus (10 if they won the last trick, otherwise 0) is at least 101, otherwise 1")


def test_a_requirement_reads_with_its_when_clause():
    """tute-early-tute: `require tute_early: tricks_won(team) == 1 and declarations(team) == 0 when declaring(tute)`."""
    assert _value(_example("tute-early-tute"), "ghna.tute_early") == (
        "the number of tricks won this round by this player's team is 1 and the number of declarations of any kind made "
        "this round by this player's team is 0, when the declaration being made is of a tute")


def test_a_negated_term_with_arguments_has_its_own_sentence():
    """tute-forty-before-twenty: `declaring(trump) or not holds_pair(trump)`; Tute's English word for a ghna is cante."""
    assert _value(_example("tute-forty-before-twenty"), "ghna.forty_first") == (
        "either the declaration being made is in trumps (the 40) or this player does not hold both cards of an "
        "undeclared cante in trumps (the 40)")


def test_a_card_argument_names_the_suit_by_its_label():
    spec = load_spec(SYSTEM_SPECS[0])
    condition = m.All((m.Pred("holds", ("copas",)), m.Not(m.Pred("holds", ("trump",))), m.Pred("holds", (1,))))
    assert render_condition(condition, "fr", condition_names(spec, "fr")) == (
        "ce joueur a une carte de Coupes, ce joueur n'a pas un [[trump]] et ce joueur a une carte de rang as")


def test_a_rank_chosen_by_a_formula_is_named_by_its_labels():
    """tute-seven-or-two: `swap: 7 if turned_rank == 1 or turned_rank == 3 or turned_rank >= 10 else 2`."""
    spec = _example("tute-seven-or-two")
    assert _value(spec, "trump.swap") == ("seven if either the rank of the turned-up card is ace, the rank of the "
                                         "turned-up card is three or the rank of the turned-up card is sota, caballo or rey, "
                                         "otherwise two")
    arabic = _value(spec, "trump.swap", "ar")
    assert arabic.startswith('<bdi dir="ltr">7</bdi> إذا') and arabic.endswith('وإلا <bdi dir="ltr">2</bdi>')


def test_the_overtake_duty_reads_as_the_rule():
    """RULES.md: 'when following, must beat the highest card of the led suit ... lifted when the trick is already trumped'."""
    spec = load_spec(SYSTEM_SPECS[0])
    rule = spec.rule("play.overtake")
    shown = ValueWords(catalog("en"), spec, rule, "play.obligation").visit(rule.value)
    assert shown.inline == (
        "you must play a card of the led suit higher than the highest card of the led suit in the trick, if you can, "
        "unless a trump has been played to this trick and the led suit is not trumps"
    )


def test_ranks_show_their_labels_in_the_page_language():
    spec = load_spec(SYSTEM_SPECS[0])
    rule = spec.rule("ghna.pair")
    assert ValueWords(catalog("fr"), spec, rule, rule.id).visit(rule.value).inline == "roi et cavalier"
    assert ValueWords(catalog("ar"), spec, rule, rule.id).visit(rule.value).inline == "الري والكابال"


def test_caps_table_rows_by_contract_level():
    spec = load_spec(SYSTEM_SPECS[2])  # touti-app: 80 = 0, 90 = 20 plain_only, 100 = 40, 110 = none
    rule = spec.rule("ghna.caps")
    shown = ValueWords(catalog("en"), spec, rule, rule.id).visit(rule.value)
    assert shown.headers == ("contract from", "declared at most")
    assert shown.rows == (("80", "0"), ("90", "20, not in trumps"), ("100", "40"), ("110", "no cap"))


def test_arabic_numbers_and_latin_words_are_isolated_left_to_right():
    spec = load_spec(SYSTEM_SPECS[0])
    rule = spec.rule("deck.ranks")
    shown = ValueWords(catalog("ar"), spec, rule, rule.id).visit(rule.value).inline
    assert 'الكابال <bdi dir="ltr">(11, cabal, kabal)</bdi>' in shown  # one run: the aliases keep their order
    assert catalog("ar").text("rule.bidding.minimum", value="x").startswith("أدنى")
    page = (DOCS_DIR / "rules" / "atlas-carta.ar.md").read_text(encoding="utf-8")
    assert 'من <bdi dir="ltr">40</bdi> ورقة' in page  # the deck's size, a field of the sentence, isolated too


def test_a_word_of_one_language_shows_on_that_language_page_only():
    spec = load_spec(SYSTEM_SPECS[0])  # oros/o "Oros" en "coins" fr "Deniers" ar "الدهب" aka dheb
    rule = spec.rule("deck.suits")
    shown = {lang: ValueWords(catalog(lang), spec, rule, rule.id).visit(rule.value).inline for lang in ("en", "fr", "ar")}
    assert "Oros (coins, dheb)" in shown["en"]
    assert "Deniers (dheb)" in shown["fr"] and "coins" not in shown["fr"]
    assert 'الدهب <bdi dir="ltr">(dheb)</bdi>' in shown["ar"] and "coins" not in shown["ar"]


def _rebuilt(spec: m.Spec) -> str:
    """The spec's rules written back as source, block by block, from spec_text alone."""
    blocks: dict[tuple[str, str], list[str]] = {}
    for rule in spec.rules:
        blocks.setdefault((rule.kind, rule.section), []).append("  " + rule_text(rule))
    out = ["touti 1", ""]
    for (kind, section), lines in blocks.items():
        head = f'system "{spec.system}"' if section == "system" else f"call {section}" if kind == "call" else section
        out += [head + " {", *lines, "}", ""]
    return "\n".join(out)


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_spec_text_reads_back_to_the_same_rules(path):
    spec = load_spec(path)
    again = parse_text(_rebuilt(spec))
    assert {r.id: r.value for r in again.rules} == {r.id: r.value for r in spec.rules}


def test_spec_text_groups_compound_conditions():
    condition = m.All((m.Not(m.Any_((m.Pred("a"), m.Pred("b")))), m.Pred("c")))
    assert spec_text(condition) == "not (a or b) and c"


def test_minimum_contracts_become_a_table_by_contract_level():
    """RULES.md (tutti-ma): a 20 needs a contract of at least 80, a 40 at least 90."""
    spec = load_spec(SYSTEM_SPECS[1])
    rule = spec.rule("ghna.minimums")
    shown = ValueWords(catalog("en"), spec, rule, rule.id).visit(rule.value)
    assert shown.rows == (("70", "none"), ("80", "20 in another suit"), ("90", "20 in another suit and 40 in trumps"))


def test_calls_are_named_by_their_title_in_the_page_language_and_nothing_else_is(tmp_path):
    """A page names a call by its `title` (quoted as the language quotes); a section's title (`system.title`) or a
    call without a title is no call name: the page falls back to the code name."""
    from touti_dsl.docs.words import call_names

    spec = load_spec(SPEC_DIR / "atlas-carta.touti")
    english, french = call_names(spec, "en"), call_names(spec, "fr")
    assert dict(english) == {"signal": "“Signals”", "preannounce": "“Pre-announcement”"}
    assert french["signal"] == "« Signaux »" and french.get("preannounce") == "« Annonce d'avance »"
    assert english.get("system") is None and english.get("deck") is None and "no_such_call" not in english
    house = tmp_path / "house.touti"
    house.write_text('touti 1\n\nsystem "house" extends "atlas-carta" {\n  title: "House"\n}\n\n'
                     'add call plain {\n  effect: leave\n  require t: my_turn and not made(plain)\n}\n')
    names = call_names(load_spec(house), "en")
    assert names.get("plain") is None and dict(names) == {"signal": "“Signals”", "preannounce": "“Pre-announcement”"}


TEAM_WORDS = {"": "team", "fr": "équipe", "ar": "فريق"}


@pytest.mark.parametrize("system", ["tute-cabrero", "tute-arrastrado"])
@pytest.mark.parametrize("lang", sorted(TEAM_WORDS))
def test_a_table_of_players_each_for_oneself_never_speaks_of_teams(system, lang):
    """Each for oneself: the sentences, notes and glossary say "player"; only the list of what was removed from the
    base (a table in pairs) may quote its team sentences."""
    page = DOCS_DIR / "rules" / (f"{system}.{lang}.md" if lang else f"{system}.md")
    body = page.read_text(encoding="utf-8").split("{ #section-deck }", 1)[1]
    body = re.sub(r"<a [^>]*>.*?</a>|\{: [^}]*\}", "", body)  # rule anchors name rule ids such as table.teams
    assert TEAM_WORDS[lang] not in body.lower(), [line for line in body.splitlines() if TEAM_WORDS[lang] in line.lower()]


def _rules_page(system: str, lang: str) -> str:
    """A generated rules page from its first section on, without rule anchors and attribute lists."""
    page = DOCS_DIR / "rules" / (f"{system}.{lang}.md" if lang else f"{system}.md")
    body = page.read_text(encoding="utf-8").split("{ #section-deck }", 1)[1]
    return re.sub(r"<a [^>]*>.*?</a>|\{: [^}]*\}", "", body)


@pytest.mark.parametrize("lang", sorted(TEAM_WORDS))
def test_the_bid_winner_alone_against_the_others_is_no_team(lang):
    """`teams: bidder_against_rest` (tute-subastado-three): the bid winner plays, sings and scores alone and the match
    is a player's; only the defenders form a side (`*_rest` keys, then the each-for-oneself wordings)."""
    body = _rules_page("tute-subastado-three", lang)
    assert TEAM_WORDS[lang] not in body.lower(), [line for line in body.splitlines() if TEAM_WORDS[lang] in line.lower()]


@pytest.mark.parametrize("system", ["tute-cabrero", "tute-habanero", "tute-subastado-three"])
@pytest.mark.parametrize("lang", sorted(TEAM_WORDS))
def test_a_table_without_partners_has_no_partner_and_no_four_card_trick(system, lang):
    """No partner to be winning the trick where each plays for oneself; a trick is the cards played, not four of them."""
    body = _rules_page(system, lang)
    words = {"": ("partner", "four cards played"), "fr": ("partenaire", "quatre cartes jouées"), "ar": ("شريك", "الأربع التي")}[lang]
    if system == "tute-subastado-three":  # the two defenders are partners
        words = words[1:]
    assert not [w for w in words if w in body.lower()]


def test_a_count_chooses_the_arabic_noun_after_it():
    """Arabic puts a plural after 3 to 10 and a singular after 11 to 99; a dual replaces «2 لاعبين»."""
    ar = catalog("ar")
    assert [ar.plural(n) for n in (1, 2, 3, 10, 11, 13, 99, 100, 103)] == [
        "one", "two", "few", "few", "many", "many", "many", "other", "few"]
    assert "يأخذ كل لاعب <bdi dir=\"ltr\">13</bdi> ورقة." in _rules_page("tute-arrastrado", "ar")
    assert "يأخذ كل لاعب <bdi dir=\"ltr\">10</bdi> أوراق." in _rules_page("tute", "ar")
    assert "يلعب لاعبان." in _rules_page("tute-habanero", "ar")
    assert "إعلان واحد على الأكثر" in _rules_page("tute", "ar")
    assert "At most one declaration per trick won" in _rules_page("tute", "")


def test_arabic_comparisons_agree_with_a_feminine_term():
    body = _rules_page("tute-arrastrado-swap", "ar")
    assert "رتبة الورقة المقلوبة تساوي" in body and "رتبة الورقة المقلوبة يساوي" not in body


def test_no_sentence_starts_with_a_digit_and_french_says_the_player():
    """A count opens no sentence ("3 players play."); French names a player with its article ("le joueur 4 a joué")."""
    for page in sorted((DOCS_DIR / "rules").glob("*.md")):
        body = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        lines = [line for line in body.splitlines() if re.match(r"\s*(- \w+: \[)?[0-9]+ \w", line)
                 and not line.lstrip().startswith("|")]
        assert not lines, (page.name, lines)
    french = _rules_page("tute", "fr")
    assert ": joueur " not in french and ", joueur " not in french and "contre joueurs" not in french


@pytest.mark.parametrize("lang, own", [("en", "their own total"), ("fr", "son propre total"), ("ar", "نقاطه الخاصة")])
def test_a_side_named_by_the_rule_itself_is_its_own(lang, own):
    # `scoring.winner: points(winner)`: "the team that wins the hand scores their own points", not
    # "… scores the points of the team that won the hand"
    points = m.Pred("points", args=("winner",))
    assert own in render_condition(points, lang, Names(subject="winner"))
    assert own not in render_condition(points, lang, Names(subject="loser"))
    assert own not in render_condition(points, lang)
    spec = load_spec(SPEC_DIR / "examples" / "guinote-cotos.touti")
    rule = spec.rule("scoring.winner")
    assert own in ValueWords(catalog(lang), spec, rule, rule.id).visit(rule.value).inline


def test_notes_name_other_systems_by_their_title_not_their_id():
    # a reader of a rules page never sees the file names: "as in Atlas Carta", not "as in atlas-carta"
    specs = [load_spec(path) for path in ALL_SPECS]
    ids = {spec.system for spec in specs if "-" in spec.system}  # a bare word such as "tute" is also the game's name
    found = [(spec.system, rule.id, text) for spec in specs for rule in spec.rules for note in rule.notes
             for _, text in note.texts if any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text) for i in ids)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_is_never_called_a_coto(lang):
    # games make the coto (`match.cotos`): the sentence of `match.games` alone must not call each game a coto
    words = catalog(lang)
    coto = {"en": "coto", "fr": "coto", "ar": "كوطو"}[lang]
    for key in ("rule.match.games", "rule.match.games#two"):
        if words.has(key):
            assert coto not in words.text(key, value=2), (lang, key)
    assert coto in words.text("rule.match.cotos", value=2)


def test_a_duty_speaks_to_the_reader_in_its_conditions_too():
    # "you must play a card worth no points, unless you hold …": never "unless this player holds …"
    spec = load_spec(SPEC_DIR / "examples" / "tute-cabrero-no-load.touti")
    rule = spec.rule("play.no_load")
    expected = {"en": "unless you hold a card that would win", "fr": "sauf si vous avez une carte qui remporterait",
                "ar": "إلا إذا تملك ورقة تربح"}
    for lang, clause in expected.items():
        sentence = ValueWords(catalog(lang), spec, rule, rule.id).visit(rule.value).inline
        assert clause in sentence, (lang, sentence)
    # a requirement (not addressed to the reader) keeps the third person
    condition = m.Pred("can_win")
    assert render_condition(condition, "en") == "this player holds a card that would win the trick as it stands"
    assert render_condition(condition, "en", Names(to_reader=True)).startswith("you hold")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_play_term_about_the_player_has_words_for_the_reader(lang):
    # the terms a duty's condition may use: each wording that names "this player" has its second-person form
    from touti_dsl.docs.catalog import READER
    from touti_dsl.vocabulary import PREDICATES
    english, words = catalog("en"), catalog(lang)
    forms = ("pred", "pred_not", "pred_args", "pred_args_not")
    keys = [f"{form}.{name}" for name, info in PREDICATES.items() if "play" in info.contexts for form in forms]
    keys += ["arg.side.partner", "arg.side.team"]
    third_person = [key for key in keys if english.has(key) and "this player" in english.text(key, what="x", side="y")]
    assert third_person, "the vocabulary changed: review this test"
    # a term about a side, given the player's own (`tricks_won(self)`): its wording with the player as its subject
    own_side = [f"{form}.{name}" for name, info in PREDICATES.items() if "play" in info.contexts and "side" in info.args
                for form in ("pred_args_self", "pred_args_self_not")[:1 + (info.result == "truth")]]
    assert all(english.has(key) for key in own_side), [key for key in own_side if not english.has(key)]
    missing = [key for key in third_person + own_side if not words.has(READER + key)]
    assert missing == []
    stray = [key for key in words.texts if key.startswith(READER) and not english.has(key[len(READER):])]
    assert stray == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_systems_share_a_title(lang):
    # the index of the rules pages names each system by its title: two equal titles read as one system twice
    titles: dict[str, list[str]] = {}
    for path in ALL_SPECS:
        spec = load_spec(path)
        titles.setdefault(spec.value("system.title").text(lang), []).append(spec.system)
    assert {title: systems for title, systems in titles.items() if len(systems) > 1} == {}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_number_compared_agrees_with_its_verb(lang):
    # "their own points (…) is at least 60" read wrong: each number term's words have a singular head
    from touti_dsl.vocabulary import PREDICATES
    plural_subject = {"en": re.compile(r"^(the|their own) (card )?(points|cards)\b"),
                      "fr": re.compile(r"^(les|ses|leurs) ")}[lang]
    wrong = []
    for name, info in PREDICATES.items():
        if "number" not in repr(info)[:200]:
            continue
        args = tuple(a for a in ("team",) if "side" in info.args)
        for names in (Names(), Names(subject="team"), Names(to_reader=True)):
            clause = render_condition(m.Compare(">=", m.Pred(name, args=args), m.Num(1)), lang, names)
            if plural_subject.search(clause):
                wrong.append(clause)
    assert wrong == []


@pytest.mark.parametrize("lang, sentence, after", [
    ("en", "The first team to win 3 hands wins the match.", "A table may choose 2 or 5 instead of 3."),
    ("fr", "La première équipe à gagner 3 mains gagne la partie.", "Une table peut choisir 2 ou 5 au lieu de 3."),
])
def test_a_settings_other_choices_follow_its_sentence(lang, sentence, after):
    """`hands: 3 (2, 3, 5)`: the number reads in its sentence, the other choices in the next one (inside it, "3 (a
    table may choose 2, 3 or 5) hands" cut the sentence in two)."""
    from touti_dsl.docs.views import PageWords  # noqa: PLC0415
    spec = load_spec(SPEC_DIR / "tute.touti")
    view = PageWords(catalog(lang), spec).rule_view(spec.rule("match.hands"))
    assert view.sentence == f"{sentence} {after}"
