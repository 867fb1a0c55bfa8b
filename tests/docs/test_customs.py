"""The table customs (docs only) on the rules pages and in `touti diff`: every value reads in every language."""

from __future__ import annotations

import pytest

from touti_dsl import schema
from touti_dsl.cli import main
from touti_dsl.docs.catalog import LANGUAGES

from .helpers import variant_pages

# custom -> a base whose table it fits
CUSTOMS = {"rotation.first_dealer": "guinote", "rotation.misdeal": "guinote", "table.signs": "guinote",
           "table.partner_hands": "guinote", "table.partnerships": "guinote", "trick.review": "guinote",
           "match.next_pair": "guinote"}


def _body(rule_id: str, word: str) -> str:
    section, key = rule_id.split(".")
    return f"add {section} {{\n  {key}: {word}\n}}\n"


@pytest.mark.parametrize("rule_id, word", [(rule_id, word) for rule_id in CUSTOMS for word in schema.BY_ID[rule_id].words])
def test_every_custom_reads_in_every_language_in_its_section_and_among_the_differences(tmp_path, rule_id, word):
    pages = variant_pages(tmp_path, CUSTOMS[rule_id], _body(rule_id, word))
    anchor = rule_id.replace(".", "-")
    for lang in LANGUAGES:
        section = pages[lang].split(f"{{ #section-{rule_id.split('.')[0]} }}", 1)[1].split("\n## ", 1)[0]
        assert f'href="#{anchor}"' in section and f"{{: #{anchor} .rule }}" in section, lang
        assert f"](#{anchor})" in pages[lang].split("{ #differences }", 1)[1].split("\n## ", 1)[0], lang
        sentence = next(line for line in section.splitlines() if f'href="#{anchor}"' in line).split(" <a class=")[0]
        assert "_" not in sentence and "{" not in sentence and "[[" not in sentence, (lang, sentence)


def test_the_first_dealer_by_kings_names_the_decks_king(tmp_path):
    pages = variant_pages(tmp_path, "guinote", _body("rotation.first_dealer", "first_king"))
    assert "until a rey comes out: the player who receives it deals first." in pages["en"]
    assert "jusqu'à ce que sorte un roi : celui qui le reçoit donne le premier." in pages["fr"]
    assert "حتى يظهر الري" in pages["ar"]


def test_the_partners_by_kings_name_the_decks_king(tmp_path):
    """Guiñote "a reyes" (cabezoalto.es, Reglamento del guiñote; the Fortanete rules): the first two kings are partners."""
    pages = variant_pages(tmp_path, "guinote", _body("table.partnerships", "first_kings"))
    assert "the first two players to receive a rey are partners, against the other two." in pages["en"]
    assert "les deux premiers joueurs qui reçoivent un roi sont partenaires" in pages["fr"]
    assert "ورقة من رتبة الري" in pages["ar"]


def test_hands_kept_hidden_read_for_a_table_without_partners(tmp_path):
    pages = variant_pages(tmp_path, "tute", "table {\n  teams: each\n}\n\n" + _body("table.partner_hands", "hidden"))
    assert "Nobody may show their hand to another player." in pages["en"]
    assert "Personne ne peut montrer sa main à un autre joueur." in pages["fr"]


def test_signs_read_for_a_table_without_partners(tmp_path):
    pages = variant_pages(tmp_path, "tute", "table {\n  teams: each\n}\n\n" + _body("table.signs", "forbidden"))
    assert "Players may not make signs to one another about their cards." in pages["en"]


def test_diff_names_each_custom(tmp_path, capsys):
    path = tmp_path / "house.touti"
    body = "".join(_body(rule_id, schema.BY_ID[rule_id].words[-1]) + "\n" for rule_id in CUSTOMS)
    path.write_text(f'touti 1\n\nsystem "house" extends "guinote" {{\n  title: "House"\n}}\n\n{body}', encoding="utf-8")
    assert main(["diff", "guinote", str(path)]) == 0
    out = capsys.readouterr().out
    for rule_id in CUSTOMS:
        assert f"+ {rule_id}: {schema.BY_ID[rule_id].words[-1]}" in out
    assert "    Any player may look again at every trick already won." in out


def test_the_fortanete_page_states_each_of_its_customs(tmp_path):
    """spec/examples/guinote-fortanete.touti (Asociación Cultural de Fortanete's reglas del guiñote): the first
    dealer by kings, a misdeal dealt again once, no looking back at tricks, the last trick's winner deals next."""
    from touti_dsl.docs.render import load_for_docs, render_rules

    from .helpers import ROOT, SPEC_DIR

    loaded = load_for_docs(SPEC_DIR / "examples" / "guinote-fortanete.touti", ROOT)
    page = render_rules(loaded, "en")
    for sentence in (
        "To choose the first dealer, cards are dealt face up one at a time around the table until a rey comes out: "
        "the player who receives it deals first.",
        "After a misdeal, the same dealer deals again; after a second misdeal in a row, the deal passes to the next player.",
        "A trick once won is turned face down, and nobody may look at it again.",
        "The partnerships are drawn before the match: cards are dealt face up one at a time around the table, and the "
        "first two players to receive a rey are partners, against the other two.",
    ):
        assert sentence in page.split("{ #differences }", 1)[1].split("\n## ", 1)[0], sentence
        assert f"\n{sentence} <a " in page, sentence
    assert "personne ne peut plus le regarder" in render_rules(loaded, "fr")
    assert "ولا يجوز لأحد أن ينظر إليها من جديد" in render_rules(loaded, "ar")


def test_the_losers_leave_the_table_for_the_next_pair(tmp_path):
    """Touti evenings of Ramadan (L'Economiste no. 117, 17 February 1994): one table, the pairs take turns at it, and
    the losers leave it at the end of each match."""
    pages = variant_pages(tmp_path, "atlas-carta", _body("match.next_pair", "losers_leave"))
    assert ("Where more pairs wait their turn at the table, the pair that loses the match leaves it, and the next pair "
            "waiting sits down against the winners.") in pages["en"]
    assert "l'équipe qui perd la partie la quitte" in pages["fr"]
    assert "يغادرها الفريق الذي يخسر المباراة" in pages["ar"]
