"""What every job of a running server shares: its tables, their locks, the stale set, the
clients, the drivers and the write path, in one object (`HubState`).

Each job of the server is a module of functions that take this object: the write path
(``_commit``), other workers' changes (``_sync``), the bots, timers and leases
(``_drivers``), the messages to clients (``_fanout``) and the WebSockets (``_sockets``).
All of it runs on one asyncio event loop per worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from cardkit.engine.state import GameState
from cardkit.errors import CardkitError
from cardkit.plugins.registry import Registry
from cardkit.server._batch import Writes
from cardkit.server._clients import Limits, _Client
from cardkit.server._metrics import Metrics
from cardkit.server._record import TableRecord
from cardkit.server._storage import Storage, Stored
from cardkit.server._table import Table

__all__ = ["HubState"]

log = logging.getLogger("cardkit.server")

#: The longest a bot's step waits for people's changes under way in its worker.
PEOPLE_FIRST = 0.05


@dataclass(eq=False)
class HubState:
    """One worker's tables and everything its jobs share about them.

    A table's lock is held for every change of it, from the change through its write
    to the messages sent; `stale` holds the tables another worker stored since this
    one read them (or that it never read).

    Attributes:
        storage: where tables are written through to.
        limits: the limits the server enforces.
        registry: the plugin registry games come from (``None``: the process-wide one).
        bot_delay: seconds a bot waits before it plays.
        deal_pause: seconds between the end of a deal and the next deal of a match.
        lease_interval: seconds between two lease scans, with a shared storage.
        tables: the tables, by id.
        clients: each table's WebSocket clients.
        updated: when each table last changed (seconds since the epoch).
        stale: the tables to read again before they are shown or changed.
        ahead: the tables whose copy here may hold a change that is not stored (its
            write failed and could not be read back), with the state their clients
            were last sent: read again, such a table becomes what is stored.
        refreshing: the tables a read-again task is under way for.
        drivers: the driver task of each table whose lease this worker holds.
        wake: each table's event, set when a person acted or the table was read again.
        locks: each table's lock.
        background: the server's own tasks (listening, lease scans, expiry...).
        writes: the write path to storage (batched on PostgreSQL).
        metrics: the counters `/metrics` shows.
        stopping: whether the server is shutting down.
        people: the people's changes under way (`person_first`): a person's action, or
            another worker's change read again for the clients of a table.
        quiet: set while no person's change is under way.
    """

    storage: Storage
    limits: Limits
    registry: Registry | None
    bot_delay: float
    deal_pause: float
    lease_interval: float
    tables: dict[str, Table] = field(default_factory=dict)
    clients: dict[str, list[_Client]] = field(default_factory=dict)
    updated: dict[str, float] = field(default_factory=dict)
    stale: set[str] = field(default_factory=set)
    ahead: dict[str, GameState | None] = field(default_factory=dict)
    refreshing: set[str] = field(default_factory=set)
    drivers: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    wake: dict[str, asyncio.Event] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    background: set[asyncio.Task[None]] = field(default_factory=set)
    metrics: Metrics = field(default_factory=Metrics)
    stopping: bool = False
    people: int = 0
    quiet: asyncio.Event = field(default_factory=asyncio.Event)
    writes: Writes = field(init=False)

    def __post_init__(self) -> None:
        """The write path goes to `storage`."""
        self.writes = Writes(self.storage)
        self.quiet.set()

    @contextlib.contextmanager
    def person_first(self) -> Iterator[None]:
        """Hold the bots' next steps in this worker (`after_people`) while a person's change
        is under way: on a busy worker a person's action otherwise waits in the event loop
        behind every bot table's step, at each of its awaits."""
        self.people += 1
        self.quiet.clear()
        try:
            yield
        finally:
            self.people -= 1
            if not self.people:
                self.quiet.set()

    async def after_people(self) -> None:
        """Wait until no person's change is under way here, `PEOPLE_FIRST` seconds at most
        (people acting without pause never stop the bots)."""
        if self.people:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.quiet.wait(), PEOPLE_FIRST)

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock (made on first use)."""
        lock = self.locks.get(table_id)
        if lock is None:
            lock = self.locks[table_id] = asyncio.Lock()
        return lock

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a background task of the server (cancelled when it stops)."""
        task = asyncio.create_task(work)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    def woken(self, table_id: str) -> None:
        """Wake the table's driver (a person acted, or the table was read again)."""
        wake = self.wake.get(table_id)
        if wake is not None:
            wake.set()

    def build(self, table_id: str, stored: Stored) -> Table | None:
        """The table ``stored`` holds (``None``, logged, when it does not load)."""
        try:
            table = Table(TableRecord.model_validate_json(stored.data), self.registry)
        except (CardkitError, ValidationError) as exc:
            log.error("table %s could not be restored and is left out: %s", table_id, exc)
            return None
        table.revision = stored.revision
        self.updated[table_id] = stored.updated
        return table

    def add(self, table: Table) -> None:
        """Hold ``table`` (new, or read for the first time)."""
        self.updated.setdefault(table.id, time.time())
        self.tables[table.id] = table
        self.clients.setdefault(table.id, [])
        self.wake.setdefault(table.id, asyncio.Event())

    def forget(self, table_id: str) -> None:
        """Drop a table that is no longer stored: its driver stops, its clients are closed."""
        task = self.drivers.pop(table_id, None)
        if task is not None:
            task.cancel()
            self.spawn(self.storage.release(table_id))
        for client in self.clients.pop(table_id, []):
            client.queue.put_nowait(None)
        for found in (self.tables, self.wake, self.updated, self.locks):
            found.pop(table_id, None)
        self.stale.discard(table_id)
        self.ahead.pop(table_id, None)

    def connected(self, table: Table) -> list[int]:
        """How many clients each seat of ``table`` has connected."""
        counts = [0] * len(table.seats)
        for client in self.clients.get(table.id, ()):
            if client.seat is not None:
                counts[client.seat] += 1
        return counts
