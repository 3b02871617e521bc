"""The scalar view fields an observation carries, and their declared vocabularies.

A game's view model (a subclass of [View][cardkit.engine.views.View])
declares its fields with type annotations; observations carry the scalar
ones:

- `bool`, `int`, `float` (or optional): one number (see
  [ScalarField][cardkit.rl.fields.ScalarField]);
- `Literal["a", "b", ...]` (or optional): a one-hot over the declared
  values, in declaration order;
- an `Enum` (a `StrEnum`...): a one-hot over its members;
- plain `str`, lists, cards...: left out (declare a text field with a
  fixed set of values as a `Literal` to have it observed).

So the one-hot of a text field (a phase, the kind of combination to beat)
comes from its declaration, not from the values seen in play: the layout is
the same at every player count, and a value the game never declared is
refused when the view is built (pydantic checks a `Literal`), so the
contract tests, which build views on every state, catch a missing one.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from cardkit.engine.generic import GenericState
from cardkit.engine.shown import view_entries
from cardkit.engine.state import GameState
from cardkit.engine.views import View
from cardkit.engine.windows import PrivateWindows

__all__ = [
    "SEAT_FIELDS",
    "FieldCodec",
    "ScalarField",
    "is_seat_name",
    "scalar_fields",
    "scalar_names",
]

_BASE_VIEW_FIELDS = frozenset(View.model_fields)


def view_extra_of(state: GenericState[Any, Any, Any], seat: int | None) -> dict[str, Any]:
    """The view's entries besides the zones and the turn: the dealer, which the core adds to
    every view, and [`view_entries`][cardkit.engine.shown.view_entries] (the entries the core
    derives, its `shown` fields..., then `view_extra`), as the view has them."""
    return {"dealer": state.setup.dealer, **view_entries(state, seat)}


def scalar_names(cls: type) -> tuple[str, ...] | None:
    """The names of the values a state class's optional `view_scalars` hook gives, in its
    order (`None`: the class has no hook).

    A [GenericState][cardkit.engine.generic.GenericState] class may give learning code its
    view's scalar fields without a view or a dict: `view_scalars(seat)` returns a tuple of
    values, those of `view_extra(seat)` under the names of the class attribute
    `view_scalar_names`, in that order (a class may name a module function,
    `view_scalars = scalars.view_scalars`, which the core makes a method). The
    observation's bytes of the fields are kept by those values, so a step whose values
    repeat a step before costs the hook and one look-up.

    Raises:
        TypeError: the class has `view_scalars` but no `view_scalar_names` (a tuple of
            names).
    """
    if not hasattr(cls, "view_scalars"):
        return None
    names = getattr(cls, "view_scalar_names", None)
    if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
        raise TypeError(
            f"{cls.__name__} has view_scalars but no view_scalar_names: expected a class "
            f"attribute naming the values view_scalars returns, a tuple of str, not {names!r}"
        )
    return names


#: View fields that hold a seat, besides those named `*_seat`, `*_by`, `*_winner`,
#: `*_leader` and `*_dealer`.
SEAT_FIELDS = frozenset({"dealer", "starter", "leader", "opener", "winner", "actor"})


@dataclass(frozen=True)
class ScalarField:
    """A scalar field of a game's view model that observations carry.

    Attributes:
        name: the field's name.
        choices: for a field with a declared set of values (a `Literal` or
            an `Enum`, such as a phase), the values in one-hot order; empty
            for a number or a flag: a seat (see `seat`) relative to the
            observer, over the game's most seats; any other number `x` as
            `x / (1 + |x|)`, in (-1, 1); `None` as -1.
        seat: an `int` field that holds a seat, by its name (`dealer`,
            `starter`, `leader`, `opener`, `winner`, `actor`, or ending in
            `_seat`, `_by`, `_winner`, `_leader` or `_dealer`): carried
            relative to the observer, like the card planes.
    """

    name: str
    choices: tuple[object, ...] = ()
    seat: bool = False

    @property
    def width(self) -> int:
        """How many entries of the observation this field takes."""
        return len(self.choices) or 1

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments (the compiled build's frozen classes need it)."""
        return ScalarField, (self.name, self.choices, self.seat)


