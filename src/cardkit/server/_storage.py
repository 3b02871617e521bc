"""Where tables live: one storage interface, SQLite (embedded, the default) and memory.

A table is stored as one JSON document (its settings, seats with their
tokens, the match so far and the current deal's ``to_json()``) under its id,
with a **revision** that grows by one with every stored change. SQLite and
PostgreSQL keep the match's finished deals (the record's last field) in a
column of their own, written only when they change (a deal ended), not with
every action; a table is read back as the one document, the same text. A change is
stored with a compare-and-set on the revision (`Storage.save`): of two
servers that both changed a table at one revision, one stores it and the
other is told no, so no change is ever applied twice or on a stale table.

The schema is created and upgraded by numbered steps (`SQLITE_STEPS`, and
PostgreSQL's in `cardkit.server.postgres`), recorded in a ``cardkit_schema_version``
table: a database made by an older server is brought up to date when a
newer one opens it. PostgreSQL (``cardkit.server.postgres``) is the engine
for several workers; SQLite's file belongs to one process.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

__all__ = [
    "SQLITE_STEPS",
    "MemoryStorage",
    "SQLiteStorage",
    "Storage",
    "Stored",
    "joined_record",
    "split_record",
]


@dataclass(frozen=True)
class Stored:
    """One stored table: its JSON, its revision and when it last changed.

    Attributes:
        data: the table's JSON record.
        revision: how many times it was stored (1 once created).
        updated: when it was last stored (seconds since the epoch).
    """

    data: str
    revision: int
    updated: float


@runtime_checkable
class Storage(Protocol):
    """The storage a server writes its tables through to.

    Every write must be durable when it returns: a server killed right
    after it finds the table as written when it starts again. ``shared`` is
    whether several servers (workers) may use the storage at once; such a
    storage also tells each one of the others' changes (`changes`) and
    gives each table's bots, timer and deals to one worker at a time
    (`lease`).
    """

    #: Whether several server processes may share this storage.
    shared: bool

    async def open(self) -> None:
        """Connect, and create or upgrade the schema."""
        ...

    async def load_all(self) -> dict[str, Stored]:
        """Every stored table, by id."""
        ...

    async def load(self, table_id: str) -> Stored | None:
        """One stored table, or ``None``."""
        ...

    async def create(self, table_id: str, data: str) -> None:
        """Store a new table at revision 1."""
        ...

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
        """Store ``data`` as revision ``revision + 1`` if the stored revision is ``revision``.

        ``active``: whether the table still plays (it has bots, a timer or
        deals to run). ``deals_at``: where the record's ``deals`` array begins
        (it runs to the record's last character but one; -1: not said), and
        ``deals_stored``: whether the stored revision holds those deals already,
        so that a storage keeping them apart (`split_record`) need not write
        them again. Returns whether it was stored: ``False`` when the table
        changed meanwhile (nothing was written).
        """
        ...

    async def delete(self, table_id: str, revision: int | None = None) -> bool:
        """Forget one table, if it is stored at ``revision`` (any, by default); whether it was.

        The other servers are told (a change to revision 0).
        """
        ...

    async def close(self) -> None:
        """Release the database (the server calls it when it stops)."""
        ...

    def changes(self) -> AsyncIterator[tuple[str, int]]:
        """The other servers' stored changes as they commit: ``(table id, revision)``;
        ``("", 0)`` each time it starts listening (any table read before may be stale)."""
        ...

    async def lease(self, table_ids: Sequence[str]) -> list[str]:
        """Try to take the lease of each table; the ids this server holds now."""
        ...

    async def release(self, table_id: str) -> None:
        """Give a table's lease up (its match is over, or the server stops)."""
        ...


class _Single:
    """What a storage of one process answers: no other server, every lease its own."""

    shared = False
    _held: set[str] | None = None

    async def changes(self) -> AsyncIterator[tuple[str, int]]:
        """Nothing: no other server writes here."""
        return
        yield  # pragma: no cover  (makes this an async generator)

    async def lease(self, table_ids: Sequence[str]) -> list[str]:
        """Every table asked for (no other server could hold one), and those taken before."""
        if self._held is None:
            self._held = set()
        self._held.update(table_ids)
        return sorted(self._held)

    async def release(self, table_id: str) -> None:
        """Give one table's lease up."""
        if self._held is not None:
            self._held.discard(table_id)


def split_record(data: str, deals_at: int, deals_stored: bool) -> tuple[str, str | None]:
    """What a storage keeping the deals apart writes of ``data`` (`Storage.save`'s
    arguments): the record with an empty ``deals`` array, and the array's text, or
    ``None`` when the stored revision holds it already (keep the column as it is).
    Without ``deals_at`` (-1), the record whole and ``None``: the deals stay in it."""
    if deals_at < 0:
        return data, None
    head = f"{data[:deals_at]}[]}}"
    return head, None if deals_stored else data[deals_at:-1]


def joined_record(data: str, deals: str | None) -> str:
    """The record as saved, from what `split_record` wrote (``deals`` ``None``: a record
    stored whole, by a server before the deals were kept apart, or by `create`)."""
    return data if deals is None else f"{data[:-3]}{deals}}}"


#: SQLite's schema, step by step: step N brings the schema to version N. Step 1 is the
#: table of servers before versioning, so a file they made is at version 1 already.
#: Step 3: the finished deals apart (`split_record`; NULL: in ``data``, as before).
SQLITE_STEPS: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS cardkit_tables ("
    "id TEXT PRIMARY KEY, data TEXT NOT NULL, "
    "updated REAL NOT NULL DEFAULT (julianday('now')))",
    "ALTER TABLE cardkit_tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;"
    "ALTER TABLE cardkit_tables ADD COLUMN active INTEGER NOT NULL DEFAULT 1",
    "ALTER TABLE cardkit_tables ADD COLUMN deals TEXT",
)
_JULIAN_EPOCH = 2440587.5  # julianday('1970-01-01')


class SQLiteStorage(_Single):
    """Tables in one SQLite file (the standard library's `sqlite3`, no server to run).

    The database is in WAL mode: every write is one committed transaction,
    which survives the process being killed at any moment. One process
    uses the file (`cardkit serve --workers` needs PostgreSQL).
    """

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the database at `path` (`":memory:"` for a throwaway one)."""
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._migrate()

    def _migrate(self) -> None:
        db = self._db
        with self._lock:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("CREATE TABLE IF NOT EXISTS cardkit_schema_version (version INTEGER)")
                (found,) = db.execute("SELECT max(version) FROM cardkit_schema_version").fetchone()
                if found is None:  # a file of a server before versioning, or a new one
                    old = db.execute(
                        "SELECT 1 FROM sqlite_master WHERE name = 'cardkit_tables'"
                    ).fetchone()
                    found = 1 if old else 0
                for number, step in enumerate(SQLITE_STEPS[found:], start=found + 1):
                    for statement in step.split(";"):
                        db.execute(statement)
                    db.execute("INSERT INTO cardkit_schema_version VALUES (?)", (number,))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """The schema's version (the number of `SQLITE_STEPS` applied)."""
        with self._lock:
            (found,) = self._db.execute(
                "SELECT max(version) FROM cardkit_schema_version"
            ).fetchone()
        return int(found)

    async def open(self) -> None:
        """Nothing more: the file was opened and brought up to date when this was made."""

    async def load_all(self) -> dict[str, Stored]:
        """Every stored table, by id, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, data, deals, revision, updated FROM cardkit_tables ORDER BY rowid"
            ).fetchall()
        return {str(row[0]): _stored(row[1:]) for row in rows}

    async def load(self, table_id: str) -> Stored | None:
        """One stored table."""
        with self._lock:
            row = self._db.execute(
                "SELECT data, deals, revision, updated FROM cardkit_tables WHERE id = ?",
                (table_id,),
            ).fetchone()
        return None if row is None else _stored(row)

    async def create(self, table_id: str, data: str) -> None:
        """Store a new table at revision 1."""
        with self._lock:
            self._db.execute(
                "INSERT INTO cardkit_tables (id, data, revision) VALUES (?, ?, 1)", (table_id, data)
            )

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
        """Store ``data`` as the next revision if ``revision`` is the stored one (its deals
        in their own column, written only when the stored ones are not them)."""
        head, deals = split_record(data, deals_at, deals_stored)
        with self._lock:
            done = self._db.execute(
                "UPDATE cardkit_tables SET data = ?, deals = CASE WHEN ? THEN deals ELSE ? END, "
                "revision = revision + 1, active = ?, updated = julianday('now') "
                "WHERE id = ? AND revision = ?",
                (head, deals_at >= 0 and deals_stored, deals, active, table_id, revision),
            )
            return done.rowcount == 1

    async def delete(self, table_id: str, revision: int | None = None) -> bool:
        """Forget one table (if it is stored at ``revision``)."""
        with self._lock:
            done = self._db.execute(
                "DELETE FROM cardkit_tables WHERE id = ? AND (? IS NULL OR revision = ?)",
                (table_id, revision, revision),
            )
            return done.rowcount == 1

    async def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()


def _stored(row: Sequence[object]) -> Stored:
    data, deals, revision, updated = row
    assert isinstance(updated, float)
    record = joined_record(str(data), None if deals is None else str(deals))
    return Stored(record, int(str(revision)), (updated - _JULIAN_EPOCH) * 86400.0)


class MemoryStorage(_Single):
    """Tables kept in a dict: nothing survives the process (tests, throwaway servers)."""

    def __init__(self) -> None:
        """Start empty."""
        self._data: dict[str, Stored] = {}

    async def open(self) -> None:
        """Nothing to open."""

    async def load_all(self) -> dict[str, Stored]:
        """Every kept table, by id."""
        return dict(self._data)

    async def load(self, table_id: str) -> Stored | None:
        """One kept table."""
        return self._data.get(table_id)

    async def create(self, table_id: str, data: str) -> None:
        """Keep a new table at revision 1."""
        self._data[table_id] = Stored(data, 1, time.time())

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
        """Keep ``data`` as the next revision if ``revision`` is the kept one (whole: a
        dict keeps the text, not a copy)."""
        found = self._data.get(table_id)
        if found is None or found.revision != revision:
            return False
        self._data[table_id] = Stored(data, revision + 1, time.time())
        return True

    async def delete(self, table_id: str, revision: int | None = None) -> bool:
        """Forget one table (if it is kept at ``revision``)."""
        found = self._data.get(table_id)
        if found is None or revision not in (None, found.revision):
            return False
        del self._data[table_id]
        return True

    async def close(self) -> None:
        """Nothing to release."""
