"""The zones' `bits` ([`Zone`][cardkit.engine.zones.Zone]): what the fast readers (the RL
observation) read of the face-down rows, the stock and the pile, as plain functions of the
fields (compiled with mypyc): each zone's mask, count and last card's bit."""

from __future__ import annotations

from typing import Any, Final

from cardkit.authoring import kept_by
from cardkit_palace.fields import CFG, DOWNS, PILE, PMASK, STOCK, Fields

__all__ = ["downs_bits", "pile_bits", "stock_bits"]

Bits = tuple[int, int, int]


def stock_bits(state: Any) -> Bits:
    """The stock's mask, count and last card's bit, kept by the deal for each position."""
    f: Fields = state.f
    bits: Bits = f[CFG].stock_bits[f[STOCK]]
    return bits


def pile_bits(state: Any) -> Bits:
    """The pile's mask, count and top card's bit, from the fields that keep them."""
    f: Fields = state.f
    pile = f[PILE]
    mask: int = f[PMASK]
    return mask, mask.bit_count(), pile[1][-1].bit if pile is not None else 0


def _rows_bits(rows: tuple[tuple[int, ...], ...]) -> tuple[Bits, ...]:
    """Each row's face-down cards' mask, count and last card's bit (a row holds the cards'
    indexes in dealing order, -1 where a card was turned)."""
    found: list[Bits] = []
    for row in rows:
        mask = count = last = 0
        for index in row:
            if index >= 0:
                last = 1 << index
                mask |= last
                count += 1
        found.append((mask, count, last))
    return tuple(found)


#: The face-down rows' bits by the rows object (they change only at a flip: kept, as working
#: them out at every read cost more, measured by callgrind).
_DOWNS_BITS: Final = kept_by(_rows_bits)


def downs_bits(state: Any) -> tuple[Bits, ...]:
    """Each seat's face-down cards' mask, count and last card's bit, kept by the rows."""
    f: Fields = state.f
    found: tuple[Bits, ...] = _DOWNS_BITS(f[DOWNS])
    return found
