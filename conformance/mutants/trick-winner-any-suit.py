"""Mutant: with no trump in the trick, the strongest rank wins, even an off-suit discard.

Breaks trick.winner ("highest trump if any trump was played, else highest card of the
led suit; an off-suit discard never wins").  Patched: play.add_card.
"""

from _serve import serve_reference

from touti_dsl.engine import play

led_suit_winner = play.add_card


def strongest_rank_wins(st, seat: int, card: int) -> None:
    led_suit_winner(st, seat, card)
    if st.best_trump < 0:
        strength = st.rules.card_strength
        best = max(range(len(st.trick_cards)), key=lambda i: strength[st.trick_cards[i]])
        st.trick_winner = st.trick_seats[best]


play.add_card = strongest_rank_wins
serve_reference("atlas-carta", "trick-winner-any-suit")
