"""The running server: tables in memory, written through to storage, and their clients.

`TableServer` is what the app calls: the server's life cycle, the HTTP requests and
idle expiry. Its shared state is one `HubState`; each of its other jobs is a module
that takes it: the write path (``_commit``), other workers' changes (``_sync``), the
bots, timers and leases (``_drivers``), the messages to clients (``_fanout``) and the
WebSockets (``_sockets``). All of it runs on one asyncio event loop per worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time

from starlette.websockets import WebSocket

from cardkit.errors import TableError
from cardkit.plugins.registry import Registry
from cardkit.server._clients import Limits, _Client
from cardkit.server._commit import seat_change
from cardkit.server._drivers import claim, lease_scans
from cardkit.server._hubstate import HubState
from cardkit.server._metrics import Metrics
from cardkit.server._models import CreateTable, TableInfo
from cardkit.server._sockets import serve_socket
from cardkit.server._storage import Storage
from cardkit.server._sync import get, listen
from cardkit.server._table import Table

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
        self._hub = HubState(
            storage,
            limits or Limits(),
            registry,
            bot_delay=bot_delay,
            deal_pause=deal_pause,
            lease_interval=lease_interval,
        )
        self.idle_expiry = idle_expiry

    @property
    def storage(self) -> Storage:
        """Where the tables are written through to."""
        return self._hub.storage

    @property
    def limits(self) -> Limits:
        """The limits the server enforces."""
        return self._hub.limits

    @property
    def registry(self) -> Registry | None:
        """The plugin registry games come from (``None``: the process-wide one)."""
        return self._hub.registry

    @property
    def tables(self) -> dict[str, Table]:
        """The tables this worker holds, by id."""
        return self._hub.tables

    @property
    def clients(self) -> dict[str, list[_Client]]:
        """Each table's WebSocket clients on this worker."""
        return self._hub.clients

    @property
    def metrics(self) -> Metrics:
        """This worker's counters, as `/metrics` shows them."""
        return self._hub.metrics

    @property
    def stopping(self) -> bool:
        """Whether the server is shutting down (it finishes what is in flight, starts nothing)."""
        return self._hub.stopping

    @property
    def leased(self) -> list[str]:
        """The tables whose bots, timer and deals this worker runs."""
        return sorted(self._hub.drivers)

    # -- life cycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every stored table and resume play where it stopped."""
        hub = self._hub
        await hub.storage.open()
        for table_id, stored in (await hub.storage.load_all()).items():
            table = hub.build(table_id, stored)
            if table is not None:
                hub.add(table)
        playing = [t.id for t in hub.tables.values() if t.status != "over"]
        if hub.storage.shared:
            hub.spawn(listen(hub))
            hub.spawn(lease_scans(hub, playing))
        else:
            await claim(hub, playing)
        if self.idle_expiry is not None:
            hub.spawn(self._expire_idle(self.idle_expiry))

    async def stop(self) -> None:
        """Finish the changes in flight, stop every driver, close every client and the storage."""
        hub = self._hub
        hub.stopping = True
        for task in hub.background:
            task.cancel()
        for table_id, task in list(hub.drivers.items()):
            async with hub.lock(table_id):  # an action in flight is stored and sent first
                task.cancel()
        for task in [*hub.drivers.values(), *hub.background]:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for clients in hub.clients.values():
            for client in clients:
                client.queue.put_nowait(None)
        await hub.storage.close()

    # -- HTTP requests ----------------------------------------------------------------------

    async def create(self, settings: CreateTable) -> Table:
        """Create a table, store it, and start its driver.

        Raises:
            TableError: the server holds ``max_tables`` tables that are not over.
            InvalidRules: the settings do not make a game.
            UnknownGame: no such game.
        """
        hub = self._hub
        open_tables = sum(t.status != "over" for t in hub.tables.values())
        if open_tables >= hub.limits.max_tables:
            raise TableError(
                "too_many_tables",
                f"this server holds {open_tables} tables that are not over, its limit; "
                "finish or leave one first",
                status=429,
            )
        table = Table.create(secrets.token_hex(6), settings, hub.registry)
        await hub.storage.create(table.id, table.record_json())
        table.revision = 1
        hub.add(table)
        await claim(hub, [table.id])
        return table

    async def table(self, table_id: str) -> Table:
        """The table with this id, as stored last.

        Raises:
            TableError: no such table (``no_such_table``, status 404).
        """
        table = await get(self._hub, table_id)
        if table is None:
            raise TableError("no_such_table", f"there is no table {table_id!r}", status=404)
        return table

    async def all_tables(self) -> list[Table]:
        """Every table, as stored last, newest first."""
        hub = self._hub
        if hub.storage.shared:
            for table_id in list(hub.stale):
                await get(hub, table_id)
        return sorted(hub.tables.values(), key=lambda t: -t.created)

    def info(self, table: Table) -> TableInfo:
        """The public description of a table, with how long it has been idle."""
        idle = max(0.0, time.time() - self._hub.updated.get(table.id, time.time()))
        left = None if self.idle_expiry is None else max(0.0, self.idle_expiry - idle)
        found = table.info(self._hub.connected(table))
        return found.model_copy(update={"idle": round(idle, 1), "expires_in": left})

    async def join(self, table_id: str, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free seat; its number and token (stored before it is returned)."""
        table = await self.table(table_id)
        return await seat_change(self._hub, table, lambda: table.join(seat, name))

    async def leave(self, table_id: str, token: str) -> int:
        """Give a seat up: its token is dropped and its clients are disconnected."""
        table = await self.table(table_id)
        seat = await seat_change(self._hub, table, lambda: table.leave(token))
        for client in self._hub.clients.get(table.id, ()):
            if client.seat == seat and client.token == token:
                client.queue.put_nowait(None)
        return seat

    async def serve_socket(self, socket: WebSocket, table_id: str) -> None:
        """Serve one client's WebSocket for its whole life."""
        await serve_socket(self._hub, socket, table_id)

    # -- idle tables ----------------------------------------------------------------------------

    async def _expire_idle(self, expiry: float) -> None:
        """Close and forget the tables unchanged for ``expiry`` seconds, checking often."""
        hub = self._hub
        while True:
            await asyncio.sleep(min(30.0, max(0.1, expiry / 4)))
            now = time.time()
            for table in list(hub.tables.values()):
                idle = now - hub.updated.get(table.id, now)
                if idle < expiry:
                    continue
                async with hub.lock(table.id):
                    try:  # only if nobody changed it meanwhile (another worker, say)
                        gone = await hub.storage.delete(table.id, table.revision)
                    except Exception:
                        log.exception("table %s could not be expired", table.id)
                        continue
                    if not gone:
                        hub.stale.add(table.id)
                        continue
                log.info("table %s expired after %.0f s idle", table.id, idle)
                hub.forget(table.id)
