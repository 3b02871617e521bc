"""Sequence and DoubleSequence: consecutive ranks in a game's rank order, any suits.

Tiến lên's sequences (``3 4 5``, any suits, no 2s) and double sequences
(``33 44 55``) are the examples: the order is the game's (``3 … A 2``), and
some ranks may be excluded (the 2s).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Final

from cardkit.cards import Card, Rank
from cardkit.cardset import CardSet
from cardkit.melds._bits import (
    LANE,
    SPREAD,
    as_hand_mask,
    plural,
    rank_name,
    rank_pattern_subsets,
)
from cardkit.melds.base import KeyedFinder, MeldKind
from cardkit.melds.climbing import NIBBLES, KeySpace, nibble_subsets
from cardkit.orders import RankOrder

__all__ = ["DoubleSequence", "Sequence"]

_SINGLES = rank_pattern_subsets([1])
_PAIRS = rank_pattern_subsets([2])
#: In key space, ``[4 * p][nibble]``: the choices of one card (or one pair) of a rank, ascending.
_KEYED_SINGLES: Final = nibble_subsets(1)
_KEYED_PAIRS: Final = nibble_subsets(2)


class _Layout:
    """Lookup tables of one rank order with some ranks excluded (private).

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


def _check_options(kind: str, order: RankOrder, lo: int, hi: int | None, what: str) -> None:
    if not isinstance(order, RankOrder):
        raise TypeError(f"{kind} needs a RankOrder, got {type(order).__name__}")
    if lo < 1:
        raise ValueError(f"{what} must be at least 1, got {lo}")
    if hi is not None and hi < lo:
        raise ValueError(f"max_{what.split('_', 1)[1]} ({hi}) must be at least {what} ({lo})")


def _rank_problems(layout: _Layout, excluded: frozenset[Rank], natural: int, noun: str) -> str:
    bad = natural & layout.bad
    if not bad:
        return ""
    rank = Rank((bad & -bad).bit_length() + 1)
    if rank in excluded:
        return f"{rank_name(rank)} is excluded from {noun}s"
    order = " ".join(map(rank_name, layout.ranks))
    return f"{rank_name(rank)} has no place in the rank order ({order})"


def _gap(layout: _Layout, natural: int) -> str:
    pos = layout.positions(natural)
    held = [p for p in range(len(layout.ranks)) if pos >> p & 1]
    for a, b in pairwise(held):
        if b != a + 1:
            return f"gap between {rank_name(layout.ranks[a])} and {rank_name(layout.ranks[b])}"
    return ""


def _natural_of(mask: int) -> int:
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & LANE


