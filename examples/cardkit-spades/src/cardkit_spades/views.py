"""The view model of Spades: what one seat (or a spectator) may know."""

from __future__ import annotations

from cardkit import Card, View

__all__ = ["SpadesView"]


# --8<-- [start:view-model]
class SpadesView(View):
    """What one seat (or a spectator) may know of a deal of Spades.

    Attributes:
        hand: the seat's own cards (``None`` for a spectator, and for a seat
            that may still bid blind nil and has not looked at them).
        hand_counts: how many cards each seat holds.
        trick: the cards played to the current trick, the lead first.
        trick_leader: the seat that led the current trick.
        last_trick: the cards of the last complete trick, the lead first.
        last_leader: the seat that led it (``None`` before the first trick is done).
        tricks: how many tricks each seat has taken.
        bids: each seat's bid (0 is nil); another seat's bid shows only once
            every seat has bid: the bids are sealed.
        bid_made: whether each seat has bid.
        blind: the seats that bid blind nil (once the bids are revealed).
        broken: whether spades are broken (a spade has been played).
        dealer: the dealer's seat.
    """

    hand: list[Card] | None
    hand_counts: list[int]
    trick: list[Card]
    trick_leader: int
    last_trick: list[Card]
    last_leader: int | None
    tricks: list[int]
    bids: list[int | None]
    bid_made: list[bool]
    blind: list[int]
    broken: bool
    dealer: int


# --8<-- [end:view-model]
