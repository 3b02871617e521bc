"""How [`GenericState`][cardkit.engine.generic.GenericState] builds its states fast.

A state is immutable: its `__setattr__` refuses, so each slot of a new state
would be set through a call of the slot's descriptor, the dearest part of a
transition. Each state class gets instead a builder subclass
([`builder_of`][cardkit.engine._building.builder_of]) whose instances take their slots
by plain assignment; a new state is built as one and then becomes its class by
`__class__` assignment. [`replaced`][cardkit.engine._building.replaced] is `evolve`'s
`NamedTuple._replace` without its Python frames.
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["builder_of", "fields_turn", "replaced", "set_turn"]

F = TypeVar("F", bound=tuple[Any, ...])

#: The index of each field by name, per fields class (a `NamedTuple`).
_FIELD_INDEX: dict[type, dict[str, int]] = {}
_new_fields = tuple.__new__


def builder_of(cls: type[Any]) -> type[Any]:
    """A subclass of the state class `cls` whose instances take their slots by assignment.

    It adds nothing but `object`'s own `__setattr__` (so `state.f = ...` is a
    plain slot store), `__new__` and `__init__` (a state is built as by
    `object.__new__`: a state class's own ones are not run). With the same
    slots, an instance becomes a `cls` by `__class__` assignment, which CPython
    allows. About half the instructions of setting five slots through their
    descriptors (measured with callgrind); nothing but the building code ever
    sees a builder. It is marked by `_frozen`, the class it builds.
    """
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__new__": object.__new__,
        "__init__": object.__init__,
        "__module__": cls.__module__,
        "__qualname__": f"{cls.__qualname__}._building",
        "_frozen": cls,
    }
    meta: Any = type(cls)  # ABCMeta, as for every state class
    builder: type[Any] = meta(cls.__name__, (cls,), namespace)
    return builder


def replaced(fields: F, changes: dict[str, Any]) -> F:
    """`fields._replace(**changes)` for a `NamedTuple` of fields, without its Python frames
    (`_replace`, `_make`, a `map` of `dict.pop` over every field).

    Raises:
        ValueError: a name of `changes` is no field (the message of `_replace`).
    """
    kind = type(fields)
    index = _FIELD_INDEX.get(kind)
    if index is None:
        # F is a NamedTuple, which a TypeVar bound cannot say: tuple has no _fields.
        names: tuple[str, ...] = fields._fields  # type: ignore[attr-defined]
        index = _FIELD_INDEX[kind] = {name: i for i, name in enumerate(names)}
    values = list(fields)
    try:
        for name, value in changes.items():
            values[index[name]] = value
    except KeyError:
        unknown = [name for name in changes if name not in index]
        raise ValueError(f"Got unexpected field names: {unknown!r}") from None
    new: F = _new_fields(kind, values)
    return new


def _to_act(self: Any) -> int | None:
    return None if self.is_over else getattr(self.f, "seat", None)


def _is_over(self: Any) -> bool:
    return getattr(self.f, "outcome", None) is not None


_FIELDS_TURN = {
    "to_act": property(_to_act, doc="The seat to act: the field `seat`, and `None` once over."),
    "is_over": property(_is_over, doc="Whether the game has ended: the field `outcome` is set."),
}


def set_turn(state: Any, fields: tuple[Any, ...]) -> None:
    """Keep in a state being built, whose class keeps them in slots (`fields_turn`), whether
    the game is over (the field `outcome` is set) and the seat to act (the field `seat`,
    `None` once over): its users read them as read-only properties."""
    over = state.is_over = getattr(fields, "outcome", None) is not None
    state.to_act = None if over else getattr(fields, "seat", None)


def fields_turn(cls: type[Any], slots: dict[str, Any]) -> bool:
    """Whether the states of `cls` keep `to_act` and `is_over` in their `slots`, set as each
    state is built from the fields `seat` and `outcome` (no property's call to read them):
    when `cls` defines neither. A class that defines one gets the other's default as a
    property, which reads the fields.
    """
    own = [name for name, slot in slots.items() if getattr(cls, name) is not slot]
    for name in slots:
        if own and name not in own:
            setattr(cls, name, _FIELDS_TURN[name])
    return not own
