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
For each seat, `ZonePlan.reader` builds once a [SlotReader][cardkit.rl._zonemasks.SlotReader]
that reads every fixed zone straight into the observation's slots and their
bytes (plain loops, compiled); tests/rl check that it gives what `read` gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from cardkit.engine.zones import Zone, visible_zone_names
from cardkit.rl._zonecode import (
    BITS,
    BITS_SEATS,
    CARDS_SEATS,
    MASKS,
    MASKS_SEATS,
    SPLIT,
    EntryReader,
    cards_mask,
    getter,
)

__all__ = ["SlotReader", "ZonePlan", "cards_mask"]

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

    def reader(
        self,
        route: Sequence[int],
        seen: Sequence[bool],
        slots: int,
        top_slots: Sequence[int],
        tables: tuple[Mapping[int, bytes], Mapping[int, bytes]],
        everything: bool,
    ) -> SlotReader | None:
        """One seat's reader of every zone of a state straight into the slots (`None`: two
        entries share a slot, then `read` it is).

        Args:
            route: the slot of each entry of `names` (-1: `other`).
            seen: whether the seat sees each entry (a revealed zone's entries
                it does not are checked in the state).
            slots: the number of slots (`other` is the last).
            top_slots: the slots whose top card has a plane.
            tables: a plane's bytes by its mask, a count's bytes by the count.
            everything: the keyed zones nobody sees are shown too.
        """
        taken = [i for i in route if i >= 0]
        if len(set(taken)) < len(taken):
            return None
        return SlotReader(self, route, seen, slots, top_slots, tables, everything)

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


