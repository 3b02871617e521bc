"""The events of a Tonk hand.

The transitions build them with one C call (``tuple.__new__``: the named tuple's own
``__new__`` is a Python frame); the commonest (draws, takes, discards) are built once
per hand's constants ([`Config`][cardkit_tonk.config.Config]).
"""

from __future__ import annotations

from typing import Final

from cardkit import Card, Event

__all__ = [
    "CLAIM_WORDS",
    "card_events",
    "deal_events",
    "draw_events",
    "drop_event",
    "drop_over",
    "over",
    "retire",
    "show_event",
    "turns",
]

_tuple_new: Final = tuple.__new__
#: Event's default ``data`` (events built with ``tuple.__new__`` need it).
_NO_DATA: Final = Event._field_defaults["data"]
#: Notes that make card events read well in narration ("Seat 2 turns up 9♦").
_CARD_NOTES: Final = {"upcard": "turns up", "bonus": "makes an extra discard:"}
#: How each deal-time claim is named in its event.
CLAIM_WORDS: Final = {
    "deal_50": "50",
    "deal_49": "49",
    "deal_13_or_less": "13 or less",
    "deal_9_or_less": "9 or less",
}


def draw_events(seat: int) -> tuple[Event, ...]:
    """The events of `seat` drawing a card from the stock."""
    return (_tuple_new(Event, ("draw", seat, (), 1, "", _NO_DATA)),)


def deal_events(dealer: int, size: int, upcard: Card | None) -> tuple[Event, ...]:
    """The events of a deal of `size` cards each by `dealer`, then its `upcard` if any."""
    deal = _tuple_new(Event, ("deal", dealer, (), size, f"{size} cards each", _NO_DATA))
    if upcard is None:
        return (deal,)
    return (deal, *card_events("upcard", dealer, upcard))


def card_events(kind: str, seat: int, card: Card) -> tuple[Event, ...]:
    """The events of `seat` moving one `card` in the open (`take`, `discard`, `bonus`...)."""
    note = _CARD_NOTES.get(kind, "")
    return (_tuple_new(Event, (kind, seat, (card,), None, note, _NO_DATA)),)


def retire(sid: int, owner: int) -> Event:
    """The event of a four-card book leaving the table."""
    note = f"book #{sid} of seat {owner + 1} holds all four cards and leaves the table"
    return Event("retire", None, note=note, data={"spread": sid, "owner": owner})


def show_event(seat: int, cards: tuple[Card, ...], count: int) -> Event:
    """The event of `seat` showing its hand of `cards` at a showdown."""
    note = f"shows a count of {count}:"
    return _tuple_new(Event, ("show", seat, cards, None, note, _NO_DATA))


def drop_event(seat: int, cards: tuple[Card, ...], count: int) -> Event:
    """The event of `seat` dropping with the hand `cards` of this count."""
    return _tuple_new(Event, ("drop", seat, cards, None, f"(count {count})", _NO_DATA))


def over(note: str, seat: int | None = None) -> Event:
    """The event that ends a hand.

    With a `seat`, the note is what that seat did, said after its name as the
    table names it ("Ann wins the drop with 6", "You win the drop with 6");
    without one it is a table event ("The hand is over: ...").
    """
    return _tuple_new(Event, ("hand_over", seat, (), None, note, _NO_DATA))


def drop_over(dropper: int, count: int, low: int) -> Event:
    """The event ending a hand on a drop: won (`low` is -1), or caught by the `low` count."""
    won = low < 0
    note = f"wins the drop with {count}" if won else f"is caught with {count}; lowest {low}"
    return over(note, dropper)


def turns(count: int, more: str = "") -> str:
    """``1 turn``, ``2 more turns``: a count of turns with its plural."""
    return f"{count} {more}turn{'s' if count != 1 else ''}"
