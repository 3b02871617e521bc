"""The lanes of runs: rank slots, lane masks and the fast meldable test (private).

A run of one suit is a lane of 13 bits (bit ``rank - 2``); see
[`Run`][cardkit.cards.melds.runs.Run].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardkit.cards.card import Rank
from cardkit.cards.melds._bits import LANE, SPREAD, STANDARD

LOW_SLOTS: Final = (Rank.ACE, *[Rank(r) for r in range(2, 14)])  # A 2 ... K
HIGH_SLOTS: Final = tuple(Rank(r) for r in range(2, 15))  # 2 ... K A
EITHER_SLOTS: Final = (Rank.ACE, *HIGH_SLOTS)  # A 2 ... K A
_ACE_BITS: Final = SPREAD << 12
_NOT_LANE_BOTTOM: Final = STANDARD & ~SPREAD
_NOT_ACES: Final = STANDARD & ~_ACE_BITS


def starts_ok(length: int) -> int:
    """In every lane, the positions where a run of ``length`` fits (0 … 13 - length)."""
    if length > 13:
        return 0
    return ((1 << (14 - length)) - 1) * SPREAD


def lane_of(ranks: tuple[Rank, ...]) -> int:
    """The lane (bit ``rank - 2``) of some ranks."""
    out = 0
    for r in ranks:
        out |= 1 << (r - 2)
    return out


def lane_runs(
    runs: tuple[int, ...], by_lane: dict[int, tuple[int, ...]], lane: int
) -> tuple[int, ...]:
    """The runs of ``runs`` (lane masks) that ``lane`` holds, in their order; remembered in
    ``by_lane``."""
    found = by_lane.get(lane)
    if found is None:
        found = by_lane[lane] = tuple([r for r in runs if r & lane == r])
    return found


def run_masks(
    mask: int, min_length: int, runs: tuple[int, ...], by_lane: dict[int, tuple[int, ...]]
) -> list[int]:
    """Every run of ``runs`` (lane masks of ``min_length`` ranks or more) in ``mask``: by
    suit, then in the order of ``runs``; the runs of each lane remembered in ``by_lane``."""
    out: list[int] = []
    for shift in (0, 13, 26, 39):
        lane = (mask >> shift) & LANE
        if lane.bit_count() >= min_length:
            found = lane_runs(runs, by_lane, lane)
            if found:
                out.extend([r << shift for r in found] if shift else found)
    return out


def fast_meldable(length: int, ace: str) -> Callable[[int], int]:
    """A fast ``mask -> cards in some run`` for runs of ``length``+ that do not wrap.

    A lane view puts each suit's ranks in run order in 13 bits: the natural
    lanes for a high ace, each lane rotated by one for a low ace (the ace at
    the bottom). In a view, ``v & v >> 1 & v >> 2`` marks where three in a row
    start; spreading the starts back over three bits gives the cards.
    """
    low = ace != "high"
    high = ace != "low"
    ok = starts_ok(length)
    if length == 1:
        return lambda mask: mask & STANDARD
    if length == 3:

        def three(mask: int) -> int:
            out = 0
            if high:
                v = mask & STANDARD
                s = v & (v >> 1)
                s &= (s >> 1) & ok
                s |= s << 1
                out = s | (s << 1)
            if low:
                v = ((mask << 1) & _NOT_LANE_BOTTOM) | ((mask >> 12) & SPREAD)
                s = v & (v >> 1)
                s &= (s >> 1) & ok
                s |= s << 1
                s |= s << 1
                out |= ((s >> 1) & _NOT_ACES) | ((s & SPREAD) << 12)
            return out

        return three

    def general(mask: int) -> int:
        out = 0
        views = []
        if high:
            views.append((mask & STANDARD, False))
        if low:
            views.append((((mask << 1) & _NOT_LANE_BOTTOM) | ((mask >> 12) & SPREAD), True))
        for v, rotated in views:
            starts = v
            for i in range(1, length):
                starts &= v >> i
            starts &= ok
            cards = starts
            for i in range(1, length):
                cards |= starts << i
            out |= ((cards >> 1) & _NOT_ACES) | ((cards & SPREAD) << 12) if rotated else cards
        return out

    return general
