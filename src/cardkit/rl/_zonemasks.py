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
For each seat, `ZonePlan.fuse` generates once one function that reads every
fixed zone straight into the observation's slots (the zones' readers, the
seat's routes and what it sees, in one body without loops); tests/rl check
that it gives what `read` gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardkit.engine.zones import Zone, visible_zone_names
from cardkit.rl._zonecode import cards_mask, entry_code, getter

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
        self._code, self._scope = entry_code(self._fixed, players)
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

    def fuse(
        self, route: Sequence[int], seen: Sequence[bool], slots: int, top_slots: Sequence[int]
    ) -> Fused | None:
        """One function that reads every fixed zone of a state straight into the slots.

        It gives what `read`, `seen` and `route` give together, for one seat:
        the planes in slot order (`other` last, then the top planes of
        `top_slots`) and each slot's count; the keyed zones are left to the
        caller. `None` when two entries share a slot (then `read` it is).

        Args:
            route: the slot of each entry of `names` (-1: `other`).
            seen: whether the seat sees each entry (a revealed zone's entries
                it does not are checked in the state).
            slots: the number of slots (`other` is the last).
            top_slots: the slots whose top card has a plane.
        """
        found = self._slot_code(route, seen, slots, top_slots)
        if found is None:
            return None
        code, scope, planes, tally = found
        code.append(f"    return [{', '.join(planes)}], [{', '.join(tally)}]")
        fused: Fused = _compiled(code, scope)
        return fused

    def fuse_bytes(
        self,
        route: Sequence[int],
        seen: Sequence[bool],
        slots: int,
        top_slots: Sequence[int],
        tables: tuple[Mapping[int, bytes], Mapping[int, bytes]],
        everything: bool,
    ) -> Callable[[Any, bytes], bytearray] | None:
        """What `fuse` gives, keyed zones added, as the bytes of the planes then the counts
        (then the `tail` the function is given).

        Args:
            route: as for `fuse`.
            seen: as for `fuse`.
            slots: as for `fuse`.
            top_slots: as for `fuse`.
            tables: a plane's bytes by its mask, a count's bytes by the count.
            everything: the keyed zones nobody sees are shown too.
        """
        found = self._slot_code(route, seen, slots, top_slots)
        if found is None:
            return None
        code, scope, planes, tally = found
        if self._keyed:
            code.append("    ko, kc = keyed(state, everything)")
            planes[-1 - len(top_slots)] = f"({planes[-1 - len(top_slots)]}) | ko"
            tally[-1] = f"({tally[-1]}) + kc"
        rows, counts = tables
        plane = getattr(rows, "plane", None)
        # A top card's plane has one card: its bytes are kept (52 at most); others are joined
        # from their four 13-bit rows (52-card planes).
        joins = len(planes) - len(top_slots) if getattr(rows, "chunks", None) is not None else 0
        parts: list[str | bytes] = []  # an expression, or the bytes of a constant
        for table, name, exprs in ((rows, "R", planes), (counts, "C", tally)):
            for at, expr in enumerate(exprs):
                if expr != "0" and name == "R" and at < joins:  # joined from its rows, unkept
                    parts.append(f"P({expr})")
                elif expr != "0":
                    parts.append(f"{name}[{expr}]")
                elif parts and isinstance(parts[-1], bytes):
                    parts[-1] += table[0]
                else:
                    parts.append(table[0])
        for i, part in enumerate(parts):
            if isinstance(part, bytes):
                scope[f"z{i}"] = part
                parts[i] = f"z{i}"
        scope.update(R=rows, C=counts, P=plane, join=bytearray().join, keyed=self.keyed_sum)
        scope["everything"] = everything
        code.append(f"    return join(({', '.join(map(str, parts))}, tail))")
        fused: Callable[[Any, bytes], bytearray] = _compiled(code, scope, "state, tail")
        return fused

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

    def _slot_code(
        self, route: Sequence[int], seen: Sequence[bool], slots: int, top_slots: Sequence[int]
    ) -> tuple[list[str], dict[str, Any], list[str], list[str]] | None:
        """The lines reading the zones, and the expression of each plane and each count."""
        code, scope = list(self._code), dict(self._scope)  # `kept` shared by every seat
        at: dict[int, int] = {}
        for k, i in enumerate(route):
            if i >= 0:
                if i in at:
                    return None
                at[i] = k
        dynamic = _dynamic(self._revealed, self.players)

        def shown(k: int, value: str) -> str:
            if seen[k]:
                return value
            if k in dynamic:
                return f"({value} if r{dynamic[k][0]} >> {dynamic[k][1]} & 1 else 0)"
            return "0"

        others = [k for k, i in enumerate(route) if i < 0]
        planes = [shown(at[i], f"m{at[i]}") if i in at else "0" for i in range(slots - 1)]
        planes.append(" | ".join(shown(k, f"m{k}") for k in others) or "0")
        planes += [shown(at[i], f"t{at[i]}") if i in at else "0" for i in top_slots]
        tally = [f"c{at[i]}" if i in at else "0" for i in range(slots - 1)]
        tally.append(" + ".join(f"c{k}" for k in others) or "0")
        code += [f"    r{j} = reveal{j}(state)" for j in range(len(self._revealed))]
        scope.update({f"reveal{j}": revealed for j, (revealed, _) in enumerate(self._revealed)})
        return code, scope, planes, tally


def _compiled(code: list[str], scope: dict[str, Any], args: str = "state") -> Any:
    """The function `fused(<args>)` of the body `code` (lines we generate), in `scope`."""
    exec("\n".join([f"def fused({args}):", *code]), scope)  # the lines above, our own
    return scope["fused"]


#: Reads a state's planes (slot order, then the top planes) and each slot's count.
Fused = Callable[[Any], tuple[list[int], list[int]]]


def _dynamic(
    revealed: Sequence[tuple[Callable[[Any], int], int]], players: int
) -> dict[int, tuple[int, int]]:
    """Each entry of a revealed zone: which `revealed` function, and its seat's bit."""
    return {start + s: (j, s) for j, (_, start) in enumerate(revealed) for s in range(players)}
