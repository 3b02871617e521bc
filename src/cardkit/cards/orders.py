"""Rank orders, suit orders, card orders and card values: all defined by games.

The core card has no notion of "higher". A game builds the orders it needs:

>>> from cardkit.cards.card import Rank, Suit
>>> THIRTEEN = RankOrder.parse("3 4 5 6 7 8 9 T J Q K A 2")
>>> THIRTEEN.higher(Rank.TWO, Rank.ACE)
True
>>> SUITS = SuitOrder.parse("S C D H")
>>> order = CardOrder(THIRTEEN, SUITS)
>>> order.key(Card.parse("2H")) > order.key(Card.parse("2S"))
True

Every order precomputes a table indexed by ``card.index``, so a lookup in a
hot loop is one tuple index.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from cardkit.cards.card import Card, Rank, Suit
from cardkit.cards.cardset import CardSet
from cardkit.cards.keyspace import KeySpace

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "CardOrder",
    "CardValues",
    "RankOrder",
    "SuitOrder",
]


class RankOrder:
    """A total order on some ranks, low to high.

    Ranks left out of the order are *unranked* (for example 2 and 10 in
    Palace, which play by special rules):
    [`position`][cardkit.cards.orders.RankOrder.position] returns ``None`` for them.

    Attributes:
        ranks: the ranks, lowest first.
    """

    __slots__ = ("_by_index", "_positions", "ranks")

    def __init__(self, ranks: Iterable[Rank]) -> None:
        """Build an order from ranks listed low to high; each at most once."""
        self.ranks: tuple[Rank, ...] = tuple(ranks)
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError(f"a rank order lists each rank once: {self}")
        self._positions: dict[Rank, int] = {r: i for i, r in enumerate(self.ranks)}
        self._by_index: tuple[int, ...] = tuple(
            self._positions.get(c.rank, -1) if c.rank is not None else -1 for c in Card._by_index
        )

    @classmethod
    def parse(cls, text: str) -> RankOrder:
        """Build an order from rank codes low to high, such as ``"3 4 5 ... A 2"``."""
        return cls(Rank.parse(t) for t in text.replace(",", " ").split())

    def position(self, rank: Rank) -> int | None:
        """0 for the lowest rank, 1 for the next…, ``None`` if unranked."""
        return self._positions.get(rank)

    def card_position(self, card: Card) -> int:
        """The position of a card's rank; -1 for unranked cards and jokers."""
        return self._by_index[card.index]

    def higher(self, a: Rank, b: Rank) -> bool:
        """Whether rank ``a`` is strictly higher than ``b`` (both must be ranked)."""
        return self._positions[a] > self._positions[b]

    def __contains__(self, rank: object) -> bool:
        return rank in self._positions

    def __len__(self) -> int:
        return len(self.ranks)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RankOrder) and self.ranks == other.ranks

    def __hash__(self) -> int:
        return hash(self.ranks)

    def __str__(self) -> str:
        return " ".join(r.code for r in self.ranks)

    def __repr__(self) -> str:
        return f"RankOrder.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (RankOrder, (self.ranks,))


#: Ace low: A 2 3 … K.
ACE_LOW: Final = RankOrder([Rank.ACE, *[r for r in Rank if r != Rank.ACE]])
#: Ace high: 2 3 … K A.
ACE_HIGH: Final = RankOrder(list(Rank))


class SuitOrder:
    """A total order on the four suits, low to high.

    Attributes:
        suits: the suits, lowest first.
    """

    __slots__ = ("_positions", "suits")

    def __init__(self, suits: Sequence[Suit]) -> None:
        """Build an order from all four suits listed low to high."""
        self.suits: tuple[Suit, ...] = tuple(suits)
        if sorted(self.suits) != sorted(Suit):
            raise ValueError("a suit order lists each of the four suits exactly once")
        self._positions: dict[Suit, int] = {s: i for i, s in enumerate(self.suits)}

    @classmethod
    def parse(cls, text: str) -> SuitOrder:
        """Build an order from suit codes low to high, such as ``"S C D H"``."""
        return cls([Suit.parse(t) for t in text.replace(",", " ").split()])

    def position(self, suit: Suit) -> int:
        """0 for the lowest suit … 3 for the highest."""
        return self._positions[suit]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SuitOrder) and self.suits == other.suits

    def __hash__(self) -> int:
        return hash(self.suits)

    def __str__(self) -> str:
        return " ".join(s.code for s in self.suits)

    def __repr__(self) -> str:
        return f"SuitOrder.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (SuitOrder, (self.suits,))


