"""[`replaced`][cardkit.engine._building.replaced]: `evolve`'s `NamedTuple._replace`, without
its Python frames."""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["replaced"]

F = TypeVar("F", bound=tuple[Any, ...])

#: The index of each field by name, per fields class (a `NamedTuple`).
_FIELD_INDEX: dict[type, dict[str, int]] = {}
_new_fields = tuple.__new__


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
