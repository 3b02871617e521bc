"""A bot's turn at a table: its view is the seat's own, without ``recent``, built for the bot."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardkit.engine.actions import Action
from cardkit.engine.bots import Turn
from cardkit.engine.state import GameState
from cardkit.engine.views import View

__all__ = ["SeatTurn"]

#: What a turn's generator is until the bot first asks for it (never drawn from).
_UNSEEDED = random.Random(0)


class SeatTurn(Turn):
    """A bot's turn whose view is ``state.bot_view(seat)``: the seat's view with an
    empty ``recent`` (a bot decides from the game, not from the words of its last
    events, so they are not worded for it). It is a view of its own, built when the
    bot first reads it and never the one the table's `Audiences` keep for the seat's
    clients, whose messages keep their ``recent``; like any view it holds no state,
    event or closure.

    Its ``rng`` is made from ``seed()`` when the bot first reads it: the same
    generator, seeded the same, while a bot that draws nothing (most moves of most
    bots) costs neither the seed's digest nor the generator's seeding.
    """

    __slots__ = ("_made", "_seed")
    _made: random.Random

    def __init__(
        self,
        state: GameState,
        seat: int,
        legal: Sequence[Action],
        seed: Callable[[], int],
    ) -> None:
        """``Turn(state, seat, legal, random.Random(seed()))``, seeing ``state.bot_view(seat)``."""
        self._seed = seed
        super().__init__(state, seat, legal, _UNSEEDED)

        def see() -> View:  # a closure, as the core's: the turn names no state
            return state.bot_view(seat)

        self._see = see

    @property
    def rng(self) -> random.Random:
        """The bot's generator, ``random.Random(seed())``, made when first read."""
        if self._made is _UNSEEDED:
            self._made = random.Random(self._seed())
        return self._made

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._made = value
