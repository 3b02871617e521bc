"""The events of a Tiến lên deal: a play, a seat finishing, a round's end, the game's end.

[`turns`][cardkit_tienlen.turns] and [`dealing`][cardkit_tienlen.dealing] record them;
the views word them ([`narrate`][cardkit_tienlen.narration.narrate]). Plain
functions, compiled in the compiled build: a round ends in about one decision
in five.
"""

from __future__ import annotations

from typing import Final

from cardkit import Event
from cardkit_tienlen.combos import Kind, Play, cards_of, describe_kind

__all__ = ["PLAY_EVENTS", "finish_event", "game_over_event", "play_event", "round_end_event"]

#: The play events of singles, pairs, triples and fours, by ``bits << 2 | seat`` (events
#: are immutable, so they are shared).
PLAY_EVENTS: dict[int, Event] = {}
_NOTES: dict[int, str] = {}
#: The round-end events, by ``(leader, winner of the round)``.
_ROUND_ENDS: dict[tuple[int, int], Event] = {}
_ORDINALS: Final = ("1st", "2nd", "3rd", "4th")


def play_event(seat: int, play: Play) -> Event:
    """The event of ``seat`` playing ``play`` (cached for singles up to fours)."""
    small = play.kind <= Kind.QUAD
    event = PLAY_EVENTS.get(play.bits << 2 | seat) if small else None
    if event is None:
        gid = play.kind << 5 | play.size
        note = _NOTES.get(gid)
        if note is None:
            note = _NOTES[gid] = f"({describe_kind(play.kind, play.size)})"
        event = Event("play", seat, cards_of(play.bits), note=note)
        if small:  # at most 4 seats x 195 plays: cache them
            PLAY_EVENTS[play.bits << 2 | seat] = event
    return event


def finish_event(seat: int, place: int, points: tuple[int, ...]) -> Event:
    """The event of ``seat`` finishing in ``place``, with its placement points."""
    pts = points[place - 1] if place <= len(points) else 0
    ordinal = _ORDINALS[place - 1] if place <= len(_ORDINALS) else f"{place}th"
    note = f"({ordinal}, {pts} point{'s' if pts != 1 else ''})"
    return Event("finish", seat, note=note, data={"place": place, "points": pts})


def round_end_event(leader: int, last: int) -> Event:
    """The event of the pile cleared: ``last`` won the round, ``leader`` leads (shared)."""
    event = _ROUND_ENDS.get((leader, last))
    if event is None:
        if leader == last:
            note = "wins the round and leads"
        else:
            note = f"leads: seat {last + 1} won the round and has gone out"
        data = {"won_by": last}  # events are immutable (`data` is a read-only Mapping)
        event = _ROUND_ENDS[leader, last] = Event("round_end", leader, note=note, data=data)
    return event


def game_over_event(reason: str, order: list[int], points: list[int]) -> Event:
    """The ``game_over`` event: why the deal ended, the finishing order and each seat's
    points (those of its result, `cardkit_tienlen.scoring.result_for`)."""
    seats = ", ".join(str(s + 1) for s in order)  # seats as people read them
    by_seat = "/".join(str(p) for p in points)
    return Event(
        "game_over",
        note=f"{reason.replace('_', ' ')}; finishing order {seats}; points by seat {by_seat}",
        data={"reason": reason, "order": order, "points": points},
    )
