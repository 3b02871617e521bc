"""The zones' `bits` ([`Zone`][cardkit.engine.zones.Zone]): what the fast readers (the RL
observation) read of the stock and the pile, as plain functions of the fields (compiled with
mypyc): the zone's mask, count and last card's bit. (The face-down rows' stay in `views`,
kept by the rows: they change only at a flip, and working them out compiled at every read
cost more, measured by callgrind.)"""

from __future__ import annotations

from typing import Any

from cardkit_palace.fields import CFG, PILE, PMASK, STOCK, Fields

__all__ = ["pile_bits", "stock_bits"]

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
