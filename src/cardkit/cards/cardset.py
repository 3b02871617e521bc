"""CardSet: an immutable set of cards backed by one integer bit mask.

Bit ``card.index`` of the mask is set when the card is in the set, so union,
intersection, difference, subset tests and counting are single integer
operations. Iteration is in canonical index order (clubs 2-A, diamonds,
hearts, spades, then jokers).

>>> hand = CardSet.parse("3S 4S 5S")
>>> Card.parse("4s") in hand
True
>>> str(hand - CardSet.parse("4S"))
'3S 5S'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, Final

from pydantic_core import core_schema

from cardkit.cards.card import CARD_PATTERN, Card, Rank, Suit
from cardkit.errors import InvalidCard, quote

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue

__all__ = [
    "FULL_DECK_MASK",
    "MAX_CARDS",
    "MAX_CARDS_TEXT",
    "CardSet",
    "parse_cards",
    "rank_mask",
    "ranks_present",
    "suit_mask",
]

_CARDS: Final = Card._by_index
#: The mask of the 52 standard cards.
FULL_DECK_MASK: Final = (1 << 52) - 1
_SUIT_MASK: Final = (1 << 13) - 1
MAX_CARDS: Final = 216
"""The most cards one parse accepts (four full decks with jokers)."""
MAX_CARDS_TEXT: Final = 2000
"""The longest card text one parse accepts, in characters."""


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse cards separated by spaces or commas, keeping their order.

    Accepts a string such as ``"3S 4s, 10h"`` or an iterable of card codes
    and cards. At most [MAX_CARDS][cardkit.cards.cardset.MAX_CARDS] cards and
    [MAX_CARDS_TEXT][cardkit.cards.cardset.MAX_CARDS_TEXT] characters of text are
    read; more is refused before parsing.

    Raises:
        InvalidCard: one of the items is not a card (the message quotes it),
            the value is neither text nor an iterable of cards, or it is
            too long.
    """
    given: object = text  # callers pass anything: checked here, not trusted to the annotation
    if isinstance(given, str):
        if len(given) > MAX_CARDS_TEXT:
            raise InvalidCard(
                given, f"{len(given)} characters of cards, at most {MAX_CARDS_TEXT} are read"
            )
        items: list[object] = list(given.replace(",", " ").split())
    elif isinstance(given, Iterable) and not isinstance(given, bytes | bytearray | dict):
        items = list(islice(given, MAX_CARDS + 1))
    else:
        raise InvalidCard(
            quote(given), "cards are given as text ('3S 4H') or an iterable of card codes or cards"
        )
    if len(items) > MAX_CARDS:
        raise InvalidCard(
            quote(items), f"more than {MAX_CARDS} cards; at most {MAX_CARDS} are read"
        )
    cards = []
    for item in items:
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, str):
            cards.append(Card.parse(item))
        else:
            raise InvalidCard(repr(item), "a card must be given as text")
    return cards


