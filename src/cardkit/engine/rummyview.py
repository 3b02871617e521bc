"""The view model of a knock rummy game (Gin Rummy, Oklahoma Gin, Knock Rummy) and who
sees the knocker's hand: what every seat sees of a deal besides the zones of
[`draw_zones`][cardkit.engine.drawing.draw_zones], on the fields such a game keeps:
`knocker` (the seat that knocked, `None` before a knock) and `melds` (the knocker's melds
on the table, with the cards laid off on them).

A game with more to show (the phase of its turn) writes its own view model on
`RummyView`.
"""

from __future__ import annotations

from typing import Any

from cardkit.cards.card import Card
from cardkit.engine.views import View

__all__ = ["RummyView", "knocker_revealed"]


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
