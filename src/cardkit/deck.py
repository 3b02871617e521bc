"""Deck: an immutable, ordered sequence of cards, dealt from the top.

The first card of a deck is its top card. Shuffling always takes an explicit
``random.Random``; the global random generator is never used, so a deal is
reproducible from its seed, or from the deck order alone.

>>> import random
>>> deck = Deck.standard().shuffled(random.Random(7))
>>> hands, rest = deck.deal(players=4, cards_each=13)
>>> [len(h) for h in hands], len(rest)
([13, 13, 13, 13], 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, overload

from pydantic_core import core_schema

from cardkit.cards import JOKERS, STANDARD_CARDS, Card
from cardkit.cardset import CardSet, parse_cards
from cardkit.errors import InvalidCard

__all__ = ["Deck"]

_STANDARD_ORDER: Final = tuple(STANDARD_CARDS)
#: Per deck size, the (index, bound, bits) of each Fisher-Yates step (see ``Deck.shuffled``).
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


class Deck(Sequence[Card]):
    """An immutable ordered sequence of distinct cards; index 0 is the top.

    Attributes:
        cards: the cards, top first.
    """

    __slots__ = ("cards",)

    cards: tuple[Card, ...]

    def __init__(self, cards: Iterable[Card]) -> None:
        """Build a deck from cards, top first.

        Raises:
            InvalidCard: a card appears twice.
        """
        cards = tuple(cards)
        if len(CardSet(cards)) != len(cards):
            dup = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise InvalidCard(
                " ".join(c.code for c in cards), f"card {dup.code} is in the deck twice"
            )
        object.__setattr__(self, "cards", cards)

    @classmethod
    def standard(cls, jokers: int = 0) -> Deck:
        """The 52 standard cards in canonical order, plus 0-2 jokers at the bottom."""
        if jokers not in (0, 1, 2):
            raise ValueError(f"a deck has 0, 1 or 2 jokers, not {jokers}")
        if cls is Deck:  # immutable, so every caller may share one deck
            return _STANDARD_DECKS[jokers]
        return cls(_STANDARD_ORDER + JOKERS[:jokers])

    @classmethod
    def parse(cls, text: str | Iterable[str | Card]) -> Deck:
        """Parse a deck order, top first, from card codes separated by spaces or commas.

        Raises:
            InvalidCard: a card is invalid or given twice; the message names it.
        """
        return cls(parse_cards(text))

    def shuffled(self, rng: random.Random) -> Deck:
        """A new deck with the same cards in an order drawn from ``rng``.

        The order is exactly the one ``rng.shuffle`` gives (the same draws from
        the generator). For a plain ``random.Random`` the same Fisher-Yates
        loop runs inline, about twice as fast: dealing is in every game's hot
        path.
        """
        cards = list(self.cards)
        if type(rng) is not random.Random:
            rng.shuffle(cards)
            return _unchecked(tuple(cards))
        steps = _SHUFFLE_STEPS.get(len(cards))
        if steps is None:
            steps = _SHUFFLE_STEPS[len(cards)] = tuple(
                (i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1)
            )
        getrandbits = rng.getrandbits
        for i, n, k in steps:  # random.shuffle's loop, with random._randbelow inlined
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            cards[i], cards[j] = cards[j], cards[i]
        return _unchecked(tuple(cards))

    def deal(
        self, players: int, cards_each: int, *, first_seat: int = 0
    ) -> tuple[list[list[Card]], Deck]:
        """Deal ``cards_each`` cards to each of ``players`` seats, one at a time.

        Dealing starts at ``first_seat`` (the seat left of the dealer) and
        goes clockwise (increasing seat numbers). Returns the hands, indexed by
        seat, each in the order received, and the undealt rest of the deck.

        Raises:
            ValueError: the deck is too small for that deal, or ``first_seat``
                is not a seat.
        """
        need = self._check_deal(players, cards_each, first_seat)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(need):
            hands[(first_seat + i) % players].append(self.cards[i])
        return hands, _unchecked(self.cards[need:])

    def deal_sets(
        self, players: int, cards_each: int, *, first_seat: int = 0
    ) -> tuple[list[CardSet], Deck]:
        """Like [`deal`][cardkit.deck.Deck.deal], with each hand as a
        [`CardSet`][cardkit.cardset.CardSet].
        """
        cards = self.cards
        need = self._check_deal(players, cards_each, first_seat)
        masks = [0] * players
        for i in range(need):
            masks[(first_seat + i) % players] |= cards[i].bit
        return [CardSet.from_mask(m) for m in masks], _unchecked(cards[need:])

    def _check_deal(self, players: int, cards_each: int, first_seat: int) -> int:
        need = players * cards_each
        if players < 1 or cards_each < 0:
            raise ValueError("players must be at least 1 and cards_each non-negative")
        if not 0 <= first_seat < players:
            raise ValueError(f"first_seat must be a seat 0-{players - 1}, not {first_seat}")
        if need > len(self.cards):
            raise ValueError(
                f"cannot deal {cards_each} cards to {players} players "
                f"from a deck of {len(self.cards)}"
            )
        return need

    def draw(self, count: int = 1) -> tuple[tuple[Card, ...], Deck]:
        """Take ``count`` cards from the top: the cards and the rest of the deck."""
        if not 0 <= count <= len(self.cards):
            raise ValueError(f"cannot draw {count} cards from a deck of {len(self.cards)}")
        return self.cards[:count], _unchecked(self.cards[count:])

    def to_set(self) -> CardSet:
        """The cards of the deck as a set."""
        return CardSet(self.cards)

    @property
    def codes(self) -> list[str]:
        """The card codes, top first."""
        return [c.code for c in self.cards]

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> Deck: ...
    def __getitem__(self, index: int | slice) -> Card | Deck:
        if isinstance(index, slice):
            return _unchecked(self.cards[index])
        return self.cards[index]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self.cards == other.cards

    def __hash__(self) -> int:
        return hash(self.cards)

    def __str__(self) -> str:
        return " ".join(c.code for c in self.cards)

    def __repr__(self) -> str:
        return f"Deck.parse({str(self)!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deck is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unchecked, (self.cards,))

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: Any
    ) -> core_schema.CoreSchema:
        """Pydantic fields of type Deck accept a list of codes or a string, dump a list."""

        def validate(value: object) -> Deck:
            if isinstance(value, Deck):
                return value
            if isinstance(value, str):
                return cls.parse(value)
            if isinstance(value, list | tuple) and all(isinstance(v, str | Card) for v in value):
                return cls.parse(value)
            raise InvalidCard(repr(value), "expected a list of card codes")

        return core_schema.no_info_plain_validator_function(
            validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda d: d.codes, when_used="always"
            ),
            json_schema_input_schema=core_schema.list_schema(core_schema.str_schema()),
        )


def _unchecked(cards: tuple[Card, ...]) -> Deck:
    """A deck from cards already known to be distinct (skips the check)."""
    deck = object.__new__(Deck)
    object.__setattr__(deck, "cards", cards)
    return deck


_STANDARD_DECKS: Final = tuple(_unchecked(_STANDARD_ORDER + JOKERS[:j]) for j in range(3))
