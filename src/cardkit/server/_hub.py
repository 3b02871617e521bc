"""The running server: tables in memory, written through to storage, and their clients.

All of it runs on one asyncio event loop per worker. Each table has one
driver task, in the one worker that holds its lease, that lets bots play,
runs the turn timer and deals the next deal of a match; each client has one
WebSocket and a queue of outgoing messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardkit.engine.events import Event
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError, IllegalAction, TableError
from cardkit.plugins.registry import Registry
from cardkit.server._batch import Writes
from cardkit.server._clients import Limits, _Client, _error, hello, parse, refuse, throttle, write
from cardkit.server._metrics import Metrics
from cardkit.server._models import (
    ActMessage,
    CreateTable,
    HelloMessage,
    TableInfo,
)
from cardkit.server._record import TableRecord
from cardkit.server._storage import Storage, Stored
from cardkit.server._table import Table

__all__ = ["Limits", "TableServer"]

log = logging.getLogger("cardkit.server")

_T = TypeVar("_T")


class TableServer:
    """Tables, their drivers and their clients; the FastAPI app calls it.

    Args:
        storage: where tables are written through to after every change.
        limits: the limits it enforces.
        bot_delay: seconds a bot waits before it plays (so people can follow).
        deal_pause: seconds between the end of a deal and the next deal of a match.
        registry: the plugin registry games come from (default: the process-wide one).
        lease_interval: seconds between two lease scans, with a shared storage.
        idle_expiry: seconds a table may stay unchanged before it is closed and
            forgotten (``None``: never); until then the lobby shows how long it has idled.

    Every change goes the same way: under the table's lock, the change is
    made, stored with a compare-and-set on the table's revision, and only
    then sent to the clients. With a shared storage (PostgreSQL) other
    workers change tables too: their changes come as notifications, and a
    table is read again before this worker shows or changes it.
    """

    def __init__(
        self,
        storage: Storage,
        limits: Limits | None = None,
        *,
        bot_delay: float = 0.6,
        deal_pause: float = 4.0,
        registry: Registry | None = None,
        lease_interval: float = 1.0,
        idle_expiry: float | None = None,
    ) -> None:
        """Set the server up; `start` loads the stored tables."""
        self.storage = storage
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.deal_pause = deal_pause
        self.registry = registry
        self.lease_interval = lease_interval
        self.idle_expiry = idle_expiry
        #: When each table last changed (seconds since the epoch).
        self._updated: dict[str, float] = {}
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, list[_Client]] = {}
        self.metrics = Metrics()
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        #: Tables another worker stored since this one read them (or never read).
        self._stale: set[str] = set()
        self._refreshing: set[str] = set()
        self._background: set[asyncio.Task[None]] = set()
        self._writes = Writes(storage)
        self._stopping = False

    @property
    def stopping(self) -> bool:
        """Whether the server is shutting down (it finishes what is in flight, starts nothing)."""
        return self._stopping

    @property
    def leased(self) -> list[str]:
        """The tables whose bots, timer and deals this worker runs."""
        return sorted(self._drivers)

    # -- life cycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every stored table and resume play where it stopped."""
        await self.storage.open()
        for table_id, stored in (await self.storage.load_all()).items():
            table = self._build(table_id, stored)
            if table is not None:
                self._add(table)
        playing = [t.id for t in self.tables.values() if t.status != "over"]
        if self.storage.shared:
            self._spawn(self._listen())
            self._spawn(self._lease_scans(playing))
        else:
            await self._claim(playing)
        if self.idle_expiry is not None:
            self._spawn(self._expire_idle(self.idle_expiry))

    async def stop(self) -> None:
        """Finish the changes in flight, stop every driver, close every client and the storage."""
        self._stopping = True
        for task in self._background:
            task.cancel()
        for table_id, task in list(self._drivers.items()):
            async with self._lock(table_id):  # an action in flight is stored and sent first
                task.cancel()
        for task in [*self._drivers.values(), *self._background]:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for clients in self.clients.values():
            for client in clients:
                client.queue.put_nowait(None)
        await self.storage.close()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _build(self, table_id: str, stored: Stored) -> Table | None:
        try:
            table = Table(TableRecord.model_validate_json(stored.data), self.registry)
        except (CardkitError, ValidationError) as exc:
            log.error("table %s could not be restored and is left out: %s", table_id, exc)
            return None
        table.revision = stored.revision
        self._updated[table_id] = stored.updated
        return table

    def _add(self, table: Table) -> None:
        self._updated.setdefault(table.id, time.time())
        self.tables[table.id] = table
        self.clients.setdefault(table.id, [])
        self._wake.setdefault(table.id, asyncio.Event())

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # -- leases: which tables' bots, timers and deals run here ---------------------------------

    async def _claim(self, new: Sequence[str]) -> None:
        """Take the leases of ``new`` tables (and orphans); run the drivers of those held."""
        held = set(await self.storage.lease(new))
        for table_id, task in list(self._drivers.items()):
            if table_id not in held:  # the lease was lost: another worker may take it
                log.warning("table %s: lease lost, its driver stops here", table_id)
                self._spawn(self._stop_driver(table_id, task))
        for table_id in held:
            if table_id in self._drivers or self._stopping:
                continue
            table = await self._get(table_id)
            if table is None or table.status == "over":
                await self.storage.release(table_id)
                continue
            task = asyncio.create_task(self._drive(table))
            self._drivers[table_id] = task
            task.add_done_callback(functools.partial(self._drove, table_id))

    async def _stop_driver(self, table_id: str, task: asyncio.Task[None]) -> None:
        """Cancel a driver between two changes, never in one: a change made on the table
        and cancelled while it is written would leave this copy ahead of what is stored,
        and this worker's clients never told."""
        async with self._lock(table_id):
            task.cancel()

    def _drove(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self._drivers.get(table_id) is task:
            del self._drivers[table_id]

    async def _lease_scans(self, first: Sequence[str]) -> None:
        """Every ``lease_interval`` seconds: keep the leases, take orphaned tables."""
        new = list(first)
        while True:
            try:
                await self._claim(new)
            except Exception:
                log.exception("the lease scan failed")
            new = []
            await asyncio.sleep(self.lease_interval)

    # -- other workers' changes ---------------------------------------------------------------

    async def _listen(self) -> None:
        """Mark the tables other workers changed stale; read again those shown or driven here.

        Should listening fail for any reason, it starts again with every table stale
        (a worker that stopped listening would show its clients a table that no longer
        changes)."""
        while True:
            try:
                async for table_id, revision in self.storage.changes():
                    self._heard(table_id, revision)
            except Exception:  # the storage says ("", 0) again once it listens again
                log.exception("listening for other workers' changes failed; listening again")
                await asyncio.sleep(0.5)

    def _heard(self, table_id: str, revision: int) -> None:
        """Another worker stored ``table_id`` at ``revision`` (``""``: anything may have
        changed; revision 0: the table was deleted)."""
        if not table_id:
            found = list(self.tables)
        elif revision == 0:  # deleted (expired) by another worker
            self._forget(table_id)
            return
        else:
            table = self.tables.get(table_id)
            if table is not None and table.revision >= revision:
                return  # one this worker has read already
            found = [table_id]
        for key in found:
            self._stale.add(key)
            if key in self.tables and (self.clients.get(key) or key in self._drivers):
                self._refresh_soon(self.tables[key])

    def _refresh_soon(self, table: Table) -> None:
        if table.id not in self._refreshing:
            self._refreshing.add(table.id)
            self._spawn(self._refresh_task(table))

    async def _refresh_task(self, table: Table) -> None:
        try:
            async with self._lock(table.id):
                self._refreshing.discard(table.id)
                await self._refresh(table)
        except Exception as exc:  # the database did not answer: try again shortly
            log.warning("table %s could not be read again (%s); trying again", table.id, exc)
            await asyncio.sleep(0.5)
            if table.id in self._stale and table.id in self.tables:
                self._refresh_soon(table)
            return
        wake = self._wake.get(table.id)
        if wake is not None:
            wake.set()

    async def _refresh(self, table: Table) -> None:
        """Read the table again if another worker stored it since (the lock held).

        Raises:
            TableError: ``storage_unavailable`` (503): the database did not answer.
        """
        if table.id not in self._stale:
            return
        self._stale.discard(table.id)
        try:
            found = await self.storage.load(table.id)
        except Exception as exc:
            self._stale.add(table.id)
            log.warning("table %s could not be read (%s)", table.id, exc)
            raise TableError(
                "storage_unavailable",
                "the table could not be read, so nothing was played; try again",
                status=503,
            ) from None
        if found is not None and found.revision > table.revision:
            self._reload(table, found)

    def _reload(self, table: Table, found: Stored, before: GameState | None = None) -> None:
        """Become the stored table and send each client what changed for it since
        ``before``, the state they were last sent (default: the table's)."""
        before = table.state if before is None else before
        table.restore(TableRecord.model_validate_json(found.data), self.registry)
        table.revision = found.revision
        self._updated[table.id] = found.updated
        self.metrics.refreshed += 1
        for client in self.clients.get(table.id, ()):
            if client.seat is not None and table.seats[client.seat].token != client.token:
                client.queue.put_nowait(None)  # the seat was left on another worker
        self._publish(table, _new_events(before, table.state))

    async def _get(self, table_id: str) -> Table | None:
        """The table, read again first if another worker changed it (``None``: no such table)."""
        table = self.tables.get(table_id)
        if table is None:
            if not self.storage.shared:
                return None
            # A change heard while this read is under way leaves the table stale again.
            self._stale.discard(table_id)
            try:
                found = await self.storage.load(table_id)
            except Exception as exc:
                log.warning("table %s could not be read (%s)", table_id, exc)
                raise TableError(
                    "storage_unavailable", "the table could not be read; try again", status=503
                ) from None
            if found is None:
                return None
            table = self.tables.get(table_id)  # another request may have loaded it meanwhile
            if table is None:
                built = self._build(table_id, found)
                if built is None:
                    return None
                self._add(built)
                return built
        if table_id in self._stale:
            async with self._lock(table_id):
                await self._refresh(table)
        return table

    # -- HTTP requests ----------------------------------------------------------------------

    async def create(self, settings: CreateTable) -> Table:
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
        await self.storage.create(table.id, table.record_json())
        table.revision = 1
        self._add(table)
        await self._claim([table.id])
        return table

    async def table(self, table_id: str) -> Table:
        """The table with this id, as stored last.

        Raises:
            TableError: no such table (``no_such_table``, status 404).
        """
        table = await self._get(table_id)
        if table is None:
            raise TableError("no_such_table", f"there is no table {table_id!r}", status=404)
        return table

    async def all_tables(self) -> list[Table]:
        """Every table, as stored last, newest first."""
        if self.storage.shared:
            for table_id in list(self._stale):
                await self._get(table_id)
        return sorted(self.tables.values(), key=lambda t: -t.created)

    def info(self, table: Table) -> TableInfo:
        """The public description of a table, with how long it has been idle."""
        idle = max(0.0, time.time() - self._updated.get(table.id, time.time()))
        left = None if self.idle_expiry is None else max(0.0, self.idle_expiry - idle)
        found = table.info(self._connected(table))
        return found.model_copy(update={"idle": round(idle, 1), "expires_in": left})

    # -- idle tables ----------------------------------------------------------------------------

    async def _expire_idle(self, expiry: float) -> None:
        """Close and forget the tables unchanged for ``expiry`` seconds, checking often."""
        while True:
            await asyncio.sleep(min(30.0, max(0.1, expiry / 4)))
            now = time.time()
            for table in list(self.tables.values()):
                idle = now - self._updated.get(table.id, now)
                if idle < expiry:
                    continue
                async with self._lock(table.id):
                    try:  # only if nobody changed it meanwhile (another worker, say)
                        gone = await self.storage.delete(table.id, table.revision)
                    except Exception:
                        log.exception("table %s could not be expired", table.id)
                        continue
                    if not gone:
                        self._stale.add(table.id)
                        continue
                log.info("table %s expired after %.0f s idle", table.id, idle)
                self._forget(table.id)

    def _forget(self, table_id: str) -> None:
        """Drop a table that is no longer stored: its driver stops, its clients are closed."""
        task = self._drivers.pop(table_id, None)
        if task is not None:
            task.cancel()
            self._spawn(self.storage.release(table_id))
        for client in self.clients.pop(table_id, []):
            client.queue.put_nowait(None)
        for found in (self.tables, self._wake, self._updated, self._locks):
            found.pop(table_id, None)
        self._stale.discard(table_id)

    async def join(self, table_id: str, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free seat; its number and token (stored before it is returned)."""
        table = await self.table(table_id)
        return await self._seat_change(table, lambda: table.join(seat, name))

    async def leave(self, table_id: str, token: str) -> int:
        """Give a seat up: its token is dropped and its clients are disconnected."""
        table = await self.table(table_id)
        seat = await self._seat_change(table, lambda: table.leave(token))
        for client in self.clients.get(table.id, ()):
            if client.seat == seat and client.token == token:
                client.queue.put_nowait(None)
        return seat

    async def _seat_change(self, table: Table, change: Callable[[], _T]) -> _T:
        """``change`` stored; made again on the table as stored after a conflict.

        A seat's change asks for no decision made on what a client was shown, so it is
        not refused when this worker's copy was behind (another worker's change whose
        notification had not come yet): it is made again on the table read back.
        """
        tries = 3
        while True:
            tries -= 1
            async with self._lock(table.id):
                await self._refresh(table)
                done = change()
                try:
                    await self._store(table, ())
                except TableError as exc:
                    if exc.code == "conflict" and tries:
                        continue
                    raise
                return done

    # -- changes ------------------------------------------------------------------------------

    def _connected(self, table: Table) -> list[int]:
        counts = [0] * len(table.seats)
        for client in self.clients.get(table.id, ()):
            if client.seat is not None:
                counts[client.seat] += 1
        return counts

    async def _store(
        self,
        table: Table,
        events: Sequence[Event],
        began: float = 0.0,
        before: GameState | None = None,
    ) -> None:
        """Write the changed table through to storage, then send every client its message.

        The table's lock is held. The write is a compare-and-set on the
        table's revision: when another worker stored the table first, or
        the database is lost mid-write and the change is not found stored,
        the table becomes what is stored and the change is refused, never
        sent (a change is stored and announced, or refused: never half).

        ``before`` is the state the clients were last sent, when the change
        made a new one.

        Raises:
            TableError: ``conflict`` (409), or ``storage_unavailable`` (503).
        """
        data = table.record_json()
        active = table.status != "over"
        unknown = False
        try:
            stored = await self._writes.save(table.id, data, table.revision, active=active)
        except Exception as exc:  # the connection was lost: the change may or may not be stored
            log.warning("table %s: the write failed (%s); reading it back", table.id, exc)
            stored, unknown = False, True
        if not stored:
            found = await self._read_back(table)
            if found is None:
                raise TableError("no_such_table", f"table {table.id} is gone", status=404)
            # After a lost connection this change is stored if the next revision is it.
            # (A refused write is refused: another worker may have stored the same bytes.)
            if not (unknown and found.revision == table.revision + 1 and found.data == data):
                lost = unknown and found.revision == table.revision
                self._reload(table, found, before)
                if lost:
                    raise TableError(
                        "storage_unavailable",
                        "the database connection was lost before this was stored, so it "
                        "was not played; try again",
                        status=503,
                    )
                self.metrics.conflicts += 1
                raise TableError(
                    "conflict",
                    "the table changed before this was stored (another seat or worker "
                    "acted first), so it was not played; act on the table as it is now",
                    status=409,
                )
        table.revision += 1
        self._updated[table.id] = time.time()
        self._publish(table, events)
        if began:
            self.metrics.action(time.perf_counter() - began)

    async def _read_back(self, table: Table) -> Stored | None:
        """The table as stored, after a refused or failed write: a few tries, since a pool
        replaces a lost connection at once (else the change is refused, the table stale)."""
        for attempt in range(5):
            try:
                return await self.storage.load(table.id)
            except Exception as exc:
                log.warning("table %s: reading it back failed (%s)", table.id, exc)
                await asyncio.sleep(0.1 * (attempt + 1))
        self._stale.add(table.id)  # this copy may be ahead of the storage: read it again
        raise TableError(
            "storage_unavailable",
            "the database did not answer, so it is not known whether this was played; "
            "the table is sent again once it answers",
            status=503,
        )

    async def _apply(
        self, table: Table, version: int, change: Callable[[], Sequence[Event]]
    ) -> None:
        """A driver's change (a bot's move, a timed-out turn, the next deal), if the table
        is still at ``version``; a conflict leaves the table as stored. While the
        database does not answer, it waits a little (the driver tries again)."""
        async with self._lock(table.id):
            try:
                await self._refresh(table)
                if table.version != version or self._stopping:
                    return
                began, before = time.perf_counter(), table.state
                events = change()
                await self._store(table, events, began, before)
                return
            except TableError as exc:
                if exc.code != "storage_unavailable":
                    return
        await asyncio.sleep(0.2)

    def _publish(self, table: Table, events: Sequence[Event], skip: _Client | None = None) -> None:
        """Send each client (but ``skip``) its message, if it says anything new to it.

        A client whose view, seats, standings and deadline are as its last
        message said, with no new event, gets nothing: a declined private
        window must leave no trace for the seats it did not ask.
        """
        if table.state is None:
            return
        connected = self._connected(table)
        built: dict[int | None, tuple[str, str]] = {}
        for client in self.clients.get(table.id, ()):
            if client is skip:
                continue
            if client.seat not in built:
                built[client.seat] = self._build_message(table, client.seat, events, connected)
            text, key = built[client.seat]
            if events or key != client.sent:
                client.sent = key
                client.queue.put_nowait(text)

    @staticmethod
    def _build_message(
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
        finally:
            if not self._stopping:
                with contextlib.suppress(Exception):
                    await self.storage.release(table.id)

    async def _steps(self, table: Table) -> None:
        wake = self._wake[table.id]
        while not self._stopping:
            if table.id in self._stale:
                try:
                    async with self._lock(table.id):
                        await self._refresh(table)
                except TableError:  # the database does not answer: try again shortly
                    await asyncio.sleep(0.2)
                    continue
            status = table.status
            version = table.version
            if status == "over":
                return
            if status == "between_deals":
                await asyncio.sleep(self.deal_pause)
                await self._apply(table, version, table.next_deal)
            elif (seat := table.bot_seat()) is not None:
                await asyncio.sleep(self.bot_delay)
                await self._apply(table, version, functools.partial(table.play_bot, seat))
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
            async with self._lock(table.id):
                if table.version == version and table.deadline is None:
                    table.deadline = time.monotonic() + timer
                    with contextlib.suppress(TableError):
                        await self._store(table, ())  # the other workers show it too
        try:
            await asyncio.wait_for(wake.wait(), table.deadline_left())
        except TimeoutError:
            await self._apply(table, version, lambda: table.play_bot(table.shown_to_act))

    # -- WebSockets -----------------------------------------------------------------------------

    async def serve_socket(self, socket: WebSocket, table_id: str) -> None:
        """Serve one client's WebSocket for its whole life."""
        await socket.accept()
        try:
            table = await self._get(table_id) if not self._stopping else None
        except TableError as exc:
            await refuse(socket, exc)
            return
        if table is None:
            await refuse(
                socket, TableError("no_such_table", f"there is no table {table_id!r}", status=404)
            )
            return
        try:
            said = await hello(socket, self.limits)
            seat = None if said.token is None else await self._seat_of(table, said.token)
        except TableError as exc:
            await refuse(socket, exc)
            return
        except WebSocketDisconnect:
            return
        client = _Client(socket, seat, said.token, allowance=self.limits.actions_per_second)
        async with self._lock(table.id):  # the first message shows the table as stored
            try:
                await self._refresh(table)
            except TableError as exc:
                await refuse(socket, exc)
                return
            writer = asyncio.create_task(write(client))
            self.clients[table.id].append(client)
            history = table.state.events[-100:] if table.state is not None else ()
            first, client.sent = self._build_message(
                table, client.seat, history, self._connected(table)
            )
            client.queue.put_nowait(first)
            self._publish(table, (), skip=client)
        try:
            await self._read(client, table)
        finally:
            if client in self.clients.get(table.id, ()):
                self.clients[table.id].remove(client)
            client.queue.put_nowait(None)
            await writer
            self._publish(table, ())

    async def _seat_of(self, table: Table, token: str) -> int:
        """The seat ``token`` acts for, read again from storage when this worker's copy
        does not know it (a seat taken on another worker, whose notification has not come).

        Raises:
            TableError: ``bad_token``: no seat's, as stored; ``storage_unavailable``.
        """
        try:
            return table.seat_of(token)
        except TableError:
            if not self.storage.shared:
                raise
        async with self._lock(table.id):
            self._stale.add(table.id)
            await self._refresh(table)
        return table.seat_of(token)

    async def _read(self, client: _Client, table: Table) -> None:
        while True:
            raw = await client.socket.receive()
            if raw["type"] == "websocket.disconnect":
                return
            try:
                throttle(client, self.limits)
                text = raw.get("text")
                if text is None:
                    raise TableError("bad_message", "messages are JSON text, not binary")
                await self._handle(client, table, parse(text, self.limits))
            except IllegalAction as exc:
                client.queue.put_nowait(_error(exc.code, str(exc), exc.allowed))
            except TableError as exc:
                client.queue.put_nowait(_error(exc.code, str(exc)))

    async def _handle(
        self, client: _Client, table: Table, message: HelloMessage | ActMessage
    ) -> None:
        if isinstance(message, HelloMessage):
            raise TableError("bad_message", "hello was already said on this connection")
        if client.seat is None or client.token is None:
            raise TableError("spectator", "spectators cannot act; join a seat to play")
        async with self._lock(table.id):
            await self._refresh(table)
            if table.seats[client.seat].token != client.token:
                raise TableError("bad_token", "this seat's token has changed; join again")
            began, before = time.perf_counter(), table.state
            events = table.act(client.seat, message.action)
            await self._store(table, events, began, before)
        wake = self._wake.get(table.id)
        if wake is not None:
            wake.set()


def _new_events(before: GameState | None, after: GameState | None) -> tuple[Event, ...]:
    """The events of ``after`` that ``before`` had not (a new deal's: all of them, 100 at most)."""
    if after is None:
        return ()
    same_deal = before is not None and before.setup.seed == after.setup.seed
    if before is not None and same_deal and len(before.events) <= len(after.events):
        old = len(before.events)
        if old == 0 or after.events[old - 1] == before.events[-1]:
            return tuple(after.events[old:])
    return tuple(after.events[-100:])
