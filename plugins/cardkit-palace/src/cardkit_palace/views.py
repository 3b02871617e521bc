"""The view of a Palace game: what one seat (or a spectator) may know.

The core's [`GenericState.view`][cardkit.engine.generic.GenericState.view] builds
it: the zones ([`ZONES`][cardkit_palace.views.ZONES]) give the cards and
counts, [`view_extra`][cardkit_palace.views.view_extra] the rest (phase,
windows, the exchange), and the core shows every seat but the one a window
asks the view with the windows declined. This module also gives the
snapshot ([`snapshot_of`][cardkit_palace.views.snapshot_of], the save
format) and the result ([`result_of`][cardkit_palace.views.result_of]).
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import Field

from cardkit import Card, CardSet, Event, GameResult, InvalidState, Rank, View
from cardkit.authoring import (
    Seen,
    TableHint,
    TableRole,
    Words,
    Zone,
    card_text,
    cards_text,
    count_text,
    deck_from,
    kept,
    seat_text,
    seats_text,
    words_text,
)
from cardkit_palace.fields import (
    ADD,
    CARDS,
    COMPLETE,
    EXCHANGE,
    OVER,
    PHASES,
    pile_cards,
)
from cardkit_palace.protocols import PalaceLike
from cardkit_palace.scalars import SCALAR_NAMES, view_scalars
from cardkit_palace.zonebits import downs_bits, pile_bits, stock_bits

__all__ = [
    "TABLE_HINT",
    "VIEW_WORDS",
    "ZONES",
    "PalaceView",
    "latest_events",
    "result_of",
    "snapshot_of",
    "view_extra",
]

#: A rank's code (`Rank.code`), the values of `first_play_rank`.
RankCode = Literal["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]


def _face_down(downs: tuple[tuple[int, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple([CARDS[d] for d in seat if d >= 0]) for seat in downs)


def _stock(state: Any) -> tuple[Card, ...]:
    """The stock, from the deck's position `f.stock` on (one slice per deal and position)."""
    return deck_from(state.setup.deck.cards, state.f.stock)


def _downs(state: Any) -> tuple[tuple[Card, ...], ...]:
    """Each seat's face-down cards, kept by the rows (module functions, not lambdas: zones
    pickle)."""
    return kept(state.f.downs, _face_down)


def _pile(state: Any) -> tuple[Card, ...]:
    """The pile, bottom to top, kept by its field."""
    return kept(state.f.pile, pile_cards)


