"""The generated pages: every rule anchored, every Decision shown, variants, reproducible, not stale."""

from __future__ import annotations

import re

import pytest

from touti_dsl.cli import main
from touti_dsl.docs.catalog import LANGUAGES, catalog
from touti_dsl.docs.render import generated_pages, load_for_docs, render_rules
from touti_dsl.docs.views import PageWords, anchor, capitalised
from touti_dsl.table_sizes import for_players

from .helpers import ALL_SPECS, DOCS_DIR, ROOT, SYSTEM_SPECS


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return generated_pages(ALL_SPECS, root=ROOT)


def test_the_anchor_of_a_rule_is_its_id_with_dashes():
    assert anchor("play.overtake") == "play-overtake"
    assert anchor("signal.bid_made") == "signal-bid_made"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_every_rule_has_its_anchor_in_every_language(path, lang):
    loaded = load_for_docs(path, ROOT)
    page = render_rules(loaded, lang)
    anchors = set(re.findall(r"\{:? #([\w-]+)[ }]", page))
    stated = PageWords(catalog(lang), loaded.spec).shown  # a rule about a feature the table lacks is not stated
    missing = [rule.id for rule in loaded.spec.rules if anchor(rule.id) not in anchors and stated(rule)]
    assert not missing


@pytest.mark.parametrize("path", ALL_SPECS, ids=lambda p: p.stem)
def test_every_note_shows_in_the_page_language(path):
    """RULES.md: every Decision appears as a note in the generated rules docs; the spec translates it."""
    loaded = load_for_docs(path, ROOT)
    spec = for_players(loaded.spec)  # the page states the default number of players, then what changes at the others
    # the rules of the other numbers' blocks, and their removals (a Decision on a `remove KEY` shows beside it)
    other_sizes = [item for block in loaded.spec.seat_rules if block.players != spec.table_size
                   for item in (*block.rules, *block.removed)]
    notes = [note for rule in (*spec.rules, *other_sizes) for note in rule.notes]
    for lang in LANGUAGES:
        page = render_rules(loaded, lang)
        assert page.count("!!! note ") == sum(note.kind == "decision" for note in notes)
        for note in notes:
            assert catalog(lang).isolate_numbers(capitalised(note.text(lang))) in page
            assert note.has(lang), f"{lang} translation missing: {note.text()}"


def test_a_note_without_translation_is_shown_in_english_and_says_so(tmp_path):
    variant = tmp_path / "atlas-house.touti"
    variant.write_text('touti 1\n\nsystem "atlas-house" extends "atlas-carta" {\n  title: "House"\n}\n\n'
                       'bidding {\n  # House rule: steps of twenty.\n  step: 10\n  maximum: 220\n}\n', encoding="utf-8")
    page = render_rules(load_for_docs(variant, tmp_path), "ar")
    assert '!!! abstract "قاعدة خاصة (بالإنجليزية)"\n    <span lang="en" dir="ltr">Steps of twenty.</span>' in page


def test_a_variant_page_starts_with_its_differences_in_words(pages):
    page = pages["rules/atlas-partner-exemption.md"]
    assert "## How it differs from Atlas Carta { #differences }" in page
    assert page.index("#differences") < page.index("#section-deck")
    assert ("- Changed: [While your partner is winning the trick, these duties are lifted: play a card of the led suit "
            "higher than the highest card of the led suit in the trick, play a trump and play a trump higher than every "
            "trump in the trick.](#play-partner_exemption)") in page
    assert "- Retiré : Signaux." in pages["rules/atlas-no-signals.fr.md"]


def test_a_system_page_has_no_differences_section(pages):
    assert "#differences" not in pages["rules/atlas-carta.md"]


def test_play_priorities_are_an_ordered_list_in_spec_order(pages):
    page = pages["rules/atlas-carta.md"]
    duties = re.findall(r"^    \{ #play-(\w+) \.rule \}", page, re.M)
    assert duties == ["follow_suit", "overtake", "trump_when_void", "overtrump"]


def _variant(tmp_path, base: str, body: str) -> str:
    """The English page of a small house variant of `base`, written in tmp_path."""
    path = tmp_path / "house.touti"
    path.write_text(f'touti 1\n\nsystem "house" extends "{base}" {{\n  title: "House"\n}}\n\n{body}', encoding="utf-8")
    return render_rules(load_for_docs(path, tmp_path), "en")


def test_duties_are_listed_in_the_order_of_play_order(tmp_path):
    page = _variant(tmp_path, "tute", "play {\n  order: trump_when_void, follow_suit, overtrump, overtake\n}\n")
    duties = re.findall(r"^    \{ #play-(\w+) \.rule \}", page, re.M)
    assert duties == ["trump_when_void", "follow_suit", "overtrump", "overtake"]
    assert "The duties apply in this order: [play a trump](#play-trump_when_void), [play a card of the led suit]" in page