@dataclass(frozen=True, slots=True)
class Sequence(MeldKind):
    """Cards of consecutive ranks in ``order``, any suits, one card of each rank.

    Ranks in ``excluded`` (and ranks the order leaves out) never appear in a
    sequence, and a sequence never steps over them.

    [`find`][cardkit.melds.base.MeldKind.find] lists sequences by their lowest rank (in
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
    _layout: _Layout = field(init=False, repr=False, compare=False)
    _valid: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_options("Sequence", self.order, self.min_length, self.max_length, "min_length")
        excluded = frozenset(Rank(r) for r in self.excluded)
        object.__setattr__(self, "excluded", excluded)
        layout = _Layout(self.order, excluded)
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
        return _chains(mask, pos, layout.shift, layout.singles, self.min_length, self.max_length)

    def meldable_mask(self, mask: int) -> int:
        """The cards of ``mask`` that are in at least one sequence inside it."""
        layout = self._layout
        natural = (mask | mask >> 13 | mask >> 26 | mask >> 39) & LANE
        pos = _long_segments(layout.lo[natural & 127] | layout.hi[natural >> 7], self.min_length)
        return (layout.natural(pos) * SPREAD) & mask if pos else 0

    def keyed_function(self, space: KeySpace) -> KeyedFinder:
        """``find(hand, size, above)`` in key space: sequences of ``size`` cards, ascending.

        When ``space``'s rank order is this kind's ``order``, a direct walk of
        rank windows (see `_keyed_chains`); otherwise the default.
        """
        if space.order.ranks != self.order:
            return MeldKind.keyed_function(self, space)
        allowed = _keyed_allowed(self.order, self.excluded)
        low_size = self.min_length
        top_size = min(self.max_length or 13, len(self.order.ranks))

        def find(hand: int, size: int, above: int = -1) -> list[int]:
            if size < low_size or size > top_size:
                return []
            held = (hand | hand >> 1 | hand >> 2 | hand >> 3) & allowed
            return _keyed_chains(hand, held, size, 1, _KEYED_SINGLES, above)

        return find

    def keyed_all_function(self, space: KeySpace) -> Callable[[int], list[int]]:
        """``find_all(hand)`` in key space: by length (shortest first), then ascending."""
        if space.order.ranks != self.order:
            return MeldKind.keyed_all_function(self, space)
        allowed = _keyed_allowed(self.order, self.excluded)
        lengths = range(self.min_length, min(self.max_length or 13, len(self.order.ranks)) + 1)

        shifts = tuple(4 * i for i in range(1, lengths.start))
        last = lengths.stop - 1

        def find_all(hand: int) -> list[int]:
            held = (hand | hand >> 1 | hand >> 2 | hand >> 3) & allowed
            starts = held
            for shift in shifts:
                starts &= held >> shift
            if not starts:  # the common case
                return []
            return _keyed_all_chains(hand, held, starts, lengths.start, last, 1, _KEYED_SINGLES)

        return find_all

    def ranks(self, meld: CardSet | Iterable[Card]) -> tuple[Rank, ...]:
        """The ranks of a valid sequence, low to high in ``order``.

        Raises:
            ValueError: the cards are not a valid sequence.
        """
        mask = as_hand_mask(meld)
        if not self.is_valid_mask(mask):
            raise ValueError(f"not a valid sequence: {CardSet.from_mask(mask)}")
        pos = self._layout.positions(_natural_of(mask))
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
        natural = _natural_of(mask)
        problem = _rank_problems(self._layout, self.excluded, natural, "sequence")
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
        return _gap(self._layout, natural)

    def __str__(self) -> str:
        top = f"-{self.max_length}" if self.max_length else "+"
        return f"sequences of {self.min_length}{top} in {self.order}{_excluded(self.excluded)}"


@dataclass(frozen=True, slots=True)
class DoubleSequence(MeldKind):
    """Pairs of consecutive ranks in ``order``: exactly two cards of each rank.

    ``DoubleSequence(order, min_pairs=3)`` is Tiến lên's ``33 44 55``. Ranks
    in ``excluded`` never appear, and a double sequence never steps over them.

    [`find`][cardkit.melds.base.MeldKind.find] lists double sequences by their lowest
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
    _layout: _Layout = field(init=False, repr=False, compare=False)
    _valid: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_options("DoubleSequence", self.order, self.min_pairs, self.max_pairs, "min_pairs")
        excluded = frozenset(Rank(r) for r in self.excluded)
        object.__setattr__(self, "excluded", excluded)
        layout = _Layout(self.order, excluded)
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
        return _chains(mask, pos, layout.shift, layout.pairs, self.min_pairs, self.max_pairs)

    def meldable_mask(self, mask: int) -> int:
        """The cards of ``mask`` that are in at least one double sequence inside it."""
        layout = self._layout
        a = mask & LANE
        b = (mask >> 13) & LANE
        c = (mask >> 26) & LANE
        d = (mask >> 39) & LANE
        twice = (a & b) | (c & d) | ((a | b) & (c | d))
        pos = _long_segments(layout.lo[twice & 127] | layout.hi[twice >> 7], self.min_pairs)
        return (layout.natural(pos) * SPREAD) & mask if pos else 0

    def keyed_function(self, space: KeySpace) -> KeyedFinder:
        """``find(hand, size, above)`` in key space: double sequences of ``size`` cards
        (``size // 2`` pairs), ascending.

        When ``space``'s rank order is this kind's ``order``, a direct walk of
        rank windows (see `_keyed_chains`); otherwise the default.
        """
        if space.order.ranks != self.order:
            return MeldKind.keyed_function(self, space)
        allowed = _keyed_allowed(self.order, self.excluded)
        low_pairs = self.min_pairs
        top_pairs = min(self.max_pairs or 13, len(self.order.ranks))

        def find(hand: int, size: int, above: int = -1) -> list[int]:
            pairs = size >> 1
            if size & 1 or pairs < low_pairs or pairs > top_pairs:
                return []
            a = hand & allowed
            b = (hand >> 1) & allowed
            c = (hand >> 2) & allowed
            d = (hand >> 3) & allowed
            held = (a & b) | (c & d) | ((a | b) & (c | d))
            return _keyed_chains(hand, held, pairs, 2, _KEYED_PAIRS, above)

        return find

    def keyed_all_function(self, space: KeySpace) -> Callable[[int], list[int]]:
        """``find_all(hand)`` in key space: by number of pairs (fewest first), then ascending."""
        if space.order.ranks != self.order:
            return MeldKind.keyed_all_function(self, space)
        allowed = _keyed_allowed(self.order, self.excluded)
        lengths = range(self.min_pairs, min(self.max_pairs or 13, len(self.order.ranks)) + 1)
        shifts = tuple(4 * i for i in range(1, lengths.start))
        last = lengths.stop - 1

        def find_all(hand: int) -> list[int]:
            a = hand & allowed
            b = (hand >> 1) & allowed
            c = (hand >> 2) & allowed
            d = (hand >> 3) & allowed
            held = (a & b) | (c & d) | ((a | b) & (c | d))
            starts = held
            for shift in shifts:
                starts &= held >> shift
            if not starts:  # the common case
                return []
            return _keyed_all_chains(hand, held, starts, lengths.start, last, 2, _KEYED_PAIRS)

        return find_all

    def ranks(self, meld: CardSet | Iterable[Card]) -> tuple[Rank, ...]:
        """The ranks of a valid double sequence (each once), low to high in ``order``.

        Raises:
            ValueError: the cards are not a valid double sequence.
        """
        mask = as_hand_mask(meld)
        if not self.is_valid_mask(mask):
            raise ValueError(f"not a valid double sequence: {CardSet.from_mask(mask)}")
        pos = self._layout.positions(_natural_of(mask))
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
        natural = _natural_of(mask)
        problem = _rank_problems(self._layout, self.excluded, natural, "double sequence")
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
        return _gap(self._layout, natural)

    def __str__(self) -> str:
        top = f"-{self.max_pairs}" if self.max_pairs else "+"
        ex = _excluded(self.excluded)
        return f"double sequences of {self.min_pairs}{top} pairs in {self.order}{ex}"


