"""The rules model of Crazy Eights: every variant option, typed, with its default.

Also the words of the rules: suit names in action text and card points, and which cards
match which.
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum
from typing import ClassVar

from pydantic import Field

from cardkit import Card, CardValues, InvalidRules, Rank, Rules, Suit, Variant
from cardkit.authoring import rank_mask, suit_mask

__all__ = [
    "MATCHES",
    "PRESETS",
    "SUIT_NAMES",
    "SUIT_WORDS",
    "CrazyEightsRefused",
    "CrazyEightsRules",
    "card_points",
]


#: The named presets of Crazy Eights.
PRESETS = (
    Variant(
        name="draw-one",
        description="A player who cannot play draws one card, then plays it or passes.",
        options={"draw_until_playable": False},
    ),
    Variant(
        name="no-wilds",
        description="8s are ordinary cards: every play follows suit or rank.",
        options={"eights_wild": False},
    ),
)


class CrazyEightsRules(Rules):
    """The options of Crazy Eights. The defaults are the standard game.

    Standard rules: 7 cards each with 2 players, 5 with 3 to 5; a player
    who cannot play draws from the stock until they can; 8s are wild; a
    match is played to 100 points.
    """

    presets: ClassVar[tuple[Variant, ...]] = PRESETS

    max_actions: int = Field(5_000, ge=1)
    """The action cap (the core's option): the game is over, capped, after this many
    actions. Real play ends within about 200 actions (random play: at most 214 with 5
    players)."""

    eights_wild: bool = True
    """8s may be played on any card, and their player names the suit to follow."""

    draw_until_playable: bool = True
    """A player who cannot play draws until they can (else: draw one card, then play or pass)."""

    cards_each: int | None = Field(default=None, ge=1, le=12)
    """Cards dealt to each player; None deals 7 with 2 players and 5 with more."""

    target_score: int = Field(default=100, ge=1)
    """A match ends when a player's total reaches this many points."""

    def hand_size(self, players: int) -> int:
        """The number of cards each of ``players`` seats is dealt."""
        if self.cards_each is not None:
            return self.cards_each
        return 7 if players == 2 else 5

    def check_players(self, players: int) -> None:
        """Refuse a deal that leaves fewer than two cards for the stock and the starter.

        Raises:
            InvalidRules: ``cards_each`` is too large for ``players``.
        """
        if players * self.hand_size(players) > 50:
            raise InvalidRules(
                f"cannot deal {self.hand_size(players)} cards to each of {players} players "
                "and keep a starter card and a stock; lower cards_each"
            )


#: The name of each suit in action text: ``play 8H clubs``.
SUIT_NAMES: dict[Suit, str] = {
    Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"
}  # fmt: skip
#: Every word naming a suit in action text (names, singulars, letters, symbols).
SUIT_WORDS: dict[str, Suit] = {
    **{name: suit for suit, name in SUIT_NAMES.items()},
    **{name[:-1]: suit for suit, name in SUIT_NAMES.items()},
    **{suit.code.lower(): suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
}

#: The cards that may be played with each suit to follow and top card's rank, 8s wild or not:
#: `MATCHES[eights_wild][suit][rank]` is a card mask (a table made once, for the hot path).
MATCHES: tuple[tuple[dict[Rank | None, int], ...], ...] = tuple(
    tuple({rank: suit_mask(suit) | rank_mask(rank) | (rank_mask(8) if wild else 0) for rank in Rank}
          for suit in Suit) for wild in (False, True))  # fmt: skip

#: Cards left in a hand: pip value, pictures 10, ace 1 (an 8 is worth 50 while 8s are wild).
_VALUES = CardValues.pips(ace=1, pictures=10)
_POINTS = CardValues({rank: 50 if rank == Rank.EIGHT else _VALUES.table[rank - 2] for rank in Rank})


def card_points(cards: Collection[Card], *, eights_wild: bool = True) -> int:
    """What cards left in a hand are worth: 8 = 50 (8 when 8s are not wild), pictures 10, ace 1."""
    return (_POINTS if eights_wild else _VALUES).total(cards)


class CrazyEightsRefused(StrEnum):
    """Crazy Eights refusal codes, besides the shared [`Refused`][cardkit.errors.Refused]."""

    DOES_NOT_MATCH = "does_not_match"
    NAME_A_SUIT = "name_a_suit"
    NO_SUIT_TO_NAME = "no_suit_to_name"
    CANNOT_DRAW = "cannot_draw"
    ALREADY_DREW = "already_drew"
    MUST_PLAY = "must_play"
    CANNOT_PASS = "cannot_pass"
