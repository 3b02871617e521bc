"""The fields and the view model of a shedding (matching) game: what
[`cardkit.engine.shedding`][cardkit.engine.shedding]'s checks and transitions read and
write, and what every seat sees of it besides the zones of
[`draw_zones`][cardkit.engine.drawing.draw_zones].

A game with more to keep (a direction of play, cards to draw pending) writes its own
fields with these names, and its own view model on `SheddingView`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from cardkit.cards.card import Card, Suit
from cardkit.cards.cardset import CardSet
from cardkit.engine.views import View

__all__ = ["SheddingFields", "SheddingView"]


# --8<-- [start:fields]
class SheddingFields(NamedTuple):
    """The fields of a shedding game's state (Crazy Eights'): the piles of
    [`draw_zones`][cardkit.engine.drawing.draw_zones]' defaults, the suit to follow, the
    seat to act and where its turn stands.

    Attributes:
        hands: each seat's hand.
        stock: the stock, top first.
        discard: the discard pile, top last.
        suit: the suit to follow (named by a wild card, else the top card's suit).
        seat: the seat to act (the one that went out, or passed last, once it is over).
        drew: whether the seat to act has drawn this turn.
        passes: the passes in a row with nothing left to draw.
        reshuffles: how many times the discard pile was shuffled into the stock.
        outcome: `None` while the game goes on, then `"went_out"` or `"blocked"`.
    """

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    suit: Suit
    seat: int
    drew: bool = False
    passes: int = 0
    reshuffles: int = 0
    outcome: str | None = None


class SheddingView(View):
    """What one seat (or a spectator) may know of a shedding game: the zones' entries
    (``hand``, ``hand_counts``, ``stock_count``, ``discard_count``, ``top``) and the
    ``dealer``, which the core derives, and these (a state's `shown` derives them from
    [`SheddingFields`][cardkit.engine.sheddingfields.SheddingFields]).

    Attributes:
        suit: the suit to follow, as a word (named by a wild card, else the top card's suit).
        drew: whether the seat to act has already drawn this turn.
    """

    suit: Literal["clubs", "diamonds", "hearts", "spades"]
    drew: bool


# --8<-- [end:fields]
