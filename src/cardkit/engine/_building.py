"""[`replaced`][cardkit.engine._building.replaced]: `evolve`'s `NamedTuple._replace`, without
its Python frames; [`replaced_at`][cardkit.engine._building.replaced_at], the same for the
core's own transitions, which name the fields they change in a tuple; and
[`new_event`][cardkit.engine._building.new_event], an `Event` without the named tuple's
Python `__new__`; [`pile_fields`][cardkit.engine._building.pile_fields], where the fields
of a game that draws and sheds lie in its fields class, which the core's drawing and
shedding transitions read and write by index."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, TypeVar, final

from cardkit.cards.card import Card
from cardkit.engine.events import Event

__all__ = [
    "PileFields",
    "fields_list",
    "new_event",
    "pile_fields",
    "rebuilt",
    "replaced",
    "replaced_at",
    "word_event",
]

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
    values = fields_list(fields)
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
    new = fields_list(fields)
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


#: The fields `draw_to_hand` reads and writes, and those the shedding turn adds to them.
_DRAWING: Final = ("hands", "stock", "discard", "reshuffles")
_SHEDDING: Final = ("suit", "seat", "drew", "passes", "outcome")


@final
class PileFields:
    """Where the fields of a game that draws from a stock and sheds lie in its fields class
    (a `NamedTuple`): each one's index, -1 for a field it lacks. The core's drawing and
    shedding transitions read and write them by index: compiled, a field read by name
    (`f.hands`) goes through CPython's attribute look-up on the named tuple's class, about
    190 instructions (callgrind), where an index is a load."""

    def __init__(self, kind: type, names: tuple[str, ...]) -> None:
        at = {name: i for i, name in enumerate(names)}
        self.kind = kind
        self.hands = at.get("hands", -1)
        self.stock = at.get("stock", -1)
        self.discard = at.get("discard", -1)
        self.reshuffles = at.get("reshuffles", -1)
        self.suit = at.get("suit", -1)
        self.seat = at.get("seat", -1)
        self.drew = at.get("drew", -1)
        self.passes = at.get("passes", -1)
        self.outcome = at.get("outcome", -1)
        self.lacks_drawing = [name for name in _DRAWING if name not in at]
        self.lacks_shedding = self.lacks_drawing + [name for name in _SHEDDING if name not in at]


#: Each fields class's `PileFields` (found once per class).
_PILES: Final[dict[type, PileFields]] = {}


@final
class _Latest:
    """The `PileFields` that `pile_fields` found last: a game's states share one fields
    class, which it compares by identity before it looks the class up (compiled, a dict's
    look-up by a class costs about 130 instructions, and a decision asks up to five times;
    callgrind)."""

    def __init__(self) -> None:
        self.at = PileFields(tuple, ())


_LATEST: Final = _Latest()


def pile_fields(fields: tuple[Any, ...], shedding: bool = True) -> PileFields:
    """Where `fields`' `hands`, `stock`, `discard` and `reshuffles` lie in its class (a
    `NamedTuple`), and, `shedding`, its `suit`, `seat`, `drew`, `passes` and `outcome`.

    Raises:
        AttributeError: the class lacks one of them.
    """
    kind = type(fields)
    at = _LATEST.at
    if at.kind is not kind:
        found = _PILES.get(kind)
        if found is None:
            names: tuple[str, ...] = fields._fields  # type: ignore[attr-defined]  # a NamedTuple
            found = _PILES[kind] = PileFields(kind, names)
        at = _LATEST.at = found
    lacks = at.lacks_shedding if shedding else at.lacks_drawing
    if lacks:
        needed = ", ".join(_DRAWING + _SHEDDING if shedding else _DRAWING)
        raise AttributeError(
            f"{kind.__name__} has no field {lacks[0]!r}: expected the fields {needed}"
        )
    return at


def fields_list(fields: tuple[Any, ...]) -> list[Any]:
    """`list(fields)`, of a fields tuple (a `NamedTuple`): compiled, `list` iterates a tuple's
    subclass generically (about 780 instructions for nine fields; callgrind), where this
    loop reads its items by index into a list of its length."""
    return [value for value in fields]  # noqa: C416


def rebuilt(fields: F, values: list[Any]) -> F:
    """A new fields tuple of `fields`' class holding `values` (`list(fields)`, changed)."""
    made: F = _new_fields(type(fields), values)
    return made
