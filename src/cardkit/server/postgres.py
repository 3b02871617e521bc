"""Tables in PostgreSQL, shared by any number of workers (``cardkit[postgres]``: psycopg 3).

Every worker writes a change with one statement: the table's row is
updated only at the revision the worker had (a compare-and-set) and, in the
same transaction, ``pg_notify`` tells the other workers the table's id and
new revision (never a view: each worker builds its own clients' messages
from the stored table). Notifications are delivered at commit, so no worker
hears of a change that is not stored.

A table's bots, timer and deals run in the one worker holding its lease: a
session advisory lock, ``pg_try_advisory_lock(LOCK_SPACE, hashtext(id))``,
held on the worker's lease connection. When the worker dies its connection
closes and PostgreSQL releases its locks at once; another worker's next
lease scan (every `lease_interval` seconds) takes the tables, a fair share
each.

psycopg 3 rather than asyncpg: it is typed (``py.typed``, so ``mypy
--strict`` checks the calls), native asyncio, reads notifications as an
async iterator (``conn.notifies()``), and its pool replaces broken
connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import random
import secrets
import select
from collections.abc import AsyncIterator, Sequence

import psycopg
from psycopg_pool import AsyncConnectionPool

from cardkit.server._pgsql import (
    COUNTS,
    CREATE,
    DELETE,
    ORPHANS,
    POSTGRES_STEPS,
    SAVE,
    save_many_statement,
)
from cardkit.server._storage import Stored, joined_record, split_record

__all__ = ["CHANNEL", "LOCK_SPACE", "POSTGRES_STEPS", "PostgresStorage", "is_postgres_url"]

log = logging.getLogger("cardkit.server")

#: The channel of the change notifications (payload ``"<writer>:<table id>:<revision>"``,
#: revision 0 when the table was deleted, or for a batch of saves
#: ``"<writer>:[[<table id>, <revision>], ...]"``; the writer is the storing worker's
#: `writer` id).
CHANNEL = "cardkit_tables"
#: The first key of every table's advisory lock (the second is ``hashtext(id)``).
LOCK_SPACE = 0x63617264
#: The advisory lock that lets one worker at a time create or upgrade the schema.
_MIGRATION_LOCK = 0x63617265
#: The application name of lease connections: the workers are counted by it.
_LEASE_APP = "cardkit-lease"


def _readable(fd: int) -> bool:
    """Whether the socket ``fd`` has something to read now (``poll``: unlike ``select``, any
    descriptor number, so a worker with over a thousand client sockets open checks too)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(0))


async def _lost(conn: psycopg.AsyncConnection[tuple[object, ...]]) -> bool:
    """Whether an idle pooled connection was closed by the server, without a round trip
    when it is quiet.

    An idle connection has nothing to read: when its socket has something (the
    server's goodbye after ``pg_terminate_backend`` or a restart, or the end of
    the stream) it is checked with a query. A round trip per checkout would cost
    every write a pass of the event loop.
    """
    if conn.closed:
        return True
    if not _readable(conn.fileno()):
        return False
    try:
        await AsyncConnectionPool.check_connection(conn)
    except psycopg.Error:
        return True
    return False


def _stored(row: Sequence[object]) -> Stored:
    """A stored table from its row's ``data, deals, revision, updated``."""
    data, deals, revision, updated = row
    record = joined_record(str(data), None if deals is None else str(deals))
    return Stored(record, int(str(revision)), float(str(updated)))


def is_postgres_url(db: object) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


