"""Declarative zones: where a game keeps its cards, and who may see them.

A game built on [`GenericState`][cardkit.generic.GenericState] declares its
zones once, as [`Zone`][cardkit.zones.Zone] values naming a field of its
fields tuple, and the core derives from them the state's `zones()`,
`visible_zones()`, the zone part of the default view and the snapshot.

What a zone adds to a view, by [`Seen`][cardkit.zones.Seen]:

| seen       | shared zone `x`                 | per-seat zone `x`                         |
|------------|---------------------------------|-------------------------------------------|
| `owner`    | (as `nobody`)                   | `x`: the seat's own cards; `x_counts`     |
| `everyone` | `x`: its cards                  | `x`: every seat's cards                   |
| `top`      | `x_count`, and its top card     | `x_counts`, `x_tops`                      |
| `count`    | `x_count`                       | `x_counts`                                |
| `nobody`   | nothing                         | nothing                                   |

The top card of a `top` zone is its last card; the view names it
`top_key` (default `x_top`). The counts are named `count_key` (default
`x_count`, `x_counts`). A zone may keep out of the derived view
(`in_view=False`: it still counts in `zones()` and `visible_zones()`, and
the game shows it its own way), list its cards in the game's
`hand_order` (`sort=True`, for a zone kept
as a set), and show a spectator an empty hand instead of `None`
(`spectator_empty=True`).

A zone's cards are read from its field, or computed by its `cards`
function from the state, for a game that keeps them in another form (bit
masks in its own card order, cards derived from other fields): the
declaration still says who may see them, and the core derives the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardkit.cards import Card
from cardkit.cardset import CardSet
from cardkit.orders import CardOrder

__all__ = ["Seen", "Zone", "visible_zone_names", "zone_cards", "zone_value", "zone_view"]

#: What a zone field holds: a set or a sequence of cards (or one per seat).
ZoneCards = Sequence[Card] | CardSet


class Seen(StrEnum):
    """Who may see the cards of a zone."""

    OWNER = "owner"
    """Only the seat the zone belongs to (a hand); others see its size."""
    EVERYONE = "everyone"
    """Every seat and spectators (face-up cards, melds on the table)."""
    TOP = "top"
    """Only the top (last) card is shown, and the size: a face-up discard pile."""
    COUNT = "count"
    """Nobody sees the cards, everyone sees how many there are: a face-down stock."""
    NOBODY = "nobody"
    """Neither the cards nor their number are shown."""


@dataclass(frozen=True, slots=True)
class Zone:
    """One zone of a game: a field of its fields tuple holding cards.

    Attributes:
        name: the zone's name in `zones()` (`"hand"` gives `"hand:0"`,
            `"hand:1"`... when `per_seat`) and in the view.
        field: the field of the game's fields tuple holding the cards
            (default: `name`); a per-seat zone's field holds one
            collection per seat.
        per_seat: one zone per seat (hands), or one shared zone.
        seen: who may see its cards.
        top_key: the view key of a `top` zone's top card (default `<name>_top`).
        cards: computes the zone's cards from the state instead of reading
            `field` (one collection per seat when `per_seat`).
        count_key: the view key of its count (default `<name>_count`) or,
            per seat, its counts (default `<name>_counts`).
        in_view: whether the derived view shows it at all.
        sort: the view lists its cards low to high in the game's `hand_order`.
        spectator_empty: a spectator's view holds `[]` for an `owner` zone, not `None`.
    """

    name: str
    field: str = ""
    per_seat: bool = False
    seen: Seen = Seen.NOBODY
    top_key: str = ""
    cards: Callable[[Any], Any] | None = None
    count_key: str = ""
    in_view: bool = True
    sort: bool = False
    spectator_empty: bool = False

    @property
    def attr(self) -> str:
        """The name of the field holding this zone's cards."""
        return self.field or self.name

    @property
    def public(self) -> bool:
        """Whether everyone may see (or has seen) every card of it: `everyone` and `top`."""
        return self.seen in (Seen.EVERYONE, Seen.TOP)


def zone_value(zone: Zone, state: Any) -> Any:
    """The cards of `zone` in `state`: computed by its `cards`, or its field of `state.f`."""
    return getattr(state.f, zone.attr) if zone.cards is None else zone.cards(state)


def zone_cards(zones: Sequence[Zone], state: Any) -> dict[str, ZoneCards]:
    """Every zone's cards by zone name (`"hand:0"`, `"stock"`...) in `state`."""
    out: dict[str, ZoneCards] = {}
    for zone in zones:
        value = zone_value(zone, state)
        if zone.per_seat:
            for seat, cards in enumerate(value):
                out[f"{zone.name}:{seat}"] = cards
        else:
            out[zone.name] = value
    return out


def visible_zone_names(zones: Sequence[Zone], players: int, seat: int | None) -> list[str]:
    """The zones whose cards `seat` may see (`None`: the public ones).

    A `top` zone counts as public: each of its cards was shown when it was put there.
    """
    names: list[str] = []
    for zone in zones:
        if zone.public:
            names.extend(
                [f"{zone.name}:{s}" for s in range(players)] if zone.per_seat else [zone.name]
            )
        elif zone.seen is Seen.OWNER and zone.per_seat and seat is not None:
            names.append(f"{zone.name}:{seat}")
    return names


def zone_view(
    zones: Sequence[Zone], state: Any, seat: int | None, order: CardOrder | None = None
) -> dict[str, Any]:
    """The view entries of `seat` derived from the zones (see this module's table).

    `order` sorts the cards of the zones declared with `sort` (default: the
    state's game's `hand_order`).
    """
    out: dict[str, Any] = {}
    for zone in zones:
        seen, name = zone.seen, zone.name
        if seen is Seen.NOBODY or (seen is Seen.OWNER and not zone.per_seat) or not zone.in_view:
            continue
        value = zone_value(zone, state)
        shown: Callable[[Any], list[Card]] = list
        if zone.sort:
            shown = (order or state.game.hand_order).sorted
        if not zone.per_seat:
            if seen is Seen.EVERYONE:
                out[name] = shown(value)
                continue
            out[zone.count_key or f"{name}_count"] = len(value)
            if seen is Seen.TOP:
                out[zone.top_key or f"{name}_top"] = value[-1] if value else None
            continue
        if seen is Seen.EVERYONE:
            out[name] = [shown(cards) for cards in value]
            continue
        if seen is Seen.OWNER:
            if seat is not None:
                out[name] = shown(value[seat])
            else:
                out[name] = [] if zone.spectator_empty else None
        out[zone.count_key or f"{name}_counts"] = [len(cards) for cards in value]
        if seen is Seen.TOP:
            out[f"{name}_tops"] = [cards[-1] if cards else None for cards in value]
    return out
