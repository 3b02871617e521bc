"""The running server: tables in memory, written through to storage, and their clients.

All of it runs on one asyncio event loop. Each table has one driver task
that lets bots play, runs the turn timer and deals the next deal of a
match; each client has one WebSocket and a queue of outgoing messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardkit.engine.events import Event
from cardkit.errors import CardkitError, IllegalAction, TableError
from cardkit.plugins.registry import Registry
from cardkit.server._clients import Limits, _Client, _error
from cardkit.server._models import (
    ActMessage,
    CreateTable,
    HelloMessage,
    TableInfo,
    client_messages,
)
from cardkit.server._storage import Storage
from cardkit.server._table import Table, TableRecord

__all__ = ["Limits", "TableServer"]

log = logging.getLogger("cardkit.server")


class TableServer:
    """Tables, their drivers and their clients; the FastAPI app calls it.

    Args:
        storage: where tables are written through to after every change.
        limits: the limits it enforces.
        bot_delay: seconds a bot waits before it plays (so people can follow).
        deal_pause: seconds between the end of a deal and the next deal of a match.
        registry: the plugin registry games come from (default: the process-wide one).
    """

    def __init__(
        self,
        storage: Storage,
        limits: Limits | None = None,
        *,
        bot_delay: float = 0.6,
        deal_pause: float = 4.0,
        registry: Registry | None = None,
    ) -> None:
        """Set the server up; `start` loads the stored tables."""
        self.storage = storage
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.deal_pause = deal_pause
        self.registry = registry
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, list[_Client]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._wake: dict[str, asyncio.Event] = {}
        #: The drivers' changes not yet stored (then sent): stored together, once a tick.
        self._pending: dict[str, tuple[Table, list[Event]]] = {}

    # -- life cycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every stored table and resume play where it stopped."""
        for table_id, data in self.storage.load_all().items():
            try:
                table = Table(TableRecord.model_validate_json(data), self.registry)
            except (CardkitError, ValidationError) as exc:
                log.error("table %s could not be restored and is left out: %s", table_id, exc)
                continue
            self._add(table)

    async def stop(self) -> None:
        """Stop every driver and close every client; the storage is closed too."""
        for task in self._drivers.values():
            task.cancel()
        for task in self._drivers.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._flush()
        for clients in self.clients.values():
            for client in clients:
                client.queue.put_nowait(None)
        self.storage.close()

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.clients.setdefault(table.id, [])
        self._wake[table.id] = asyncio.Event()
        self._drivers[table.id] = asyncio.create_task(self._drive(table))

    # -- HTTP requests ----------------------------------------------------------------------

    def create(self, settings: CreateTable) -> Table:
        """Create a table, store it, and start its driver.

        Raises:
            TableError: the server holds ``max_tables`` tables that are not over.
            InvalidRules: the settings do not make a game.
            UnknownGame: no such game.
        """
        open_tables = sum(t.status != "over" for t in self.tables.values())
        if open_tables >= self.limits.max_tables:
            raise TableError(
                "too_many_tables",
                f"this server holds {open_tables} tables that are not over, its limit; "
                "finish or leave one first",
                status=429,
            )
        table = Table.create(secrets.token_hex(6), settings, self.registry)
        self.storage.save(table.id, table.record().model_dump_json())
        self._add(table)
        return table

    def table(self, table_id: str) -> Table:
        """The table with this id.

        Raises:
            TableError: no such table (``no_such_table``, status 404).
        """
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no_such_table", f"there is no table {table_id!r}", status=404)
        return table

    def info(self, table: Table) -> TableInfo:
        """The public description of a table (its pending change stored first)."""
        self._flush()
        return table.info(self._connected(table))

    def join(self, table_id: str, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free seat; its number and token (stored before it is returned)."""
        table = self.table(table_id)
        taken = table.join(seat, name)
        self._commit(table, ())
        return taken

    def leave(self, table_id: str, token: str) -> int:
        """Give a seat up: its token is dropped and its clients are disconnected."""
        table = self.table(table_id)
        seat = table.leave(token)
        for client in self.clients[table.id]:
            if client.seat == seat and client.token == token:
                client.queue.put_nowait(None)
        self._commit(table, ())
        return seat

    # -- changes ------------------------------------------------------------------------------

    def _connected(self, table: Table) -> list[int]:
        counts = [0] * len(table.seats)
        for client in self.clients.get(table.id, ()):
            if client.seat is not None:
                counts[client.seat] += 1
        return counts

    def _commit(self, table: Table, events: Sequence[Event]) -> None:
        """Write the table through to storage, then send every client its own message."""
        self._flush()  # the drivers' changes first: messages go out in order
        self.storage.save(table.id, table.record().model_dump_json())
        self._publish(table, events)

    def _commit_soon(self, table: Table, events: Sequence[Event]) -> None:
        """A driver's change: stored with the other tables' changes of this tick, then sent.

        One transaction stores them all (`SQLiteStorage.save_many`); no
        message of any of them is sent before it has committed.
        """
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        self._pending[table.id] = (table, list(events))

    def _flush(self) -> None:
        """Store every pending change in one go, then send their messages."""
        if not self._pending:
            return
        pending, self._pending = list(self._pending.values()), {}
        records = [(table.id, table.record().model_dump_json()) for table, _ in pending]
        save_many = getattr(self.storage, "save_many", None)
        if save_many is not None:
            save_many(records)
        else:
            for table_id, data in records:
                self.storage.save(table_id, data)
        for table, events in pending:
            self._publish(table, events)

    def _publish(self, table: Table, events: Sequence[Event], skip: _Client | None = None) -> None:
        """Send each client (but ``skip``) its message, if it says anything new to it.

        A client whose view, seats, standings and deadline are as its last
        message said, with no new event, gets nothing: a declined private
        window must leave no trace for the seats it did not ask. Pending
        changes are stored and sent first: a message shows only stored states.
        """
        self._flush()
        connected = self._connected(table)
        built: dict[int | None, tuple[str, str]] = {}
        for client in self.clients.get(table.id, ()):
            if client is skip:
                continue
            if client.seat not in built:
                built[client.seat] = self._build(table, client.seat, events, connected)
            text, key = built[client.seat]
            if events or key != client.sent:
                client.sent = key
                client.queue.put_nowait(text)

    @staticmethod
    def _build(
        table: Table, seat: int | None, events: Sequence[Event], connected: Sequence[int]
    ) -> tuple[str, str]:
        """A message's text, and what it says but its events (the deadline as a time; the
        events' wording and numbering `first_event` left out: nothing new is not sent)."""
        message = table.message(seat, events, connected)
        quiet: dict[str, Any] = {"deadline": table.deadline, "events": [], "said": []}
        key = message.model_copy(update={**quiet, "first_event": 0})
        return message.model_dump_json(), key.model_dump_json()

    async def _drive(self, table: Table) -> None:
        """Bots, the turn timer and the next deal, for one table, until its match is over."""
        try:
            await self._steps(table)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug in a game or a bot: this table stops, the others play on
            log.exception("table %s stopped", table.id)

    async def _steps(self, table: Table) -> None:
        wake = self._wake[table.id]
        while True:
            if table.id in self._pending:  # its last change is stored and sent first
                self._flush()
            status = table.status
            if status == "over":
                return
            if status == "between_deals":
                await asyncio.sleep(self.deal_pause)
                self._commit_soon(table, table.next_deal())
            elif (seat := table.bot_seat()) is not None:
                version = table.version
                await asyncio.sleep(self.bot_delay)
                if table.version == version:  # else a person acted meanwhile (a window)
                    self._commit_soon(table, table.play_bot(seat))
            else:
                await self._wait_for_person(table, wake)

    async def _wait_for_person(self, table: Table, wake: asyncio.Event) -> None:
        wake.clear()
        timer = table.settings.turn_timer
        if timer is None:
            await wake.wait()
            return
        # The timer is the turn's that every view but a private window's shows: a
        # window neither starts it again nor stops it, so it tells nobody of the window.
        version = table.version
        if table.deadline is None:
            table.deadline = time.monotonic() + timer
            self._publish(table, ())
        try:
            await asyncio.wait_for(wake.wait(), max(0.0, table.deadline - time.monotonic()))
        except TimeoutError:
            if table.version == version:
                self._commit(table, table.play_bot(table.shown_to_act))

    # -- WebSockets -----------------------------------------------------------------------------

    async def serve_socket(self, socket: WebSocket, table_id: str) -> None:
        """Serve one client's WebSocket for its whole life."""
        await socket.accept()
        table = self.tables.get(table_id)
        if table is None:
            await self._refuse(
                socket, TableError("no_such_table", f"there is no table {table_id!r}", status=404)
            )
            return
        try:
            client = await self._hello(socket, table)
        except TableError as exc:
            await self._refuse(socket, exc)
            return
        except WebSocketDisconnect:
            return
        writer = asyncio.create_task(self._write(client))
        self._flush()  # the first message shows a stored state
        self.clients[table.id].append(client)
        history = table.state.events[-100:] if table.state is not None else ()
        first, client.sent = self._build(table, client.seat, history, self._connected(table))
        client.queue.put_nowait(first)
        self._publish(table, (), skip=client)
        try:
            await self._read(client, table)
        finally:
            self.clients[table.id].remove(client)
            client.queue.put_nowait(None)
            await writer
            self._publish(table, ())

    async def _hello(self, socket: WebSocket, table: Table) -> _Client:
        try:
            text = await asyncio.wait_for(socket.receive_text(), self.limits.hello_timeout)
        except TimeoutError:
            raise TableError("bad_message", "no hello message came in time") from None
        except KeyError:  # a binary frame: receive_text finds no "text"
            raise TableError("bad_message", "messages are JSON text, not binary") from None
        hello = self._parse(text)
        if not isinstance(hello, HelloMessage):
            raise TableError(
                "bad_message", 'the first message must be {"type": "hello", "token": ...}'
            )
        seat = None if hello.token is None else table.seat_of(hello.token)
        return _Client(socket, seat, hello.token, allowance=self.limits.actions_per_second)

    def _parse(self, text: str) -> HelloMessage | ActMessage:
        if len(text.encode()) > self.limits.max_message_bytes:
            raise TableError(
                "message_too_large",
                f"a message may have at most {self.limits.max_message_bytes} bytes, "
                f"this one has {len(text.encode())}",
            )
        try:
            return client_messages.validate_json(text)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ())) or "message"
            raise TableError(
                "bad_message",
                f"cannot read the message ({where}: {first.get('msg')}); expected JSON like "
                '{"type": "act", "action": "pass"} or {"type": "hello", "token": null}',
            ) from None

    async def _read(self, client: _Client, table: Table) -> None:
        while True:
            raw = await client.socket.receive()
            if raw["type"] == "websocket.disconnect":
                return
            try:
                self._throttle(client)
                text = raw.get("text")
                if text is None:
                    raise TableError("bad_message", "messages are JSON text, not binary")
                self._handle(client, table, self._parse(text))
            except IllegalAction as exc:
                client.queue.put_nowait(_error(exc.code, str(exc), exc.allowed))
            except TableError as exc:
                client.queue.put_nowait(_error(exc.code, str(exc)))

    def _throttle(self, client: _Client) -> None:
        rate = self.limits.actions_per_second
        now = time.monotonic()
        client.allowance = min(rate, client.allowance + (now - client.checked) * rate)
        client.checked = now
        if client.allowance < 1:
            raise TableError(
                "rate_limited",
                f"more than {rate:g} messages per second; this one was dropped, wait and resend",
            )
        client.allowance -= 1

    def _handle(self, client: _Client, table: Table, message: HelloMessage | ActMessage) -> None:
        if isinstance(message, HelloMessage):
            raise TableError("bad_message", "hello was already said on this connection")
        if client.seat is None or client.token is None:
            raise TableError("spectator", "spectators cannot act; join a seat to play")
        if table.seat_of(client.token) != client.seat:
            raise TableError("bad_token", "this seat's token has changed; join again")
        events = table.act(client.seat, message.action)
        self._commit(table, events)
        self._wake[table.id].set()

    async def _write(self, client: _Client) -> None:
        while True:
            text = await client.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await client.socket.close()
                return
            try:
                await client.socket.send_text(text)
            except Exception:  # the client went away; its reader ends the connection
                return

    async def _refuse(self, socket: WebSocket, exc: TableError) -> None:
        with contextlib.suppress(Exception):
            await socket.send_text(_error(exc.code, str(exc)))
            await socket.close(code=4000 + min(exc.status, 999))
