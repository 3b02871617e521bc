"""The events of a Tonk hand, interned where they recur (draws, discards, hand overs).

Events are immutable, so the hot path shares one object per distinct event
instead of building it again every move.
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

_DRAW_EVENTS: dict[int, tuple[Event, ...]] = {}
_CARD_EVENTS: dict[tuple[str, int, int], tuple[Event, ...]] = {}
#: The events of a deal, by (dealer, cards each, upcard index or -1).
_DEAL_EVENTS: dict[tuple[int, int, int], tuple[Event, ...]] = {}
_OVER_EVENTS: dict[tuple[str, int | None], Event] = {}
#: The hand_over events of drops by (dropper, its count, the lowest count or -1 for a win).
_DROP_OVERS: dict[tuple[int, int, int], Event] = {}
_SHOW_NOTES: dict[int, str] = {}
_DROP_NOTES: dict[int, str] = {}
_tuple_new: Final = tuple.__new__
#: Event's default ``data`` (events built with ``tuple.__new__`` on the hot path need it).
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
    got = _DRAW_EVENTS.get(seat)
    if got is None:
        got = _DRAW_EVENTS[seat] = (Event("draw", seat, count=1),)
    return got


def deal_events(dealer: int, size: int, upcard: Card | None) -> tuple[Event, ...]:
    """The events of a deal of `size` cards each by `dealer`, then its `upcard` if any."""
    key = (dealer, size, -1 if upcard is None else upcard.index)
    got = _DEAL_EVENTS.get(key)
    if got is None:
        deal = Event("deal", dealer, count=size, note=f"{size} cards each")
        up = () if upcard is None else card_events("upcard", dealer, upcard)
        got = _DEAL_EVENTS[key] = (deal, *up)
    return got


def card_events(kind: str, seat: int, card: Card) -> tuple[Event, ...]:
    """The events of `seat` moving one `card` in the open (`take`, `discard`, `bonus`...)."""
    key = (kind, seat, card.index)
    got = _CARD_EVENTS.get(key)
    if got is None:
        got = _CARD_EVENTS[key] = (Event(kind, seat, (card,), note=_CARD_NOTES.get(kind, "")),)
    return got


def retire(sid: int, owner: int) -> Event:
    """The event of a four-card book leaving the table."""
    note = f"book #{sid} of seat {owner + 1} holds all four cards and leaves the table"
    return Event("retire", None, note=note, data={"spread": sid, "owner": owner})


def show_event(seat: int, cards: tuple[Card, ...], count: int) -> Event:
    """The event of `seat` showing its hand of `cards` at a showdown."""
    note = _SHOW_NOTES.get(count)
    if note is None:
        note = _SHOW_NOTES[count] = f"shows a count of {count}:"
    return _tuple_new(Event, ("show", seat, cards, None, note, _NO_DATA))


def drop_event(seat: int, cards: tuple[Card, ...], count: int) -> Event:
    """The event of `seat` dropping with the hand `cards` of this count."""
    note = _DROP_NOTES.get(count)
    if note is None:
        note = _DROP_NOTES[count] = f"(count {count})"
    return _tuple_new(Event, ("drop", seat, cards, None, note, _NO_DATA))


def over(note: str, seat: int | None = None) -> Event:
    """The event that ends a hand (interned: the same few notes recur).

    With a `seat`, the note is what that seat did, said after its name as the
    table names it ("Ann wins the drop with 6", "You win the drop with 6");
    without one it is a table event ("The hand is over: ...").
    """
    event = _OVER_EVENTS.get((note, seat))
    if event is None:
        if len(_OVER_EVENTS) > 4096:
            _OVER_EVENTS.clear()
        event = _OVER_EVENTS[note, seat] = Event("hand_over", seat, note=note)
    return event


def drop_over(dropper: int, count: int, low: int) -> Event:
    """The event ending a hand on a drop: won (`low` is -1), or caught by the `low` count."""
    key = (dropper, count, low)
    event = _DROP_OVERS.get(key)
    if event is None:
        won = low < 0
        note = f"wins the drop with {count}" if won else f"is caught with {count}; lowest {low}"
        if len(_DROP_OVERS) > 4096:
            _DROP_OVERS.clear()
        event = _DROP_OVERS[key] = over(note, dropper)
    return event


def turns(count: int, more: str = "") -> str:
    """``1 turn``, ``2 more turns``: a count of turns with its plural."""
    return f"{count} {more}turn{'s' if count != 1 else ''}"
