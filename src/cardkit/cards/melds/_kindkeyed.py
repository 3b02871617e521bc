"""N of a kind in key space, for climbing games (private).

In a [`KeySpace`][cardkit.cards.keyspace.KeySpace] the cards of one rank are one nibble, so
finding the pairs, triples or fours of a hand is a few bit operations and a table walk.
These finders back the keyed finders of
[`NOfAKind`][cardkit.cards.melds.kinds.NOfAKind]. They are plain classes with typed
attributes and loops, which the compiled build compiles to native code.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from cardkit.cards.keyspace import NIBBLES, nibble_subsets

#: ``KEYED[size][4 * p][nibble]``: the ``size`` cards of one rank in key space, ascending
#: (size 0 has no melds).
KEYED: Final = tuple(nibble_subsets(size) if size else () for size in range(5))


def ranks_holding(hand: int, size: int) -> int:
    """Bit ``4 * p`` of each rank position of the keyed ``hand`` holding at least ``size``
    cards (1 to 4)."""
    a = hand & NIBBLES
    b = (hand >> 1) & NIBBLES
    c = (hand >> 2) & NIBBLES
    d = (hand >> 3) & NIBBLES
    if size <= 1:
        return a | b | c | d
    if size == 2:
        return (a & b) | (c & d) | ((a | b) & (c | d))
    if size == 3:
        return (a & b & (c | d)) | (c & d & (a | b))
    return a & b & c & d


class KeyedOfAKind:
    """``find(hand, size, above)``: the ``size`` cards of one rank inside the keyed
    ``hand``, rank by rank (in the card order), then by the cards' keys; only those whose
    highest card's key is above ``above`` (-1: all).

    Attributes:
        low: the fewest cards of a meld.
        top: the most cards of a meld (at most 4).
    """

    __slots__ = ("low", "top")

    def __init__(self, low: int, top: int) -> None:
        """Find melds of ``low`` to ``top`` cards."""
        self.low = low
        self.top = top

    def __call__(self, hand: int, size: int, above: int = -1) -> list[int]:
        """The melds of ``size`` cards of ``hand`` above ``above``, ascending."""
        if size < self.low or size > self.top:
            return []
        ranks = ranks_holding(hand, size)
        if above >= 0:
            ranks &= -(1 << (above & ~3))
        out = melds_by_rank(hand, ranks, KEYED[size])
        if above >= 0 and out and out[0] < (2 << above):
            del out[: bisect_right(out, (2 << above) - 1)]
        return out


def melds_by_rank(
    hand: int, ranks: int, table: tuple[tuple[tuple[int, ...], ...], ...]
) -> list[int]:
    """The melds ``table[p][nibble]`` of each rank of ``ranks`` (bit ``p``: the rank whose
    cards are bits ``p`` to ``p + 3``), ``nibble`` the hand's cards of that rank; lowest
    rank first."""
    out: list[int] = []
    while ranks:
        low = ranks & -ranks
        shift = low.bit_length() - 1
        out.extend(table[shift][(hand >> shift) & 15])
        ranks ^= low
    return out


class KeyedAllOfAKind:
    """``find_all(hand)``: every meld of ``low`` to ``top`` cards of one rank inside the keyed
    ``hand``, rank by rank (in the card order), then by size, then ascending; one table
    lookup per rank.

    Attributes:
        low: the fewest cards of a meld.
        table: ``table[4 * p][nibble]``: the melds of that holding of the rank at ``p``.
    """

    __slots__ = ("low", "table")

    def __init__(self, low: int, top: int) -> None:
        """Find melds of ``low`` to ``top`` cards (``top`` at most 4)."""
        self.low = low
        rows: list[tuple[tuple[int, ...], ...]] = []
        for shift in range(52):
            row: list[tuple[int, ...]] = []
            if not shift % 4:
                for nib in range(16):
                    found: list[int] = []
                    for size in range(low, top + 1):
                        found.extend(KEYED[size][shift][nib])
                    row.append(tuple(found))
            rows.append(tuple(row))
        self.table: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rows)

    def __call__(self, hand: int) -> list[int]:
        """Every meld of ``hand``, in the order of the class's description."""
        ranks = ranks_holding(hand, self.low)
        return melds_by_rank(hand, ranks, self.table)
