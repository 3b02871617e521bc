"""One seat's reader of a state's zones straight into the observation's bytes.

Once per seat, the encoder builds a
[SlotReader][cardkit.rl._slots.SlotReader] over a state class's
[ZonePlan][cardkit.rl._zonemasks.ZonePlan]: plain loops, compiled with the
module (they replace the per-seat functions once generated with `exec`).
tests/rl check that its bytes are those of the plan's entry-by-entry `read`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from cardkit.cards.cardset import CardSet
from cardkit.rl._zonecode import (
    BITS,
    BITS_SEATS,
    CARDS_SEATS,
    COMPILED,
    MASKS,
    MASKS_SEATS,
    SPLIT,
    EntryReader,
    popcount,
)
from cardkit.rl._zonemasks import ZonePlan

__all__ = ["SlotReader", "shares_a_slot"]

#: An entry's mask, count and top card's bit.
_Bits = tuple[int, int, int]


def shares_a_slot(route: Sequence[int]) -> bool:
    """Whether two entries of `route` go to one slot (then no `SlotReader` reads them, the
    plan's `read` does)."""
    taken = [i for i in route if i >= 0]
    return len(set(taken)) < len(taken)


class SlotReader:
    """One seat's reader of a state's planes and counts as the vector's bytes, every fixed
    zone read straight into its slot (plain loops, compiled with the module).

    It gives the bytes of what `ZonePlan.read`, `seen` and the seat's route
    give together: the planes in slot order (`other` last, then the top
    planes of `top_slots`) and each slot's count, the keyed zones in
    `other`. The parts are laid out once per seat: the planes and counts
    the seat never sees change are constants, the others are written in
    place. A 52-card slot's plane is four parts (13-bit rows); a top plane
    (one card: 52 masks at most) is one, looked up whole.
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
        """Work out where each entry goes, when the seat sees it, and the parts' layout.

        Args:
            plan: the state class's plan.
            route: the slot of each entry of `plan.names` (-1: `other`), no two in one
                slot (see `shares_a_slot`).
            seen: whether the seat sees each entry (a revealed zone's entries
                it does not are checked in the state).
            slots: the number of slots (`other` is the last).
            top_slots: the slots whose top card has a plane.
            tables: a plane's bytes by its mask, a count's bytes by the count.
            everything: the keyed zones nobody sees are shown too.
        """
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
        self._plane_at = [add(zero, p in shown, width if p < slots else 1) for p in range(planes)]
        self._count_at = [add(none, i in counted, 1) for i in range(slots)]
        add(b"", True, 1)  # the tail
        add(b"", True, 1)  # the view fields
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

    def read(self, state: Any, tail: bytes, fields: bytes) -> bytearray:
        """The bytes of the planes then the counts, then `tail` and `fields`."""
        parts = self._parts[:]
        entries = self._entries
        kinds, gets = entries.kinds, entries.gets
        rows, kept, plane_at, planes = self._rows, self._count_bytes, self._plane_at, self._planes
        reveals = [revealed(state) for revealed in self._reveals] if self._reveals else []
        values = entries.fields(state)
        others = count = 0  # the cards and count of `other`
        value: Any = None
        current = -1
        for k, (z, s, how, counted, placed, top) in enumerate(self._plan):
            if z != current:  # the next zone's value
                current = z
                at = entries.at[z]
                value = values[at] if at >= 0 else gets[z](state)
            kind = kinds[z]
            if kind in (MASKS_SEATS, MASKS):
                mask: int = value if kind == MASKS else _item(value, s) if COMPILED else value[s]
                n, bit = popcount(mask) if COMPILED else mask.bit_count(), 0
            elif kind in (BITS_SEATS, BITS):
                bits: _Bits = value if kind == BITS else _item(value, s) if COMPILED else value[s]
                mask, n, bit = bits
            else:
                mask, n, bit = _cards(entries, k, s, kind, how == 0, value)
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
                    parts[placed] = planes[mask]
                if top >= 0 and plane_at[top] >= 0:  # a top plane: one part
                    parts[plane_at[top]] = planes[bit]
        keyed = self._keyed
        if keyed is not None:
            m, c = keyed(state, self._everything)
            others, count = others | m, count + c
        other = self._other
        self._plane(parts, other, others)
        at = self._count_at[other]
        if at >= 0:
            parts[at] = kept[count] if count < len(kept) else self._counts[count]
        parts[-2] = tail
        parts[-1] = fields
        return bytearray().join(parts)

    def _plane(self, parts: list[bytes], plane: int, mask: int) -> None:
        """Write a slot's plane's bytes in its parts (a plane never seen is a constant:
        unwritten)."""
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


def _item(value: Any, seat: int) -> Any:
    """`value[seat]`, a per-seat zone's item, for compiled callers: a tuple's item is read
    straight (the generic `value[seat]` boxes the seat for the type's look-up, about 100
    instructions more, measured by callgrind); interpreted, `value[seat]` is the faster."""
    if type(value) is tuple:
        seats: tuple[Any, ...] = value
        return seats[seat]
    return value[seat]


def _cards(
    entries: EntryReader, k: int, s: int, kind: int, unseen: bool, value: Any
) -> tuple[int, int, int]:
    """The mask, count and top bit of entry `k` of a zone of cards (its `seat` `s`): of a
    `split_top` zone's (`s` 0: the cards under the top one, 1: the top one), else of the
    cards; of cards the seat never sees (`unseen`: a stock) but a card set, the count only,
    mask and top 0 (no mask summed, no kept value compared)."""
    if kind == SPLIT:
        found, o = entries.split(k - s, value), 3 * s
        return found[o], found[o + 1], found[o + 2]
    cards = value[s] if kind == CARDS_SEATS else value
    if type(cards) is CardSet:  # its mask at once, seen or not
        held: int = cards.mask
        return held, popcount(held) if COMPILED else held.bit_count(), 0
    if unseen:
        return 0, len(cards), 0
    found = entries.cards(k, cards)
    return found[0], found[1], found[2]


#: Where an entry of `other` counts: joined, not written.
_OTHER: Final = -2


def _dynamic(
    revealed: Sequence[tuple[Callable[[Any], int], int]], players: int
) -> dict[int, tuple[int, int]]:
    """Each entry of a revealed zone: which `revealed` function, and its seat's bit."""
    return {start + s: (j, s) for j, (_, start) in enumerate(revealed) for s in range(players)}
