"""Cards: ranks, suits and the 54 interned card values.

There are only 52 standard cards and two jokers, so every card is created once
and shared: ``Card(Rank.QUEEN, Suit.SPADES) is Card.parse("qs")``. Comparing
and hashing cards is therefore as cheap as comparing small integers. The core
card has no notion of "higher": order belongs to a game (see
[`cardkit.cards.orders`][cardkit.cards.orders]).

>>> Card.parse(" 10h ")
Card('TH')
>>> Card.parse("Q♠").pretty
'Q♠'
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from pydantic_core import core_schema

from cardkit.errors import InvalidCard

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue

__all__ = ["CARD_PATTERN", "JOKERS", "STANDARD_CARDS", "SUIT_WORDS", "Card", "Rank", "Suit"]


class Rank(IntEnum):
    """A card rank. The value is the conventional pip count, ace high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """The one-character code: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CODES[self]

    @property
    def word(self) -> str:
        """The rank as a word: ``"seven"``, ``"ten"``, ``"ace"``."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The rank as a word in the plural: ``"sevens"``, ``"sixes"``, ``"aces"``."""
        return self.name.lower() + ("es" if self is Rank.SIX else "s")

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank code (``T`` or ``10`` for ten, any case)."""
        try:
            return _RANK_BY_TEXT[text.strip().upper()]
        except KeyError:
            raise InvalidCard(text, "unknown rank") from None


class Suit(IntEnum):
    """A card suit. The value only fixes the canonical order C, D, H, S."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def code(self) -> str:
        """The one-letter ASCII code: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def word(self) -> str:
        """The suit's name in words: ``clubs``, ``diamonds``, ``hearts`` or ``spades``."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter or symbol, any case."""
        try:
            return _SUIT_BY_TEXT[text.strip().upper()]
        except KeyError:
            raise InvalidCard(text, "unknown suit") from None