def test_a_list_of_windows_reads_as_their_sentences(tmp_path):
    page = _variant(tmp_path, "tute", "ghna {\n  window: after_own_trick, before_first_lead\n}\n")
    assert ("A cante is declared after a trick won by the declarer, before the next lead. A cante may also be declared "
            "before the first card of the round is led, by any player who may declare, with the cards the deal gave them; no more "
            "declarations are made then than after a trick won.") in page


def test_a_section_requirement_is_introduced_by_what_it_allows(pages):
    page = pages["rules/atlas-bid-winner-sings.md"]
    # one precondition is one sentence: "only when all of these hold:" over a list of one read as a form
    assert "\nA ghna may be declared only when this player made the contract. <a " in page
    assert "all of these hold" not in page.split("{ #section-ghna }")[1].split("\n## ")[0]
    assert "- Added: [A ghna may be declared only when this player made the contract.](#ghna-bidder_only)" in page
    assert "- Changed: [Caps by contract: 70: 20, 80: 40, 90: 60, 100: no cap.](#ghna-caps)" in pages[
        "rules/atlas-generous-caps.md"]
    assert "\nUn chant ne peut être annoncé que si ce joueur a pris le contrat. <a " in pages["rules/atlas-bid-winner-sings.fr.md"]
    # several stay a list, under the call's heading: "this call", the call's name being the heading just above
    assert "## Signaux { #call-signal }\n\nCette annonce se fait pendant les enchères" in pages["rules/atlas-bid-winner-sings.fr.md"]
    assert "Un joueur ne peut faire cette annonce que si toutes ces conditions sont réunies" in pages[
        "rules/atlas-bid-winner-sings.fr.md"]


def test_a_score_of_a_match_in_hands_counts_hands(pages):
    assert ("What the team that wins the hand counts towards the match, in hands won: 3 if the team that won the hand "
            "won every trick, otherwise 1.") in pages["rules/tute-capote.md"]
    assert "When the contract is missed, the bidding team scores, in place of nothing: minus the contract." in pages[
        "rules/atlas-failed-contract-costs.md"]


def test_a_rules_page_has_no_schema_words_nor_raw_tokens(pages):
    """Issue 11: no schema labels, no code words, no raw tokens; the rule id only in an anchor's tooltip."""
    for name, page in pages.items():
        if not name.startswith("rules/") or "/index" in name:
            continue
        prose = re.sub(r'<[^>]+>|\{:? [^}]*\}|\(#[\w-]+\)', "", page.split("-->", 1)[1])
        for token in (" others,", "= others", "after_dealer", "self_out", "(none)", "<code>", "see the table", "Links to a rule"):
            assert token not in prose, (name, token)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", prose), (name, re.search(r"\b[a-z]+_[a-z_]+\b", prose))


def test_the_arabic_page_uses_the_players_words_of_the_sources(pages):
    atlas, tute = pages["rules/atlas-carta.ar.md"], pages["rules/tute.ar.md"]
    for word in ("لفّة", "المزايدة", "باص", "لاص", "كونت", "الغنا", "التنازل عن الجولة", "آخر لفّة"):
        assert word in atlas, word
    for word in ("لمّة", "الحكم", "الغناء"):
        assert word in tute, word
    for wrong in ("أكلة", "العروض", "المرور", "الاستسلام"):
        assert wrong not in atlas + tute, wrong
    assert "## المزايدة { #section-bidding }" in atlas


def test_the_french_page_uses_the_players_words_of_the_sources(pages):
    page = pages["rules/touti-app.fr.md"]
    for word in ("pli", "enchère", "engagement", "passe", "couper", "surcouper", "monter", "chant", "équipe engagée",
                 "dernier pli"):
        assert word in page, word
    assert "équipe preneuse" not in page and "Abandon" not in page


def test_worked_examples_show_real_cases_with_card_glyphs(pages):
    atlas, app, tute = pages["rules/atlas-carta.md"], pages["rules/touti-app.fr.md"], pages["rules/tute.ar.md"]
    for title in ("Example: heading the trick", "Example: a trick already trumped",
                  "Example: a contract made or missed by one point", "Example: a ghna refused by the contract"):
        assert f'!!! example "{title}"' in atlas
    assert "Missed by one point" in atlas and "Made to the point" in atlas
    assert '!!! example "Exemple : le minimum après une poussée"' in app
    assert '<span class="card card-copas" title="' in atlas and "🏆</span>" in atlas
    assert '!!! example "مثال: اللعب بأعلى"' in tute


