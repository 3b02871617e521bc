"""The deadwood optimiser: the best split of a hand into melds and deadwood.

Rummy games (gin, Tonk, knock rummy…) count the cards of a hand that are in no
meld, the *deadwood*. [`best_melds`][cardkit.cards.melds.deadwood.best_melds] finds disjoint
melds that leave the least deadwood value; it is exact for any hand size.

How it works (all on integer card masks):

1. Each kind says, in a few bit operations, which cards could be in one of
   its melds in this hand ([`meldable_mask`][cardkit.cards.melds.base.MeldKind.meldable_mask]).
   The other cards are deadwood whatever happens; most random hands stop
   here.
2. Books and runs group into *blocks* (all the cards of a rank, a maximal
   run; [`blocks_mask`][cardkit.cards.melds.base.MeldKind.blocks_mask]). When no card could be
   melded by two kinds, taking every block is best, and that is the answer.
3. Otherwise the candidates are the blocks plus, for each block holding
   cards another kind wants, the blocks of what is left when some of those
   cards go ([`sub_blocks_mask`][cardkit.cards.melds.base.MeldKind.sub_blocks_mask]); no other meld
   can do better. A kind without blocks offers all its melds.
4. Candidates that overlap no other are taken. The few that overlap are
   settled exactly: by trying every packing when there are at most ten of
   them, else by a memoised search that decides the lowest card left (either
   it is deadwood, or it is in one of the candidates whose lowest card it
   is), keyed by the mask of the cards left.

With negative card values (melding a card could raise the count) steps 2-4
are replaced by the exact search over every meld.

Ties are broken the same way every time: among splits of equal deadwood value,
the one that melds more cards wins, then the first found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Sequence as Seq
from functools import lru_cache
from typing import Final, NamedTuple

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.melds._bits import LANE, as_hand_mask, cardset, value_lanes
from cardkit.cards.melds._packing import enumerate_best, search_best
from cardkit.cards.melds.base import MeldKind
from cardkit.cards.melds.kinds import NOfAKind
from cardkit.cards.melds.runs import Run
from cardkit.cards.melds.sequences import DoubleSequence, Sequence
from cardkit.cards.orders import CardValues

__all__ = ["DEFAULT_CACHE_SIZE", "MeldSolver", "MeldSplit", "best_melds"]

#: How many hands each [`MeldSolver`][cardkit.cards.melds.deadwood.MeldSolver] remembers by default.
DEFAULT_CACHE_SIZE: Final = 4096
#: Up to this many overlapping candidate melds, every packing is tried; above, a
#: memoised search over the cards is used (it scales better, but costs more per step).
_ENUMERATE_UP_TO: Final = 10


class MeldSplit(NamedTuple):
    """A split of a hand into disjoint melds and deadwood (an immutable named tuple).

    It is a named tuple rather than a dataclass because the optimiser builds
    one per hand in hot loops, and a tuple is built three times faster.

    Attributes:
        melds: the melds, kind by kind in the order the kinds were given.
        deadwood: the cards in no meld.
        deadwood_value: the total value of the deadwood.
    """

    melds: tuple[CardSet, ...]
    deadwood: CardSet
    deadwood_value: int

    @property
    def melded(self) -> CardSet:
        """All the cards in melds."""
        mask = 0
        for meld in self.melds:
            mask |= meld.mask
        return cardset(mask)

    def __str__(self) -> str:
        melds = " ".join(f"[{m}]" for m in self.melds) or "no melds"
        dead = str(self.deadwood) or "none"
        return f"{melds}; deadwood {dead} ({self.deadwood_value})"


_new_split = tuple.__new__  # builds a MeldSplit without the Python-level __new__


class MeldSolver:
    """The deadwood optimiser for one list of meld kinds and one way of counting cards.

    Build one per game and reuse it; [`best_melds`][cardkit.cards.melds.deadwood.best_melds] keeps
    one per
    ``(kinds, values)`` for you. A solver remembers the last
    ``cache_size`` hands it split (``0`` turns the memory off).

    Examples:
        >>> from cardkit import CardSet, CardValues
        >>> from cardkit.cards.melds import NOfAKind, Run
        >>> gin = MeldSolver([NOfAKind(3, 4), Run(3, ace="low")], CardValues.pips())
        >>> split = gin.best(CardSet.parse("AS 2S 3S 4S 4H 4D 9C 9D 9H KC"))
        >>> str(split)
        '[4D 4H 4S] [9C 9D 9H] [2S 3S AS]; deadwood KC (10)'

    Attributes:
        kinds: the meld kinds allowed.
        values: the value of each card.
    """

    __slots__ = (
        "_blockers",
        "_cache_size",
        "_cached",
        "_dedupe",
        "_finders",
        "_jokers",
        "_lane0",
        "_lane1",
        "_lane2",
        "_lane3",
        "_meldables",
        "_nonneg",
        "_sub_blockers",
        "kinds",
        "values",
    )

    def __init__(
        self,
        kinds: Iterable[MeldKind],
        values: CardValues,
        *,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        """A solver for ``kinds`` counting cards with ``values``."""
        self.kinds: tuple[MeldKind, ...] = tuple(kinds)
        if not all(isinstance(k, MeldKind) for k in self.kinds):
            raise TypeError("kinds must be MeldKind instances, such as NOfAKind(3, 4) or Run()")
        if not isinstance(values, CardValues):
            raise TypeError("values must be a CardValues, such as CardValues.pips()")
        self.values = values
        self._meldables: tuple[Callable[[int], int], ...] = tuple(
            k.meldable_function() for k in self.kinds
        )
        self._finders: tuple[Callable[[int], list[int]], ...] = tuple(
            k.find_masks for k in self.kinds
        )
        self._blockers: tuple[Callable[[int], list[int] | None], ...] = tuple(
            k.blocks_mask for k in self.kinds
        )
        self._sub_blockers: tuple[Callable[[int, int], list[int]], ...] = tuple(
            k.sub_blocks_mask for k in self.kinds
        )
        self._dedupe = _may_repeat(self.kinds)
        self._nonneg = min(values.table) >= 0
        self._lane0, self._lane1, self._lane2, self._lane3, self._jokers = value_lanes(values.table)
        self._cache_size = cache_size
        self._cached: Callable[[int], MeldSplit] | None = (
            lru_cache(maxsize=cache_size)(self._split) if cache_size > 0 else None
        )

    def value_mask(self, mask: int) -> int:
        """The total value of the cards of ``mask``."""
        return (
            self._lane0[mask & LANE]
            + self._lane1[mask >> 13 & LANE]
            + self._lane2[mask >> 26 & LANE]
            + self._lane3[mask >> 39 & LANE]
            + self._jokers[mask >> 52 & 3]
        )

    def solve_mask(self, mask: int) -> tuple[tuple[int, ...], int]:
        """The best melds of the hand ``mask`` (as masks) and the deadwood mask.

        The melds come kind by kind, in the order of `kinds`; the order
        within a kind is fixed too.
        """
        finders = self._meldables
        if len(finders) == 2:
            a = finders[0](mask)
            b = finders[1](mask)
            meldable = a | b
            if not meldable:
                return (), mask
            cross = a & b
            if not cross and self._nonneg:  # the usual case: no card two kinds could use
                blockers = self._blockers
                first = blockers[0](a) if a else []
                if first is not None:
                    second = blockers[1](b) if b else []
                    if second is not None:
                        return (*first, *second), mask & ~meldable
            parts: Seq[int] = (a, b)
        else:
            parts = [find(mask) for find in finders]
            meldable = cross = 0
            for m in parts:
                cross |= meldable & m
                meldable |= m
            if not meldable:
                return (), mask
        candidates, disjoint = self._candidates(parts, cross)
        if disjoint:
            return tuple(candidates), mask & ~meldable
        if self._nonneg:
            # cards in two or more candidate melds
            once = twice = 0
            for m in candidates:
                twice |= once & m
                once |= m
            if not twice:  # no overlaps: take every meld
                return tuple(candidates), mask & ~once
            # a meld that overlaps no other is always worth taking
            contested = [m for m in candidates if m & twice]
        else:
            twice = -1
            contested = candidates
        if len(contested) <= _ENUMERATE_UP_TO:
            chosen = enumerate_best(contested, self.value_mask)
        else:
            chosen = search_best(contested, self.value_mask, self._nonneg)
        melds = tuple([m for m in candidates if not m & twice or m in chosen])
        used = 0
        for m in melds:
            used |= m
        return melds, mask & ~used

    def _candidates(self, parts: Seq[int], cross: int) -> tuple[list[int], bool]:
        """The melds worth considering, given each kind's meldable cards, and
        whether they are known to be disjoint and to cover those cards.

        With non-negative values, a kind that groups its melds into blocks
        ([`blocks_mask`][cardkit.cards.melds.base.MeldKind.blocks_mask]) offers its blocks, and,
        for each block holding cards ``S`` that another kind could use, the
        blocks of what is left without some of ``S``. Nothing else can be
        better: in a best split, the melds of that kind inside a block avoid
        the cards other kinds took there, and the blocks of the rest cover
        them.
        """
        candidates: list[int] = []
        disjoint = use_blocks = self._nonneg
        for i, cards in enumerate(parts):
            if not cards:
                continue
            grouped = self._blockers[i](cards) if use_blocks else None
            if grouped is None:
                candidates += self._finders[i](cards)
                disjoint = False
                continue
            candidates += grouped
            if not cards & cross:
                continue
            disjoint = False
            sub_blocks = self._sub_blockers[i]
            extra: dict[int, None] = {}
            for block in grouped:
                shared = block & cross
                if shared:
                    for m in sub_blocks(block, shared):
                        extra[m] = None
            candidates += extra
        if self._dedupe and not disjoint:
            candidates = list(dict.fromkeys(candidates))
        return candidates, disjoint

    def _split(self, mask: int, hand: CardSet | None = None) -> MeldSplit:
        melds, dead = self.solve_mask(mask)
        if melds:
            return _new_split(
                MeldSplit,
                (tuple([cardset(m) for m in melds]), cardset(dead), self.value_mask(dead)),
            )
        return _new_split(MeldSplit, ((), hand or cardset(dead), self.value_mask(dead)))

    def best(self, hand: CardSet | Iterable[Card] | int, *, cache: bool = True) -> MeldSplit:
        """The split of ``hand`` into melds and deadwood with the least deadwood value."""
        if isinstance(hand, CardSet):
            if cache and self._cached is not None:
                return self._cached(hand.mask)
            return self._split(hand.mask, hand)
        mask = as_hand_mask(hand)
        if cache and self._cached is not None:
            return self._cached(mask)
        return self._split(mask)

    def deadwood_value(self, hand: CardSet | Iterable[Card] | int) -> int:
        """The least deadwood value of ``hand`` (no split built, no cache)."""
        mask = hand.mask if isinstance(hand, CardSet) else as_hand_mask(hand)
        return self.value_mask(self.solve_mask(mask)[1])

    def cache_clear(self) -> None:
        """Forget every remembered hand."""
        if self._cached is not None:
            self._cached.cache_clear()  # type: ignore[attr-defined]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle and copy a solver by its kinds, values and cache size (not its memory)."""
        return (_rebuild_solver, (self.kinds, self.values, self._cache_size))

    def __repr__(self) -> str:
        return f"MeldSolver({list(self.kinds)!r}, {self.values!r})"


