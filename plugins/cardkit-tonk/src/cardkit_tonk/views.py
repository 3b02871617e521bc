"""The view of a Tonk hand: what one seat (or a spectator) may know."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cardkit import Card, CardSet, Payment, View

__all__ = ["SpadesView", "SpreadView", "TonkView"]


class SpreadView(BaseModel):
    """One spread on the table (or a retired four-card book).

    Attributes:
        id: the spread's id, used in ``hit`` actions.
        owner: the seat that laid it.
        kind: ``book`` or ``run``.
        cards: its cards, in display order (a run by rank).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    owner: int
    kind: Literal["book", "run"]
    cards: list[Card]


class SpadesView(BaseModel):
    """The Spades side pot, as far as it is public.

    Attributes:
        answered: the seats that have answered the offer, in deal order.
        joined: the seats that joined.
        shown: the highest spade each participant showed (``None``: no spade),
            once the pot is settled.
        winner: the seat that took the pot, if any (none: everyone refunded).
        settled: whether the pot has been settled.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    answered: list[int] = Field(default_factory=list)
    joined: list[int] = Field(default_factory=list)
    shown: dict[int, Card | None] = Field(default_factory=dict)
    winner: int | None = None
    settled: bool = False


class TonkView(View):
    """What one seat may know of a Tonk hand.

    It holds that seat's own hand, the public table (spreads with owners and
    ids, the top discard, the stock count, every player's card count and drop
    lock) and, only after a showdown, every hand. The order of the stock and
    the discards under the top card are never in a view.

    Attributes:
        phase: ``spades``, ``drop_window``, ``turn_start`` (before drawing),
            ``turn`` (after drawing), ``response`` or ``over``.
        dealer: the dealer's seat.
        hand: this seat's cards (``None`` for a spectator).
        count: this seat's hand count (``None`` for a spectator).
        spreads: every spread on the table.
        retired: four-card books taken off the table.
        discard_top: the top card of the discard pile, if any.
        discard_size: how many cards the discard pile holds.
        stock_size: how many cards the stock holds.
        hand_sizes: every player's number of cards.
        drop_locks: every player's drop lock (turns in which they may not drop).
        taken: the card the player to act took from the discard pile this turn.
        hits_this_turn: the hits made this turn.
        bonus_discards: the extra discards earned this turn (``per_hit``).
        spades: the Spades side pot, when it is played.
        shown_hands: hands shown to everyone: every hand after a showdown,
            the claimers' hands after a deal-time claim.
        counts: every player's count at a showdown.
        ending: how the hand ended, once it is over.
        payments: the transfers that settled it, once it is over.
    """

    phase: str
    dealer: int
    hand: CardSet | None = None
    count: int | None = None
    spreads: list[SpreadView] = Field(default_factory=list)
    retired: list[SpreadView] = Field(default_factory=list)
    discard_top: Card | None = None
    discard_size: int = 0
    stock_size: int = 0
    hand_sizes: list[int] = Field(default_factory=list)
    drop_locks: list[int] = Field(default_factory=list)
    taken: Card | None = None
    hits_this_turn: int = 0
    bonus_discards: int = 0
    spades: SpadesView | None = None
    shown_hands: dict[int, CardSet] = Field(default_factory=dict)
    counts: list[int] | None = None
    ending: str | None = None
    payments: list[Payment] = Field(default_factory=list)