def _excluded(ranks: frozenset[Rank]) -> str:
    return f", no {' '.join(rank_name(r) for r in sorted(ranks))}" if ranks else ""


def _long_segments(pos: int, length: int) -> int:
    """The bits of ``pos`` in blocks of at least ``length`` consecutive bits."""
    out = 0
    while pos:
        low = pos & -pos
        block = pos & ~(pos + low)
        if block.bit_count() >= length:
            out |= block
        pos ^= block
    return out


def _chains(
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


def _keyed_allowed(order: RankOrder, excluded: frozenset[Rank]) -> int:
    """In key space, bit ``4 * p`` of each position whose rank may be in a chain."""
    return sum(1 << (4 * p) for p, r in enumerate(order.ranks) if r not in excluded) & NIBBLES


def _keyed_all_chains(
    hand: int,
    held: int,
    starts: int,
    ranks: int,
    last: int,
    per_rank: int,
    choices_of: tuple[tuple[tuple[int, ...], ...], ...],
) -> list[int]:
    """The chains of ``ranks`` to ``last`` ranks (see `_keyed_chains`), by length, then
    ascending, given the ``starts`` of the windows of ``ranks`` ranks. The windows of one
    length are those of the previous one, one bit operation on; the walk stops at the
    first length with none."""
    out: list[int] = []
    while starts and ranks <= last:
        out += _window_chains(hand, starts, ranks, per_rank, choices_of)
        starts &= held >> (4 * ranks)
        ranks += 1
    return out


def _keyed_chains(
    hand: int,
    held: int,
    ranks: int,
    per_rank: int,
    choices_of: tuple[tuple[tuple[int, ...], ...], ...],
    above: int,
) -> list[int]:
    """The chains of ``ranks`` consecutive rank positions of ``held`` in the keyed ``hand``,
    ``per_rank`` cards of each (chosen by ``choices_of``), ascending as keyed masks; only
    those whose highest card is above ``above`` (-1: all).

    ``held`` has bit ``4 * p`` for each position that may take part; a window
    of ``ranks`` positions is one bit operation per rank.
    """
    starts = held
    for i in range(1, ranks):
        starts &= held >> (4 * i)
        if not starts:
            return []
    if above >= 0:
        first = 4 * ((above >> 2) - ranks + 1)  # lowest start whose top rank reaches above's
        if first > 0:
            starts &= -(1 << first)
    out = _window_chains(hand, starts, ranks, per_rank, choices_of)
    if above >= 0 and out and out[0] < (2 << above):
        del out[: bisect_right(out, (2 << above) - 1)]
    return out


def _window_chains(
    hand: int,
    starts: int,
    ranks: int,
    per_rank: int,
    choices_of: tuple[tuple[tuple[int, ...], ...], ...],
) -> list[int]:
    """The chains of ``ranks`` ranks starting at each bit of ``starts`` (bit ``4 * p``: a
    window from position ``p``), ascending.

    Within a window the highest rank's choice varies slowest, then the next
    lower rank's, so the output is ascending without a sort. A window where
    each rank has only one choice is one chain.
    """
    size = ranks * per_rank
    span = (1 << (4 * ranks)) - 1
    top_offset = 4 * (ranks - 1)
    out: list[int] = []
    while starts:
        low = starts & -starts
        starts ^= low
        start = low.bit_length() - 1
        cards = hand & (span << start)
        if cards.bit_count() == size:  # one choice for every rank
            out.append(cards)
            continue
        slot = start + top_offset
        partial = list(choices_of[slot][(hand >> slot) & 15])
        while slot > start:
            slot -= 4
            choices = choices_of[slot][(hand >> slot) & 15]
            if len(choices) == 1:
                one = choices[0]
                partial = [m | one for m in partial]
            else:
                partial = [m | c for m in partial for c in choices]
        out += partial
    return out
