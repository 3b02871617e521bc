"""The zones a seat may see in a [`GenericState`][cardkit.engine.generic.GenericState].

Derived from the declared zones, and worked out once per state class, table size
and seat, but for the `keyed` and `revealed` zones, which depend on the state.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from cardkit.engine.zones import Zone, dynamic_zone_names, visible_zone_names

__all__ = ["visible_zones"]

#: By state class, players and seat: the visible zones that depend on nothing else,
#: and the zones whose visible part depends on the state.
_VISIBLE: dict[tuple[type, int, int | None], tuple[tuple[str, ...], tuple[Zone, ...]]] = {}


def visible_zones(state: Any, seat: int | None) -> Collection[str]:
    """The zones `seat` may see in `state` (a `GenericState`), from its declared zones."""
    players = state.players
    if seat is not None and not (type(seat) is int and 0 <= seat < players):
        # Not kept: not a seat.
        specs = state.zone_specs
        return visible_zone_names(specs, players, seat) + dynamic_zone_names(specs, state, seat)
    key = (type(state), players, seat)
    found = _VISIBLE.get(key)
    if found is None:
        specs = state.zone_specs
        found = _VISIBLE[key] = (
            tuple(visible_zone_names(specs, players, seat)),
            tuple(z for z in specs if z.dynamic),
        )
    fixed, dynamic = found
    return (*fixed, *dynamic_zone_names(dynamic, state, seat)) if dynamic else fixed
