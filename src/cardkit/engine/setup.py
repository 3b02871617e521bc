"""Setup: what one deal is dealt from, enough to replay it exactly.

A game's `start` receives a [`Setup`][cardkit.engine.setup.Setup]: the number of seats, the
rules in force, the shuffled deck, the dealer, the seed and, in a later deal of a match,
the previous deal's result. Its helpers deal the way most games deal: from left of the
dealer, one card at a time, with a card turned up after the hands.
"""

from __future__ import annotations

from typing import Generic, NamedTuple

from typing_extensions import TypeVar

from cardkit.cards.card import Card
from cardkit.cards.cardset import CardSet
from cardkit.cards.deck import Deck
from cardkit.engine.results import GameResult
from cardkit.engine.rules import Rules
from cardkit.errors import InvalidState, quote

__all__ = ["Setup"]

#: The rules model of a setup (plain `Setup` means `Setup[Rules]`).
RulesT = TypeVar("RulesT", bound=Rules, default=Rules, covariant=True)
#: What a previous deal carried (`Setup.carried`).
_T = TypeVar("_T")


class Setup(NamedTuple, Generic[RulesT]):
    """Everything a game starts from: enough to replay it exactly.

    An immutable named tuple, built once per deal. `Setup[R]` types its
    `rules` as the game's rules model `R`.

    Attributes:
        players: the number of seats.
        rules: the rules in force.
        deck: the full deck order before the deal, top first.
        dealer: the dealer's seat.
        seed: the seed the deck was shuffled with, if it came from a seed.
        previous: the previous deal's result when this game is a later deal
            of a match (games use it, for example, for who leads), else None.
    """

    players: int
    rules: RulesT
    deck: Deck
    dealer: int
    seed: int | None = None
    previous: GameResult | None = None

    @property
    def left_of_dealer(self) -> int:
        """The seat left of the dealer, who receives the first card (and, in many games,
        plays first)."""
        return (self.dealer + 1) % self.players

    def carried(self, detail: str, first: _T) -> _T:
        """What the previous deal of the match carried over in its result's `detail`
        (Spades' bags): `previous.details[detail]`; `first` in the first deal, or where
        the previous result has no such detail.

        Raises:
            InvalidState: the previous result's detail is not of `first`'s type (a match
                whose deals disagree on what they carry).
        """
        if self.previous is None or detail not in self.previous.details:
            return first
        value = self.previous.details[detail]
        if not isinstance(value, type(first)):
            raise InvalidState(
                f"the previous deal carried {detail}={quote(value)}, a "
                f"{type(value).__name__}; this deal expects a {type(first).__name__} "
                f"like {quote(first)}"
            )
        return value

    def deal_and_turn_up(
        self, cards_each: int
    ) -> tuple[tuple[CardSet, ...], Card, tuple[Card, ...]]:
        """Deal `cards_each` cards to each seat from the top of the deck, one at a time from
        left of the dealer, and turn up the next card: the hands, the card turned up (a
        starter, an upcard) and the rest of the deck (the stock, top first).

        Raises:
            ValueError: the deck holds no card to turn up after the hands.
        """
        hands, rest = self.deck.deal_sets(self.players, cards_each, first_seat=self.left_of_dealer)
        if not rest.cards:
            raise ValueError(f"no card is left to turn up after dealing {cards_each} cards each")
        return tuple(hands), rest.cards[0], rest.cards[1:]
