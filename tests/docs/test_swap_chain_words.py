"""A chain of swap cards reads as one sentence per language, in the pages and in `touti diff`."""

from __future__ import annotations

from touti_dsl.cli import main
from touti_dsl.docs.diff import diff_specs, format_text
from touti_dsl.loader import load_spec

from .helpers import SPEC_DIR

CHAIN = SPEC_DIR / "examples" / "guinote-two-takes-seven.touti"
SENTENCES = {
    "": "The player who holds the seven of trumps may exchange it for the turned-up card, once; after that, the player "
        "who holds the two may take the seven in their turn.",
    ".fr": "Le joueur qui a le sept d'atout peut l'échanger contre la carte retournée, une fois ; ensuite, le joueur qui "
           "a le deux peut à son tour prendre le sept.",
    ".ar": "من يملك 7 من الحكم يجوز له أن يبدّلها بالورقة المكشوفة، مرة واحدة؛ وبعد ذلك يجوز لمن يملك 2 أن يأخذ ورقة 7 بدوره.",
}


def test_the_chain_reads_link_by_link_in_each_language(tmp_path):
    assert main(["docs", str(CHAIN), "--out", str(tmp_path)]) == 0
    for suffix, sentence in SENTENCES.items():
        page = (tmp_path / "rules" / f"guinote-two-takes-seven{suffix}.md").read_text(encoding="utf-8")
        assert sentence in page


def test_diff_names_the_new_link():
    text = format_text(diff_specs(load_spec(SPEC_DIR / "examples" / "guinote.touti"), load_spec(CHAIN)))
    assert "~ trump.swap: 7 → 7, 2" in text
    assert "after that, the player who holds the two may take the seven" in text
