"""KeySpace: hands as rank-major masks of a card order, for climbing games.

Climbing games (Tiến lên, Big Two, President…) compare combinations by their
highest card under a [`CardOrder`][cardkit.cards.orders.CardOrder]. In the *key space*
of a card order a hand is an integer with bit ``order.key(card)`` set for
each card held (``key = rank_position * 4 + suit_position``). There:

* the highest card of a set of cards is its highest bit, so its key is
  ``mask.bit_length() - 1``, and "the cards above key ``k``" is
  ``mask & -(2 << k)``;
* the four cards of the rank at position ``p`` are the 4-bit *nibble*
  ``(mask >> 4 * p) & 15``, in suit order;
* comparing two keyed masks as integers compares their highest cards, then
  their next highest, and so on.

Every meld kind lists its melds in key space with
[`MeldKind.find_keyed`][cardkit.cards.melds.base.MeldKind.find_keyed] (and, for hot
loops, [`MeldKind.keyed_function`][cardkit.cards.melds.base.MeldKind.keyed_function]):
the melds of one size, ascending as integers, optionally only those whose
highest card is above a key. [`NOfAKind`][cardkit.cards.melds.kinds.NOfAKind],
[`Sequence`][cardkit.cards.melds.sequences.Sequence] and
[`DoubleSequence`][cardkit.cards.melds.sequences.DoubleSequence] (whose order is the card
order's rank order) walk the nibbles directly; any other kind converts the answer of its
[`find_masks`][cardkit.cards.melds.base.MeldKind.find_masks].

Examples:
    >>> from cardkit import CardOrder, CardSet, RankOrder, SuitOrder
    >>> RANKS = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
    >>> THIRTEEN = CardOrder(RANKS, SuitOrder.parse("S C D H"))
    >>> space = KeySpace(THIRTEEN)
    >>> hand = space.mask(CardSet.parse("3S 3H 2C"))
    >>> hand == 1 | 1 << 3 | 1 << 49
    True
    >>> [c.code for c in space.cards(hand)]
    ['3S', '3H', '2C']
    >>> space.card(hand.bit_length() - 1).code
    '2C'
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Final

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet

if TYPE_CHECKING:
    from cardkit.cards.orders import CardOrder

# The order module sorts card sets through a key space, so this module may not import it
# at run time: a card order is recognised by what it is made of.
_ORDER_PARTS = ("ranks", "keys", "key")

#: How many masks' cards a key space keeps (then it starts again).
_KEPT: Final = 4096

__all__ = ["NIBBLES", "KeySpace", "nibble_subsets"]

#: Bit ``4 * p`` for each of the 13 rank positions: the lowest card of every nibble.
NIBBLES: Final = sum(1 << (4 * p) for p in range(13))


def nibble_subsets(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[4 * p][nibble]``: the subsets of ``size`` cards of that holding of the rank at
    position ``p``, shifted into place and ascending (entries between multiples of 4 are
    empty)."""
    rows: list[tuple[tuple[int, ...], ...]] = []
    for shift in range(52):
        if shift % 4:
            rows.append(())
            continue
        row = []
        for nib in range(16):
            bits = [1 << s for s in range(4) if nib >> s & 1]
            row.append(tuple(sorted(sum(c) << shift for c in combinations(bits, size))))
        rows.append(tuple(row))
    return tuple(rows)


