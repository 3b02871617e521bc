"""NOfAKind: cards of one rank (pairs, triples, books, fours of a kind)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cardkit.cards.card import Card, Rank
from cardkit.cards.keyspace import KeySpace
from cardkit.cards.melds._bits import (
    SPREAD,
    STANDARD,
    kind_masks,
    meldable_of_a_kind,
    plural,
    rank_blocks,
    rank_name,
    rank_pattern_subsets,
)
from cardkit.cards.melds._kindkeyed import KeyedAllOfAKind, KeyedOfAKind
from cardkit.cards.melds.base import KeyedFinder, MeldKind

__all__ = ["NOfAKind"]

_CARDS = Card._by_index


@dataclass(frozen=True, slots=True)
class NOfAKind(MeldKind):
    """Between ``min_size`` and ``max_size`` cards of one rank.

    ``NOfAKind(2, 2)`` is a pair, ``NOfAKind(3, 4)`` a rummy book or set,
    ``NOfAKind(4, 4)`` four of a kind. With one deck a rank has at most four
    cards.

    [`find`][cardkit.cards.melds.base.MeldKind.find] lists melds by rank (2 up to ace), then
    by size, then by the suits of their cards (clubs, diamonds, hearts, spades first).

    Examples:
        >>> from cardkit import CardSet
        >>> pairs = NOfAKind(2, 2)
        >>> [str(m) for m in pairs.find(CardSet.parse("7S 7H 7C 9D"))]
        ['7C 7H', '7C 7S', '7H 7S']
        >>> NOfAKind(3, 4).validate(CardSet.parse("7S 7H")).reason
        'too few: 2 cards, a set of one rank needs at least 3'

    Attributes:
        min_size: the fewest cards (at least 1, at most 4).
        max_size: the most cards (at least ``min_size``).
    """

    min_size: int = 2
    max_size: int = 4
    _subsets: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _meldable: Callable[[int], int] = field(init=False, repr=False, compare=False)
    _sub_cache: dict[tuple[int, int], tuple[int, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if not 1 <= self.min_size <= 4:
            raise ValueError(f"min_size must be 1-4 (a rank has 4 cards), got {self.min_size}")
        if self.max_size < self.min_size:
            raise ValueError(
                f"max_size ({self.max_size}) must be at least min_size ({self.min_size})"
            )
        sizes = range(self.min_size, min(self.max_size, 4) + 1)
        object.__setattr__(self, "_subsets", rank_pattern_subsets(sizes))
        object.__setattr__(self, "_meldable", meldable_of_a_kind(self.min_size))
        object.__setattr__(self, "_sub_cache", {})

    @property
    def noun(self) -> str:
        """``pair``, ``triple``, ``four of a kind`` or ``set of one rank``."""
        if self.min_size == self.max_size:
            return {1: "single card", 2: "pair", 3: "triple", 4: "four of a kind"}.get(
                self.min_size, "set of one rank"
            )
        return "set of one rank"

    def is_valid_mask(self, mask: int) -> bool:
        """Whether ``mask`` holds ``min_size``-``max_size`` cards, all of one rank."""
        if not mask or mask & ~STANDARD:
            return False
        low = mask & -mask
        rank_bit = (low.bit_length() - 1) % 13
        if mask & ~(SPREAD << rank_bit):
            return False
        return self.min_size <= mask.bit_count() <= self.max_size

    def find_masks(self, mask: int) -> list[int]:
        """Every meld in ``mask``, by rank (2 first, ace last), then size, then suits."""
        return kind_masks(mask, self.min_size, self._subsets)

    def meldable_mask(self, mask: int) -> int:
        """The cards of ranks held at least ``min_size`` times."""
        return self._meldable(mask)

    def meldable_function(self) -> Callable[[int], int]:
        """The closure behind
        [`meldable_mask`][cardkit.cards.melds.kinds.NOfAKind.meldable_mask], without the
        method call.
        """
        return self._meldable

    def blocks_mask(self, mask: int) -> list[int] | None:
        """The cards of each rank held ``min_size``-``max_size`` times (``None`` if one
        rank has more than ``max_size``)."""
        return rank_blocks(mask, self.min_size, self.max_size)

    def sub_blocks_mask(self, block: int, shared: int) -> list[int]:
        """The holdings of the block's rank that keep its unshared cards, smaller than the
        block and big enough to be melds."""
        shift = ((block & -block).bit_length() - 1) % 13
        key = (block >> shift, (block & ~shared) >> shift)
        found = self._sub_cache.get(key)
        if found is None:
            whole, keep = key
            if whole not in self._subsets or whole.bit_count() > self.max_size:
                return MeldKind.sub_blocks_mask(self, block, shared)
            found = tuple(m for m in self._subsets[whole] if m != whole and m & keep == keep)
            self._sub_cache[key] = found
        return [m << shift for m in found] if shift else list(found)

    def keyed_function(self, space: KeySpace) -> KeyedFinder:
        """``find(hand, size, above)`` in key space: rank by rank (in the card order), then by
        the cards' keys; the cards of one rank are one nibble, so this is a table walk."""
        return KeyedOfAKind(self.min_size, min(self.max_size, 4))

    def keyed_all_function(self, space: KeySpace) -> Callable[[int], list[int]]:
        """``find_all(hand)`` in key space: rank by rank (in the card order), then by size,
        then ascending, like [`find`][cardkit.cards.melds.base.MeldKind.find]; one table
        lookup per rank."""
        return KeyedAllOfAKind(self.min_size, min(self.max_size, 4))

    def _explain(self, mask: int) -> str:
        cards = [_CARDS[i] for i in range(52) if mask >> i & 1]
        first = cards[0]
        for card in cards[1:]:
            if card.rank != first.rank:
                assert first.rank is not None
                assert card.rank is not None
                return (
                    f"a {self.noun} is all one rank; {first.code} is {_a(first.rank)} "
                    f"but {card.code} is {_a(card.rank)}"
                )
        n = len(cards)
        if n < self.min_size:
            return f"too few: {plural(n, 'card')}, a {self.noun} needs at least {self.min_size}"
        if n > self.max_size:
            return f"too many: {plural(n, 'card')}, a {self.noun} has at most {self.max_size}"
        return ""

    def __str__(self) -> str:
        if self.min_size == self.max_size:
            return f"{self.min_size} of a kind"
        return f"{self.min_size}-{self.max_size} of a kind"


def _a(rank: Rank) -> str:
    name = rank_name(rank)
    return f"an {name}" if name in ("8", "A") else f"a {name}"
