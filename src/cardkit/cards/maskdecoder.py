"""Decoding a mask of standard cards into one item per card: its cards, or a game's items.

A [`CardSet`][cardkit.cards.cardset.CardSet] iterates its cards one bit at a
time; a decoder turns a whole mask into a tuple of per-card items at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Generic, TypeVar

from cardkit.cards.card import Card

__all__ = ["MaskDecoder", "cards_of_mask"]

_SUIT_MASK: Final = (1 << 13) - 1

T = TypeVar("T")


class MaskDecoder(Generic[T]):
    """Turns a mask of standard cards into a tuple of one item per card, fast.

    ``items[i]`` is the item of the card with index ``i`` (the card itself, or
    a game's interned per-card object such as a discard action). Decoding
    joins one cached tuple per suit lane, so a hot loop pays four list
    look-ups instead of a loop over the cards. Items come in card index
    order.

    Examples:
        >>> from cardkit.cards.cardset import CardSet
        >>> decode = MaskDecoder(STANDARD)
        >>> decode(CardSet.parse("AS 2C 3C").mask)
        (Card('2C'), Card('3C'), Card('AS'))
    """

    __slots__ = ("_clubs", "_diamonds", "_hearts", "_items", "_spades")

    def __init__(self, items: Sequence[T]) -> None:
        """Decode to ``items`` (52 of them, indexed by card index)."""
        if len(items) != 52:
            raise ValueError(f"a mask decoder needs one item per standard card, not {len(items)}")
        self._items: tuple[T, ...] = tuple(items)
        # Per suit, the items of each 13-bit lane, filled as lanes are met: a list
        # indexed by the lane (a fraction of a dict look-up: no hash, no method call).
        self._clubs: list[tuple[T, ...] | None] = [None] * (1 << 13)
        self._diamonds: list[tuple[T, ...] | None] = [None] * (1 << 13)
        self._hearts: list[tuple[T, ...] | None] = [None] * (1 << 13)
        self._spades: list[tuple[T, ...] | None] = [None] * (1 << 13)

    def _lane(self, lanes: list[tuple[T, ...] | None], suit: int, lane: int) -> tuple[T, ...]:
        base = suit * 13
        bits = lane
        out = []
        while bits:
            low = bits & -bits
            out.append(self._items[base + low.bit_length() - 1])
            bits ^= low
        found = lanes[lane] = tuple(out)
        return found

    def __call__(self, mask: int) -> tuple[T, ...]:
        """The items of the cards of ``mask`` (standard cards only), in index order."""
        lane = mask & _SUIT_MASK
        clubs = self._clubs[lane]
        if clubs is None:
            clubs = self._lane(self._clubs, 0, lane)
        lane = mask >> 13 & _SUIT_MASK
        diamonds = self._diamonds[lane]
        if diamonds is None:
            diamonds = self._lane(self._diamonds, 1, lane)
        lane = mask >> 26 & _SUIT_MASK
        hearts = self._hearts[lane]
        if hearts is None:
            hearts = self._lane(self._hearts, 2, lane)
        lane = mask >> 39 & _SUIT_MASK
        spades = self._spades[lane]
        if spades is None:
            spades = self._lane(self._spades, 3, lane)
        return clubs + diamonds + hearts + spades


STANDARD: Final = tuple(Card._by_index[:52])
#: Decodes a mask of standard cards into its cards, in index order (see
#: [`MaskDecoder`][cardkit.cards.maskdecoder.MaskDecoder]).
cards_of_mask: Final = MaskDecoder(STANDARD)
