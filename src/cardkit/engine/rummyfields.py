"""The fields and the view model of a knock rummy game (Gin Rummy, Oklahoma Gin, Knock
Rummy): what [`cardkit.engine.rummy`][cardkit.engine.rummy]'s check and listing read,
what every seat sees of a deal besides the zones of
[`draw_zones`][cardkit.engine.drawing.draw_zones], and who sees the knocker's hand.

A game with more to keep writes its own fields with these names, and a game with more to
show (the phase of its turn, by its own names) its own view model on `RummyView`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.engine.views import View

__all__ = ["RummyFields", "RummyView", "knocker_revealed"]


# --8<-- [start:fields]
class RummyFields(NamedTuple):
    """The fields of a deal of knock rummy (Gin Rummy's): the piles of
    [`draw_zones`][cardkit.engine.drawing.draw_zones]' defaults, the seat to act, the
    phase of its turn, the card it just took, and the knocker and their melds.

    Attributes:
        hands: each seat's hand.
        stock: the stock, top first.
        discard: the discard pile, top last.
        seat: the seat to act.
        phase: the name of the phase the deal is in, one of the state class's `phases`
            (`"draw"`, `"discard"`...; Gin Rummy's deal starts with `"offer"`).
        taken: the card just taken from the discard pile, which may not be discarded this
            turn (`None` after a draw from the stock).
        knocker: the seat that knocked (`None` before a knock).
        melds: the knocker's melds on the table, with the cards laid off on them.
        outcome: `None` while the deal goes on, then how it ended (`"knock"`, `"gin"`...).
    """

    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    seat: int
    phase: str = "draw"
    taken: Card | None = None
    knocker: int | None = None
    melds: tuple[CardSet, ...] = ()
    outcome: str | None = None


# --8<-- [end:fields]


class RummyView(View):
    """What one seat (or a spectator) may know of a deal of knock rummy: the zones' entries
    (``hand``, ``hand_counts``, ``hand_revealed``, ``stock_count``, ``discard_count``,
    ``top``) and the ``dealer``, which the core derives, and these (a state's `shown`
    derives ``knocker`` and ``melds`` from its fields; its `view_extra` gives the seat's
    ``deadwood``).

    Attributes:
        deadwood: the seat's own deadwood, melded at best (``None`` for a spectator).
        knocker: the seat that knocked (``None`` before a knock).
        melds: the knocker's melds on the table, with the cards laid off on them.
    """

    deadwood: int | None
    knocker: int | None
    melds: list[list[Card]]


def knocker_revealed(state: Any) -> int:
    """The seats whose hands everyone sees, as a mask (seat `s` is bit `1 << s`), for
    [`draw_zones`][cardkit.engine.drawing.draw_zones]' `revealed`: the knocker's (the field
    `knocker`) once a seat knocks, and every seat's once the deal is over.

    ```python
    zone_specs = draw_zones(revealed=knocker_revealed)
    ```
    """
    knocker: int | None = state.f.knocker
    if knocker is None:
        return 0
    return (1 << state.players) - 1 if state.is_over else 1 << knocker