def is_seat_name(name: str) -> bool:
    """Whether an `int` view field of this name holds a seat."""
    return name in SEAT_FIELDS or name.endswith(("_seat", "_by", "_winner", "_leader", "_dealer"))


def scalar_field(name: str, annotation: Any) -> ScalarField | None:
    """The observation field for one view field's annotation, or `None` if it is not carried."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return scalar_field(name, get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        others = [a for a in get_args(annotation) if a is not type(None)]
        return scalar_field(name, others[0]) if len(others) == 1 else None
    if annotation in (bool, int, float):
        return ScalarField(name, seat=annotation is int and is_seat_name(name))
    if origin is Literal:
        return ScalarField(name, tuple(get_args(annotation)))
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return ScalarField(name, tuple(annotation))
    return None


def scalar_fields(view_type: type[View]) -> tuple[ScalarField, ...]:
    """The game-specific scalar fields of a view model, in declaration order."""
    found = []
    for name, info in view_type.model_fields.items():
        if name in _BASE_VIEW_FIELDS:
            continue
        field = scalar_field(name, info.annotation)
        if field is not None:
            found.append(field)
    return tuple(found)


class FieldCodec:
    """How a state's scalar view fields become the numbers of an observation.

    Args:
        fields: the fields the observation carries, in its order.
        max_players: the game's most seats (a seat field is over it).

    Attributes:
        fields: the fields, in that order.
        names: the fields' names, in that order.
    """

    def __init__(self, fields: Sequence[ScalarField], max_players: int) -> None:
        """Work out each one-hot field's list of numbers by value."""
        self.fields = tuple(fields)
        self.names = tuple(f.name for f in fields)
        self._names = frozenset(self.names)
        self._max = max_players
        #: per field: its one-hot list by value (`None`: not a one-hot field) and all zeros
        self._hots = tuple(_hots(f) for f in fields)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments: a copy works out its one-hots again."""
        return FieldCodec, (self.fields, self._max)

    def scalars(self, state: GameState, seat: int | None) -> Mapping[str, Any]:
        """The view's scalar fields: from the state's `view_scalars(seat)` (an optional hook,
        see [scalar_names][cardkit.rl.fields.scalar_names]) or `view_extra_of` where they
        hold them all (a `GenericState`: no view model is built), else from the view."""
        if isinstance(state, GenericState):
            shown: GenericState[Any, Any, Any] = state
            if isinstance(state, PrivateWindows) and seat != state.to_act:
                shown = state.public_state()
            names = scalar_names(type(shown))
            hooked: Any = shown  # a class with the hook (`scalar_names`)
            extra = (
                view_extra_of(shown, seat)
                if names is None
                else dict(zip(names, hooked.view_scalars(seat), strict=True))
            )
            if self._names.issubset(extra):
                return extra
        return dict(state.view(seat))

    def values(self, scalars: Mapping[str, Any], seat: int | None, players: int) -> list[float]:
        """The fields' numbers from their values in `scalars`, as `seat` of `players` sees them."""
        values: list[float] = []
        m = self._max
        for field, hots, cold in self._hots:
            value = scalars[field.name]
            if hots is not None:
                values += hots.get(value, cold)
            elif value is None:
                values.append(-1.0)
            elif field.seat:
                values.append(((int(value) - (seat or 0)) % players) / m)
            else:
                number = float(value)
                values.append(number / (1.0 + abs(number)))
        return values


def _hots(field: ScalarField) -> tuple[ScalarField, dict[object, list[float]] | None, list[float]]:
    """The field, the one-hot list of each of its declared values, and the list of none."""
    width = len(field.choices)
    if not width:
        return field, None, []
    index = _choice_index(field)
    return (
        field,
        {v: [float(i == k) for k in range(width)] for v, i in index.items()},
        [0.0] * width,
    )


def _choice_index(field: ScalarField) -> dict[object, int]:
    """Each declared value's position in the one-hot (an `Enum`'s by member and by value)."""
    found: dict[object, int] = {}
    for i, choice in enumerate(field.choices):
        found[choice] = i
        if isinstance(choice, Enum):
            found.setdefault(choice.value, i)
    return found
