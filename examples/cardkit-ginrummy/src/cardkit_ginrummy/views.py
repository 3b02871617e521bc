"""The view model of Gin Rummy: what one seat (or a spectator) may know."""

from typing import Literal

from cardkit import Card, View

__all__ = ["GinView"]


# --8<-- [start:view-model]
class GinView(View):
    """What one seat (or a spectator) may know of a deal of Gin Rummy.

    Attributes:
        hand: the seat's own cards (``None`` for a spectator).
        hand_counts: how many cards each seat holds.
        hand_revealed: the hands shown to everyone: the knocker's once they
            knock, both once the deal is over (but a drawn deal).
        stock_count: how many cards are left in the stock.
        discard_count: how many cards the discard pile holds.
        top: the top card of the discard pile (``None`` when it is empty).
        phase: what the seat to act does: take or pass the upcard (``offer``),
            draw or take (``draw``), discard or knock (``discard``), lay off
            (``layoff``).
        deadwood: the seat's own deadwood, melded at best (``None`` for a spectator).
        knocker: the seat that knocked (``None`` before a knock).
        melds: the knocker's melds on the table, with the cards laid off on them.
        dealer: the dealer's seat.
    """

    hand: list[Card] | None
    hand_counts: list[int]
    hand_revealed: dict[int, list[Card]]
    stock_count: int
    discard_count: int
    top: Card | None
    phase: Literal["offer", "stock", "draw", "discard", "layoff"]
    deadwood: int | None
    knocker: int | None
    melds: list[list[Card]]
    dealer: int


# --8<-- [end:view-model]
