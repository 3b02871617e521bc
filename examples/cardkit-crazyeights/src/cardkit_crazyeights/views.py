"""The view model of Crazy Eights: what one seat (or a spectator) may know."""

from __future__ import annotations

from typing import Literal

from cardkit import Card, View

__all__ = ["CrazyEightsView"]


# --8<-- [start:view-model]
class CrazyEightsView(View):
    """What one seat (or a spectator) may know of a game of Crazy Eights.

    Attributes:
        hand: the seat's own cards, in canonical order (``None`` for a spectator).
        hand_counts: how many cards each seat holds.
        stock_count: how many cards are left in the stock.
        discard_count: how many cards the discard pile holds.
        top: the top card of the discard pile.
        suit: the suit to follow (named by a wild 8, else the top card's suit).
        drew: whether the seat to act has already drawn this turn.
        dealer: the dealer's seat.
    """

    hand: list[Card] | None
    hand_counts: list[int]
    stock_count: int
    discard_count: int
    top: Card
    suit: Literal["clubs", "diamonds", "hearts", "spades"]
    drew: bool
    dealer: int


# --8<-- [end:view-model]
