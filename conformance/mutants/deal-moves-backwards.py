"""Mutant: after a played round the previous seat deals (the deal goes the wrong way round).

Breaks rotation.next_round ("next round the deal passes to the next player"); after a
void round (rotation.after_void) the deal still moves on correctly.  Patched:
game.next_round.
"""

from _serve import serve_reference

from touti_dsl.engine import game

next_round = game.next_round


def previous_seat_deals(st, seed=None, hands=None, turned=None):
    following = next_round(st, seed=seed, hands=hands, turned=turned)
    if st.dealer is None or st.void:
        return following
    return game.Game(None, st.rules).new_round(seed=seed, hands=hands, dealer=(st.dealer - 1) % 4,
                                               scores=following.scores, turned=turned)


game.next_round = previous_seat_deals
serve_reference("atlas-carta", "deal-moves-backwards")