class CardOrder:
    """A total order on cards: rank first, then suit.

    ``key(card) = rank_position * 4 + suit_position``, or -1 for cards whose
    rank is not in the rank order (and for jokers).

    Attributes:
        ranks: the rank order.
        suits: the suit order.
    """

    __slots__ = ("_keys", "_space", "ranks", "suits")

    def __init__(self, ranks: RankOrder, suits: SuitOrder) -> None:
        """Combine a rank order and a suit order."""
        self.ranks = ranks
        self.suits = suits
        keys: list[int] = []
        for card in Card._by_index:
            pos = ranks.card_position(card)
            keys.append(-1 if pos < 0 or card.suit is None else pos * 4 + suits.position(card.suit))
        self._keys: tuple[int, ...] = tuple(keys)
        #: The order's key space, for sorting card sets by their masks (built when first needed).
        self._space: Any = None

    @property
    def keys(self) -> tuple[int, ...]:
        """The key of every card, indexed by ``card.index`` (for hot loops)."""
        return self._keys

    def key(self, card: Card) -> int:
        """The card's key: higher cards have higher keys."""
        return self._keys[card.index]

    def highest(self, cards: Iterable[Card]) -> Card:
        """The highest of some cards."""
        return max(cards, key=self.key)

    def sorted(self, cards: Iterable[Card], *, reverse: bool = False) -> list[Card]:
        """The cards sorted low to high (or high to low).

        A [`CardSet`][cardkit.cards.cardset.CardSet] of cards that all have a key is
        sorted through its mask (table lookups, no comparisons): views sort hands.
        """
        if isinstance(cards, CardSet):
            space = self._space
            if space is None:
                space = self._space = KeySpace(self)
            try:
                keyed = space.keyed(cards.mask)
            except ValueError:  # a card without a key (a joker): the comparisons place it
                pass
            else:
                out = list(space.cards(keyed))
                if reverse:
                    out.reverse()
                return out
        return sorted(cards, key=self.key, reverse=reverse)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardOrder) and (self.ranks, self.suits) == (
            other.ranks,
            other.suits,
        )

    def __hash__(self) -> int:
        return hash((self.ranks, self.suits))

    def __repr__(self) -> str:
        return f"CardOrder({self.ranks!r}, {self.suits!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardOrder, (self.ranks, self.suits))  # its key space is built again on use


class CardValues:
    """Point values of cards, such as a rummy count (A = 1, pictures 10).

    Attributes:
        table: the value of every card, indexed by ``card.index``.
    """

    __slots__ = ("table",)

    def __init__(self, by_rank: Mapping[Rank, int], joker: int = 0) -> None:
        """Give each rank a value; ranks not listed are worth 0, jokers ``joker``."""
        self.table: tuple[int, ...] = tuple(
            by_rank.get(c.rank, 0) if c.rank is not None else joker for c in Card._by_index
        )

    @classmethod
    def pips(cls, *, ace: int = 1, pictures: int = 10) -> CardValues:
        """The usual rummy count: 2-10 at face value, the ace ``ace``, J Q K ``pictures``."""
        values = {r: int(r) for r in Rank if r <= Rank.TEN}
        values |= {Rank.JACK: pictures, Rank.QUEEN: pictures, Rank.KING: pictures, Rank.ACE: ace}
        return cls(values)

    def with_rank(self, rank: Rank, value: int) -> CardValues:
        """These values, but every card of `rank` worth `value` (Crazy Eights' wild 8s: 50).

        >>> CardValues.pips().with_rank(Rank.EIGHT, 50).of(Card.parse("8H"))
        50
        """
        values = {r: self.table[r - 2] for r in Rank} | {rank: value}
        return CardValues(values, self.table[52])

    def of(self, card: Card) -> int:
        """The value of one card."""
        return self.table[card.index]

    def total(self, cards: Iterable[Card] | CardSet) -> int:
        """The sum of the values of some cards."""
        table = self.table
        return sum(table[c.index] for c in cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardValues) and self.table == other.table

    def __hash__(self) -> int:
        return hash(self.table)

    def __repr__(self) -> str:
        return f"CardValues({ {r.code: self.table[r - 2] for r in Rank} })"

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardValues, ({rank: self.table[rank - 2] for rank in Rank}, self.table[52]))
