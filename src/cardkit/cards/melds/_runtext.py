"""Why some cards are not a run: the messages of [`Run`][cardkit.cards.melds.runs.Run] (private)."""

from __future__ import annotations

from itertools import pairwise

from cardkit.cards.card import Rank
from cardkit.cards.melds._bits import LANE, rank_name
from cardkit.cards.melds._runlanes import HIGH_SLOTS, LOW_SLOTS, lane_of


def contiguous(bits: int) -> bool:
    """Whether ``bits`` are one block of consecutive bits."""
    return bits != 0 and (bits + (bits & -bits)) & bits == 0


def low_view(lane: int) -> int:
    """``lane`` rotated so the ace is at the bottom (A 2 … K)."""
    return ((lane << 1) | (lane >> 12)) & LANE


def cyclic_arc(lane: int) -> tuple[Rank, ...]:
    """The ranks of ``lane`` in order if they form an arc of the 13-cycle (else empty)."""
    for start in range(13):
        ranks = tuple(LOW_SLOTS[(start + i) % 13] for i in range(lane.bit_count()))
        if lane_of(ranks) == lane:
            return ranks
    return ()


def names(ranks: tuple[Rank, ...], lane: int | None = None) -> str:
    """``ranks`` (those of ``lane`` only, if given) as a message writes them."""
    if lane is not None:
        ranks = tuple(r for r in ranks if lane >> (r - 2) & 1)
    return " ".join(rank_name(r) for r in ranks)


def gap_message(lane: int, ace: str, wrap: bool) -> str:
    """Where the ranks of ``lane`` are not consecutive, as a message."""
    views: list[tuple[Rank, ...]] = []
    if wrap:
        # start right after the widest empty stretch of the cycle
        best: tuple[Rank, ...] = ()
        best_gap = -1
        for start in range(13):
            if not lane >> (LOW_SLOTS[start] - 2) & 1:
                continue
            prev = LOW_SLOTS[(start - 1) % 13]
            if lane >> (prev - 2) & 1:
                continue
            gap = 0
            while not lane >> (LOW_SLOTS[(start - 1 - gap) % 13] - 2) & 1:
                gap += 1
            if gap > best_gap:
                best_gap = gap
                best = tuple(LOW_SLOTS[(start + i) % 13] for i in range(13))
        views.append(best)
    else:
        if ace != "high":
            views.append(LOW_SLOTS)
        if ace != "low":
            views.append(HIGH_SLOTS)
    best_msg = ""
    best_count = 99
    for slots in views:
        present = [lane >> (r - 2) & 1 for r in slots]
        held = [i for i, p in enumerate(present) if p]
        gaps = [(slots[a], slots[b]) for a, b in pairwise(held) if b != a + 1]
        if gaps and len(gaps) < best_count:
            best_count = len(gaps)
            a, b = gaps[0]
            best_msg = f"gap between {rank_name(a)} and {rank_name(b)}"
    return best_msg or "not consecutive ranks"
