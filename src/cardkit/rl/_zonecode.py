"""The zone readers: the mask, count and top bit of every entry of a state.

[ZonePlan][cardkit.rl._zonemasks.ZonePlan] builds, once per state class and
player count, an [EntryReader][cardkit.rl._zonecode.EntryReader] that sets each
entry's mask, count and top bit; its `SlotReader`s put them in the slots. An entry
whose cards are a tuple keeps its last value and what it gave, and works
out the next one from it when the tuple only grew or lost its front
(`grown`: a discard pile played on, a stock drawn from).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, Final

from mypy_extensions import i64

from cardkit.cards.cardset import CardSet
from cardkit.engine.zones import Zone

__all__ = ["COMPILED", "EntryReader", "cards_mask", "getter", "grown", "popcount"]

#: Whether this module runs compiled by mypyc (a C extension, not its `.py` source).
COMPILED: Final = not __file__.endswith(".py")

_BIT = attrgetter("bit")


def cards_mask(cards: Any) -> tuple[int, int, int]:
    """The mask, count and top card's bit of a zone's value (a card set or a sequence)."""
    if isinstance(cards, CardSet):
        return cards.mask, len(cards), 0
    if not cards:
        return 0, 0, 0
    return sum(map(_BIT, cards)), len(cards), cards[-1].bit


def popcount(mask: int) -> int:
    """The number of bits set in a card mask (0 to 2**63 - 1), counted on a machine word.

    For compiled callers (`if COMPILED`): mypyc calls `int.bit_count` as a
    Python method (some 400 instructions with the boxing), this in a few
    dozen; interpreted, `mask.bit_count()` is the faster.
    """
    x: i64 = mask
    x -= x >> 1 & 0x5555555555555555
    x = (x & 0x3333333333333333) + (x >> 2 & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return int((x * 0x0101010101010101) >> 56 & 0xFF)  # the top byte (the product may wrap)


def grown(cards: Any, last: tuple[Any, tuple[int, ...]]) -> tuple[int, int, int]:
    """`cards_mask(cards)`, from the `last` value's when a tuple of cards extends it or is
    its tail (a discard pile grown by a play, a stock drawn from): only the cards added or
    taken are summed."""
    before, (mask, count, _) = last
    if type(cards) is tuple and type(before) is tuple:
        n = len(cards)
        if n > count and cards[:count] == before:
            top: int = cards[-1].bit
            if n == count + 1:  # one card put on (a play): its bit is the top's
                return mask + top, n, top
            return mask + sum(map(_BIT, cards[count:])), n, top
        if 0 < n < count and cards == before[count - n :]:
            return mask - sum(map(_BIT, before[: count - n])), n, cards[-1].bit
    return cards_mask(cards)


def getter(zone: Zone) -> Callable[[Any], Any]:
    """What gives a zone's value: its `cards` function, or its field of `state.f`."""
    if zone.cards is not None:
        return zone.cards
    field = attrgetter(zone.attr)
    return lambda state: field(state.f)


#: How a zone is read: its `bits` (shared, per seat), a mask field (shared, per seat),
#: cards (shared, per seat), or a `split_top` zone's cards.
BITS: Final = 0
BITS_SEATS: Final = 1
MASKS: Final = 2
MASKS_SEATS: Final = 3
CARDS: Final = 4
CARDS_SEATS: Final = 5
SPLIT: Final = 6

#: What no zone value is (the first value of every kept entry misses).
_NOTHING: Final = object()