class SlotReader:
    """One seat's reader of a state's planes and counts as the vector's bytes, every fixed
    zone read straight into its slot (plain loops, compiled with the module).

    It gives the bytes of what `ZonePlan.read`, `seen` and the seat's route
    give together: the planes in slot order (`other` last, then the top
    planes of `top_slots`) and each slot's count, the keyed zones in
    `other`. The parts are laid out once per seat: the planes and counts
    the seat never sees change are constants, the others are written in
    place. See `ZonePlan.reader` for the arguments.
    """

    def __init__(
        self,
        plan: ZonePlan,
        route: Sequence[int],
        seen: Sequence[bool],
        slots: int,
        top_slots: Sequence[int],
        tables: tuple[Mapping[int, bytes], Mapping[int, bytes]],
        everything: bool,
    ) -> None:
        """Work out where each entry goes, when the seat sees it, and the parts' layout."""
        self._entries = plan.entries
        self._keyed = plan.keyed_sum if plan.has_keyed else None
        self._everything = everything
        self._other = slots - 1
        self._reveals = [revealed for revealed, _ in plan.revealed]
        dynamic = _dynamic(plan.revealed, plan.players)
        self._slot: list[int] = [slots - 1 if i < 0 else i for i in route]
        # By entry: 1 seen, 0 not, 2 + 64 * j + s: when bit s of the j-th revealed zone is set.
        self._shown: list[int] = [
            1 if sees else 2 + 64 * dynamic[k][0] + dynamic[k][1] if k in dynamic else 0
            for k, sees in enumerate(seen)
        ]
        # By entry: the plane of its top card (-1: none).
        self._top: list[int] = [
            slots + top_slots.index(i) if i >= 0 and i in top_slots else -1 for i in route
        ]
        rows, counts = tables
        self._rows: tuple[bytes, ...] | None = getattr(rows, "chunks", None)
        self._planes = rows
        self._counts = counts
        self._count_bytes = [counts[c] for c in range(len(rows[0]) // 4 + 1)]
        self._layout(slots + len(top_slots), slots)

    def _layout(self, planes: int, slots: int) -> None:
        """The parts' template (the constants, adjacent ones joined, and zeros where the
        others go) and where each plane's and count's parts are (-1: a constant)."""
        shown: set[int] = set()
        counted = set(self._slot)
        for k, i in enumerate(self._slot):
            if self._shown[k]:
                shown.update([i, self._top[k]])
        if self._keyed is not None:
            shown.add(self._other)
            counted.add(self._other)
        rows = self._rows
        zero = self._planes[0]
        empty = [zero] if rows is None else [rows[0]] * 4  # a plane written in place
        none = self._counts[0]
        parts: list[bytes] = []
        constant = False  # whether the last part is a constant (the next one joins it)

        def add(part: bytes, placed: bool, width: int) -> int:
            nonlocal constant
            if placed:
                constant = False
                parts.extend([part] if width == 1 else empty)
                return len(parts) - width
            if constant:
                parts[-1] += part
            else:
                parts.append(part)
            constant = True
            return -1

        width = len(empty)
        self._plane_at = [add(zero, p in shown, width) for p in range(planes)]
        self._count_at = [add(none, i in counted, 1) for i in range(slots)]
        add(b"", True, 1)  # the tail
        self._parts = parts
        # By entry: its zone, its seat (see `EntryReader.seat`), when the seat sees it (see
        # `_shown`), where its count's part is (`_OTHER`: joined into `other`'s), where its
        # plane's parts are, and its top card's plane (-1: none).
        self._plan: list[tuple[int, int, int, int, int, int]] = [
            (
                z,
                s,
                how,
                _OTHER if i == self._other else self._count_at[i],
                self._plane_at[i],
                top,
            )
            for z, s, how, i, top in zip(
                self._entries.zone,
                self._entries.seat,
                self._shown,
                self._slot,
                self._top,
                strict=True,
            )
        ]

    def read(self, state: Any, tail: bytes) -> bytearray:
        """The bytes of the planes then the counts, then `tail`."""
        parts = self._parts[:]
        entries = self._entries
        kinds, gets = entries.kinds, entries.gets
        rows, kept = self._rows, self._count_bytes
        reveals = [revealed(state) for revealed in self._reveals] if self._reveals else []
        fields = entries.fields(state)
        others = count = 0  # the cards and count of `other`
        value: Any = None
        current = -1
        for k, (z, s, how, counted, placed, top) in enumerate(self._plan):
            if z != current:  # the next zone's value
                current = z
                at = entries.at[z]
                value = fields[at] if at >= 0 else gets[z](state)
            kind = kinds[z]
            if kind in (MASKS_SEATS, MASKS):
                mask: int = value[s] if kind == MASKS_SEATS else value
                n, bit = mask.bit_count(), 0
            elif kind in (BITS_SEATS, BITS):
                bits: tuple[int, int, int] = value[s] if kind == BITS_SEATS else value
                mask, n, bit = bits
            else:
                if kind == SPLIT:  # entry `s` (0: the cards under the top one, 1: the top one)
                    found, o = entries.split(k - s, value), 3 * s
                else:
                    found, o = entries.cards(k, value[s] if kind == CARDS_SEATS else value), 0
                mask, n, bit = found[o], found[o + 1], found[o + 2]
            sees = how == 1 or (how > 1 and reveals[(how - 2) >> 6] >> ((how - 2) & 63) & 1 == 1)
            if counted == _OTHER:
                count += n
                if sees:
                    others |= mask
                continue
            if counted >= 0:
                parts[counted] = kept[n] if n < len(kept) else self._counts[n]
            if sees:
                if placed >= 0 and rows is not None:  # 52 cards: a plane is four 13-bit rows
                    parts[placed] = rows[mask & 8191]
                    parts[placed + 1] = rows[mask >> 13 & 8191]
                    parts[placed + 2] = rows[mask >> 26 & 8191]
                    parts[placed + 3] = rows[mask >> 39]
                elif placed >= 0:
                    parts[placed] = self._planes[mask]
                if top >= 0:
                    self._plane(parts, top, bit)
        keyed = self._keyed
        if keyed is not None:
            m, c = keyed(state, self._everything)
            others, count = others | m, count + c
        other = self._other
        self._plane(parts, other, others)
        at = self._count_at[other]
        if at >= 0:
            parts[at] = kept[count] if count < len(kept) else self._counts[count]
        parts[-1] = tail
        return bytearray().join(parts)

    def _plane(self, parts: list[bytes], plane: int, mask: int) -> None:
        """Write a plane's bytes in its parts (a plane never seen is a constant: unwritten)."""
        at = self._plane_at[plane]
        if at < 0:
            return
        rows = self._rows
        if rows is not None:  # 52 cards: a plane is four 13-bit rows
            parts[at] = rows[mask & 8191]
            parts[at + 1] = rows[mask >> 13 & 8191]
            parts[at + 2] = rows[mask >> 26 & 8191]
            parts[at + 3] = rows[mask >> 39]
        else:
            parts[at] = self._planes[mask]


#: Where an entry of `other` counts: joined, not written.
_OTHER: Final = -2


def _dynamic(
    revealed: Sequence[tuple[Callable[[Any], int], int]], players: int
) -> dict[int, tuple[int, int]]:
    """Each entry of a revealed zone: which `revealed` function, and its seat's bit."""
    return {start + s: (j, s) for j, (_, start) in enumerate(revealed) for s in range(players)}
