"""Palace's events, interned: the same public fact is the same immutable object.

Every transition records its events in public terms (who played what, who
drew how many cards, never which); a declined window records none.
"""

from __future__ import annotations

from typing import Any

from cardkit import Card, Event
from cardkit_palace.fields import cards_of as _cards_of

__all__ = [
    "PLAY_EVENTS",
    "burn_event",
    "draw_event",
    "flip_event",
    "lead_event",
    "pickup_event",
    "place_event",
    "play_event",
    "reverse_event",
    "simple_event",
    "swap_event",
]


_EVENTS: dict[tuple[Any, ...], Event] = {}


def simple_event(kind: str, seat: int | None, mask: int = 0, count: int | None = None) -> Event:
    """An interned event (events are immutable; the same fact is the same object)."""
    key = (kind, seat, mask, count)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = Event(kind, seat, _cards_of(mask), count)
    return event


#: The interned play events, by ``mask << 3 | seat`` (read inline on the hot path).
PLAY_EVENTS: dict[int, Event] = {}
_COUNT_EVENTS: dict[int, Event] = {}
_PICKUP_EVENTS: dict[int, Event] = {}


def play_event(seat: int, mask: int) -> Event:
    """The interned ``play`` event (the hot path: one int key)."""
    event = PLAY_EVENTS.get(mask << 3 | seat)
    if event is None:
        event = PLAY_EVENTS[mask << 3 | seat] = Event("play", seat, _cards_of(mask))
    return event


def draw_event(seat: int, count: int) -> Event:
    """The interned ``draw`` event: ``seat`` drew ``count`` cards (never which)."""
    key = count << 4 | seat
    event = _COUNT_EVENTS.get(key)
    if event is None:
        event = _COUNT_EVENTS[key] = Event("draw", seat, count=count)
    return event


def pickup_event(seat: int, count: int) -> Event:
    """The interned ``pickup`` event: ``seat`` took ``count`` cards into the hand."""
    key = count << 4 | seat
    event = _PICKUP_EVENTS.get(key)
    if event is None:
        event = _PICKUP_EVENTS[key] = simple_event("pickup", seat, count=count)
    return event


def burn_event(seat: int, count: int) -> Event:
    """The interned ``burn`` event: ``count`` cards left the game."""
    key = count << 4 | 8 | seat
    event = _COUNT_EVENTS.get(key)
    if event is None:
        event = _COUNT_EVENTS[key] = Event("burn", seat, count=count)
    return event


def swap_event(seat: int, hand_card: Card, up_card: Card) -> Event:
    """The interned ``swap`` event of the exchange."""
    key = ("swap", seat, hand_card.index, up_card.index)
    event = _EVENTS.get(key)
    if event is None:
        # The first card leaves the hand and goes face up; the second comes to the hand.
        event = _EVENTS[key] = Event("swap", seat, (hand_card, up_card))
    return event


def flip_event(seat: int, card: Card, position: int) -> Event:
    """The interned ``flip`` event: the card turned at ``position`` (1-based)."""
    key = ("flip", seat, card.index, position)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = Event(
            "flip", seat, (card,), note=f"face-down card {position}", data={"position": position}
        )
    return event


def reverse_event(seat: int, direction: int) -> Event:
    """The interned ``reverse`` event: the order of play is now ``direction``."""
    key = ("reverse", seat, -1, direction)
    event = _EVENTS.get(key)
    if event is None:
        way = "clockwise" if direction > 0 else "counter-clockwise"
        note = f"the order of play (now {way})"
        event = _EVENTS[key] = Event("reverse", seat, note=note, data={"direction": direction})
    return event


def lead_event(seat: int) -> Event:
    """The interned ``lead`` event: ``seat`` starts the first pile."""
    key = ("lead", seat, -1, None)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = Event("lead", seat, note="the first pile")
    return event


def place_event(kind: str, seat: int, place: int) -> Event:
    """The interned ``finish`` or ``lose`` event of ``seat`` at ``place``."""
    key = (kind, seat, -1, place)
    event = _EVENTS.get(key)
    if event is None:
        nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
        note = f"{nth}" if kind == "finish" else f"as the last player holding cards ({nth})"
        event = _EVENTS[key] = Event(kind, seat, note=note, data={"place": place})
    return event