def _rebuild_solver(kinds: tuple[MeldKind, ...], values: CardValues, cache_size: int) -> MeldSolver:
    return MeldSolver(kinds, values, cache_size=cache_size)


def _may_repeat(kinds: tuple[MeldKind, ...]) -> bool:
    """Whether two of ``kinds`` might find the same meld (so candidates need deduplicating).

    Melds of one rank (n of a kind of 2+) and melds of several ranks (runs,
    sequences, double sequences of 2+) can never be the same set of cards.
    """
    one_rank = [k for k in kinds if isinstance(k, NOfAKind)]
    if len(one_rank) > 1 or any(k.min_size < 2 for k in one_rank):
        return True
    others = [k for k in kinds if not isinstance(k, NOfAKind)]
    if len(others) > 1:
        return True
    for k in others:
        low = getattr(k, "min_length", getattr(k, "min_pairs", 1))
        if not isinstance(k, Run | Sequence | DoubleSequence) or low < 2:
            return bool(one_rank)
    return False


_solvers: dict[tuple[tuple[MeldKind, ...], CardValues], MeldSolver] = {}
_last: list[object] = [None, None, None]


def solver_for(kinds: Seq[MeldKind], values: CardValues) -> MeldSolver:
    """The shared [`MeldSolver`][cardkit.cards.melds.deadwood.MeldSolver] of ``(kinds,
    values)``, built on first use.
    """
    last = _last
    if kinds is last[0] and values is last[1]:
        solver = last[2]
        assert isinstance(solver, MeldSolver)
        return solver
    key = (tuple(kinds), values)
    solver = _solvers.get(key)
    if solver is None:
        if len(_solvers) >= 64:
            _solvers.clear()
        solver = _solvers[key] = MeldSolver(key[0], values)
    last[0], last[1], last[2] = kinds, values, solver
    return solver


