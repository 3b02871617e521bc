"""MeldKind: the abstract base of every kind of meld or combination.

A kind is an immutable, hashable value (a frozen dataclass) holding its
options. It answers three questions about cards, each in two speeds:

* is this a valid meld? [`validate`][cardkit.cards.melds.base.MeldKind.validate] (with the reason)
and
  [`is_valid`][cardkit.cards.melds.base.MeldKind.is_valid] (a bare bool, for hot loops);
* which melds are inside this hand? [`find`][cardkit.cards.melds.base.MeldKind.find] (card sets) and
  [`find_masks`][cardkit.cards.melds.base.MeldKind.find_masks] (plain integer masks, for hot loops);
* can this card be added to this meld? [`extends`][cardkit.cards.melds.base.MeldKind.extends]
  (and, over several melds and kinds, [`lay_off`][cardkit.cards.melds.base.lay_off]);
* for climbing games, which melds of one size are inside this hand, ordered
  by their highest card under a card order?
  [`find_keyed`][cardkit.cards.melds.base.MeldKind.find_keyed] and
  [`keyed_function`][cardkit.cards.melds.base.MeldKind.keyed_function] (see
  `cardkit.cards.keyspace`).

Subclasses implement the mask-level methods
[`is_valid_mask`][cardkit.cards.melds.base.MeldKind.is_valid_mask],
[`find_masks`][cardkit.cards.melds.base.MeldKind.find_masks] and `_explain`; everything else
is built on them here.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from collections.abc import Sequence as Seq

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.keyspace import KeySpace
from cardkit.cards.melds._bits import STANDARD, as_hand_mask, cardset, to_mask
from cardkit.cards.melds.check import VALID, MeldCheck

#: ``hand, size, above -> melds``: the signature of
#: [`MeldKind.keyed_function`][cardkit.cards.melds.base.MeldKind.keyed_function]'s answer.
KeyedFinder = Callable[[int, int, int], list[int]]
_KEYED_CACHE: dict[tuple[MeldKind, KeySpace], KeyedFinder] = {}

__all__ = ["KeyedFinder", "MeldKind", "lay_off"]


class MeldKind(ABC):
    """A kind of meld: n of a kind, a run, a sequence, a double sequence...

    Every method that takes cards accepts a [`CardSet`][cardkit.cards.cardset.CardSet]
    (fastest) or any iterable of [`Card`][cardkit.cards.card.Card]. Methods whose
    name ends in ``_mask`` take and return plain card masks
    (`CardSet.mask`), for inner loops.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def noun(self) -> str:
        """What players call one meld of this kind, such as ``"run"``."""

    # -- mask level: implemented by each kind -------------------------------------

    @abstractmethod
    def is_valid_mask(self, mask: int) -> bool:
        """Whether the cards of ``mask`` form one valid meld of this kind."""

    @abstractmethod
    def find_masks(self, mask: int) -> list[int]:
        """The mask of every meld of this kind inside ``mask``, in a fixed order."""

    @abstractmethod
    def _explain(self, mask: int) -> str:
        """Why the cards of ``mask`` (no duplicates, no jokers, not empty) are not a
        valid meld; the empty string when they are."""

    def meldable_mask(self, mask: int) -> int:
        """The cards of ``mask`` that belong to at least one meld of this kind inside it.

        Cards outside it can never be melded (by this kind) in this hand. Kinds
        override this with a few bit operations; the default unites
        [`find_masks`][cardkit.cards.melds.base.MeldKind.find_masks].
        """
        out = 0
        for meld in self.find_masks(mask):
            out |= meld
        return out

    def meldable_function(self) -> Callable[[int], int]:
        """The fastest callable equivalent to
        [`meldable_mask`][cardkit.cards.melds.base.MeldKind.meldable_mask] (for hot loops).
        """
        return self.meldable_mask

    def blocks_mask(self, mask: int) -> list[int] | None:
        """The melds inside ``mask`` grouped into blocks, when they group neatly.

        A grouping is a list of disjoint blocks, each itself a valid meld of
        this kind, such that every meld of this kind inside ``mask`` lies
        inside one block (so, with no competition from other kinds and
        non-negative card values, taking the blocks is optimal). For example
        the runs of a suit group into maximal runs when no length limit cuts
        them. Returns ``None`` when there is no such grouping, which is always
        correct; the deadwood optimiser then considers every meld. The default
        returns ``None``.
        """
        return None

    def sub_blocks_mask(self, block: int, shared: int) -> list[int]:
        """What the deadwood optimiser considers inside a block when other kinds want some
        of its cards.

        ``block`` is one block of
        [`blocks_mask`][cardkit.cards.melds.base.MeldKind.blocks_mask] and ``shared`` some of
        its cards. Returns, each once, the blocks of what is left of ``block`` after
        taking out any non-empty subset of ``shared`` (all its melds, when that rest
        does not group into blocks). The default tries every subset; kinds override it
        with a direct construction.
        """
        out: dict[int, None] = {}
        subset = shared
        while subset:
            rest = self.meldable_mask(block & ~subset)
            if rest:
                grouped = self.blocks_mask(rest)
                for m in self.find_masks(rest) if grouped is None else grouped:
                    out[m] = None
            subset = (subset - 1) & shared
        return list(out)

    # -- key space (climbing games) -------------------------------------------------

    def keyed_function(self, space: KeySpace) -> KeyedFinder:
        """A fast ``find(hand, size, above) -> melds`` in the key space ``space``.

        ``hand`` is a keyed mask (see [`KeySpace`][cardkit.cards.keyspace.KeySpace]);
        the answer is the keyed mask of every meld of this kind inside it that
        has exactly ``size`` cards and whose highest card's key is above
        ``above`` (pass -1 for all), ascending as integers: by highest card,
        then next highest, and so on. Build it once and keep it (for hot
        loops). The default converts
        [`find_masks`][cardkit.cards.melds.base.MeldKind.find_masks]; kinds whose melds follow
        the card order's ranks override it with a direct walk.
        """
        find_masks = self.find_masks
        to_keyed = space.keyed
        to_natural = space.natural

        def find(hand: int, size: int, above: int = -1) -> list[int]:
            found = [to_keyed(m) for m in find_masks(to_natural(hand)) if m.bit_count() == size]
            limit = (2 << above) - 1 if above >= 0 else 0
            return sorted(m for m in found if m > limit)

        return find

    def keyed_all_function(self, space: KeySpace) -> Callable[[int], list[int]]:
        """A fast ``find_all(hand) -> melds``: every meld of this kind inside the keyed mask
        ``hand``, each once, as keyed masks.

        The order is fixed; by default by size (smallest first), then ascending
        as in [`keyed_function`][cardkit.cards.melds.base.MeldKind.keyed_function]. Kinds may
        document another (n of a kind: rank by rank, as
        [`find`][cardkit.cards.melds.base.MeldKind.find] does).
        """
        find = self.keyed_function(space)

        def find_all(hand: int) -> list[int]:
            out: list[int] = []
            for size in range(1, hand.bit_count() + 1):
                out += find(hand, size, -1)
            return out

        return find_all

    def find_keyed(
        self, hand: int, space: KeySpace, size: int | None = None, above: int = -1
    ) -> list[int]:
        """The melds of ``size`` cards inside the keyed mask ``hand`` whose highest card's key is
        above ``above``, as keyed masks, ascending (see
        [`keyed_function`][cardkit.cards.melds.base.MeldKind.keyed_function]). With ``size``
        ``None``, the melds of every size, in the order of
        [`keyed_all_function`][cardkit.cards.melds.base.MeldKind.keyed_all_function].

        Examples:
            >>> from cardkit import CardOrder, CardSet, RankOrder, SuitOrder
            >>> from cardkit.cards.melds import KeySpace, NOfAKind
            >>> space = KeySpace(CardOrder(RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2"),
            ...                            SuitOrder.parse("S C D H")))
            >>> hand = space.mask(CardSet.parse("3S 3H 3D 9C 9S"))
            >>> [str(space.cardset(m)) for m in NOfAKind(2, 2).find_keyed(hand, space, 2)]
            ['3D 3S', '3H 3S', '3D 3H', '9C 9S']
            >>> [str(space.cardset(m)) for m in NOfAKind(2, 2).find_keyed(hand, space, 2, above=3)]
            ['9C 9S']
        """
        if size is None:
            limit = (2 << above) - 1 if above >= 0 else 0
            return [m for m in self.keyed_all_function(space)(hand) if m > limit]
        key = (self, space)
        find = _KEYED_CACHE.get(key)
        if find is None:
            if len(_KEYED_CACHE) >= 64:
                _KEYED_CACHE.clear()
            find = _KEYED_CACHE[key] = self.keyed_function(space)
        return find(hand, size, above)

    def __reduce__(self) -> str | tuple[object, ...]:
        """Pickle and copy a kind by its options (its lookup tables are rebuilt)."""
        if not dataclasses.is_dataclass(self):
            return super().__reduce__()
        options = tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.init)
        return (type(self), options)

    # -- card level ---------------------------------------------------------------

    def validate(self, cards: Iterable[Card] | CardSet) -> MeldCheck:
        """Check that ``cards`` form one valid meld of this kind, saying why not.

        The result is truthy when they do; otherwise its ``reason`` says what
        is wrong in words meant for players.
        """
        mask, dup = to_mask(cards)
        if dup is not None:
            return MeldCheck(False, f"card {dup.code} is given twice")
        if not mask:
            return MeldCheck(False, f"no cards: a {self.noun} needs cards")
        if mask & ~STANDARD:
            jokers = " and ".join(c.code for c in cardset(mask & ~STANDARD))
            return MeldCheck(False, f"{jokers}: jokers are not wild in a {self.noun}")
        reason = self._explain(mask)
        return MeldCheck(False, reason) if reason else VALID

    def is_valid(self, cards: Iterable[Card] | CardSet) -> bool:
        """Whether ``cards`` form one valid meld of this kind (no message; fast)."""
        if isinstance(cards, CardSet):
            return self.is_valid_mask(cards.mask)
        mask, dup = to_mask(cards)
        return dup is None and self.is_valid_mask(mask)

    def find(self, hand: CardSet | Iterable[Card]) -> list[CardSet]:
        """Every meld of this kind inside ``hand``: all sizes, all choices of suits.

        The order is fixed (it depends only on the cards, never on chance);
        each kind documents it.
        """
        return [cardset(m) for m in self.find_masks(as_hand_mask(hand))]

    def has_meld(self, hand: CardSet | Iterable[Card]) -> bool:
        """Whether ``hand`` holds at least one meld of this kind."""
        return self.meldable_mask(as_hand_mask(hand)) != 0

    def extends(self, meld: CardSet | Iterable[Card], card: Card) -> bool:
        """Whether adding ``card`` to the valid meld ``meld`` gives a valid meld.

        This is a "hit" in Tonk or a "lay off" in rummy: ``card`` must not
        already be in the meld, and the meld with it must be valid.
        """
        mask = as_hand_mask(meld)
        return not mask & card.bit and self.is_valid_mask(mask | card.bit)

    def extensions(self, meld: CardSet | Iterable[Card], hand: CardSet | Iterable[Card]) -> CardSet:
        """The cards of ``hand`` that, added alone, extend ``meld`` (see
        [`extends`][cardkit.cards.melds.base.MeldKind.extends]).
        """
        mask = as_hand_mask(meld)
        out = 0
        rest = as_hand_mask(hand) & ~mask & STANDARD
        is_valid = self.is_valid_mask
        while rest:
            low = rest & -rest
            if is_valid(mask | low):
                out |= low
            rest ^= low
        return cardset(out)


def lay_off(melds: Seq[CardSet], card: Card, kinds: Seq[MeldKind]) -> tuple[CardSet, ...] | None:
    """``melds`` with ``card`` laid off on the first of them it extends by one of ``kinds``
    (see [`extends`][cardkit.cards.melds.base.MeldKind.extends]), or ``None`` when it extends
    none: a lay-off in rummy, a hit in Tonk.

    >>> from cardkit.cards.melds import NOfAKind, Run
    >>> melds = (CardSet.parse("4C 4D 4H"), CardSet.parse("5S 6S 7S"))
    >>> [str(meld) for meld in lay_off(melds, Card.parse("8S"), (NOfAKind(3, 4), Run(3)))]
    ['4C 4D 4H', '5S 6S 7S 8S']
    >>> lay_off(melds, Card.parse("9S"), (NOfAKind(3, 4), Run(3))) is None
    True
    """
    for at, meld in enumerate(melds):
        if any(kind.extends(meld, card) for kind in kinds):
            return (*melds[:at], meld.add(card), *melds[at + 1 :])
    return None
