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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self

from typing_extensions import TypeVar

from cardkit.engine._building import replaced
from cardkit.engine.actions import Action
from cardkit.engine.events import Event
from cardkit.engine.generic import GenericState
from cardkit.engine.rules import Rules
from cardkit.engine.views import View
from cardkit.errors import Refusal, Refused

__all__ = ["ChosenAs", "Sealed", "SimultaneousChoices"]

T = TypeVar("T")
R = TypeVar("R", bound=Rules, default=Rules)
F = TypeVar("F", bound=tuple[Any, ...], default=tuple[Any, ...])
V = TypeVar("V", bound=View, default=View)


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


@dataclass(frozen=True, slots=True)
class ChosenAs(Action):
    """A choice made out of turn in a simultaneous phase: `action`, by `seat`.

    [`act_as`][cardkit.engine.state.GameState.act_as] records it when a seat other
    than `to_act` (the lowest still to choose) chooses; its text, `"bid 4 as 2"`,
    replays it. The view shows nobody the choice (see `Sealed`).

    Attributes:
        action: the seat's own action.
        seat: the seat that chose.
    """

    action: Action
    seat: int

    def __str__(self) -> str:
        return f"{self.action} as {self.seat}"


class SimultaneousChoices(GenericState[R, F, V]):
    """A [`GenericState`][cardkit.engine.generic.GenericState] with simultaneous phases.

    A game names its `Sealed` field in `sealed_field`; while that field is not
    complete (and `in_simultaneous_phase` says so), every seat still to choose
    may act, in any order: `seats_to_act` lists them, `legal_actions_for(seat)`
    gives each its own actions, and its view lists them. The game's checks and
    transitions read the chooser from the field `seat`, as for any turn: the
    core evaluates them on the state as that seat sees its turn, so `to_act`
    (the field `seat`) stays the lowest seat still to choose.
    """

    __slots__ = ()
    sealed_field: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Add the out-of-turn choice to the game's action kinds."""
        super().__init_subclass__(**kwargs)
        if "_frozen" not in cls.__dict__ and getattr(cls, "grammar", None) is not None:
            cls._moves = {**cls._moves, ChosenAs: (_check_as, _do_as)}
            cls._dos = {**cls._dos, ChosenAs: _do_as}

    @property
    def in_simultaneous_phase(self) -> bool:
        """Whether seats are choosing at once now (the sealed field is incomplete)."""
        sealed = getattr(self.f, self.sealed_field, None)
        return isinstance(sealed, Sealed) and not sealed.complete and not self.is_over

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """Every seat still to choose in a simultaneous phase; else the seat to act."""
        if self.in_simultaneous_phase:
            sealed: Sealed[Any] = getattr(self.f, self.sealed_field)
            return sealed.pending
        return super().seats_to_act

    def as_chooser(self, seat: int) -> Self:
        """This state as `seat` sees its own turn to choose (the field `seat` set; not logged)."""
        state = self.first(self.game, self.setup, replaced(self.f, {"seat": seat}))
        object.__setattr__(state, "_log", self._log)
        return state

    def _legal_for(self, seat: int) -> Sequence[Action]:
        return (
            self.legal_actions() if seat == self.to_act else self.as_chooser(seat).legal_actions()
        )

    def _act_for(self, seat: int, action: Action) -> Self:
        if seat == self.to_act or not self.in_simultaneous_phase:
            return self.apply(action)
        return self.apply(ChosenAs(action, seat))

    def parse_action(self, text: str) -> Action:
        """As the grammar reads it; `"<action> as <seat>"` is a choice made out of turn."""
        head, sep, tail = text.rpartition(" as ")
        if sep and tail.isdigit() and len(tail) < 4:
            return ChosenAs(super().parse_action(head), int(tail))
        return super().parse_action(text)

    def view(self, seat: int | None = None) -> V:
        """As `GenericState.view`; a seat choosing out of turn sees its own legal actions."""
        view = super().view(seat)
        if seat is not None and seat != self.to_act and self.in_simultaneous_phase:
            legal = [str(a) for a in self.legal_actions_for(seat)]
            return view.model_copy(update={"legal_actions": legal}) if legal else view
        return view


def _check_as(state: Any, action: ChosenAs) -> Refusal | None:
    """An out-of-turn choice: the seat must be still to choose, and its action legal for it."""
    if not state.in_simultaneous_phase or action.seat not in state.seats_to_act:
        return Refusal("not_your_turn", f"seat {action.seat} may not choose now")
    if action.seat == state.to_act:
        return Refusal(Refused.UNKNOWN_ACTION, "the seat to act chooses without 'as'")
    result: Refusal | None = state.as_chooser(action.seat).refusal(action.action)
    return result


def _do_as(state: Any, action: ChosenAs) -> Any:
    """Apply the choice as its seat, and log it as made out of turn."""
    chooser = state.as_chooser(action.seat)
    after = chooser._dos[type(action.action)](chooser, action.action)
    return state.successor(action, after.last_events, after.f)