def best_melds(
    hand: CardSet | Iterable[Card],
    kinds: Seq[MeldKind],
    values: CardValues,
    *,
    cache: bool = True,
) -> MeldSplit:
    """The disjoint melds of ``hand`` that leave the least deadwood value.

    Exact for any hand size, and fast for the hands rummy games deal (a few
    microseconds for 5-13 cards; see the memoised search of `cardkit.cards.melds._packing` for the
    worst case of very large meld-rich hands). ``kinds`` lists the meld kinds allowed (for gin
    rummy ``[NOfAKind(3, 4), Run(3, ace="low")]``), ``values`` the value of each
    card (``CardValues.pips()``: A = 1, pictures 10). Results are remembered
    per hand unless ``cache=False``; for a hot loop, keep a
    [`MeldSolver`][cardkit.cards.melds.deadwood.MeldSolver] and call it directly.

    Examples:
        >>> from cardkit import CardSet, CardValues
        >>> from cardkit.cards.melds import NOfAKind, Run
        >>> GIN = (NOfAKind(3, 4), Run(3, ace="low"))
        >>> hand = CardSet.parse("7C 7D 7H 7S 8S 9S 2D 3D 4D KH")
        >>> split = best_melds(hand, GIN, CardValues.pips())
        >>> [str(m) for m in split.melds], str(split.deadwood), split.deadwood_value
        (['7C 7D 7H', '2D 3D 4D', '7S 8S 9S'], 'KH', 10)
    """
    last = _last
    if kinds is last[0] and values is last[1]:
        solver: MeldSolver = last[2]  # type: ignore[assignment]
    else:
        solver = solver_for(kinds, values)
    if isinstance(hand, CardSet):
        if cache and solver._cached is not None:
            return solver._cached(hand.mask)
        return solver._split(hand.mask, hand)
    mask = as_hand_mask(hand)
    if cache and solver._cached is not None:
        return solver._cached(mask)
    return solver._split(mask)