class EntryReader:
    """How to read every entry of some zones (not keyed) of a state, and what it keeps.

    A field is read straight from `state.f` (`attrs`). A card set gives its
    mask at once. Any other entry whose cards are not a mask keeps its last
    value and what it gave (`cards`, `split`): states are immutable and a
    successor keeps the objects of the fields it does not change, so a value
    that `is` the last one gives the same mask, count and top (the value is
    held, so its id is never reused). A zone computed by its `cards`
    function hits only if the game's function returns the same object again
    (Tonk keeps its own). A zone declaring `bits` gives its entries itself
    (Palace's pile, from the mask and top its fields keep).

    Args:
        zones: the zones, in the order of `zones()`.
        players: the number of seats.

    Attributes:
        kinds: how each zone is read (`BITS` ... `SPLIT`).
        attrs: each zone's field name when its value is a plain field ("": by `gets`).
        gets: what gives each zone's value (its `bits`, or `getter`).
        at: each zone's position in the fields (`fields` sets it; -1: by `gets`).
        zone: each entry's zone.
        seat: each entry's seat in a per-seat zone (of a `split_top` zone: 0 the cards
            under the top one, 1 the top one; else 0).
        size: the number of entries.
    """

    def __init__(self, zones: Sequence[Zone], players: int) -> None:
        """Plan how to read each zone."""
        self.players = players
        self.kinds: list[int] = []
        self.attrs: list[str] = []
        self.gets: list[Callable[[Any], Any]] = []
        self.zone: list[int] = []
        self.seat: list[int] = []
        for zone in zones:
            if zone.bits is not None:
                kind = BITS_SEATS if zone.per_seat else BITS
                get: Callable[[Any], Any] = zone.bits
            else:
                get = getter(zone)
                if zone.per_seat:
                    kind = MASKS_SEATS if zone.masks else CARDS_SEATS
                elif zone.split_top:
                    kind = SPLIT
                else:
                    kind = MASKS if zone.masks else CARDS
            plain = zone.bits is None and zone.cards is None and zone.attr.isidentifier()
            entries = players if zone.per_seat else 2 if kind == SPLIT else 1
            self.zone += [len(self.kinds)] * entries
            self.seat += list(range(entries)) if entries > 1 or zone.per_seat else [0]
            self.kinds.append(kind)
            self.attrs.append(zone.attr if plain else "")
            self.gets.append(get)
        self.size = size = len(self.zone)
        # By zone: the position of its field in the fields tuple (-1: by `gets`), for fields
        # of the class `_fields_of` (worked out from the first state's; a state of another
        # class of fields works it out again).
        self.at: list[int] = [-1] * len(self.kinds)
        self._fields_of: type = type(None)
        # By entry: the last cards value read (`_NOTHING`: none yet) and what it gave.
        self._last: list[object] = [_NOTHING] * size
        self._found: list[tuple[int, ...]] = [(0, 0, 0)] * size

    def fields(self, state: Any) -> tuple[Any, ...]:
        """`state.f`, with `at` set for its class of fields."""
        fields: tuple[Any, ...] = state.f
        if type(fields) is not self._fields_of:
            names: tuple[str, ...] = getattr(fields, "_fields", ())
            self.at = [names.index(a) if a and a in names else -1 for a in self.attrs]
            self._fields_of = type(fields)
        return fields

    def cards(self, k: int, value: Any) -> tuple[int, ...]:
        """The mask, count and top bit of entry `k`, whose value is cards."""
        if type(value) is CardSet:
            mask: int = value.mask
            return mask, popcount(mask) if COMPILED else mask.bit_count(), 0
        if value is self._last[k]:
            return self._found[k]
        found = self._found[k] = grown(value, (self._last[k], self._found[k]))
        self._last[k] = value
        return found

    def split(self, k: int, value: Any) -> tuple[int, ...]:
        """The mask, count and top bit of a `split_top` zone's entries `k` (the cards under
        the top one) and `k + 1` (the top one), six numbers."""
        if value is not self._last[k]:
            self._found[k] = _split(value)
            self._last[k] = value
        return self._found[k]


def _split(value: Any) -> tuple[int, int, int, int, int, int]:
    """A `split_top` zone's two entries: the cards under the top one, and the top one."""
    mask, count, top = cards_mask(value)
    below = value[-2].bit if count > 1 else 0
    return mask & ~top, max(count - 1, 0), below, top, min(count, 1), top
