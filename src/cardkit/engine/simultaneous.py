"""Simultaneous choices: several seats choose at once, sealed, and all are revealed together.

Passing cards, blind bids, sealed bids: a [`Sealed`][cardkit.engine.simultaneous.Sealed]
value (a field of a game's fields) holds one choice per seat, `None` until
made. No view but the chooser's shows a choice before every seat has
chosen ([`seen_by`][cardkit.engine.simultaneous.Sealed.seen_by]); the events of a choice
say only that the seat has chosen, and the last choice reveals them all:

>>> bids = Sealed.open(3)
>>> bids, events = bids.choose(1, 4)
>>> bids.pending, bids.seen_by(0), bids.seen_by(1)
((0, 2), [None, None, None], [None, 4, None])
>>> print(events[0].describe())
Seat 1 has chosen
>>> bids, _ = bids.choose(0, 2)
>>> bids, events = bids.choose(2, 0, kind="bid")
>>> for event in events:
...     print(event.describe())
Seat 2 has chosen
Every choice is revealed: 2, 4, 0
Seat 0 bids 2
Seat 1 bids 4
Seat 2 bids 0

A game keeps `to_act` meaningful for callers that know one seat only: the
lowest seat still to choose ([`pending`][cardkit.engine.simultaneous.Sealed.pending]`[0]`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from cardkit.engine.events import Event

__all__ = ["Sealed"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Sealed(Generic[T]):
    """One sealed choice per seat, revealed when every seat has chosen.

    Attributes:
        values: each seat's choice, `None` until made.
    """

    values: tuple[T | None, ...]

    @classmethod
    def open(cls, players: int) -> Sealed[T]:
        """No seat has chosen yet."""
        return cls((None,) * players)

    @property
    def pending(self) -> tuple[int, ...]:
        """The seats still to choose, lowest first."""
        return tuple(s for s, v in enumerate(self.values) if v is None)

    @property
    def complete(self) -> bool:
        """Whether every seat has chosen (the choices are revealed)."""
        return None not in self.values

    @property
    def made(self) -> list[bool]:
        """Whether each seat has chosen (everyone may know it)."""
        return [v is not None for v in self.values]

    def seen_by(self, seat: int | None) -> list[T | None]:
        """The choices `seat` may see: its own, and every one once all are made."""
        if self.complete:
            return list(self.values)
        return [v if s == seat else None for s, v in enumerate(self.values)]

    def choose(
        self, seat: int, value: T, *, kind: str = "", say: Callable[[int, T], str] | None = None
    ) -> tuple[Sealed[T], list[Event]]:
        """Seal `seat`'s choice; the events say it has chosen, and the last reveals all.

        Args:
            seat: the seat choosing.
            value: its choice.
            kind: when given, the reveal adds one event of this kind per seat,
                noting its choice (`"bid"`: `"Seat 1 bids 4"`).
            say: how a choice reads (default `str(value)`).

        Raises:
            ValueError: `seat` has already chosen, or `value` is `None`.
        """
        if value is None or self.values[seat] is not None:
            raise ValueError(f"seat {seat} has already chosen, or chooses nothing")
        chosen = Sealed((*self.values[:seat], value, *self.values[seat + 1 :]))
        events = [Event("choose", seat, note="has chosen")]
        if chosen.complete:
            said = [str(v) if say is None else say(s, v) for s, v in enumerate(chosen.values)]  # type: ignore[arg-type]
            events.append(Event("reveal", note=", ".join(said)))
            events += [Event(kind, s, note=word) for s, word in enumerate(said)] if kind else []
        return chosen, events