_RANK_CODES: Final = {
    r: ("T" if r == 10 else "JQKA"[r - 11] if r > 10 else str(int(r))) for r in Rank
}
_RANK_BY_TEXT: Final = {code: r for r, code in _RANK_CODES.items()} | {"10": Rank.TEN}
_SUIT_BY_TEXT: Final = {
    **{s.code: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
SUIT_WORDS: Final = {
    word: suit
    for suit in Suit
    for word in (suit.word, suit.word[:-1], suit.code.lower(), suit.symbol)
}
"""Every word naming a suit in action text (a [`Form`][cardkit.engine.grammar.Form]'s
`words`): its name, singular or plural, its letter and its symbol (``clubs``,
``club``, ``c``, ``♣``)."""

#: A regular expression matching every text [`Card.parse`][cardkit.cards.card.Card.parse] accepts
#: (used as the JSON Schema pattern of card fields).
CARD_PATTERN: Final = r"^\s*(?:(?:[2-9]|10|[TtJjQqKkAa])[SsCcDdHh♠♣♦♥♤♧♢♡]|[RrBb][Jj])\s*$"
_JOKER_CODES: Final = ("BJ", "RJ")


class Card:
    """One playing card: a rank and a suit, or a joker.

    Cards are interned; build them with ``Card(rank, suit)``,
    [`Card.parse`][cardkit.cards.card.Card.parse] or
    [`Card.from_index`][cardkit.cards.card.Card.from_index], never by copying.

    Attributes:
        rank: the rank, or ``None`` for a joker.
        suit: the suit, or ``None`` for a joker.
        index: a dense index, 0-51 for standard cards (``suit * 13 + rank - 2``)
            and 52-53 for the black and red joker; it is the card's bit in a
            [`CardSet`][cardkit.cards.cardset.CardSet].
        bit: ``1 << index``.
        code: the canonical ASCII code, such as ``"QS"``, ``"TH"`` or ``"RJ"``.
    """

    __slots__ = ("bit", "code", "index", "rank", "suit")

    rank: Rank | None
    suit: Suit | None
    index: int
    bit: int
    code: str

    _by_index: ClassVar[list[Card]] = []

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """Return the interned card of this rank and suit."""
        if isinstance(rank, int) and isinstance(suit, int) and 2 <= rank <= 14 and 0 <= suit <= 3:
            return cls._by_index[int(suit) * 13 + int(rank) - 2]
        raise InvalidCard(f"{rank!r} {suit!r}", "rank must be 2-14 and suit 0-3")

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        rank: Rank | None = None
        suit: Suit | None = None
        if index < 52:
            rank, suit = Rank(index % 13 + 2), Suit(index // 13)
            code = rank.code + suit.code
        else:
            code = _JOKER_CODES[index - 52]
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        object.__setattr__(card, "code", code)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this dense index (0-53)."""
        if not 0 <= index < len(cls._by_index):
            raise InvalidCard(str(index), "a card index is 0-53")
        return cls._by_index[index]

    @classmethod
    def joker(cls, red: bool = False) -> Card:
        """The black joker (``BJ``) or, with ``red=True``, the red joker (``RJ``)."""
        return cls._by_index[53 if red else 52]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card as people type it.

        Accepts a rank (``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``,
        ``A``) followed by a suit letter or symbol, in any case, with
        surrounding spaces; ``BJ`` and ``RJ`` are the jokers.

        Raises:
            InvalidCard: the text is not a card; the message quotes it.
        """
        try:
            card = _PARSED.get(text)
        except TypeError:  # an unhashable value, such as a list: not a card either
            card = None
        if card is not None:
            return card
        if not isinstance(text, str):
            raise InvalidCard(repr(text), "a card must be given as text")
        key = text.strip().upper()
        card = _PARSED.get(key)
        if card is None:
            raise InvalidCard(text)
        return card

    @property
    def is_joker(self) -> bool:
        """Whether this card is one of the two jokers."""
        return self.index >= 52

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, such as ``Q♠`` or ``10♥``, for people."""
        if self.rank is None or self.suit is None:
            return "🃏" + ("R" if self.index == 53 else "B")
        rank = "10" if self.rank == Rank.TEN else self.rank.code
        return rank + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_index, (self.index,))

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    # Equal means the same object (cards are interned): `object`'s own `==`, in C. A
    # Python `__eq__` saying `self is other` cost a call per comparison (`card in a_list`).
    def __hash__(self) -> int:
        return self.index

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Pydantic fields of type Card accept a card or its code and dump its code."""

        def validate(value: object) -> Card:
            if isinstance(value, Card):
                return value
            if isinstance(value, str):
                return cls.parse(value)
            raise InvalidCard(repr(value), "expected a card code")

        return core_schema.no_info_plain_validator_function(
            validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda c: c.code, when_used="always"
            ),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The JSON Schema of a card: a string matching
        [`CARD_PATTERN`][cardkit.cards.card.CARD_PATTERN].
        """
        return {
            "type": "string",
            "pattern": CARD_PATTERN,
            "description": "A card code: rank then suit, such as 'QS', 'TH' or '10h'.",
            "examples": ["QS", "TH", "2C"],
        }


Card._by_index.extend(Card._make(i) for i in range(54))

#: The 52 standard cards in index order (clubs 2-A, diamonds, hearts, spades).
STANDARD_CARDS: Final = tuple(Card._by_index[:52])
#: The black joker and the red joker.
JOKERS: Final = tuple(Card._by_index[52:])


def _parse_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in STANDARD_CARDS:
        assert card.rank is not None
        assert card.suit is not None
        ranks = [card.rank.code] + (["10"] if card.rank == Rank.TEN else [])
        suits = [t for t, s in _SUIT_BY_TEXT.items() if s == card.suit]
        for r in ranks:
            for s in suits:
                table[r + s] = card
    table["BJ"] = JOKERS[0]
    table["RJ"] = JOKERS[1]
    return table


_PARSED: Final = _parse_table()
assert all(re.match(CARD_PATTERN, k) for k in _PARSED)
