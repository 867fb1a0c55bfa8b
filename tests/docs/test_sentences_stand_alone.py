"""A variant's differences quote each changed rule's sentence alone, out of its section: a sentence that leans on
the one before it ("That player must take it.", "After a void round it stays with the same player.", «Le défenseur
qui la propose décide seul») says nothing there.  Those sentences name what they speak of."""

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
