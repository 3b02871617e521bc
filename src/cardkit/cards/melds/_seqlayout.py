"""Rank-order layouts of sequences and double sequences, on natural masks (private).

A `Layout` maps natural rank masks (bit ``rank - 2``) to positions in a rank
order; `chains` lists the chains of consecutive positions that
[`Sequence`][cardkit.cards.melds.sequences.Sequence] and
[`DoubleSequence`][cardkit.cards.melds.sequences.DoubleSequence] find; the rest says why some
cards are not one.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from cardkit.cards.card import Rank
from cardkit.cards.melds._bits import LANE, SPREAD, rank_name, rank_pattern_subsets
from cardkit.cards.orders import RankOrder

_SINGLES = rank_pattern_subsets([1])
_PAIRS = rank_pattern_subsets([2])


class Layout:
    """Lookup tables of one rank order with some ranks excluded.

    Positions are the order's positions; ``shift[p]`` is ``rank - 2`` of the
    rank at position ``p``. Natural rank masks (bit ``rank - 2``) convert to
    position masks in two table lookups.
    """

    __slots__ = ("allowed", "bad", "hi", "lo", "pairs", "ranks", "shift", "singles")

    def __init__(self, order: RankOrder, excluded: frozenset[Rank]) -> None:
        self.ranks: tuple[Rank, ...] = order.ranks
        self.shift: tuple[int, ...] = tuple(r - 2 for r in order.ranks)
        # for each position: holding of its rank (shifted to rank 2) -> its cards / pairs
        self.singles = tuple(_shifted(_SINGLES, sh) for sh in self.shift)
        self.pairs = tuple(_shifted(_PAIRS, sh) for sh in self.shift)
        allowed = 0
        pos_of_natural = [0] * 13
        for p, r in enumerate(order.ranks):
            if r not in excluded:
                pos_of_natural[r - 2] = 1 << p
                allowed |= 1 << p
        self.allowed = allowed
        self.bad = LANE & ~sum(1 << (r - 2) for r in order.ranks if r not in excluded)
        self.lo: tuple[int, ...] = tuple(
            _or(pos_of_natural[i] for i in range(7) if n >> i & 1) for n in range(128)
        )
        self.hi: tuple[int, ...] = tuple(
            _or(pos_of_natural[7 + i] for i in range(6) if n >> i & 1) for n in range(64)
        )

    def positions(self, natural: int) -> int:
        """The position mask of the allowed ranks of a natural rank mask."""
        return self.lo[natural & 127] | self.hi[natural >> 7]

    def natural(self, positions: int) -> int:
        """The natural rank mask of a position mask."""
        out = 0
        shift = self.shift
        while positions:
            low = positions & -positions
            out |= 1 << shift[low.bit_length() - 1]
            positions ^= low
        return out

    def intervals(self, lo: int, hi: int | None) -> frozenset[int]:
        """Natural rank masks of every run of ``lo``-``hi`` consecutive allowed positions."""
        out: set[int] = set()
        n = len(self.ranks)
        top = n if hi is None else min(hi, n)
        for start in range(n):
            for length in range(lo, top + 1):
                span = ((1 << length) - 1) << start
                if start + length > n or span & ~self.allowed:
                    break
                out.add(self.natural(span))
        return frozenset(out)


def _shifted(table: dict[int, tuple[int, ...]], shift: int) -> dict[int, tuple[int, ...]]:
    return {key: tuple(m << shift for m in found) for key, found in table.items()}


def _or(values: Iterable[int]) -> int:
    out = 0
    for v in values:
        out |= v
    return out


def check_options(kind: str, order: RankOrder, lo: int, hi: int | None, what: str) -> None:
    """Raise if a sequence kind's options are wrong (``what`` names the lower bound)."""
    if not isinstance(order, RankOrder):
        raise TypeError(f"{kind} needs a RankOrder, got {type(order).__name__}")
    if lo < 1:
        raise ValueError(f"{what} must be at least 1, got {lo}")
    if hi is not None and hi < lo:
        raise ValueError(f"max_{what.split('_', 1)[1]} ({hi}) must be at least {what} ({lo})")


def rank_problems(layout: Layout, excluded: frozenset[Rank], natural: int, noun: str) -> str:
    """Why a rank of ``natural`` may not be in a ``noun`` (``""``: every rank may)."""
    bad = natural & layout.bad
    if not bad:
        return ""
    rank = Rank((bad & -bad).bit_length() + 1)
    if rank in excluded:
        return f"{rank_name(rank)} is excluded from {noun}s"
    order = " ".join(map(rank_name, layout.ranks))
    return f"{rank_name(rank)} has no place in the rank order ({order})"


def gap(layout: Layout, natural: int) -> str:
    """The first gap between the ranks of ``natural`` in the order (``""``: none)."""
    pos = layout.positions(natural)
    held = [p for p in range(len(layout.ranks)) if pos >> p & 1]
    for a, b in pairwise(held):
        if b != a + 1:
            return f"gap between {rank_name(layout.ranks[a])} and {rank_name(layout.ranks[b])}"
    return ""


def natural_of(mask: int) -> int:
    """The natural rank mask (bit ``rank - 2``) of the ranks held in ``mask``."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & LANE


def excluded_text(ranks: frozenset[Rank]) -> str:
    """How a kind's description names its excluded ranks (``""``: none)."""
    return f", no {' '.join(rank_name(r) for r in sorted(ranks))}" if ranks else ""


def long_segments(pos: int, length: int) -> int:
    """The bits of ``pos`` in blocks of at least ``length`` consecutive bits."""
    out = 0
    while pos:
        low = pos & -pos
        block = pos & ~(pos + low)
        if block.bit_count() >= length:
            out |= block
        pos ^= block
    return out


def chains(
    mask: int,
    pos: int,
    shift: tuple[int, ...],
    groups: tuple[dict[int, tuple[int, ...]], ...],
    lo: int,
    hi: int | None,
) -> list[int]:
    """Every chain of ``lo``-``hi`` consecutive positions of ``pos``, one group per rank.

    ``groups[p]`` maps the holding of the rank at position ``p`` (shifted to
    rank 2) to the choices of its cards (singles or pairs).
    """
    out: list[int] = []
    while pos:
        low = pos & -pos
        block = pos & ~(pos + low)
        pos ^= block
        n = block.bit_count()
        if n < lo:
            continue
        first = low.bit_length() - 1
        choices = [groups[p][(mask >> shift[p]) & SPREAD] for p in range(first, first + n)]
        top = n if hi is None else min(hi, n)
        if all(len(c) == 1 for c in choices):  # one card per rank: chains are intervals
            prefix = [0]
            for c in choices:
                prefix.append(prefix[-1] | c[0])
            out += [
                prefix[end] ^ prefix[start]
                for start in range(n - lo + 1)
                for end in range(start + lo, min(n, start + top) + 1)
            ]
            continue
        for start in range(n - lo + 1):
            combos: list[int] = list(choices[start])
            if lo <= 1:
                out += combos
            for p in range(start + 1, min(n, start + top)):
                nxt = choices[p]
                if len(nxt) == 1:
                    y = nxt[0]
                    combos = [x | y for x in combos]
                else:
                    combos = [x | y for x in combos for y in nxt]
                if p - start + 1 >= lo:
                    out += combos
    return out
