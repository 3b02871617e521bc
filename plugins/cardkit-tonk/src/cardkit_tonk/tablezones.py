"""What Tonk's zones hold and what a view's scalars say, read from a state's fields.

[`views`][cardkit_tonk.views] declares the zones (`ZONES`) and the view; the
functions it gives them, and the scalar entries every observation of a
learning loop reads, are here: plain functions of the fields, compiled in the
compiled build (each runs once per observation).
"""

from __future__ import annotations

from typing import Any, Final

from cardkit_tonk.fields import MAIN, OVER, PHASES
from cardkit_tonk.protocols import TonkLike

__all__ = [
    "SCALAR_NAMES",
    "SHOWDOWNS",
    "retired_mask",
    "shown_mask",
    "spread_masks",
    "stock_bits",
    "view_scalars",
]

#: The cards of Tonk's deck, the standard 52 (`TonkGame.new_deck`; a deck given to
#: `start` holds the same cards), as a mask.
_DECK: Final = (1 << 52) - 1
#: Endings after which every hand is shown.
SHOWDOWNS: Final = frozenset({"drop_win", "drop_caught", "stock_out", "stock_out_void"})


def shown_mask(state: TonkLike) -> int:
    """The seats whose hands everyone has seen: all after a showdown, deal claimers."""
    f = state.f
    end = f.end
    if f.phase != OVER or end is None:
        return 0
    if end.reason in SHOWDOWNS:
        return (1 << end.players) - 1
    if end.reason == "deal_win":
        return 1 << end.winners[0]
    if end.reason == "void_deal":
        return f.extra.shown
    return 0


def stock_bits(state: TonkLike) -> tuple[int, int, int]:
    """The stock's mask, count and last card's bit, without slicing the deck.

    The stock is the deck from position `f.stock` on; every other card of the
    deck is in a hand, the discard pile, a spread or a retired book, so its
    mask is the deck's less theirs.
    """
    f = state.f
    cards = state.setup.deck.cards
    count = len(cards) - f.stock
    if count <= 0:
        return 0, 0, 0
    elsewhere = 0
    for hand in f.hands:
        elsewhere |= hand
    for card in f.pile:
        elsewhere |= card.bit
    table = f.table
    for spread in table.spreads:
        elsewhere |= spread.mask
    for spread in table.retired:
        elsewhere |= spread.mask
    return _DECK & ~elsewhere, count, cards[-1].bit


def spread_masks(state: TonkLike) -> dict[int, int]:
    """Each spread on the table by id: its cards, as a mask."""
    return {s.id: s.mask for s in state.f.table.spreads}


def retired_mask(state: TonkLike) -> int:
    """The cards of the four-card books taken off the table, as a mask."""
    retired = 0
    for s in state.f.table.retired:
        retired |= s.mask
    return retired


#: The names of `view_scalars`' values, in its order (the view's own names).
SCALAR_NAMES: Final = (
    "phase",
    "dealer",
    "count",
    "taken",
    "hits_this_turn",
    "bonus_discards",
    "ending",
)


def view_scalars(state: TonkLike, seat: int | None) -> tuple[Any, ...]:
    """The scalar entries of ``view_extra`` alone, named by `SCALAR_NAMES` (for learning code:
    no spreads, no payments, no dict)."""
    # Read once per observation of a learning loop: `state.ending` and `state.count(seat)`
    # from the fields read here, not through the state's methods.
    f = state.f
    phase = f.phase
    end = f.end if phase == OVER else None
    turn = f.turn
    in_turn = phase == MAIN
    return (
        PHASES[phase],
        state.setup.dealer,
        None if seat is None else f.c.count(f.hands[seat]),
        turn.taken if in_turn else None,
        turn.hits if in_turn else 0,
        turn.bonus if in_turn else 0,
        end.reason if end is not None else None,
    )