class CardSet:
    """An immutable set of cards.

    Build one from cards (``CardSet([c1, c2])``), from text
    (``CardSet.parse("3S 4S")``) or from a mask (``CardSet.from_mask(m)``).

    Attributes:
        mask: the bit mask; bit ``card.index`` is set for each card held.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        """Build a set from cards (duplicates collapse, as in any set)."""
        mask = 0
        if type(cards) is not tuple or cards:  # `CardSet()`, every operator's new set: no loop
            for card in cards:
                mask |= card.bit
        object.__setattr__(self, "mask", mask)

    @classmethod
    def _unchecked(cls, mask: int) -> CardSet:
        """The set of `mask`, unchecked, as the compiled `_made` builds it: the native
        constructor, then `object.__setattr__`, which mypyc turns into a store into the
        struct in a method of the class (in a module function, `CardSet.__new__(CardSet)`
        and `object.__setattr__` were two generic calls, about 1,300 instructions a set;
        callgrind)."""
        new = CardSet()
        object.__setattr__(new, "mask", mask)
        return new

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bit mask is ``mask``."""
        if mask < 0 or mask >> 54:
            raise ValueError(f"a card mask has bits 0-53 only, got {mask:#x}")
        return _made(mask)

    @classmethod
    def parse(cls, text: str | Iterable[str | Card]) -> CardSet:
        """Parse cards separated by spaces or commas (see
        [`parse_cards`][cardkit.cards.cardset.parse_cards]).

        Raises:
            InvalidCard: a card is not valid, or a card is given twice.
        """
        cards = parse_cards(text)
        result = cls(cards)
        if len(result) != len(cards):
            dup = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise InvalidCard(
                text if isinstance(text, str) else " ".join(c.code for c in cards),
                f"card {dup.code} is given twice",
            )
        return result

    @classmethod
    def standard(cls) -> CardSet:
        """The 52 standard cards."""
        return cls.from_mask(FULL_DECK_MASK)

    # -- set protocol -------------------------------------------------------

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield _CARDS[low.bit_length() - 1]
            mask ^= low

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __or__(self, other: CardSet) -> CardSet:
        return _made(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return _made(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return _made(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return _made(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self.mask != other.mask and self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other <= self

    def __gt__(self, other: CardSet) -> bool:
        return other < self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def isdisjoint(self, other: CardSet) -> bool:
        """Whether the two sets share no card."""
        return not self.mask & other.mask

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return _made(self.mask | card.bit)

    def union(self, cards: Iterable[Card]) -> CardSet:
        """A new set with ``cards`` added (``self | CardSet(cards)`` in one call)."""
        mask = self.mask
        for card in cards:
            mask |= card.bit
        return _made(mask)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``; raises ``KeyError`` if it is not held."""
        bit = card.bit
        if not self.mask & bit:
            raise KeyError(card)
        return _made(self.mask ^ bit)

    # -- views by rank and suit --------------------------------------------

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return _made(self.mask & (_SUIT_MASK << (13 * suit)))

    def of_rank(self, rank: Rank) -> CardSet:
        """The cards of one rank."""
        return _made(self.mask & _RANK_MASKS[rank])

    def rank_counts(self) -> dict[Rank, int]:
        """How many cards of each rank the set holds (ranks held only)."""
        counts: dict[Rank, int] = {}
        for card in self:
            if card.rank is not None:
                counts[card.rank] = counts.get(card.rank, 0) + 1
        return counts

    def suit_ranks(self, suit: Suit) -> int:
        """A 13-bit mask of the ranks held in ``suit`` (bit ``rank - 2``)."""
        return (self.mask >> (13 * suit)) & _SUIT_MASK

    # -- text ----------------------------------------------------------------

    @property
    def codes(self) -> list[str]:
        """The card codes in canonical order."""
        return [card.code for card in self]

    @property
    def pretty(self) -> str:
        """The cards with suit symbols, for people."""
        return " ".join(card.pretty for card in self)

    def __str__(self) -> str:
        return " ".join(card.code for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardSet.from_mask, (self.mask,))

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Pydantic fields of type CardSet accept a list of codes or a string, dump a list."""

        def validate(value: object) -> CardSet:
            if isinstance(value, CardSet):
                return value
            if isinstance(value, str):
                return cls.parse(value)
            if isinstance(value, list | tuple):
                if not all(isinstance(v, str | Card) for v in value):
                    raise InvalidCard(repr(value), "expected a list of card codes")
                return cls.parse(value)
            raise InvalidCard(repr(value), "expected a list of card codes")

        return core_schema.no_info_plain_validator_function(
            validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda s: s.codes, when_used="always"
            ),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The JSON Schema of a card set: an array of distinct card codes."""
        return {
            "type": "array",
            "items": {"type": "string", "pattern": CARD_PATTERN},
            "uniqueItems": True,
            "description": "A set of cards as a list of card codes, such as ['3S', '4S'].",
        }


def _made(mask: int) -> CardSet:
    """`CardSet.from_mask(mask)` unchecked, for a mask known to be valid (the operators')."""
    if _COMPILED:
        return CardSet._unchecked(mask)
    new = CardSet.__new__(CardSet)  # run from the source, no `__init__` frame
    object.__setattr__(new, "mask", mask)
    return new


#: Whether this module runs compiled by mypyc (a C extension, not its `.py` source).
_COMPILED: Final = not __file__.endswith(".py")


_RANK_MASKS: Final = {int(r): sum(1 << (13 * s + r - 2) for s in range(4)) for r in Rank}


def rank_mask(rank: int | None) -> int:
    """The mask of the four cards of ``rank`` (2-14); none for no rank (a joker's).

    Raises:
        ValueError: not a rank.
    """
    if rank is None:
        return 0
    # The twos' bits shifted: compiled, no dict look-up of a boxed rank (4 a Crazy Eights
    # decision, about 260 instructions each; callgrind).
    if not isinstance(rank, int) or not 2 <= rank <= 14:
        raise ValueError(f"{rank!r} is not a rank (2-14)")
    return _TWOS << (rank - 2)


#: The four twos' bits, one per suit's lane of 13.
_TWOS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39


def suit_mask(suit: int) -> int:
    """The mask of the 13 standard cards of ``suit`` (0-3: clubs, diamonds, hearts, spades).

    Raises:
        ValueError: not a suit.
    """
    if not 0 <= suit <= 3:
        raise ValueError(f"{suit!r} is not a suit (0-3)")
    return _SUIT_MASK << 13 * suit


def ranks_present(mask: int) -> int:
    """A 13-bit mask of the ranks held in a card mask (bit ``rank - 2``)."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & _SUIT_MASK
