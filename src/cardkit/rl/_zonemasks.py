"""The fast path of observations: each zone's cards as one bit mask, read from the declared zones.

A [GenericState][cardkit.engine.generic.GenericState] declares its zones
([Zone][cardkit.engine.zones.Zone]); a [ZonePlan][cardkit.rl._zonemasks.ZonePlan]
reads each one's value straight from the state (a zone of `masks` is
already an `int`, one declaring `bits` gives its mask, count and top
itself, any other is summed from its cards' `bit`s in C, with no
`CardSet` and no `zones()` dict built), and works out once per seat which
zones it sees. It gives what [`zones()`][cardkit.engine.state.GameState.zones]
and [`visible_zones(seat)`][cardkit.engine.state.GameState.visible_zones]
give; tests/rl compare the observations built both ways over many states.
For each seat, [cardkit.rl._slots][] builds on the plan a reader of every
fixed zone straight into the observation's bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardkit.engine.zones import Zone, visible_zone_names
from cardkit.rl._zonecode import EntryReader, cards_mask, getter

__all__ = ["ZonePlan", "cards_mask"]

#: Appends one zone's entries (mask, count, top bit) to the three lists.
_Reader = Callable[[Any, list[int], list[int], list[int]], None]
#: The keyed zones' entries now: name, mask, count, top bit, and whether everyone sees it.
Keyed = list[tuple[str, int, int, int, bool]]


def _reader(zone: Zone) -> _Reader:
    """Read one (not keyed) zone: its entries, in the order of `zones()`."""
    get = getter(zone)
    if zone.bits is not None:
        return _bits_reader(zone.bits, zone.per_seat)
    if zone.per_seat and zone.masks:

        def read(state: Any, masks: list[int], counts: list[int], tops: list[int]) -> None:
            value = get(state)
            masks.extend(value)
            counts.extend(map(int.bit_count, value))
            tops.extend([0] * len(value))

    elif zone.per_seat:

        def read(state: Any, masks: list[int], counts: list[int], tops: list[int]) -> None:
            for cards in get(state):
                mask, count, top = cards_mask(cards)
                masks.append(mask)
                counts.append(count)
                tops.append(top)

    elif zone.split_top:

        def read(state: Any, masks: list[int], counts: list[int], tops: list[int]) -> None:
            value = get(state)
            mask, count, top = cards_mask(value)
            masks += [mask & ~top, top]
            counts += [max(count - 1, 0), min(count, 1)]
            tops += [value[-2].bit if count > 1 else 0, top]

    elif zone.masks:

        def read(state: Any, masks: list[int], counts: list[int], tops: list[int]) -> None:
            value = get(state)
            masks.append(value)
            counts.append(value.bit_count())
            tops.append(0)

    else:

        def read(state: Any, masks: list[int], counts: list[int], tops: list[int]) -> None:
            mask, count, top = cards_mask(get(state))
            masks.append(mask)
            counts.append(count)
            tops.append(top)

    return read


def _bits_reader(bits: Callable[[Any], Any], per_seat: bool) -> _Reader:
    """Read a zone that gives its `(mask, count, top)` (per seat: one each) by `bits`."""

    def read(state: Any, masks: list[int], counts: list[int], tops: list[int]) -> None:
        for mask, count, top in bits(state) if per_seat else [bits(state)]:
            masks.append(mask)
            counts.append(count)
            tops.append(top)

    return read


def _entry_names(zone: Zone, players: int) -> list[str]:
    if zone.per_seat:
        return [f"{zone.name}:{s}" for s in range(players)]
    if zone.split_top:
        return [zone.name, f"{zone.name}:top"]
    return [zone.name]


class ZonePlan:
    """How to read every declared zone of one state class at one player count.

    Args:
        zones: the state class's `zone_specs`.
        players: the number of seats.

    Attributes:
        names: the name of each entry `read` gives (but the keyed zones'), in
            the order of `zones()`.
    """

    def __init__(self, zones: Sequence[Zone], players: int) -> None:
        """Plan the reading and the fixed visibility of each seat."""
        self.players = players
        self._zones = tuple(zones)
        fixed = [zone for zone in zones if not zone.keyed]
        self._fixed = tuple(fixed)
        self._readers = tuple(_reader(zone) for zone in fixed)
        self._keyed = tuple((zone, getter(zone)) for zone in zones if zone.keyed)
        names: list[str] = []
        revealed: list[tuple[Callable[[Any], int], int]] = []
        for zone in fixed:
            if zone.revealed is not None:
                revealed.append((zone.revealed, len(names)))
            names += _entry_names(zone, players)
        self.names = tuple(names)
        self._revealed = tuple(revealed)
        self._entries = EntryReader(self._fixed, players)
        self._seen = {
            seat: tuple(n in shown for n in names)
            for seat in [None, *range(players)]
            for shown in [frozenset(visible_zone_names(zones, players, seat))]
        }

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its zones and players: a copy plans (and generates) its readers again."""
        return ZonePlan, (self._zones, self.players)

    def read(self, state: Any) -> tuple[list[int], list[int], list[int], Keyed]:
        """Each entry's mask, count and top bit (as `names`), and the keyed zones' entries."""
        masks: list[int] = []
        counts: list[int] = []
        tops: list[int] = []
        for read in self._readers:
            read(state, masks, counts, tops)
        return masks, counts, tops, self.keyed(state)

    def keyed(self, state: Any) -> Keyed:
        """The keyed zones' entries now (Tonk's spreads)."""
        keyed: Keyed = []
        for zone, get in self._keyed:
            for key, cards in get(state).items():
                mask, count, top = (
                    (cards, cards.bit_count(), 0) if zone.masks else cards_mask(cards)
                )
                keyed.append((f"{zone.name}:{key}", mask, count, top, zone.public))
        return keyed

    @property
    def has_keyed(self) -> bool:
        """Whether the state class declares keyed zones."""
        return bool(self._keyed)

    def fixed_seen(self, seat: int | None) -> Sequence[bool]:
        """Whether `seat` sees each entry of `names`, but for zones revealed in play."""
        return self._seen[seat]

    def seen(self, state: Any, seat: int | None) -> Sequence[bool]:
        """Whether `seat` sees each entry of `names` in `state`."""
        fixed = self._seen[seat]
        if not self._revealed:
            return fixed
        seen = list(fixed)
        for revealed, start in self._revealed:
            bits = revealed(state)
            for s in range(self.players):
                if bits >> s & 1:
                    seen[start + s] = True
        return seen

    def keyed_sum(self, state: Any, everything: bool) -> tuple[int, int]:
        """The keyed zones' cards a seat sees (all of them with `everything`), and their count."""
        mask = count = 0
        for zone, get in self._keyed:
            for cards in get(state).values():
                m, c, _ = (cards, cards.bit_count(), 0) if zone.masks else cards_mask(cards)
                count += c
                if zone.public or everything:
                    mask |= m
        return mask, count

    @property
    def entries(self) -> EntryReader:
        """The reader of every fixed zone's entries (shared by every seat's `SlotReader`)."""
        return self._entries

    @property
    def revealed(self) -> tuple[tuple[Callable[[Any], int], int], ...]:
        """Each revealed zone's function and its first entry."""
        return self._revealed
