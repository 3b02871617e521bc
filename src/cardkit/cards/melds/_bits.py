"""Bit-mask helpers shared by the meld kinds and the deadwood solver (private).

A card mask has bit ``suit * 13 + rank - 2`` set for each card held (see
[`CardSet`][cardkit.cards.cardset.CardSet]). Seen as four 13-bit *lanes*, one per suit,
bit ``rank - 2`` of lane ``suit`` is that card. Most meld questions are then
a handful of integer operations on the four lanes at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Final

from cardkit.cards.card import Card, Rank
from cardkit.cards.cardset import FULL_DECK_MASK, CardSet
from cardkit.errors import InvalidCard

#: The 13 bits of one suit lane.
LANE: Final = (1 << 13) - 1
#: Bit 0 of each of the four lanes: ``(r_bits * SPREAD)`` copies 13 rank bits into every suit.
SPREAD: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: The standard cards (no jokers).
STANDARD: Final = FULL_DECK_MASK


def cardset(mask: int) -> CardSet:
    """The [`CardSet`][cardkit.cards.cardset.CardSet] of a mask."""
    return CardSet.from_mask(mask)


def lanes_at_least(mask: int) -> tuple[int, int, int, int]:
    """Natural-rank masks (bit ``rank - 2``) of ranks held at least 1, 2, 3 and 4 times."""
    a = mask & LANE
    b = (mask >> 13) & LANE
    c = (mask >> 26) & LANE
    d = (mask >> 39) & LANE
    ab_or = a | b
    cd_or = c | d
    ab = a & b
    cd = c & d
    return (
        ab_or | cd_or,
        ab | cd | (ab_or & cd_or),
        (ab & cd_or) | (cd & ab_or),
        ab & cd,
    )


def kind_masks(mask: int, min_size: int, subsets: dict[int, tuple[int, ...]]) -> list[int]:
    """Every n of a kind of ``min_size`` cards or more in ``mask``, by rank (2 first, ace
    last), then as ``subsets`` (of `rank_pattern_subsets`) lists a rank's suit patterns."""
    ranks = lanes_at_least(mask)[min_size - 1]
    out: list[int] = []
    while ranks:
        low = ranks & -ranks
        shift = low.bit_length() - 1
        found = subsets[(mask >> shift) & SPREAD]
        if shift:
            out.extend([m << shift for m in found])
        else:
            out.extend(found)
        ranks ^= low
    return out


def meldable_of_a_kind(size: int) -> Callable[[int], int]:
    """A fast ``mask -> cards of ranks held at least size times`` for one size (the meldable
    cards of n of a kind)."""
    if size == 3:

        def three(mask: int) -> int:
            a = mask & LANE
            b = (mask >> 13) & LANE
            c = (mask >> 26) & LANE
            d = (mask >> 39) & LANE
            return ((((a & b) & (c | d)) | ((c & d) & (a | b))) * SPREAD) & mask

        return three
    if size == 2:

        def two(mask: int) -> int:
            a = mask & LANE
            b = (mask >> 13) & LANE
            c = (mask >> 26) & LANE
            d = (mask >> 39) & LANE
            return (((a & b) | (c & d) | ((a | b) & (c | d))) * SPREAD) & mask

        return two
    level = size - 1

    def general(mask: int) -> int:
        return (lanes_at_least(mask)[level] * SPREAD) & mask

    return general


def rank_blocks(mask: int, low: int, top: int) -> list[int] | None:
    """The cards of each rank held ``low`` to ``top`` times (``None`` if a rank has more than
    ``top``): n of a kind's blocks."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & LANE
    out: list[int] = []
    while ranks:
        bit = ranks & -ranks
        group = mask & (bit * SPREAD)
        n = group.bit_count()
        if n >= low:
            if n > top:
                return None
            out.append(group)
        ranks ^= bit
    return out


def rank_pattern_subsets(sizes: Iterable[int]) -> dict[int, tuple[int, ...]]:
    """For each of the 16 ways one rank can be held, the sub-holdings of the given sizes.

    Keys and values are masks of one rank shifted down to rank 2 (bits 0, 13,
    26, 39); the sub-holdings are ordered by size, then by their cards in index
    order.
    """
    wanted = sorted(set(sizes))
    table: dict[int, tuple[int, ...]] = {}
    suit_bits = [1 << (13 * s) for s in range(4)]
    for pattern in range(16):
        held = [suit_bits[s] for s in range(4) if pattern >> s & 1]
        key = sum(held)
        subs: list[int] = []
        for size in wanted:
            subs.extend(sum(combo) for combo in combinations(held, size))
        table[key] = tuple(subs)
    return table


def to_mask(cards: Iterable[Card] | CardSet) -> tuple[int, Card | None]:
    """The mask of some cards, and the first card given twice (or ``None``)."""
    if isinstance(cards, CardSet):
        return cards.mask, None
    mask = 0
    dup: Card | None = None
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidCard(repr(card), "expected Card objects (parse text with CardSet.parse)")
        if mask & card.bit and dup is None:
            dup = card
        mask |= card.bit
    return mask, dup


def as_hand_mask(hand: CardSet | Iterable[Card] | int) -> int:
    """The mask of a hand given as a CardSet, cards or a mask."""
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, int):
        if hand < 0 or hand >> 54:
            raise ValueError(f"a card mask has bits 0-53 only, got {hand:#x}")
        return hand
    return to_mask(hand)[0]


def rank_name(rank: Rank | int) -> str:
    """How messages name a rank: ``2``…``10``, ``J``, ``Q``, ``K``, ``A``."""
    r = Rank(rank)
    return "10" if r == Rank.TEN else r.code


def plural(n: int, word: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def value_lanes(table: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """A value table as five lookup tables: the total value of each way to hold
    the 13 cards of a suit lane (``mask >> 13 * suit & LANE``), then of the two jokers
    (``mask >> 52``).

    Suits of equal values share one table (the usual case: values by rank).
    """
    made: dict[tuple[int, ...], tuple[int, ...]] = {}
    out: list[tuple[int, ...]] = []
    for low in (0, 13, 26, 39, 52):
        values = table[low : low + 13]
        lane = made.get(values)
        if lane is None:
            sums = [0] * (1 << len(values))
            for held in range(1, len(sums)):
                card = held & -held
                sums[held] = sums[held ^ card] + values[card.bit_length() - 1]
            lane = made[values] = tuple(sums)
        out.append(lane)
    return tuple(out)
