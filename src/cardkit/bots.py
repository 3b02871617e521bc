"""Bots: anything that, given what one seat may know, picks a legal action.

A bot receives a [`Turn`][cardkit.bots.Turn]: its seat, the legal actions, its own random
generator, and its view (built only when the bot reads it, so bots that do
not look, like [`RandomBot`][cardkit.bots.RandomBot], cost nothing extra). Bots never see the
full state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from cardkit.actions import Action

if TYPE_CHECKING:
    from cardkit.state import GameState
    from cardkit.views import View

__all__ = ["Bot", "BotFactory", "RandomBot", "Turn"]


class Turn:
    """One decision a bot is asked to make.

    Attributes:
        seat: the seat deciding.
        legal: the legal actions (never empty).
        rng: the bot's own random generator (seeded by the runner).
    """

    __slots__ = ("_state", "_view", "legal", "rng", "seat")

    def __init__(
        self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> None:
        """Wrap one decision of ``seat`` in ``state``."""
        self._state = state
        self._view: View | None = None
        self.seat = seat
        self.legal = legal
        self.rng = rng

    @property
    def view(self) -> View:
        """What this seat may know now (built on first access)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view


@runtime_checkable
class Bot(Protocol):
    """The bot protocol: ``choose`` returns one of ``turn.legal``."""

    def choose(self, turn: Turn) -> Action:
        """Pick one of the legal actions."""
        ...


#: Builds a bot for one seat from its random generator: ``RandomBot(rng)``.
BotFactory = Callable[[random.Random], Bot]


class RandomBot:
    """Picks uniformly among the legal actions; it never looks at the view."""

    name = "random"
    description = "Uniformly random legal actions."

    def __init__(self, rng: random.Random | None = None) -> None:
        """A random bot; ``rng`` is ignored in favour of the turn's generator."""

    def choose(self, turn: Turn) -> Action:
        """A uniformly random legal action."""
        legal = turn.legal
        return legal[turn.rng.randrange(len(legal))]
