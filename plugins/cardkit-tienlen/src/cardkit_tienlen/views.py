"""What a seat of a Tiến lên deal may see, the snapshot, and the narration of its events."""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import Field

from cardkit import Card, Event, View
from cardkit.authoring import (
    Log,
    Spot,
    TableHint,
    TableRole,
    Words,
    card_text,
    count_text,
    seat_text,
    seats_text,
)
from cardkit_tienlen.combos import CARD_BY_KEY, cards_of, describe_kind
from cardkit_tienlen.fields import Fields
from cardkit_tienlen.narration import narrate
from cardkit_tienlen.protocols import TienLenLike
from cardkit_tienlen.scoring import deal_points

__all__ = [
    "SCALAR_NAMES",
    "TABLE_HINT",
    "VIEW_WORDS",
    "TienLenView",
    "narrate",
    "recent_of",
    "snapshot_of",
    "view_extra_of",
    "view_scalars_of",
]

_RECENT: Final = 8

#: Every value of `current_kind` (`describe_kind`'s words): observations
#: ([cardkit.rl][]) one-hot the declared values, the same at every player count.
CurrentKind = Literal[
    "single", "pair", "triple", "four of a kind",
    "sequence of 3", "sequence of 4", "sequence of 5", "sequence of 6", "sequence of 7",
    "sequence of 8", "sequence of 9", "sequence of 10", "sequence of 11", "sequence of 12",
    "double sequence of 3 pairs", "double sequence of 4 pairs",
    "double sequence of 5 pairs", "double sequence of 6 pairs",
]  # fmt: skip
#: Every instant-win hand's name: the values of `InstantWin`.
InstantHand = Literal["four_twos", "dragon", "six_pairs", "five_consecutive_pairs"]


class TienLenView(View):
    """What one seat of a Tiến lên deal may know.

    Attributes:
        hand: this seat's cards, low to high in the game's order (empty for a spectator).
        hand_sizes: how many cards each seat holds (never which).
        dealer: the dealer's seat.
        current: the combination to beat, low to high (empty when someone leads).
        current_kind: its type, such as ``"pair"`` or ``"sequence of 5"``.
        current_by: the seat that played it.
        must_include: on the first lead of a match, the card the lead must
            contain (shown to the leader only).
        locked: seats that passed this round and are out until the pile is cleared.
        passed: seats that passed since the last play (skipped until the next play).
        finished: seats that have played their last card, in finishing order.
        points: this deal's points so far (placements decided).
        pile: every card played in this round, low to high.
        played: every card played in this deal, low to high.
        undealt: how many cards were not dealt (2-3 players; never which), else None.
        instant_winner: the seat that won by an instant-win hand, if any.
        instant_hand: that hand's name, such as ``"four_twos"``.
    """

    hand: list[Card] = Field(default_factory=list)
    hand_sizes: list[int]
    dealer: int
    current: list[Card] = Field(default_factory=list)
    current_kind: CurrentKind | None = None
    current_by: int | None = None
    must_include: Card | None = None
    locked: list[int] = Field(default_factory=list)
    passed: list[int] = Field(default_factory=list)
    finished: list[int] = Field(default_factory=list)
    points: list[int] = Field(default_factory=list)
    pile: list[Card] = Field(default_factory=list)
    played: list[Card] = Field(default_factory=list)
    undealt: int | None = None
    instant_winner: int | None = None
    instant_hand: InstantHand | None = None


#: The browser table: the combination to beat, first in the middle (layout hint: 5 lines).
TABLE_HINT: Final = TableHint(
    centre=("current", "pile"),
    labels={"pile": "This round"},
    spots=(Spot(zone="current", role=TableRole.TRICK, label="To beat", cards="current"),),
    moves={"play": "Play these cards: a combination that beats the one to beat, or any lead."},
)

#: The view's other fields in words, on the browser table.
VIEW_WORDS: Final = {
    "current_kind": Words("To beat"),
    "current_by": Words("Played by", seat_text),
    "must_include": Words("Your lead must include", card_text),
    "locked": Words("Out of this round", seats_text),
    "passed": Words("Passed", seats_text),
    "finished": Words("Finished", seats_text),
    "points": Words("Points", count_text("point"), per_seat=True),
    "played": None,
    "undealt": Words("Not dealt", count_text("card")),
    "instant_winner": Words("Instant win", seat_text),
    "instant_hand": Words("Instant hand", lambda v, n: str(v).replace("_", " ")),
}


def _seats(mask: int) -> list[int]:
    out = []
    seat = 0
    while mask:
        if mask & 1:
            out.append(seat)
        mask >>= 1
        seat += 1
    return out


def _codes(mask: int) -> list[str]:
    return [c.code for c in cards_of(mask)]


#: The names of `view_scalars_of`' values, in its order (the view's own names).
SCALAR_NAMES = (
    "dealer",
    "current_kind",
    "current_by",
    "undealt",
    "instant_winner",
    "instant_hand",
)


def view_scalars_of(state: TienLenLike, seat: int | None) -> tuple[Any, ...]:
    """The scalar entries of ``view_extra_of`` alone, named by `SCALAR_NAMES` (for learning
    code: no card lists, no dict)."""
    f = state.f
    current, instant = f.current, f.instant
    return (
        state.setup.dealer,
        describe_kind(current.kind, current.size) if current else None,
        f.last if current is not None else None,
        f.cfg.undealt.bit_count() or None,
        instant[0] if instant else None,
        str(instant[1]) if instant else None,
    )


def view_extra_of(state: TienLenLike, seat: int | None) -> dict[str, Any]:
    """What ``seat`` of ``state`` may know besides the zones (the hand and the pile)."""
    f = state.f
    current = f.current
    must = None
    if f.required and seat is not None and f.hands[seat] & f.required:
        must = CARD_BY_KEY[f.required.bit_length() - 1]
    return {
        **dict(zip(SCALAR_NAMES, view_scalars_of(state, seat), strict=True)),
        "current": list(current.cards) if current is not None else [],
        "must_include": must,
        "locked": _seats(f.locked),
        "passed": _seats(f.passed),
        "finished": list(f.finished),
        "points": deal_points(f),
        "played": list(cards_of(state.played())),
    }


def recent_of(state: TienLenLike, seat: int | None) -> list[str]:
    """The view's ``recent``: the last few events of the deal, worded for ``seat``."""
    chunks: list[tuple[Event, ...]] = []
    count = 0
    log: Log = state._log
    while log is not None and count < _RECENT:
        chunks.append(log[2])
        count += len(log[2])
        log = log[0]
    events = [e for chunk in reversed(chunks) for e in chunk]
    return state.game.wording.lines(events[-_RECENT:], viewer=seat)


def snapshot_of(f: Fields) -> dict[str, Any]:
    """The full state of fields ``f``, hidden cards included, as JSON-ready data."""
    current = f.current
    return {
        "hands": [_codes(h) for h in f.hands],
        "undealt": _codes(f.cfg.undealt),
        "finished": list(f.finished),
        "current": _codes(current.bits) if current is not None else None,
        "last": f.last,
        "locked": _seats(f.locked),
        "passed": _seats(f.passed),
        "pile": _codes(f.pile),
        "to_act": f.to_act,
        "required": _codes(f.required),
        "over": f.over,
        "instant": [f.instant[0], str(f.instant[1])] if f.instant else None,
    }
