"""The view of a Palace game: what one seat (or a spectator) may know.

Built by [PalaceState.view][cardkit_palace.game.PalaceState.view]; importable
from `cardkit_palace` and `cardkit_palace.game` too.
"""

from __future__ import annotations

from pydantic import Field

from cardkit import Card, CardSet, View

__all__ = ["PalaceView"]


class PalaceView(View):
    """What one seat (or a spectator) may know about a Palace game.

    Face-down cards never appear, not even to their owner: only their count
    and which positions are still face down. The stock's order never appears.
    Windows are private (rules 4.5): only the seat a window asks sees it.
    Every other view is exactly the view with no window open: the next
    player is shown to act (``to_act``) with its legal actions, and that
    player may act at once (``apply_as``), which declines the window.

    Attributes:
        phase: ``"exchange"``, ``"play"`` or ``"over"``.
        window: in the view of the seat asked, ``"add"`` or ``"complete"``
            during a window between turns; ``None`` otherwise.
        dealer: the dealer's seat.
        hand: this seat's hand (``None`` for a spectator).
        hand_counts: every seat's number of hand cards.
        face_up: every seat's face-up cards.
        face_down_counts: every seat's number of face-down cards.
        face_down_positions: every seat's face-down positions still unturned
            (1-based, in dealing order).
        pile: the discard pile, bottom to top (public in full).
        top_run: how many cards of the top card's rank lie on top in a row.
        burned_count: how many cards left the game.
        burned: the burned cards (each was played face up, so public).
        stock_count: cards left in the stock.
        finished: seats in the order they went out (the loser last, once over).
        ready: seats that have finished the exchange.
        starter: the seat that started the first pile (``None`` during the exchange).
        first_play_rank: the rank the starter's first play must include
            (``first_play_must_include_lowest``; only in the starter's view).
        window_seat: during a window, the seat whose play opened it (only in
            the view of the seat asked).
        addable: in the ``add`` window, the drawn cards this seat may add
            (only in its own view).
        completing: in the ``complete`` window, the cards the asked seat
            may complete with (only in its own view).
        plays_again: whether the window's opener plays again afterwards (a 2;
            only in the view of the seat asked).
    """

    phase: str
    window: str | None = None
    dealer: int
    hand: CardSet | None
    hand_counts: list[int]
    face_up: list[CardSet]
    face_down_counts: list[int]
    face_down_positions: list[list[int]]
    pile: list[Card]
    top_run: int
    burned_count: int
    burned: CardSet
    stock_count: int
    finished: list[int]
    ready: list[int] = Field(default_factory=list)
    starter: int | None = None
    first_play_rank: str | None = None
    window_seat: int | None = None
    addable: CardSet | None = None
    completing: CardSet | None = None
    plays_again: bool = False
