"""Client fan-out: each client of a table is sent its own message after a change.

A message is built once per audience (each seat, the spectators) and change, from that
audience's view only, and queued for every client of the audience that it tells
something new.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardkit.engine.events import Event
from cardkit.engine.state import GameState
from cardkit.server._clients import _Client
from cardkit.server._hubstate import HubState
from cardkit.server._table import Table

__all__ = ["build_message", "new_events", "publish"]


def publish(
    hub: HubState, table: Table, events: Sequence[Event], skip: _Client | None = None
) -> None:
    """Send each client (but ``skip``) its message, if it says anything new to it.

    A client whose view, seats, standings and deadline are as its last
    message said, with no new event, gets nothing: a declined private
    window must leave no trace for the seats it did not ask.
    """
    if table.state is None:
        return
    connected = hub.connected(table)
    built: dict[int | None, tuple[str, str]] = {}
    for client in hub.clients.get(table.id, ()):
        if client is skip:
            continue
        if client.seat not in built:
            built[client.seat] = build_message(table, client.seat, events, connected)
        text, key = built[client.seat]
        if events or key != client.sent:
            client.sent = key
            client.queue.put_nowait(text)


def build_message(
    table: Table, seat: int | None, events: Sequence[Event], connected: Sequence[int]
) -> tuple[str, str]:
    """A message's text, and what it says but its events (the deadline as a time; the
    events' wording and numbering `first_event` left out: nothing new is not sent)."""
    message = table.message(seat, events, connected)
    quiet: dict[str, Any] = {"deadline": table.deadline, "events": [], "said": []}
    key = message.model_copy(update={**quiet, "first_event": 0})
    return message.model_dump_json(), key.model_dump_json()


def new_events(before: GameState | None, after: GameState | None) -> tuple[Event, ...]:
    """The events of ``after`` that ``before`` had not (a new deal's: all of them, 100 at most)."""
    if after is None:
        return ()
    same_deal = before is not None and before.setup.seed == after.setup.seed
    if before is not None and same_deal and len(before.events) <= len(after.events):
        old = len(before.events)
        if old == 0 or after.events[old - 1] == before.events[-1]:
            return tuple(after.events[old:])
    return tuple(after.events[-100:])
