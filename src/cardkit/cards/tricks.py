"""Tricks: who played what to a trick, who wins it, and which cards may be played to it.

The common core of trick-taking games (Whist, Hearts, Spades, Euchre, Oh Hell):

>>> from cardkit.cards.card import Card, Suit
>>> from cardkit.cards.orders import ACE_HIGH
>>> trick = Trick(leader=1, players=4)
>>> for code in ("TH", "KH", "2S", "AH"):
...     trick = trick.add(Card.parse(code))
>>> trick.led, trick.complete
(<Suit.HEARTS: 2>, True)
>>> trick.winner(ACE_HIGH)  # no trump: the highest heart, played by seat 0
0
>>> trick.winner(ACE_HIGH, trump=Suit.SPADES)  # spades trump: seat 3's 2♠
3

[`legal_plays`][cardkit.cards.tricks.legal_plays] gives the cards of a hand that may
be played to a trick under a [`Follow`][cardkit.cards.tricks.Follow] rule: follow
suit when able (the usual rule), also trump when void (`TRUMP`), and also beat the
highest trump played when able (`OVERTRUMP`); `lead_trump=False` forbids leading a
trump (Spades before spades are broken) unless the hand holds nothing else.

The trump is a value, not a rule: fixed (Spades: `Suit.SPADES`), chosen during
play (a field of the game's state) or `None` (no trump, Hearts).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from cardkit.cards.card import Card, Suit
from cardkit.cards.cardset import CardSet, suit_mask
from cardkit.cards.orders import RankOrder

__all__ = ["Follow", "Trick", "legal_plays", "winning_index"]

_CARDS: Final = Card._by_index
#: The two jokers' bits: the "suit" a joker leads.
_JOKERS: Final = 3 << 52


class Follow(StrEnum):
    """What a player must play to a trick that has been led."""

    ANY = "any"
    """Any card, always (no obligation to follow)."""
    SUIT = "suit"
    """Follow the suit led when able; else any card."""
    TRUMP = "trump"
    """Follow the suit led when able; else play a trump when able; else any card."""
    OVERTRUMP = "overtrump"
    """As `TRUMP`, and a trump played must beat every trump in the trick when one can."""


def winning_index(cards: Iterable[Card], ranks: RankOrder, trump: Suit | None = None) -> int:
    """The position of the winning card among `cards` (played in order, the first led).

    The highest trump wins if any was played, else the highest card of the suit
    led; `ranks` orders the ranks (low to high). Other suits never win.

    Raises:
        ValueError: `cards` is empty.
    """
    played = list(cards)
    if not played:
        raise ValueError("an empty trick has no winner")
    best, best_key = 0, _key(played[0], played[0].suit, ranks, trump)
    for index, card in enumerate(played[1:], 1):
        key = _key(card, played[0].suit, ranks, trump)
        if key > best_key:
            best, best_key = index, key
    return best


def _key(card: Card, led: Suit | None, ranks: RankOrder, trump: Suit | None) -> int:
    """How strong `card` is in a trick led in `led`: trumps above the suit led, others -1."""
    position = ranks.card_position(card)
    if trump is not None and card.suit == trump:
        return 1000 + position
    return position if card.suit == led else -1


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick being played, or played: its leader and the cards played in turn.

    Seats play clockwise from `leader`: `cards[i]` was played by seat
    `(leader + i) % players`.

    Attributes:
        leader: the seat that led the trick.
        players: the number of seats playing to it (the trick is complete at that many cards).
        cards: the cards played, in order, the lead first.

    Raises:
        ValueError: a leader that is not a seat, or more cards than players.
    """

    leader: int
    players: int
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a leader outside the table or more cards than seats (see Raises)."""
        if not 0 <= self.leader < self.players:
            raise ValueError(f"leader {self.leader} is not a seat of {self.players}")
        if len(self.cards) > self.players:
            raise ValueError(f"{len(self.cards)} cards in a trick of {self.players} seats")

    @property
    def led(self) -> Suit | None:
        """The suit led (`None` before the lead, or for a joker led)."""
        return self.cards[0].suit if self.cards else None

    @property
    def complete(self) -> bool:
        """Whether every seat has played to it."""
        return len(self.cards) == self.players

    @property
    def to_play(self) -> int | None:
        """The seat to play next (`None` once complete)."""
        return None if self.complete else (self.leader + len(self.cards)) % self.players

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card, in the order of `cards`."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    def by_seat(self) -> dict[int, Card]:
        """Each seat's card so far, by seat."""
        return dict(zip(self.seats, self.cards, strict=True))

    def add(self, card: Card) -> Trick:
        """This trick with `card` played by the seat to play.

        Raises:
            ValueError: the trick is complete.
        """
        if self.complete:
            raise ValueError("the trick is complete: start a new one")
        return Trick(self.leader, self.players, (*self.cards, card))

    def winner(self, ranks: RankOrder, trump: Suit | None = None) -> int:
        """The seat whose card wins it so far (see
        [`winning_index`][cardkit.cards.tricks.winning_index]).

        Raises:
            ValueError: nothing has been played.
        """
        return (self.leader + winning_index(self.cards, ranks, trump)) % self.players


def legal_plays(
    hand: Iterable[Card],
    trick: Trick,
    *,
    follow: Follow = Follow.SUIT,
    trump: Suit | None = None,
    ranks: RankOrder | None = None,
    lead_trump: bool = True,
) -> list[Card]:
    """The cards of `hand` that may be played to `trick` now, in `hand`'s order.

    Leading: any card, but a trump only when `lead_trump` or the hand holds only trumps.
    Following: as `follow` says. `OVERTRUMP` needs `ranks` to compare trumps.

    Raises:
        ValueError: `OVERTRUMP` without `ranks`, or a complete trick.
    """
    if trick.complete:
        raise ValueError("the trick is complete: nothing may be played to it")
    if isinstance(hand, CardSet) and follow is not Follow.OVERTRUMP:
        return _cards_of(playable_mask(hand.mask, trick, follow, trump, lead_trump))
    cards = list(hand)
    if not trick.cards:
        if lead_trump or trump is None:
            return cards
        others = [c for c in cards if c.suit != trump]
        return others or cards
    if follow is Follow.ANY:
        return cards
    led = trick.led
    following = [c for c in cards if c.suit == led]
    if following or follow is Follow.SUIT or trump is None:
        return following or cards
    trumps = [c for c in cards if c.suit == trump]
    if not trumps or follow is Follow.TRUMP:
        return trumps or cards
    if ranks is None:
        raise ValueError("OVERTRUMP compares trumps: give the rank order (ranks=)")
    played = [ranks.card_position(c) for c in trick.cards if c.suit == trump]
    top = max(played, default=-1)
    over = [c for c in trumps if ranks.card_position(c) > top]
    return over or trumps


def playable_mask(
    mask: int, trick: Trick, follow: Follow, trump: Suit | None, lead_trump: bool
) -> int:
    """[`legal_plays`][cardkit.cards.tricks.legal_plays] on a hand's mask, by suit lanes (any
    rule but `OVERTRUMP`)."""
    if not trick.cards:
        if lead_trump or trump is None:
            return mask
        return mask & ~suit_mask(trump) or mask
    if follow is Follow.ANY:
        return mask
    led = trick.cards[0].suit
    following = mask & (_JOKERS if led is None else suit_mask(led))
    if following or follow is Follow.SUIT or trump is None:
        return following or mask
    return mask & suit_mask(trump) or mask


def _cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, in index order (a card set's)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out
