"""A bot's turn at a table: its view is the one the table shows the bot's seat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardkit.engine.actions import Action
from cardkit.engine.bots import Turn
from cardkit.engine.state import GameState
from cardkit.engine.views import View
from cardkit.server._audience import Audiences

__all__ = ["SeatTurn"]


class SeatTurn(Turn):
    """A bot's turn whose view is the one its table shows the seat (`Audiences.view`):
    built once per state and seat, for the bot and the seat's clients alike, not once
    for each. It is ``state.view(seat)``: the bot still gets only its seat's view.
    """

    __slots__ = ("_shown",)

    def __init__(
        self,
        state: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        audiences: Audiences,
    ) -> None:
        """``Turn(state, seat, legal, rng)``, its view taken from ``audiences``."""
        super().__init__(state, seat, legal, rng)

        def shown() -> View:  # a closure, as the core's: the turn names no state
            return audiences.view(state, seat)

        self._shown = shown

    @property
    def view(self) -> View:
        """What this seat may know now: the view its clients are (or would be) sent."""
        return self._shown()