class KeySpace:
    """The key space of a [`CardOrder`][cardkit.cards.orders.CardOrder] (see the module docs).

    A key space converts between keyed masks and the core's card masks
    (`CardSet.mask`, called *natural*
    here) and names the cards of a keyed mask. Cards without a key (jokers,
    ranks the order leaves out) have no place in it. Key spaces compare and
    hash by their order.

    Attributes:
        order: the card order.
        positions: the number of ranks in the order (keys run from 0 to
            ``4 * positions - 1``).
        by_key: the card of each key (for hot loops).
    """

    __slots__ = (
        "_cards",
        "_cardsets",
        "_hash",
        "_keyable",
        "_to_keyed",
        "_to_natural",
        "by_key",
        "order",
        "positions",
    )

    def __init__(self, order: CardOrder) -> None:
        """The key space of ``order``."""
        if not all(hasattr(order, part) for part in _ORDER_PARTS):
            raise TypeError(f"KeySpace needs a CardOrder, got {type(order).__name__}")
        self.order = order
        self.positions: int = len(order.ranks)
        keys = order.keys
        by_key: list[Card | None] = [None] * (4 * self.positions)
        keyable = 0
        for card in Card._by_index:
            key = keys[card.index]
            if key >= 0:
                by_key[key] = card
                keyable |= card.bit
        assert all(c is not None for c in by_key)
        self.by_key: tuple[Card, ...] = tuple(c for c in by_key if c is not None)
        self._keyable = keyable
        # natural -> keyed: per suit lane, low 7 ranks and high 6 ranks
        to_keyed: list[tuple[int, ...]] = []
        for suit in range(4):
            for lo, width in ((0, 7), (7, 6)):
                table = []
                for chunk in range(1 << width):
                    out = 0
                    for i in range(width):
                        if chunk >> i & 1:
                            key = keys[suit * 13 + lo + i]
                            if key >= 0:
                                out |= 1 << key
                    table.append(out)
                to_keyed.append(tuple(table))
        self._to_keyed = tuple(to_keyed)
        # keyed -> natural: 8 keys (two ranks) at a time
        n = len(self.by_key)
        assert n <= 56, "at most 56 keys: seven tables of 8"
        self._to_natural = tuple(
            tuple(
                sum(self.by_key[8 * i + b].bit for b in range(min(8, n - 8 * i)) if chunk >> b & 1)
                for chunk in range(256)
            )
            if 8 * i < n
            else (0,) * 256
            for i in range(7)
        )
        self._hash = hash(("KeySpace", order))
        # The same hands and plays are shown again and again (views, action texts): the
        # cards of recent masks are kept, up to `_KEPT` of each.
        self._cards: dict[int, tuple[Card, ...]] = {}
        self._cardsets: dict[int, CardSet] = {}

    def keyed(self, natural: int) -> int:
        """The keyed mask of a card mask.

        Raises:
            ValueError: a card of ``natural`` has no key in this order.
        """
        if natural & ~self._keyable:
            bad = " ".join(c.code for c in CardSet.from_mask(natural & ~self._keyable))
            raise ValueError(f"{bad}: no place in the card order {self.order!r}")
        t = self._to_keyed
        return (
            t[0][natural & 127]
            | t[1][(natural >> 7) & 63]
            | t[2][(natural >> 13) & 127]
            | t[3][(natural >> 20) & 63]
            | t[4][(natural >> 26) & 127]
            | t[5][(natural >> 33) & 63]
            | t[6][(natural >> 39) & 127]
            | t[7][(natural >> 46) & 63]
        )

    def natural(self, keyed: int) -> int:
        """The card mask (`CardSet.mask`) of a keyed mask."""
        t = self._to_natural  # seven lookups, unrolled: views and observations call it often
        return (
            t[0][keyed & 255]
            | t[1][(keyed >> 8) & 255]
            | t[2][(keyed >> 16) & 255]
            | t[3][(keyed >> 24) & 255]
            | t[4][(keyed >> 32) & 255]
            | t[5][(keyed >> 40) & 255]
            | t[6][(keyed >> 48) & 255]
        )

    def mask(self, cards: Iterable[Card] | CardSet) -> int:
        """The keyed mask of some cards.

        Raises:
            ValueError: a card has no key in this order.
        """
        if isinstance(cards, CardSet):
            return self.keyed(cards.mask)
        out = 0
        for card in cards:
            out |= card.bit
        return self.keyed(out)

    def cardset(self, keyed: int) -> CardSet:
        """The cards of a keyed mask as a [`CardSet`][cardkit.cards.cardset.CardSet]."""
        kept = self._cardsets
        found = kept.get(keyed)
        if found is None:
            if len(kept) >= _KEPT:
                kept.clear()
            found = kept[keyed] = CardSet.from_mask(self.natural(keyed))
        return found

    def cards(self, keyed: int) -> tuple[Card, ...]:
        """The cards of a keyed mask, lowest first in the order."""
        kept = self._cards
        found = kept.get(keyed)
        if found is not None:
            return found
        by_key = self.by_key
        out = []
        mask = keyed
        while mask:
            low = mask & -mask
            out.append(by_key[low.bit_length() - 1])
            mask ^= low
        if len(kept) >= _KEPT:
            kept.clear()
        found = kept[keyed] = tuple(out)
        return found

    def card(self, key: int) -> Card:
        """The card of a key."""
        return self.by_key[key]

    def key(self, card: Card) -> int:
        """The key of a card (-1 when it has none)."""
        return self.order.keys[card.index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KeySpace) and self.order == other.order

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"KeySpace({self.order!r})"
