"""The view model of Gin Rummy: what one seat (or a spectator) may know."""

from typing import Literal

from cardkit import Card, View


# --8<-- [start:view-model]
class GinView(View):
    """What one seat (or a spectator) may know of a deal of Gin Rummy: the zones' entries
    (``hand``, ``hand_counts``, ``hand_revealed``: the knocker's hand once they knock, both
    once the deal is over; ``stock_count``, ``discard_count``, ``top``) and the
    ``dealer``, which the core derives, and these.

    Attributes:
        phase: what the seat to act does: take or pass the upcard (``offer``),
            draw or take (``draw``), discard or knock (``discard``), lay off
            (``layoff``).
        deadwood: the seat's own deadwood, melded at best (``None`` for a spectator).
        knocker: the seat that knocked (``None`` before a knock).
        melds: the knocker's melds on the table, with the cards laid off on them.
    """

    phase: Literal["offer", "stock", "draw", "discard", "layoff"]
    deadwood: int | None
    knocker: int | None
    melds: list[list[Card]]


# --8<-- [end:view-model]
