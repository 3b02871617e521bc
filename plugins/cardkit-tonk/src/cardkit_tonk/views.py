"""The view of a Tonk hand: what one seat (or a spectator) may know."""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from cardkit import Card, CardSet, Payment, View
from cardkit.authoring import (
    Seen,
    Spot,
    TableHint,
    TableRole,
    Words,
    Zone,
    card_text,
    count_text,
    deck_from,
    payments_text,
    words_text,
)
from cardkit_tonk.actions import spread_cards
from cardkit_tonk.fields import OVER
from cardkit_tonk.payouts import EndingReason
from cardkit_tonk.protocols import TonkLike
from cardkit_tonk.spreads import TableSpread
from cardkit_tonk.tablezones import (
    SCALAR_NAMES,
    SHOWDOWNS,
    retired_mask,
    shown_mask,
    spread_masks,
    stock_bits,
    view_scalars,
)

__all__ = [
    "TABLE_HINT",
    "VIEW_WORDS",
    "ZONES",
    "SpadesView",
    "SpreadView",
    "TonkView",
    "shown_mask",
    "view_extra",
]


def _stock(state: Any) -> tuple[Card, ...]:
    """The stock, from the deck's position `f.stock` on (one slice per deal and position)."""
    return deck_from(state.setup.deck.cards, state.f.stock)


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

    phase: Literal["spades", "drop_window", "turn_start", "turn", "response", "over"]
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
    ending: EndingReason | None = None
    payments: list[Payment] = Field(default_factory=list)


def _spades_view(state: TonkLike) -> SpadesView | None:
    if not state.rules.spades_side_pot:
        return None
    x = state.f.extra
    return SpadesView(
        answered=list(x.spades_answered),
        joined=list(x.spades_joined),
        shown=dict(x.spades_shown),
        winner=x.spades_winner,
        settled=x.spades_settled,
    )


#: Tonk's zones: `hand:<seat>` (shown to everyone after a showdown), `stock`,
#: `discard` (under the top card: players may not look through the pile) and
#: `discard:top`, `spread:<id>` (one per spread on the table) and `retired`.
#: They give the views' `hand`, `hand_sizes`, `shown_hands`, `stock_size`,
#: `discard_top` and `discard_size`; spreads and retired books are shown with
#: their owners and kinds by `view_extra`.
ZONES: Final = (
    Zone(
        "hand",
        field="hands",
        per_seat=True,
        seen=Seen.OWNER,
        masks=True,
        count_key="hand_sizes",
        revealed=shown_mask,
        revealed_key="shown_hands",
        role=TableRole.HAND,
    ),
    Zone(
        "stock",
        seen=Seen.COUNT,
        cards=_stock,
        bits=stock_bits,
        count_key="stock_size",
        role=TableRole.STOCK,
    ),
    Zone(
        "discard",
        field="pile",
        seen=Seen.TOP,
        split_top=True,
        top_key="discard_top",
        count_key="discard_size",
        role=TableRole.DISCARD,
    ),
    Zone(
        "spread",
        seen=Seen.EVERYONE,
        keyed=True,
        masks=True,
        cards=spread_masks,
        in_view=False,
        role=TableRole.MELD,
    ),
    Zone(
        "retired",
        seen=Seen.EVERYONE,
        masks=True,
        cards=retired_mask,
        in_view=False,
        role=TableRole.MELD,
    ),
)

#: The browser table: the spreads and retired books are drawn from the view's lists,
#: which say who laid each one (layout hint: 4 lines).
TABLE_HINT: Final = TableHint(
    spots=(
        Spot(zone="spread", role=TableRole.MELD, label="Spreads", cards="spreads"),
        Spot(zone="retired", role=TableRole.MELD, label="Retired books", cards="retired"),
    )
)


def _spades_text(pot: Any, names: Any) -> str:
    joined = ", ".join(names[s] for s in pot["joined"]) or "nobody"
    won = pot["winner"]
    return f"joined: {joined}" + (f"; won by {names[won]}" if won is not None else "")


#: The view's other fields in words, on the browser table.
VIEW_WORDS: Final = {
    "phase": Words("Phase", words_text),
    "count": Words("Your count"),
    "drop_locks": Words("Drop locked", count_text("turn"), per_seat=True),
    "taken": Words("Taken from the discards", card_text),
    "hits_this_turn": Words("Hits this turn", count_text("hit")),
    "bonus_discards": Words("Bonus discards", count_text("discard")),
    "spades": Words("Spades pot", _spades_text),
    "counts": Words("Count", per_seat=True),
    "ending": Words("How the hand ended", words_text),
    "payments": Words("Payments", payments_text),
}


def view_extra(state: TonkLike, seat: int | None) -> dict[str, Any]:
    """What ``seat``'s view shows besides the zones: the phase, the table, the turn, the end."""
    f = state.f
    end = state.ending
    showdown = end is not None and end.reason in SHOWDOWNS
    return {
        **dict(zip(SCALAR_NAMES, view_scalars(state, seat), strict=True)),
        "spreads": [_spread_view(s) for s in f.table.spreads],
        "retired": [_spread_view(s) for s in f.table.retired],
        "drop_locks": list(f.locks),
        "spades": _spades_view(state),
        "counts": list(end.counts) if showdown and end is not None and end.counts else None,
        "payments": state.main_payments() + state.spades_payments() if f.phase == OVER else [],
    }


def _spread_view(s: TableSpread) -> SpreadView:
    return SpreadView(id=s.id, owner=s.owner, kind=s.kind, cards=spread_cards(s.mask))
