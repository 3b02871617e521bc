"""The view model of Crazy Eights: what one seat (or a spectator) may know."""

from typing import Literal

from cardkit import View


# --8<-- [start:view-model]
class CrazyEightsView(View):
    """What one seat (or a spectator) may know of a game of Crazy Eights: the zones' entries
    (``hand``, ``hand_counts``, ``stock_count``, ``discard_count``, ``top``) and the
    ``dealer``, which the core derives, and these.

    Attributes:
        suit: the suit to follow (named by a wild 8, else the top card's suit).
        drew: whether the seat to act has already drawn this turn.
    """

    suit: Literal["clubs", "diamonds", "hearts", "spades"]
    drew: bool


# --8<-- [end:view-model]
