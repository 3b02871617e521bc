"""Bots: anything that, given what one seat may know, picks a legal action.

A bot receives a [Turn][cardkit.engine.bots.Turn]: its seat, the legal actions, its
own random generator, its view (built only when the bot reads it, so bots
that do not look, like [RandomBot][cardkit.engine.bots.RandomBot], cost nothing
extra), and [Turn.sample_worlds][cardkit.engine.bots.Turn.sample_worlds], which
deals full states consistent with that view for search bots. A turn keeps no
reference to the full state: only the core's closures can reach it, so bots
never see it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from cardkit.engine.actions import Action

if TYPE_CHECKING:
    from cardkit.engine.determinize import Determinizer
    from cardkit.engine.state import GameState
    from cardkit.engine.views import View

__all__ = ["Bot", "BotFactory", "RandomBot", "Turn"]


class Turn:
    """One decision a bot is asked to make.

    Attributes:
        seat: the seat deciding.
        legal: the legal actions (never empty).
        rng: the bot's own random generator (seeded by the runner).
    """

    __slots__ = ("_sample", "_see", "_view", "legal", "rng", "seat")

    def __init__(
        self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> None:
        """Wrap one decision of ``seat`` in ``state``; the turn keeps no reference to it."""
        self._see, self._sample = _oracle(state, seat)
        self._view: View | None = None
        self.seat = seat
        self.legal = legal
        self.rng = rng

    @property
    def view(self) -> View:
        """What this seat may know now (built on first access)."""
        if self._view is None:
            self._view = self._see()
        return self._view

    def sample_worlds(self, n: int, rng: random.Random | None = None) -> list[GameState]:
        """Up to ``n`` full states consistent with what this seat knows (determinization).

        Each world deals the cards this seat has never seen at random among
        the places they could be, replays the game's actions, and is kept
        only if it gives this seat exactly its view (see
        [cardkit.engine.determinize][cardkit.engine.determinize]). The worlds
        are fictions: searching them tells a bot nothing its view does not.

        Args:
            n: how many worlds to return.
            rng: the generator to deal them with (default: ``self.rng``).
        """
        return self._sample(n, self.rng if rng is None else rng)


def _oracle(
    state: GameState, seat: int
) -> tuple[Callable[[], View], Callable[[int, random.Random], list[GameState]]]:
    """The core's two questions about ``state``, as closures a bot cannot unwrap by name."""

    def see() -> View:
        return state.view(seat)

    worlds: list[Determinizer] = []  # built on the first sample, then kept

    def sample(n: int, rng: random.Random) -> list[GameState]:
        if not worlds:
            from cardkit.engine.determinize import Determinizer

            worlds.append(Determinizer(state, seat))
        return worlds[0].sample(n, rng)

    return see, sample


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
