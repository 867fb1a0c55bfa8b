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
