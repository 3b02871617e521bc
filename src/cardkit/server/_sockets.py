"""The WebSockets: one client's connection for its whole life, its hello, then its
actions, each made under the table's lock and stored before anyone is told."""

from __future__ import annotations

import asyncio
import time

from starlette.websockets import WebSocket, WebSocketDisconnect

from cardkit.errors import IllegalAction, TableError
from cardkit.server._clients import _Client, _error, hello, parse, refuse, throttle, write
from cardkit.server._commit import store
from cardkit.server._fanout import build_message, publish
from cardkit.server._hubstate import HubState
from cardkit.server._models import ActMessage, HelloMessage
from cardkit.server._sync import get, refresh
from cardkit.server._table import Table

__all__ = ["serve_socket"]


async def serve_socket(hub: HubState, socket: WebSocket, table_id: str) -> None:
    """Serve one client's WebSocket for its whole life."""
    await socket.accept()
    try:
        table = await get(hub, table_id) if not hub.stopping else None
    except TableError as exc:
        await refuse(socket, exc)
        return
    if table is None:
        await refuse(
            socket, TableError("no_such_table", f"there is no table {table_id!r}", status=404)
        )
        return
    try:
        said = await hello(socket, hub.limits)
        seat = None if said.token is None else await _seat_of(hub, table, said.token)
    except TableError as exc:
        await refuse(socket, exc)
        return
    except WebSocketDisconnect:
        return
    client = _Client(socket, seat, said.token, allowance=hub.limits.actions_per_second)
    async with hub.lock(table.id):  # the first message shows the table as stored
        try:
            await refresh(hub, table)
        except TableError as exc:
            await refuse(socket, exc)
            return
        writer = asyncio.create_task(write(client))
        hub.clients[table.id].append(client)
        history = table.state.events[-100:] if table.state is not None else ()
        first, client.sent = build_message(table, client.seat, history, hub.connected(table))
        client.queue.put_nowait(first)
        publish(hub, table, (), skip=client)
    try:
        await _read(hub, client, table)
    finally:
        if client in hub.clients.get(table.id, ()):
            hub.clients[table.id].remove(client)
        client.queue.put_nowait(None)
        await writer
        publish(hub, table, ())


async def _seat_of(hub: HubState, table: Table, token: str) -> int:
    """The seat ``token`` acts for, read again from storage when this worker's copy
    does not know it (a seat taken on another worker, whose notification has not come).

    Raises:
        TableError: ``bad_token``: no seat's, as stored; ``storage_unavailable``.
    """
    try:
        return table.seat_of(token)
    except TableError:
        if not hub.storage.shared:
            raise
    async with hub.lock(table.id):
        hub.stale.add(table.id)
        await refresh(hub, table)
    return table.seat_of(token)


async def _read(hub: HubState, client: _Client, table: Table) -> None:
    while True:
        raw = await client.socket.receive()
        if raw["type"] == "websocket.disconnect":
            return
        try:
            throttle(client, hub.limits)
            text = raw.get("text")
            if text is None:
                raise TableError("bad_message", "messages are JSON text, not binary")
            await _handle(hub, client, table, parse(text, hub.limits))
        except IllegalAction as exc:
            client.queue.put_nowait(_error(exc.code, str(exc), exc.allowed))
        except TableError as exc:
            client.queue.put_nowait(_error(exc.code, str(exc)))


async def _handle(
    hub: HubState, client: _Client, table: Table, message: HelloMessage | ActMessage
) -> None:
    if isinstance(message, HelloMessage):
        raise TableError("bad_message", "hello was already said on this connection")
    if client.seat is None or client.token is None:
        raise TableError("spectator", "spectators cannot act; join a seat to play")
    with hub.person_first():
        await _act(hub, client, table, message)
    hub.woken(table.id)


async def _act(hub: HubState, client: _Client, table: Table, message: ActMessage) -> None:
    assert client.seat is not None
    async with hub.lock(table.id):
        await refresh(hub, table)
        if table.seats[client.seat].token != client.token:
            raise TableError("bad_token", "this seat's token has changed; join again")
        began, before = time.perf_counter(), table.state
        events = table.act(client.seat, message.action)
        await store(hub, table, events, began, before)
