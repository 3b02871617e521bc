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
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from cardkit.engine.views import View

__all__ = ["SEAT_FIELDS", "ScalarField", "is_seat_name", "scalar_fields"]

_BASE_VIEW_FIELDS = frozenset(View.model_fields)

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