class PostgresStorage:
    """Tables in a PostgreSQL database that any number of workers share.

    Args:
        url: a libpq connection URL (``postgresql://user:password@host:5432/cards``).
        pool_size: the most connections this worker opens for reads and writes
            (two more: one listens for changes, one holds the leases).
        lease_interval: seconds between two lease scans (the longest a table
            of a dead worker waits for another one).
    """

    shared = True

    def __init__(self, url: str, *, pool_size: int = 8, lease_interval: float = 1.0) -> None:
        """Keep the settings; `open` connects."""
        self.url = url
        self.lease_interval = lease_interval
        self._pool = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            timeout=5.0,  # a request waits at most this for a connection, then is refused
            open=False,
            kwargs={"autocommit": True, "application_name": "cardkit"},
        )
        self._leases: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._held: set[str] = set()
        #: This storage's id in the notifications it causes (`changes` leaves them out).
        self.writer = secrets.token_hex(6)

    async def open(self) -> None:
        """Create or upgrade the schema (one worker at a time), then open the pool."""
        conn = await psycopg.AsyncConnection.connect(self.url)
        async with conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS cardkit_schema_version (version INTEGER NOT NULL)"
            )
            cur = await conn.execute("SELECT coalesce(max(version), 0) FROM cardkit_schema_version")
            found = await cur.fetchone()
            start = int(str(found[0])) if found else 0
            for number, step in enumerate(POSTGRES_STEPS[start:], start=start + 1):
                await conn.execute(step.encode())
                await conn.execute("INSERT INTO cardkit_schema_version VALUES (%s)", (number,))
        await self._pool.open(wait=True, timeout=30)

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[tuple[object, ...]]]:
        """A connection of the pool for the block, as the pool's ``connection()`` lends it.

        The connections the server closed while they sat idle (``pg_terminate_backend``,
        a restart) are handed back, to be replaced, and the next one is taken at once.
        (The pool's own ``check`` would wait a second before its second try, two before
        its third: after a lost connection, writes waited up to the pool's timeout.)
        """
        tries = self._pool.max_size + 1
        while True:
            conn = await self._pool.getconn()
            tries -= 1
            if not tries or not await _lost(conn):
                break
            await self._pool.putconn(conn)
        try:
            async with conn:
                yield conn
        finally:
            await self._pool.putconn(conn)

    async def schema_version(self) -> int:
        """The schema's version (the number of `POSTGRES_STEPS` applied)."""
        async with self._connection() as conn:
            cur = await conn.execute("SELECT max(version) FROM cardkit_schema_version")
            row = await cur.fetchone()
        return int(str(row[0])) if row else 0

    async def load_all(self) -> dict[str, Stored]:
        """Every stored table, by id, oldest first."""
        async with self._connection() as conn:
            cur = await conn.execute(
                "SELECT id, data, deals, revision, extract(epoch FROM updated) "
                "FROM cardkit_tables ORDER BY created"
            )
            rows = await cur.fetchall()
        return {str(r[0]): _stored(r[1:]) for r in rows}

    async def load(self, table_id: str) -> Stored | None:
        """One stored table."""
        async with self._connection() as conn:
            cur = await conn.execute(
                "SELECT data, deals, revision, extract(epoch FROM updated) FROM cardkit_tables "
                "WHERE id = %s",
                (table_id,),
            )
            row = await cur.fetchone()
        return None if row is None else _stored(row)

    async def create(self, table_id: str, data: str) -> None:
        """Store a new table at revision 1 (the other workers are told)."""
        async with self._connection() as conn:
            await conn.execute(CREATE, (table_id, data, CHANNEL, self.writer))

    async def save(
        self,
        table_id: str,
        data: str,
        revision: int,
        *,
        active: bool,
        deals_at: int = -1,
        deals_stored: bool = False,
    ) -> bool:
        """Store ``data`` as revision ``revision + 1`` if ``revision`` is the stored one.

        One statement, one transaction: the row's update (its deals written only when
        the stored ones are not them) and the notification to the other workers
        commit together or not at all.
        """
        head, deals = split_record(data, deals_at, deals_stored)
        kept = deals_at >= 0 and deals_stored
        async with self._connection() as conn:
            cur = await conn.execute(
                SAVE, (head, kept, deals, active, table_id, revision, CHANNEL, self.writer)
            )
            return cur.rowcount == 1

    async def save_many(
        self, changes: Sequence[tuple[str, str, int, bool, int, bool]]
    ) -> list[bool]:
        """`save` for several tables, ``(id, data, revision, active, deals_at,
        deals_stored)``, in one transaction.

        One statement (`save_many_statement`), so one round trip and one commit for the changes
        of many tables: each row is still a compare-and-set of its own (a row whose
        revision moved on is left as it is), and the list says which stored. A
        pipelined transaction of one ``UPDATE`` per table cost the worker about twice
        the CPU per write (a wait on the connection for each statement's result).
        """
        params: list[object] = []
        for table_id, data, revision, active, deals_at, deals_stored in changes:
            head, deals = split_record(data, deals_at, deals_stored)
            kept = deals_at >= 0 and deals_stored
            params += (table_id, head, revision, active, kept, deals)
        params += (CHANNEL, self.writer)
        async with self._connection() as conn:
            cur = psycopg.AsyncRawCursor(conn)
            await cur.execute(save_many_statement(len(changes)), params)
            stored = {str(row[0]) for row in await cur.fetchall() if row[0] is not None}
        return [change[0] in stored for change in changes]

    async def delete(self, table_id: str, revision: int | None = None) -> bool:
        """Forget one table (if it is stored at ``revision``); the other workers are told."""
        async with self._connection() as conn:
            cur = await conn.execute(DELETE, (table_id, revision, revision, CHANNEL, self.writer))
            return cur.rowcount == 1

    async def close(self) -> None:
        """Give every lease up and close every connection."""
        if self._leases is not None:
            with contextlib.suppress(psycopg.Error):
                await self._leases.close()
            self._leases = None
        self._held.clear()
        await self._pool.close()

    async def changes(self) -> AsyncIterator[tuple[str, int]]:
        """The other workers' stored changes as they commit, ``(table id, revision)``.

        This worker's own are left out: it knows them (and hearing them could
        race with the write's own answer, reading back a table it has).

        Each time it starts listening (first, and after a lost connection) it
        yields ``("", 0)``: from then on no change is missed, but any table read
        before may be stale (a change committed before the ``LISTEN`` is not heard).
        """
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name="cardkit-listen"
                )
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    yield "", 0
                    async for note in conn.notifies():
                        writer, _, change = note.payload.partition(":")
                        if writer == self.writer:
                            continue
                        if change.startswith("["):  # a batch: [[id, revision], ...]
                            for table_id, revision in json.loads(change):
                                yield str(table_id), int(revision)
                        else:
                            table_id, _, revision = change.rpartition(":")
                            yield table_id, int(revision)
            except psycopg.Error as exc:
                log.warning("listening for changes failed (%s); connecting again", exc)
                await asyncio.sleep(0.5)

    async def _lease_connection(self) -> psycopg.AsyncConnection[tuple[object, ...]]:
        if self._leases is None or self._leases.closed:
            self._held.clear()  # a new session holds no lock
            self._leases = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, application_name=_LEASE_APP
            )
        return self._leases

    async def lease(self, table_ids: Sequence[str]) -> list[str]:
        """Take the leases of ``table_ids`` and, up to a fair share, of orphaned tables.

        Returns every table whose lease this worker holds now (none when
        the lease connection was lost: its locks went with it).
        """
        try:
            conn = await self._lease_connection()
            for table_id in table_ids:
                if table_id not in self._held and await self._try(conn, table_id):
                    self._held.add(table_id)
            counts = await (await conn.execute(COUNTS, (_LEASE_APP,))).fetchone()
            assert counts is not None
            active, workers = int(str(counts[0])), max(1, int(str(counts[1])))
            room = math.ceil(active / workers) - len(self._held)
            if room > 0:
                cur = await conn.execute(ORPHANS, (LOCK_SPACE,))
                orphans = [str(row[0]) for row in await cur.fetchall()]
                random.shuffle(orphans)
                for table_id in orphans[:room]:
                    if await self._try(conn, table_id):
                        self._held.add(table_id)
        except psycopg.Error as exc:
            log.warning("the lease connection failed (%s): every lease is given up", exc)
            if self._leases is not None:
                with contextlib.suppress(psycopg.Error):
                    await self._leases.close()
            self._leases = None
            self._held.clear()
        return sorted(self._held)

    @staticmethod
    async def _try(conn: psycopg.AsyncConnection[tuple[object, ...]], table_id: str) -> bool:
        cur = await conn.execute(
            "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
        )
        row = await cur.fetchone()
        return bool(row and row[0])

    async def release(self, table_id: str) -> None:
        """Give one table's lease up."""
        if table_id not in self._held or self._leases is None:
            return
        self._held.discard(table_id)
        with contextlib.suppress(psycopg.Error):
            await self._leases.execute(
                "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
            )
