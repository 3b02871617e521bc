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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeAlias, overload

from pydantic_core import core_schema

from cardkit.cards.card import JOKERS, STANDARD_CARDS, Card
from cardkit.cards.cardset import CardSet, parse_cards
from cardkit.cards.shuffle import seeded_order
from cardkit.errors import InvalidCard, InvalidDeck

__all__ = ["Cards", "Deck", "Zone"]

#: Cards given as text (``"3S 4D"``) or as cards and codes.
Cards: TypeAlias = str | Iterable[str | Card]
#: The cards some seats receive in one zone of a deal: by seat, or a list indexed by seat.
Zone: TypeAlias = Mapping[int, Cards] | Sequence[Cards]

_STANDARD_ORDER: Final = tuple(STANDARD_CARDS)


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

    @classmethod
    def stacked(
        cls,
        players: int,
        *zones: Zone,
        size: int,
        dealer: int | None = None,
        then: Cards = (),
        rest: Cards = (),
        cards: Iterable[Card] | None = None,
    ) -> Deck:
        """The deck order whose deal gives chosen cards to chosen seats: for tests and puzzles.

        A deal is taken to give each zone in turn (face-down cards, then hands, say) in ``size``
        rounds of one card to each seat, starting left of the dealer; then come the cards of
        ``then`` (an upcard, the top of the stock), then every other card. This inverts it:

        ```python
        Deck.stacked(2, {0: "3S 4D 5C"}, size=5, then="9D")
        ```

        deals 3S, 4D and 5C to seat 0 (left of the default dealer, the last
        seat), filler elsewhere, and puts the 9D first after the hands.

        Args:
            players: the number of seats.
            zones: per zone, the cards of some seats (by seat, or a list by
                seat) in the order received; places left out get filler.
            size: the cards each seat receives in each zone.
            dealer: the dealer (default: the last seat, as ``game.start``).
            then: the cards that follow the zones, top first.
            rest: the order in which filler is used (default: the order of
                ``cards``, skipping every card placed explicitly).
            cards: the cards of the deck (default: the 52 standard cards).

        Raises:
            InvalidDeck: a seat that is not one, a zone with more than
                ``size`` cards for a seat, a card placed twice or not in
                ``cards``, or too few cards for the deal.
            InvalidCard: a card code is not a card.
        """
        dealer = players - 1 if dealer is None else dealer
        if players < 1 or not 0 <= dealer < players:
            raise InvalidDeck(f"the dealer must be a seat 0-{players - 1}, not {dealer}")
        chosen = [_zone_cards(zone, number, players, size) for number, zone in enumerate(zones, 1)]
        after = parse_cards(then)
        placed = [c for zone in chosen for hand in zone.values() for c in hand] + after
        full = tuple(cards) if cards is not None else _STANDARD_ORDER
        _check_cards(placed, full, "placed")
        used = CardSet(placed)
        first = [c for c in parse_cards(rest) if c not in used]
        _check_cards(first, full, "in rest")
        early = CardSet(first)
        pool = iter(first + [c for c in full if c not in used and c not in early])
        order = _deal_order(chosen, players, (dealer + 1) % players, size, pool)
        if order is None:
            raise InvalidDeck(
                f"{len(full)} cards are too few to deal {len(zones)} zones of "
                f"{size} cards to {players} seats"
            )
        return cls([*order, *after, *pool])

    def shuffled(self, rng: random.Random) -> Deck:
        """A new deck with the same cards in the order ``rng.shuffle`` gives (the same
        draws from the generator). A seeded deal is [`seeded`][cardkit.cards.deck.Deck.seeded].
        """
        cards = list(self.cards)
        rng.shuffle(cards)
        return distinct_deck(tuple(cards))

    def seeded(self, seed: int) -> Deck:
        """The deck shuffled by a fresh ``random.Random(seed)``: the same order as
        ``self.shuffled(random.Random(seed))``, faster (a compiled loop,
        `cardkit.cards.shuffle.seeded_order`). `Game.start` deals every
        seeded game this way.

        Raises:
            TypeError: ``seed`` is not an ``int``.
        """
        if not isinstance(seed, int):
            raise TypeError(f"a deck is seeded by an int, not {type(seed).__name__}")
        return distinct_deck(seeded_order(self.cards, seed))

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
        return hands, distinct_deck(self.cards[need:])

    def deal_sets(
        self, players: int, cards_each: int, *, first_seat: int = 0
    ) -> tuple[list[CardSet], Deck]:
        """Like [`deal`][cardkit.cards.deck.Deck.deal], with each hand as a
        [`CardSet`][cardkit.cards.cardset.CardSet].
        """
        cards = self.cards
        need = self._check_deal(players, cards_each, first_seat)
        masks = [0] * players
        for i in range(need):
            masks[(first_seat + i) % players] |= cards[i].bit
        return [CardSet.from_mask(m) for m in masks], distinct_deck(cards[need:])

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
        return self.cards[:count], distinct_deck(self.cards[count:])

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
            return distinct_deck(self.cards[index])
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
        return (distinct_deck, (self.cards,))

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


def _zone_cards(zone: Zone, number: int, players: int, size: int) -> dict[int, list[Card]]:
    items = zone.items() if isinstance(zone, Mapping) else enumerate(zone)
    out: dict[int, list[Card]] = {}
    for seat, cards in items:
        if not 0 <= seat < players:
            raise InvalidDeck(f"zone {number} names seat {seat}, but seats are 0-{players - 1}")
        out[seat] = parse_cards(cards)
        if len(out[seat]) > size:
            raise InvalidDeck(
                f"zone {number} gives seat {seat} {len(out[seat])} cards; at most {size}"
            )
    return out


def _deal_order(
    zones: list[dict[int, list[Card]]],
    players: int,
    first: int,
    size: int,
    pool: Iterator[Card],
) -> list[Card] | None:
    """The cards of the zones in dealing order, filler from ``pool``; None when it runs out."""
    order: list[Card] = []
    for zone in zones:
        for turn in range(size):
            for k in range(players):
                hand = zone.get((first + k) % players, ())
                card = hand[turn] if turn < len(hand) else next(pool, None)
                if card is None:
                    return None
                order.append(card)
    return order


def _check_cards(cards: list[Card], full: tuple[Card, ...], what: str) -> None:
    if len(CardSet(cards)) != len(cards):
        twice = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise InvalidDeck(f"card {twice.code} is {what} twice")
    missing = CardSet(cards) - CardSet(full)
    if missing:
        raise InvalidDeck(f"{missing} {'is' if len(missing) == 1 else 'are'} not in this deck")


def distinct_deck(cards: tuple[Card, ...]) -> Deck:
    """A deck of `cards`, already known to be distinct: `Deck`'s check skipped.

    The core's own shortcut (a deal's shuffle, the rest of a deck after a deal); not exported.
    """
    deck = new_deck(Deck)
    set_deck_cards(deck, cards)
    return deck


#: `distinct_deck`'s two steps, for compiled core code that makes such a deck
#: (`engine._game_checks`): a call into this interpreted module would cost a Python frame,
#: about 200 instructions per Tonk decision. `new_deck(Deck)` skips `__init__`, and
#: `set_deck_cards` is the slot's own setter (a deck's `__setattr__` refuses).
new_deck: Final = object.__new__
set_deck_cards: Final = Deck.__dict__["cards"].__set__


_STANDARD_DECKS: Final = tuple(distinct_deck(_STANDARD_ORDER + JOKERS[:j]) for j in range(3))
