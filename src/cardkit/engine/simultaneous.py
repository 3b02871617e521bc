"""Simultaneous choices: several seats choose at once, sealed, and all are revealed together
(to every seat, or each to its receiver only).

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
Seat 2 has chosen
>>> bids, _ = bids.choose(0, 2)
>>> bids, events = bids.choose(2, 0, kind="bid")
>>> for event in events:
...     print(event.describe())
Seat 3 has chosen
Every choice is revealed: 2, 4, 0
Seat 1 bids 2
Seat 2 bids 4
Seat 3 bids 0

(The events say seats as people read them, from 1: seat index 1 is "Seat 2".)

A choice made *for* one seat (a pass of cards to the left) is revealed to
its receiver only: give each seat's receiver when opening the field. The
giver and the receiver see it once every seat has chosen; nobody else ever
does, and the events name no value:

>>> passes = Sealed.open(3, receivers=(1, 2, 0))  # each seat passes to its left
>>> passes, _ = passes.choose(0, "2C 3C 4C")
>>> passes, _ = passes.choose(1, "AS KS QS")
>>> passes, events = passes.choose(2, "5H 6H 7H", kind="pass")
>>> passes.seen_by(1), passes.seen_by(None)
(['2C 3C 4C', 'AS KS QS', None], [None, None, None])
>>> for event in events:
...     print(event.describe())
Seat 3 has chosen
Every choice is revealed: each to its receiver only
Seat 1 passes to seat 2
Seat 2 passes to seat 3
Seat 3 passes to seat 1

A game keeps `to_act` meaningful for callers that know one seat only: the
lowest seat still to choose ([`pending`][cardkit.engine.simultaneous.Sealed.pending]`[0]`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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

    Revealed to every seat (bids), or, with `receivers`, each seat's choice
    to its giver and its receiver only (cards passed to the left): see
    [`seen_by`][cardkit.engine.simultaneous.Sealed.seen_by].

    Attributes:
        values: each seat's choice, `None` until made.
        receivers: `None` (the default) when every choice is revealed to every
            seat; else the seat each seat's choice is for (`receivers[0]` receives
            seat 0's), and only the giver and that seat ever see it.
    """

    values: tuple[T | None, ...]
    receivers: tuple[int, ...] | None = field(default=None, metadata={"omit_if_default": True})

    def __post_init__(self) -> None:
        """Refuse receivers that are not one seat per seat.

        Raises:
            ValueError: `receivers` does not name one seat of the table per seat.
        """
        receivers, players = self.receivers, len(self.values)
        if receivers is not None and (
            len(receivers) != players or not all(0 <= r < players for r in receivers)
        ):
            raise ValueError(
                f"receivers must name one seat of 0-{players - 1} per seat, not {receivers!r}"
            )

    @classmethod
    def open(cls, players: int, *, receivers: Sequence[int] | None = None) -> Sealed[T]:
        """No seat has chosen yet; with `receivers`, each choice is for one seat only.

        Args:
            players: the number of seats.
            receivers: the seat each seat's choice is for (a pass), or `None`
                when every choice is revealed to every seat (a bid).

        Raises:
            ValueError: `receivers` does not name one seat of the table per seat.
        """
        return cls((None,) * players, None if receivers is None else tuple(receivers))

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

    def sees(self, seat: int | None, chooser: int) -> bool:
        """Whether `seat` (`None`: a spectator) may see the choice of `chooser` now: its own
        always; once every seat has chosen, every choice, or with `receivers`, the ones
        it receives."""
        if seat == chooser:
            return True
        if not self.complete:
            return False
        receivers = self.receivers
        return receivers is None or (seat is not None and receivers[chooser] == seat)

    def seen_by(self, seat: int | None) -> list[T | None]:
        """The choices `seat` may see (see `sees`), the others `None`."""
        if self.complete and self.receivers is None:
            return list(self.values)
        return [v if self.sees(seat, s) else None for s, v in enumerate(self.values)]

    def entries(self, seat: int | None, noun: str, plural: str | None = None) -> dict[str, Any]:
        """The view entries of these choices for `seat`: `plural` (``<noun>s`` by default),
        the choices it may see (`seen_by`), and ``<noun>_made``, whether each seat has chosen
        (`made`); the table words of [`sealed_words`][cardkit.engine.viewwords.sealed_words]
        read them."""
        return {plural or f"{noun}s": self.seen_by(seat), f"{noun}_made": self.made}

    def choose(
        self, seat: int, value: T, *, kind: str = "", say: Callable[[int, T], str] | None = None
    ) -> tuple[Sealed[T], list[Event]]:
        """Seal `seat`'s choice; the events say it has chosen, and the last reveals all.

        Events are public: with `receivers`, the reveal names no choice, and the
        events of `kind` say who passed to whom.

        Args:
            seat: the seat choosing.
            value: its choice.
            kind: when given, the reveal adds one event of this kind per seat,
                noting its choice (`"bid"`: `"Seat 2 bids 4"` for seat index 1), or
                with `receivers` its receiver (`"pass"`: `"Seat 2 passes to seat 3"`).
            say: how a choice reads (default `str(value)`); not used with `receivers`.

        Raises:
            ValueError: `seat` has already chosen, or `value` is `None`.
        """
        if value is None or self.values[seat] is not None:
            raise ValueError(f"seat {seat} has already chosen, or chooses nothing")
        values = (*self.values[:seat], value, *self.values[seat + 1 :])
        receivers = self.receivers
        chosen = Sealed(values, receivers)
        events = [Event("choose", seat, note="has chosen")]
        if not chosen.complete:
            return chosen, events
        if receivers is not None:
            events.append(Event("reveal", note="each to its receiver only"))
            events += (
                [Event(kind, s, note=f"to seat {r + 1}") for s, r in enumerate(receivers)]
                if kind
                else []
            )
            return chosen, events
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
    """The `Sealed` field; the view shows the choices a seat may see under its name."""
    sealed_noun: ClassVar[str] = ""
    """One choice's noun (``"bid"``): the view shows whether each seat has chosen as
    ``<noun>_made``. Required with `sealed_field`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Add the out-of-turn choice to the game's action kinds.

        Raises:
            TypeError: the class names a `sealed_field` but no `sealed_noun`.
        """
        if cls.sealed_field and not cls.sealed_noun:
            raise TypeError(
                f"{cls.__name__} names its sealed field {cls.sealed_field!r} but no noun for "
                'one choice: say sealed_noun ("bid" shows whether each seat bid as bid_made)'
            )
        super().__init_subclass__(**kwargs)
        if getattr(cls, "grammar", None) is not None:
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
        return Refusal("not_your_turn", f"seat {action.seat + 1} may not choose now")
    if action.seat == state.to_act:
        return Refusal(Refused.UNKNOWN_ACTION, "the seat to act chooses without 'as'")
    result: Refusal | None = state.as_chooser(action.seat).refusal(action.action)
    return result


def _do_as(state: Any, action: ChosenAs) -> Any:
    """Apply the choice as its seat, and log it as made out of turn."""
    chooser = state.as_chooser(action.seat)
    after = chooser._dos[type(action.action)](chooser, action.action)
    return state.successor(action, after.last_events, after.f)
