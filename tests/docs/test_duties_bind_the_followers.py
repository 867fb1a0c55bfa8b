"""The duties of play bind a player following to a trick: the leader leads any card, as the engine lets it.

The page introduced the duties with "When you play a card, these duties apply …", so an unconditional duty
(atlas-carta's "You must play a trump, if you can") read as binding the lead too, which the engine never does
(engine/play.py: the leader may play any card).
"""

from __future__ import annotations

from touti_dsl.engine import Game

from .helpers import SPEC_DIR, spec_pages

INTRO = {"en": "When you play a card to a trick already led, these duties apply in this order",
         "fr": "Quand vous jouez une carte sur un pli déjà entamé, ces obligations s'appliquent dans cet ordre",
         "ar": "عندما تلعب ورقة في لفّة بدأها لاعب آخر، تنطبق هذه الواجبات بهذا الترتيب"}
LEADER = {"en": "(the player who leads may lead any card):", "fr": "(celui qui entame peut entamer n'importe quelle carte) :",
          "ar": "(من يبدأ يجوز له أن يبدأ بأي ورقة):"}


def test_the_duties_are_those_of_a_player_following_and_the_leader_leads_any_card():
    pages = spec_pages(SPEC_DIR / "atlas-carta.touti")
    for lang, intro in INTRO.items():
        assert intro in pages[lang] and LEADER[lang] in pages[lang], lang
    state = Game.from_spec("atlas-carta").new_round(seed=3, dealer=3)
    for seat, action in ((0, "bid 80"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "trump oros")):
        state.apply(seat, action)
    hand = state.hands[0]
    assert any(state.rules.card_suit[c] == state.trump_suit for c in hand)  # holding trumps, the leader may lead any
    assert len([a for a in state.legal_actions(0) if a.startswith("play ")]) == len(hand)


NOT_LIFTED = {"en": "No duty is lifted just because your partner is winning the trick, beyond what the duties above say.",
              "fr": "Aucune obligation n'est levée du seul fait que votre partenaire remporte le pli, hormis ce que disent "
                    "les obligations ci-dessus.",
              "ar": "لا يسقط أي واجب لمجرد أن شريكك هو الرابح في اللمّة، إلا ما تقوله الواجبات أعلاه."}
EVERY = {"en": "Every duty applies even while your partner is winning the trick.",
         "fr": "Toutes les obligations s'appliquent même quand votre partenaire remporte le pli.",
         "ar": "كل الواجبات قائمة حتى لو كان شريكك هو الرابح في اللمّة."}


def test_no_page_says_every_duty_applies_while_a_duty_is_lifted_by_the_partner_winning():
    """`partner_exemption: none` read "Every duty applies even while your partner is winning the trick" beside
    tute-load-the-partner's "You must play a trump, if you can, unless either your partner currently wins the trick
    ...", which the engine lifts while the partner wins; where a duty reads the partner winning, the page says only
    that no duty is lifted beyond what the duties say."""
    loaded = spec_pages(SPEC_DIR / "examples" / "tute-load-the-partner.touti")
    plain = spec_pages(SPEC_DIR / "tute.touti")
    for lang in NOT_LIFTED:
        assert NOT_LIFTED[lang] in loaded[lang] and EVERY[lang] not in loaded[lang], lang
        assert EVERY[lang] in plain[lang] and NOT_LIFTED[lang] not in plain[lang], lang
