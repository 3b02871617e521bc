"""Bots: anything that, given what one seat may know, picks a legal action.

A bot receives a [Turn][cardkit.engine.bots.Turn]: its seat, the legal actions, its
own random generator, its view (built only when the bot reads it, so bots
that do not look, like [RandomBot][cardkit.engine.bots.RandomBot], cost nothing
extra), and [Turn.sample_worlds][cardkit.engine.bots.Turn.sample_worlds], which
deals full states consistent with that view for search bots. A turn keeps no
reference to the full state: only the core's closures can reach it, so bots
never see it. [Turn.read][cardkit.engine.bots.Turn.read] hands the state to a
*seat reader*, a core class marked with [seat_reader][cardkit.engine.bots.seat_reader]
whose answer depends on nothing the seat may not know (the policy bot's
observation, [cardkit.rl.policy][]), and returns only that answer.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from cardkit.engine.actions import Action
from cardkit.errors import CardkitError

if TYPE_CHECKING:
    from cardkit.engine.determinize import Determinizer
    from cardkit.engine.state import GameState
    from cardkit.engine.views import View

__all__ = ["Bot", "BotFactory", "GameBot", "RandomBot", "SeatReader", "Turn", "seat_reader"]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
C = TypeVar("C", bound=type)


class SeatReader(Protocol[T_co]):
    """What [Turn.read][cardkit.engine.bots.Turn.read] asks: one seat's knowledge of a state."""

    def read(self, state: GameState, seat: int, legal: Sequence[Action]) -> T_co:
        """What ``seat`` may know of ``state`` (its legal actions ``legal``), in some form."""
        ...


#: The classes marked with `seat_reader`: the only readers a turn answers.
_SEAT_READERS: set[type] = set()


def seat_reader(cls: C) -> C:
    """Mark a core class as a seat reader: its ``read(state, seat, legal)`` returns
    nothing ``seat`` may not know (a test of the core says so for each one).

    A class decorator, for the core's own readers: a bot that marks a reader
    of its own to read hidden cards cheats knowingly, as one that unwraps a
    turn's closures would.
    """
    _SEAT_READERS.add(cls)
    return cls


class Turn:
    """One decision a bot is asked to make.

    Attributes:
        seat: the seat deciding.
        legal: the legal actions (never empty).
        rng: the bot's own random generator (seeded by the runner).
    """

    __slots__ = ("_read", "_sample", "_see", "_view", "legal", "rng", "seat")

    def __init__(
        self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> None:
        """Wrap one decision of ``seat`` in ``state``; the turn keeps no reference to it."""
        self._see, self._sample, self._read = _oracle(state, seat, legal)
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

    def read(self, reader: SeatReader[T]) -> T:
        """What a core seat reader (a class marked with
        [seat_reader][cardkit.engine.bots.seat_reader]) reads of this decision: the
        real state, its seat and legal actions go to ``reader.read``, and only its
        answer comes back. One read costs what the reader costs, with no world dealt.

        Raises:
            CardkitError: ``reader`` is not of a class marked as a seat reader.
        """
        if type(reader) not in _SEAT_READERS:
            raise CardkitError(
                f"a turn answers only the core's seat readers, not {type(reader).__name__} "
                "(a bot reads its view or samples worlds)"
            )
        found: T = self._read(reader)
        return found


def _oracle(
    state: GameState, seat: int, legal: Sequence[Action]
) -> tuple[
    Callable[[], View],
    Callable[[int, random.Random], list[GameState]],
    Callable[[SeatReader[Any]], Any],
]:
    """The core's three questions about ``state``, as closures a bot cannot unwrap by name."""

    def see() -> View:
        return state.view(seat)

    worlds: list[Determinizer] = []  # built on the first sample, then kept

    def sample(n: int, rng: random.Random) -> list[GameState]:
        if not worlds:
            from cardkit.engine.determinize import Determinizer

            worlds.append(Determinizer(state, seat))
        return worlds[0].sample(n, rng)

    def read(reader: SeatReader[Any]) -> Any:
        return reader.read(state, seat, legal)

    return see, sample, read


@runtime_checkable
class Bot(Protocol):
    """The bot protocol: ``choose`` returns one of ``turn.legal``."""

    def choose(self, turn: Turn) -> Action:
        """Pick one of the legal actions."""
        ...


#: Builds a bot for one seat from its random generator: ``RandomBot(rng)``.
BotFactory = Callable[[random.Random], Bot]


class GameBot(ABC):
    """The base of a game's bot: a `BotFactory` (built from its seat's random generator,
    kept as `rng`) that names itself and writes `choose`.

    ``class HeuristicBot(GameBot)`` with `name`, `description` and `choose` is a bot a
    plugin registers (`game_plugin(MyGame, bots=[HeuristicBot])`). Its random choices
    come from `turn.rng` (or `self.rng`), so that a seeded game replays.
    """

    name: ClassVar[str]
    """The bot's name (`cardkit play --bot NAME`): by default its class's name, less `Bot`,
    in lower case with hyphens (`HeuristicBot`: `heuristic`)."""
    description: ClassVar[str] = ""
    """A line on how it plays: by default the first paragraph of its docstring."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Name the bot and describe it from its class unless it (or a base) says."""
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "name"):
            words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", cls.__name__.removesuffix("Bot"))
            cls.name = words.lower()
        if not cls.description and cls.__doc__:
            cls.description = " ".join(cls.__doc__.split("\n\n")[0].split())

    def __init__(self, rng: random.Random | None = None) -> None:
        """A bot of one seat; `rng` is its own generator (a new one when `None`)."""
        self.rng = random.Random() if rng is None else rng

    @abstractmethod
    def choose(self, turn: Turn) -> Action:
        """Pick one of `turn.legal`."""


class RandomBot(GameBot):
    """Picks uniformly among the legal actions; it never looks at the view."""

    name = "random"
    description = "Uniformly random legal actions."

    def choose(self, turn: Turn) -> Action:
        """A uniformly random legal action."""
        legal = turn.legal
        return legal[turn.rng.randrange(len(legal))]
