"""A bot's turn at a table: its view is the one the table shows the bot's seat."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardkit.engine.actions import Action
from cardkit.engine.bots import Turn
from cardkit.engine.state import GameState
from cardkit.engine.views import View
from cardkit.server._audience import Audiences

__all__ = ["SeatTurn"]

#: What a turn's generator is until the bot first asks for it (never drawn from).
_UNSEEDED = random.Random(0)


class SeatTurn(Turn):
    """A bot's turn whose view is the one its table shows the seat (`Audiences.view`):
    built once per state and seat, for the bot and the seat's clients alike, not once
    for each. It is ``state.view(seat)``: the bot still gets only its seat's view.

    Its ``rng`` is made from ``seed()`` when the bot first reads it: the same
    generator, seeded the same, while a bot that draws nothing (most moves of most
    bots) costs neither the seed's digest nor the generator's seeding.
    """

    __slots__ = ("_made", "_seed", "_shown")
    _made: random.Random

    def __init__(
        self,
        state: GameState,
        seat: int,
        legal: Sequence[Action],
        seed: Callable[[], int],
        audiences: Audiences,
    ) -> None:
        """``Turn(state, seat, legal, random.Random(seed()))``, its view taken from
        ``audiences``."""
        self._seed = seed
        super().__init__(state, seat, legal, _UNSEEDED)

        def shown() -> View:  # a closure, as the core's: the turn names no state
            return audiences.view(state, seat)

        self._shown = shown

    @property
    def view(self) -> View:
        """What this seat may know now: the view its clients are (or would be) sent."""
        return self._shown()

    @property
    def rng(self) -> random.Random:
        """The bot's generator, ``random.Random(seed())``, made when first read."""
        if self._made is _UNSEEDED:
            self._made = random.Random(self._seed())
        return self._made

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._made = value
