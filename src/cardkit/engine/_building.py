"""[`replaced`][cardkit.engine._building.replaced]: `evolve`'s `NamedTuple._replace`, without
its Python frames; [`replaced_at`][cardkit.engine._building.replaced_at], the same for the
core's own transitions, which name the fields they change in a tuple; and
[`new_event`][cardkit.engine._building.new_event], an `Event` without the named tuple's
Python `__new__`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, TypeVar

from cardkit.cards.card import Card
from cardkit.engine.events import Event

__all__ = ["new_event", "replaced", "replaced_at", "word_event"]

F = TypeVar("F", bound=tuple[Any, ...])

#: The index of each field by name, per fields class (a `NamedTuple`).
_FIELD_INDEX: Final[dict[type, dict[str, int]]] = {}
#: The indexes of a tuple of field names, per fields class (`replaced_at`).
_NAMES_AT: Final[dict[type, dict[tuple[str, ...], tuple[int, ...]]]] = {}
_new_fields: Final = tuple.__new__
_EVENT: Final = Event
#: An event's `data` when it has none (the named tuple's default).
_NO_DATA: Final[Mapping[str, Any]] = Event._field_defaults["data"]


def replaced(fields: F, changes: dict[str, Any]) -> F:
    """`fields._replace(**changes)` for a `NamedTuple` of fields, without its Python frames
    (`_replace`, `_make`, a `map` of `dict.pop` over every field).

    Raises:
        ValueError: a name of `changes` is no field (the message of `_replace`).
    """
    kind = type(fields)
    index = _index_of(kind, fields)
    values = list(fields)
    try:
        for name, value in changes.items():
            values[index[name]] = value
    except KeyError:
        unknown = [name for name in changes if name not in index]
        raise ValueError(f"Got unexpected field names: {unknown!r}") from None
    new: F = _new_fields(kind, values)
    return new


def replaced_at(fields: F, names: tuple[str, ...], values: tuple[Any, ...]) -> F:
    """`replaced(fields, dict(zip(names, values)))`, for a transition of the core that names
    the fields it changes in a tuple (a constant): their indexes are found once per fields
    class and tuple of names, and no dict is built or walked (compiled, a Crazy Eights play's
    new fields cost about half of `replaced`'s, callgrind).

    Raises:
        ValueError: a name is no field (the message of `_replace`).
    """
    kind = type(fields)
    of_kind = _NAMES_AT.get(kind)
    if of_kind is None:
        of_kind = _NAMES_AT[kind] = {}
    at = of_kind.get(names)
    if at is None:
        index = _index_of(kind, fields)
        unknown = [name for name in names if name not in index]
        if unknown:
            raise ValueError(f"Got unexpected field names: {unknown!r}")
        at = of_kind[names] = tuple([index[name] for name in names])
    new = list(fields)
    for i in range(len(at)):
        new[at[i]] = values[i]
    made: F = _new_fields(kind, new)
    return made


def _index_of(kind: type, fields: tuple[Any, ...]) -> dict[str, int]:
    """The index of each field of the fields class `kind` by name (found once per class)."""
    index = _FIELD_INDEX.get(kind)
    if index is None:
        # A NamedTuple, which a TypeVar bound cannot say: tuple has no _fields.
        names: tuple[str, ...] = fields._fields  # type: ignore[attr-defined]
        index = _FIELD_INDEX[kind] = {name: i for i, name in enumerate(names)}
    return index


def new_event(
    kind: str,
    seat: int | None = None,
    cards: tuple[Card, ...] = (),
    count: int | None = None,
    note: str = "",
) -> Event:
    """`Event(kind, seat, cards, count, note)`, built as the named tuple's `__new__` builds it
    but without its Python frame: the core's transitions and `CardWord.event` record one
    or two a move (compiled, a Crazy Eights play's event cost about a sixth of the play).
    """
    event: Event = _new_fields(_EVENT, (kind, seat, cards, count, note, _NO_DATA))
    return event


def word_event(
    verb: str, seat: int, card: Card, word: object, words: Mapping[str, object]
) -> Event:
    """[`CardWord.event`][cardkit.engine.cardverb.CardWord.event]: the event of a play of
    `card` by `seat` naming `word` (`None`: none) of `words` (compiled, a Crazy Eights play
    naming a suit cost about 16,000 instructions through the interpreted method; callgrind).
    """
    if word is None:
        return new_event(verb, seat, (card,))
    name = next(name for name, value in words.items() if value == word)
    data = {type(word).__name__.lower(): getattr(word, "code", name)}
    event: Event = _new_fields(_EVENT, (verb, seat, (card,), None, f"names {name}", data))
    return event
