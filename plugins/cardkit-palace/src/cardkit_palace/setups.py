"""Stacked decks: the deck order that deals chosen cards to chosen zones.

For tests, bug reports and puzzles. Palace deals, from the dealer's left and
one card at a time, ``zone_size`` rounds of face-down cards, then of face-up
cards, then of hand cards; the rest is the stock, top first.
`stacked_deck` inverts that:

>>> from cardkit_palace.setups import stacked_deck
>>> deck = stacked_deck(2, hands={0: "3S 4D 5C"}, face_up={0: "AS 2H TD"}, stock="KC")
>>> import cardkit
>>> state = cardkit.load_game("palace").start(players=2, deck=deck)
>>> str(state.view(0).hand), str(state.view(0).face_up[0])
('5C 4D 3S', 'TD 2H AS')

(Card sets print in canonical order: clubs, diamonds, hearts, spades.)
"""

from __future__ import annotations

from cardkit import Deck
from cardkit.authoring import CardsLike as Cards
from cardkit.authoring import SeatsCards as Zone

__all__ = ["stacked_deck"]


def stacked_deck(
    players: int,
    dealer: int | None = None,
    *,
    face_down: Zone | None = None,
    face_up: Zone | None = None,
    hands: Zone | None = None,
    stock: Cards = (),
    zone_size: int = 3,
    rest: Cards = (),
) -> Deck:
    """The 52-card deck order that deals the given cards to the given zones.

    Palace's zones for [Deck.stacked][cardkit.cards.deck.Deck.stacked].

    Args:
        players: the number of seats.
        dealer: the dealer (default: the last seat, as ``game.start``).
        face_down: cards per seat (a mapping seat → cards, or a list by
            seat), in position order (position 1 first). Seats or positions
            left out get leftover cards.
        face_up: face-up cards per seat.
        hands: hand cards per seat.
        stock: the top of the stock, top first; leftover cards follow.
        zone_size: the ``zone_size`` option of the game to be dealt.
        rest: the order in which leftover cards are used (default: canonical
            order, skipping every card placed explicitly).

    Raises:
        InvalidDeck: a card is placed twice, a zone holds more than
            ``zone_size`` cards, or a seat is not one (a ``ValueError``).
    """
    zones = (face_down or {}, face_up or {}, hands or {})
    return Deck.stacked(players, *zones, size=zone_size, dealer=dealer, then=stock, rest=rest)
