"""Sequence and DoubleSequence: consecutive ranks in a game's rank order, any suits.

Tiến lên's sequences (``3 4 5``, any suits, no 2s) and double sequences
(``33 44 55``) are the examples: the order is the game's (``3 … A 2``), and
some ranks may be excluded (the 2s).

The tables and walks behind them live in the private modules `_seqlayout`
(natural masks, messages) and `_seqkeyed` (key space, for climbing games).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from cardkit.cards.card import Card, Rank
from cardkit.cards.cardset import CardSet
from cardkit.cards.keyspace import KeySpace
from cardkit.cards.melds._bits import LANE, SPREAD, as_hand_mask, plural, rank_name
from cardkit.cards.melds._seqkeyed import KeyedAllChains, KeyedChains, keyed_allowed
from cardkit.cards.melds._seqlayout import (
    Layout,
    chains,
    check_options,
    excluded_text,
    gap,
    long_segments,
    natural_of,
    rank_problems,
)
from cardkit.cards.melds.base import KeyedFinder, MeldKind
from cardkit.cards.orders import RankOrder

__all__ = ["DoubleSequence", "Sequence"]


@dataclass(frozen=True, slots=True)
class Sequence(MeldKind):
    """Cards of consecutive ranks in ``order``, any suits, one card of each rank.

    Ranks in ``excluded`` (and ranks the order leaves out) never appear in a
    sequence, and a sequence never steps over them.

    [`find`][cardkit.cards.melds.base.MeldKind.find] lists sequences by their lowest rank (in
    ``order``), then by length, then by the suits of their cards (those of the lower
    ranks varying slowest).

    Examples:
        >>> from cardkit import Card, CardSet, RankOrder, Rank
        >>> THIRTEEN = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
        >>> seq = Sequence(THIRTEEN, excluded=frozenset({Rank.TWO}))
        >>> [seq.ordered(m) for m in seq.find(CardSet.parse("3S 4H 5D 5C"))]
        [(Card('3S'), Card('4H'), Card('5C')), (Card('3S'), Card('4H'), Card('5D'))]
        >>> seq.validate(CardSet.parse("KS AH 2D")).reason
        '2 is excluded from sequences'
        >>> seq.validate(CardSet.parse("4S 6H 7D")).reason
        'gap between 4 and 6'

    Attributes:
        order: the rank order the sequence follows.
        min_length: the fewest cards.
        excluded: ranks that may not be part of a sequence.
        max_length: the most cards, or ``None`` for no limit.
    """

    order: RankOrder
    min_length: int = 3
    excluded: frozenset[Rank] = frozenset()
    max_length: int | None = None
    _layout: Layout = field(init=False, repr=False, compare=False)
    _valid: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_options("Sequence", self.order, self.min_length, self.max_length, "min_length")
        excluded = frozenset(Rank(r) for r in self.excluded)
        object.__setattr__(self, "excluded", excluded)
        layout = Layout(self.order, excluded)
        object.__setattr__(self, "_layout", layout)
        object.__setattr__(self, "_valid", layout.intervals(self.min_length, self.max_length))

    @property
    def noun(self) -> str:
        """``"sequence"``."""
        return "sequence"

    def is_valid_mask(self, mask: int) -> bool:
        """Whether ``mask`` is one sequence (about ten integer operations)."""
        natural = (mask | mask >> 13 | mask >> 26 | mask >> 39) & LANE
        return natural in self._valid and mask.bit_count() == natural.bit_count()

    def find_masks(self, mask: int) -> list[int]:
        """Every sequence in ``mask``: by lowest rank, then length, then suits."""
        layout = self._layout
        natural = (mask | mask >> 13 | mask >> 26 | mask >> 39) & LANE
        pos = layout.lo[natural & 127] | layout.hi[natural >> 7]
        return chains(mask, pos, layout.shift, layout.singles, self.min_length, self.max_length)

    def meldable_mask(self, mask: int) -> int:
        """The cards of ``mask`` that are in at least one sequence inside it."""
        layout = self._layout
        natural = (mask | mask >> 13 | mask >> 26 | mask >> 39) & LANE
        pos = long_segments(layout.lo[natural & 127] | layout.hi[natural >> 7], self.min_length)
        return (layout.natural(pos) * SPREAD) & mask if pos else 0

    def keyed_function(self, space: KeySpace) -> KeyedFinder:
        """``find(hand, size, above)`` in key space: sequences of ``size`` cards, ascending.

        When ``space``'s rank order is this kind's ``order``, a direct walk of
        rank windows (see `keyed_chains`); otherwise the default.
        """
        if space.order.ranks != self.order:
            return MeldKind.keyed_function(self, space)
        top = min(self.max_length or 13, len(self.order.ranks))
        return KeyedChains(keyed_allowed(self.order, self.excluded), 1, self.min_length, top)

    def keyed_all_function(self, space: KeySpace) -> Callable[[int], list[int]]:
        """``find_all(hand)`` in key space: by length (shortest first), then ascending."""
        if space.order.ranks != self.order:
            return MeldKind.keyed_all_function(self, space)
        top = min(self.max_length or 13, len(self.order.ranks))
        return KeyedAllChains(keyed_allowed(self.order, self.excluded), 1, self.min_length, top)

    def ranks(self, meld: CardSet | Iterable[Card]) -> tuple[Rank, ...]:
        """The ranks of a valid sequence, low to high in ``order``.

        Raises:
            ValueError: the cards are not a valid sequence.
        """
        mask = as_hand_mask(meld)
        if not self.is_valid_mask(mask):
            raise ValueError(f"not a valid sequence: {CardSet.from_mask(mask)}")
        pos = self._layout.positions(natural_of(mask))
        return tuple(r for p, r in enumerate(self._layout.ranks) if pos >> p & 1)

    def ordered(self, meld: CardSet | Iterable[Card]) -> tuple[Card, ...]:
        """The cards of a valid sequence, low to high in ``order``.

        Raises:
            ValueError: the cards are not a valid sequence.
        """
        mask = as_hand_mask(meld)
        ranks = self.ranks(CardSet.from_mask(mask))
        by_rank = {c.rank: c for c in CardSet.from_mask(mask)}
        return tuple(by_rank[r] for r in ranks)

    def _explain(self, mask: int) -> str:
        natural = natural_of(mask)
        problem = rank_problems(self._layout, self.excluded, natural, "sequence")
        if problem:
            return problem
        for r in range(13):
            rank_cards = mask & (SPREAD << r)
            if rank_cards.bit_count() > 1:
                codes = " ".join(c.code for c in CardSet.from_mask(rank_cards))
                return (
                    f"rank {rank_name(r + 2)} has {rank_cards.bit_count()} cards ({codes}); "
                    "a sequence has one card of each rank"
                )
        n = natural.bit_count()
        if n < self.min_length:
            return f"too short: {plural(n, 'card')}, a sequence needs at least {self.min_length}"
        if self.max_length is not None and n > self.max_length:
            return f"too long: {n} cards, a sequence has at most {self.max_length}"
        return gap(self._layout, natural)

    def __str__(self) -> str:
        top = f"-{self.max_length}" if self.max_length else "+"
        return f"sequences of {self.min_length}{top} in {self.order}{excluded_text(self.excluded)}"


@dataclass(frozen=True, slots=True)
class DoubleSequence(MeldKind):
    """Pairs of consecutive ranks in ``order``: exactly two cards of each rank.

    ``DoubleSequence(order, min_pairs=3)`` is Tiến lên's ``33 44 55``. Ranks
    in ``excluded`` never appear, and a double sequence never steps over them.

    [`find`][cardkit.cards.melds.base.MeldKind.find] lists double sequences by their lowest
    rank, then by their number of pairs, then by the suits of their cards (lower ranks
    varying slowest).

    Examples:
        >>> from cardkit import CardSet, RankOrder
        >>> THIRTEEN = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
        >>> pairs = DoubleSequence(THIRTEEN)
        >>> pairs.validate(CardSet.parse("3S 3C 4D 4H 5S 5D")).ok
        True
        >>> pairs.validate(CardSet.parse("3S 3C 3H 4D 4H 5S 5D")).reason
        'rank 3 has 3 cards; a double sequence needs exactly 2 of each rank'

    Attributes:
        order: the rank order the pairs follow.
        min_pairs: the fewest pairs.
        excluded: ranks that may not be part of a double sequence.
        max_pairs: the most pairs, or ``None`` for no limit.
    """

    order: RankOrder
    min_pairs: int = 3
    excluded: frozenset[Rank] = frozenset()
    max_pairs: int | None = None
    _layout: Layout = field(init=False, repr=False, compare=False)
    _valid: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_options("DoubleSequence", self.order, self.min_pairs, self.max_pairs, "min_pairs")
        excluded = frozenset(Rank(r) for r in self.excluded)
        object.__setattr__(self, "excluded", excluded)
        layout = Layout(self.order, excluded)
        object.__setattr__(self, "_layout", layout)
        object.__setattr__(self, "_valid", layout.intervals(self.min_pairs, self.max_pairs))

    @property
    def noun(self) -> str:
        """``"double sequence"``."""
        return "double sequence"

    def is_valid_mask(self, mask: int) -> bool:
        """Whether ``mask`` is one double sequence (a few integer operations)."""
        a = mask & LANE
        b = (mask >> 13) & LANE
        c = (mask >> 26) & LANE
        d = (mask >> 39) & LANE
        natural = a | b | c | d
        if natural not in self._valid or mask.bit_count() != 2 * natural.bit_count():
            return False
        return (a & b) | (c & d) | ((a | b) & (c | d)) == natural

    def find_masks(self, mask: int) -> list[int]:
        """Every double sequence in ``mask``: by lowest rank, then pairs, then suits."""
        layout = self._layout
        a = mask & LANE
        b = (mask >> 13) & LANE
        c = (mask >> 26) & LANE
        d = (mask >> 39) & LANE
        twice = (a & b) | (c & d) | ((a | b) & (c | d))
        pos = layout.lo[twice & 127] | layout.hi[twice >> 7]
        return chains(mask, pos, layout.shift, layout.pairs, self.min_pairs, self.max_pairs)

    def meldable_mask(self, mask: int) -> int:
        """The cards of ``mask`` that are in at least one double sequence inside it."""
        layout = self._layout
        a = mask & LANE
        b = (mask >> 13) & LANE
        c = (mask >> 26) & LANE
        d = (mask >> 39) & LANE
        twice = (a & b) | (c & d) | ((a | b) & (c | d))
        pos = long_segments(layout.lo[twice & 127] | layout.hi[twice >> 7], self.min_pairs)
        return (layout.natural(pos) * SPREAD) & mask if pos else 0

    def keyed_function(self, space: KeySpace) -> KeyedFinder:
        """``find(hand, size, above)`` in key space: double sequences of ``size`` cards
        (``size // 2`` pairs), ascending.

        When ``space``'s rank order is this kind's ``order``, a direct walk of
        rank windows (see `keyed_chains`); otherwise the default.
        """
        if space.order.ranks != self.order:
            return MeldKind.keyed_function(self, space)
        top = min(self.max_pairs or 13, len(self.order.ranks))
        return KeyedChains(keyed_allowed(self.order, self.excluded), 2, self.min_pairs, top)

    def keyed_all_function(self, space: KeySpace) -> Callable[[int], list[int]]:
        """``find_all(hand)`` in key space: by number of pairs (fewest first), then ascending."""
        if space.order.ranks != self.order:
            return MeldKind.keyed_all_function(self, space)
        top = min(self.max_pairs or 13, len(self.order.ranks))
        return KeyedAllChains(keyed_allowed(self.order, self.excluded), 2, self.min_pairs, top)

    def ranks(self, meld: CardSet | Iterable[Card]) -> tuple[Rank, ...]:
        """The ranks of a valid double sequence (each once), low to high in ``order``.

        Raises:
            ValueError: the cards are not a valid double sequence.
        """
        mask = as_hand_mask(meld)
        if not self.is_valid_mask(mask):
            raise ValueError(f"not a valid double sequence: {CardSet.from_mask(mask)}")
        pos = self._layout.positions(natural_of(mask))
        return tuple(r for p, r in enumerate(self._layout.ranks) if pos >> p & 1)

    def ordered(self, meld: CardSet | Iterable[Card]) -> tuple[Card, ...]:
        """The cards of a valid double sequence, by rank in ``order``, then by suit.

        Raises:
            ValueError: the cards are not a valid double sequence.
        """
        mask = as_hand_mask(meld)
        cards = CardSet.from_mask(mask)
        ranks = self.ranks(cards)
        cards = CardSet.from_mask(mask)
        return tuple(c for r in ranks for c in cards.of_rank(r))

    def _explain(self, mask: int) -> str:
        natural = natural_of(mask)
        problem = rank_problems(self._layout, self.excluded, natural, "double sequence")
        if problem:
            return problem
        for rank in self._layout.ranks:
            n = (mask & (SPREAD << (rank - 2))).bit_count()
            if n and n != 2:
                return (
                    f"rank {rank_name(rank)} has {plural(n, 'card')}; "
                    "a double sequence needs exactly 2 of each rank"
                )
        k = natural.bit_count()
        if k < self.min_pairs:
            return (
                f"too short: {plural(k, 'pair')}, a double sequence needs at least {self.min_pairs}"
            )
        if self.max_pairs is not None and k > self.max_pairs:
            return f"too long: {k} pairs, a double sequence has at most {self.max_pairs}"
        return gap(self._layout, natural)

    def __str__(self) -> str:
        top = f"-{self.max_pairs}" if self.max_pairs else "+"
        ex = excluded_text(self.excluded)
        return f"double sequences of {self.min_pairs}{top} pairs in {self.order}{ex}"