def test_the_glossary_lists_the_players_words_and_their_spellings(pages):
    page = pages["rules/atlas-carta.ar.md"]
    glossary = page.split("{ #system-glossary }", 1)[1]
    assert "| **لفّة** | لفة |" in glossary


def test_the_comparison_lists_every_system_and_only_differing_rules(pages):
    page = pages["compare.md"]
    for path in SYSTEM_SPECS:
        assert f"[`{path.stem}`](rules/{path.stem}.md)" in page
    table = page.split("## Rules that differ", 1)[1].split("## ", 1)[0]
    assert "`deck.order`" not in table and "`ghna.limit`" in table
    assert "atlas-generous-caps" not in page  # variants are compared on their own pages


def test_generation_is_reproducible(pages):
    assert generated_pages(ALL_SPECS, root=ROOT) == pages
    assert not any(re.search(r"20\d\d-\d\d-\d\d", text) for text in pages.values())


def test_committed_pages_are_not_stale(pages):
    stale = [name for name, text in pages.items()
             if not (DOCS_DIR / name).is_file() or (DOCS_DIR / name).read_text(encoding="utf-8") != text]
    assert not stale, f"regenerate with `make docs`: {stale}"


def test_docs_check_reports_stale_pages(tmp_path, capsys):
    spec = str(SYSTEM_SPECS[0])
    assert main(["docs", spec, "--out", str(tmp_path), "--check"]) == 1
    assert main(["docs", spec, "--out", str(tmp_path)]) == 0
    assert main(["docs", spec, "--out", str(tmp_path), "--check"]) == 0
    assert (tmp_path / "rules" / "atlas-carta.ar.md").is_file()


def test_docs_of_a_broken_spec_is_a_located_error(tmp_path, capsys):
    broken = tmp_path / "broken.touti"
    broken.write_text('touti 1\n\nsystem "broken" {\n  title: "x"\n}\n\nbidding {\n  minimum: \n}\n', encoding="utf-8")
    assert main(["docs", str(broken), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "broken.touti:8:" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_the_same_system_twice_is_refused(tmp_path, capsys):
    spec = str(SYSTEM_SPECS[0])
    assert main(["docs", spec, spec, "--out", str(tmp_path)]) == 1
    assert "error[D003]: system 'atlas-carta' is given twice" in capsys.readouterr().err


def test_an_unwritable_output_is_a_plain_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert main(["docs", str(SYSTEM_SPECS[0]), "--out", str(blocker)]) == 1
    err = capsys.readouterr().err
    assert "error[D004]: cannot write" in err and "Traceback" not in err


def test_docs_of_one_variant_writes_its_pages_and_nothing_shared(tmp_path, capsys):
    """Issue 11: `touti docs VARIANT` renders one variant's page without rewriting the shared pages."""
    variant = str(ROOT / "spec" / "examples" / "atlas-partner-exemption.touti")
    assert main(["docs", variant, "--out", str(tmp_path)]) == 0
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.md"))
    assert written == ["rules/atlas-partner-exemption.ar.md", "rules/atlas-partner-exemption.fr.md",
                       "rules/atlas-partner-exemption.md"]


def test_docs_accepts_a_bundled_system_id(tmp_path, capsys):
    assert main(["docs", "tute", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "rules" / "tute.ar.md").is_file()
    assert main(["docs", "no-such-system", "--out", str(tmp_path)]) == 1
    assert "E010" in capsys.readouterr().err


def test_docs_site_writes_the_shared_pages_too(tmp_path, capsys):
    assert main(["docs", "--site", "atlas-carta", "tute", "--out", str(tmp_path)]) == 0
    for name in ("rules/index.md", "rules/index.ar.md", "compare.fr.md", "cli.md", "errors.md", "vocabulary.md"):
        assert (tmp_path / name).is_file(), name


@pytest.mark.parametrize("spec, lang, says", [
    ("spec/tute.touti", "en", "It is declared like a cante, at the same times, and counts as a declaration for the trick just won; "
     "the cards not yet played count for nobody, and nobody wins the last trick."),
    ("spec/tute.touti", "fr", "les cartes pas encore jouées ne comptent pour personne, et personne ne gagne le dernier pli."),
    ("spec/tute.touti", "ar", "والأوراق التي لم تُلعب بعد لا تُحسب لأحد"),
])
def test_the_tute_says_when_it_is_declared_and_what_the_cards_not_played_count(spec, lang, says):
    # an engine written from the tute page alone (conformance/independent/) had to guess both: a tute refused outside
    # the cante's window, and a round it ends with card points of the tricks taken, no last trick, are checked
    assert says in render_rules(load_for_docs(ROOT / spec, ROOT), lang)
