"""The layout of a card table drawn for people, built from a game's zone declaration.

Each [`Zone`][cardkit.engine.zones.Zone] has a
[`table_role`][cardkit.engine.zones.Zone.table_role] (declared, or from its
visibility); [`table_layout`][cardkit.engine.tablelayout.table_layout] turns the
zones of a state class into a [`TableLayout`][cardkit.engine.tablelayout.TableLayout]:
the spots at each seat (hand, face-up and face-down rows) and in the middle
(stock, discard pile, piles, melds, the trick), each with its label and the view
fields that hold its cards, its count and its top card. The browser table draws
any game from it, with no code of the game's own.

A game may add a small [`TableHint`][cardkit.engine.tablelayout.TableHint] as the
class attribute `table_hint` of its state class: the order of the middle spots,
labels, and spots for what its view shows outside the zones (Tonk's spreads with
their owners, Tiến lên's combination to beat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from cardkit.engine.zones import Seen, TableRole, Zone

__all__ = ["SEAT_ROLES", "Spot", "TableHint", "TableLayout", "table_layout", "zone_spot"]

#: The roles drawn at each seat; every other role is drawn in the middle.
SEAT_ROLES = frozenset({TableRole.HAND, TableRole.FACE_UP, TableRole.FACE_DOWN})
_CENTRE_ORDER = (TableRole.STOCK, TableRole.DISCARD, TableRole.PILE, TableRole.TRICK)


class Spot(BaseModel):
    """One place on the table and the view fields it is drawn from.

    Attributes:
        zone: the zone's name (or the view field's, for a spot a hint adds).
        role: where it lies.
        label: what the page calls it ("Stock", "Face-up").
        per_seat: one per seat (its fields hold one entry per seat).
        cards: the view field of its cards: a seat's own cards for a hand, one
            list per seat for a per-seat zone, a list, a mapping key -> cards, or
            a list of objects with `cards` (and `owner`) for melds.
        count: the view field of its number of cards (one per seat when `per_seat`).
        top: the view field of its top card (one per seat when `per_seat`).
        revealed: the view field of the hands shown to everyone (seat -> cards).
        leader: the view field of the seat that led a trick: its cards were
            played one a seat clockwise from it, and each is drawn with its player.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    zone: str
    role: TableRole
    label: str
    per_seat: bool = False
    cards: str | None = None
    count: str | None = None
    top: str | None = None
    revealed: str | None = None
    leader: str | None = None

    @property
    def keys(self) -> list[str]:
        """The view fields it is drawn from."""
        return [k for k in (self.cards, self.count, self.top, self.revealed, self.leader) if k]


class TableLayout(BaseModel):
    """How a game's table is drawn: what lies at each seat and in the middle.

    Attributes:
        seats: the spots at every seat, in drawing order (hand, face-up, face-down).
        centre: the spots in the middle, left to right.
        keys: every view field the spots are drawn from (a page shows no other
            fact for them).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: list[Spot]
    centre: list[Spot]
    keys: list[str]


@dataclass(frozen=True)
class TableHint:
    """What a game adds to the layout its zones give (all optional).

    Attributes:
        centre: zone names, the order of the middle spots (those not named follow).
        labels: zone name -> label (default: the zone's name in words).
        spots: spots for view fields outside the zones, or in place of the spot
            of the zone of the same name.
        moves: verb -> what the move does, in place of its action class's help.
    """

    centre: Sequence[str] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    spots: Sequence[Spot] = ()
    moves: Mapping[str, str] = field(default_factory=dict)


def _label(name: str) -> str:
    text = name.replace("_", " ").replace(":", " ")
    return text[:1].upper() + text[1:]


def zone_spot(zone: Zone, label: str = "") -> Spot:
    """The spot of `zone`, with the view fields the core's zone view gives it."""
    name, seen = zone.name, zone.seen
    role = zone.table_role
    spot: dict[str, Any] = {"zone": name, "role": role, "label": label or _label(name)}
    spot["per_seat"] = zone.per_seat
    if zone.leader:
        spot["leader"] = zone.leader
    if not zone.in_view or seen is Seen.NOBODY:
        return Spot(**spot)
    many = zone.per_seat or zone.keyed
    counts = zone.count_key or (f"{name}_counts" if many else f"{name}_count")
    if seen is Seen.EVERYONE:
        spot["cards"] = name
        spot["count"] = zone.count_key or None
    elif seen is Seen.OWNER:
        spot["cards"] = name if zone.per_seat else None
        spot["count"] = counts
        if zone.revealed is not None:
            spot["revealed"] = zone.revealed_key or f"{name}_revealed"
    else:
        spot["count"] = counts
        if seen is Seen.TOP:
            spot["top"] = f"{name}_tops" if many else (zone.top_key or f"{name}_top")
    return Spot(**spot)


def table_layout(zones: Sequence[Zone], hint: TableHint | None = None) -> TableLayout:
    """The layout of a table from `zones` (a state class's `zone_specs`) and `hint`.

    Zones whose role is `off` are not drawn; the middle spots come in the order
    `hint.centre` names, then stock, discard, piles, the trick and the melds.
    """
    hint = hint or TableHint()
    spots = {z.name: zone_spot(z, hint.labels.get(z.name, "")) for z in zones}
    for extra in hint.spots:
        spots[extra.zone] = extra
    drawn = [s for s in spots.values() if s.role is not TableRole.OFF]
    seats = [s for s in drawn if s.role in SEAT_ROLES]
    seats.sort(key=lambda s: _SEAT_ORDER[s.role])
    order = list(hint.centre)

    def rank(spot: Spot) -> tuple[int, int]:
        if spot.zone in order:
            return (0, order.index(spot.zone))
        by_role = _CENTRE_ORDER.index(spot.role) if spot.role in _CENTRE_ORDER else 9
        return (1, by_role)

    centre = sorted((s for s in drawn if s.role not in SEAT_ROLES), key=rank)
    keys = list(dict.fromkeys(k for s in spots.values() for k in s.keys))
    return TableLayout(seats=seats, centre=centre, keys=keys)


_SEAT_ORDER = {TableRole.HAND: 0, TableRole.FACE_UP: 1, TableRole.FACE_DOWN: 2}