class PalaceView(View):
    """What one seat (or a spectator) may know about a Palace game.

    Face-down cards never appear, not even to their owner: only their count
    and which positions are still face down. The stock's order never appears.
    Windows are private (rules 4.5): only the seat a window asks sees it.
    Every other view is exactly the view with no window open: the next
    player is shown to act (``to_act``) with its legal actions, and that
    player may act at once (``act_as``), which declines the window.

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

    phase: Literal["exchange", "play", "over"]
    window: Literal["add", "complete"] | None = None
    dealer: int
    hand: CardSet | None
    hand_counts: list[int]
    face_up: list[CardSet]
    face_down_counts: list[int]
    face_down_positions: list[list[int]] = Field(title="unturned")
    pile: list[Card]
    top_run: int = Field(title="on top in a row")
    burned_count: int
    burned: CardSet
    stock_count: int
    finished: list[int]
    ready: list[int] = Field(default_factory=list)
    starter: int | None = None
    first_play_rank: RankCode | None = None
    window_seat: int | None = Field(None, title="window opened by")
    addable: CardSet | None = None
    completing: CardSet | None = None
    plays_again: bool = False


#: Palace's zones: who may see what, and the zone part of every view (`hand`,
#: `hand_counts`, `face_up`, `face_down_counts`, `stock_count`, `pile`, `burned`,
#: `burned_count`). The stock is top first, the pile bottom to top.
ZONES: tuple[Zone, ...] = (
    Zone("hand", field="hands", per_seat=True, seen=Seen.OWNER, masks=True, role=TableRole.HAND),
    Zone(
        "face_up",
        field="ups",
        per_seat=True,
        seen=Seen.EVERYONE,
        masks=True,
        role=TableRole.FACE_UP,
    ),
    Zone(
        "face_down",
        per_seat=True,
        seen=Seen.COUNT,
        cards=_downs,
        bits=downs_bits,
        role=TableRole.FACE_DOWN,
    ),
    Zone("stock", seen=Seen.COUNT, cards=_stock, bits=stock_bits, role=TableRole.STOCK),
    Zone(
        "pile",
        seen=Seen.EVERYONE,
        cards=_pile,
        bits=pile_bits,
        role=TableRole.PILE,
    ),
    Zone("burned", seen=Seen.EVERYONE, masks=True, count_key="burned_count", role=TableRole.PILE),
)

#: The browser table: labels of the rows and piles (layout hint: 3 lines).
TABLE_HINT: Final = TableHint(
    labels={"face_up": "Face up", "face_down": "Face down", "pile": "Pile", "burned": "Burned"}
)

#: The view's other fields in words, on the browser table (positions are not shown).
VIEW_WORDS: Final = {
    "phase": Words("Phase", words_text),
    "window": Words("Your window", words_text),
    "face_down_positions": None,
    "top_run": Words("Top run", count_text("card")),
    "finished": Words("Out", seats_text),
    "ready": None,
    "starter": Words("Started", seat_text),
    "first_play_rank": Words("Your first play includes a", card_text),
    "window_seat": Words("Window opened by", seat_text),
    "addable": Words("You may add", cards_text),
    "completing": Words("You may complete with", cards_text),
    "plays_again": Words("Plays again"),
}


def latest_events(log: Any) -> tuple[Event, ...]:
    """The events of the latest transition that had any (declined windows have none)."""
    while log is not None and not log[2]:
        log = log[0]
    return () if log is None else log[2]


def view_extra(state: PalaceLike, seat: int | None) -> dict[str, Any]:
    """What ``seat``'s view shows besides the zones (no window open, or ``seat`` is the one
    asked): the phase, the exchange, the starter and the open window."""
    f = state.f
    x = f.cfg
    asked = seat is not None and seat == state.to_act
    ready = (
        [(x.dealer + 1 + k) % x.players for k in range(f.readied)]
        if f.phase == EXCHANGE
        else list(range(x.players))
    )
    return {
        **dict(zip(SCALAR_NAMES, view_scalars(state, seat), strict=True)),
        "face_down_positions": [[i + 1 for i, d in enumerate(ds) if d >= 0] for ds in f.downs],
        "finished": list(f.out),
        "ready": ready,
        "addable": CardSet.from_mask(f.add) if f.phase == ADD and asked else None,
        "completing": CardSet.from_mask(f.need) if f.phase == COMPLETE and asked else None,
    }


def snapshot_of(state: PalaceLike) -> dict[str, Any]:
    """The full state, face-down cards and stock order included, as JSON-ready data."""
    f = state.f
    window = f.phase in (ADD, COMPLETE)
    return {
        "phase": PHASES[f.phase],
        "to_act": state.to_act,
        "hands": [CardSet.from_mask(h).codes for h in f.hands],
        "face_up": [CardSet.from_mask(u).codes for u in f.ups],
        "face_down": [[CARDS[d].code if d >= 0 else None for d in ds] for ds in f.downs],
        "stock": [card.code for card in state.setup.deck.cards[f.stock :]],
        "pile": [card.code for card in pile_cards(f.pile)],
        "top_run": f.run,
        "burned": CardSet.from_mask(f.burned).codes,
        "finished": list(f.out),
        "readied": f.readied,
        "moved": CardSet.from_mask(f.moved).codes,
        "window_opener": f.opener if window else None,
        "addable": CardSet.from_mask(f.add).codes,
        "completing": CardSet.from_mask(f.need).codes,
        "plays_again": bool(f.again) if window else False,
        "skip": f.skip if window else 0,
        "first_play_rank": Rank(f.must).code if f.must else None,
        "starter": f.starter if f.starter >= 0 else None,
        "actions": f.moves,
        **({"direction": f.direction} if f.cfg.tables.any_reverses else {}),
    }


def result_of(state: PalaceLike) -> GameResult:
    """The finishing order, the loser and the winners (see `PalaceState.result`).

    Raises:
        InvalidState: the game is not over yet.
    """
    f = state.f
    if f.phase != OVER:
        raise InvalidState("the game is not over yet; result() needs a finished game")
    players = f.cfg.players
    details = {"burned": f.burned.bit_count()}
    if f.cfg.first_out:
        winner = f.out[0]
        return GameResult(
            reason="first_out",
            players=players,
            order=[winner],
            winners=[winner],
            actions=f.moves,
            details=details,
        )
    order = list(f.out)
    loser = order[-1]
    return GameResult(
        reason="last_with_cards",
        players=players,
        order=order,
        winners=[s for s in order if s != loser],
        losers=[loser],
        actions=f.moves,
        details=details,
    )
