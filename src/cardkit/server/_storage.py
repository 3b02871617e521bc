"""Where tables live between restarts: a small storage interface and its SQLite default.

A table is stored as one JSON document (its settings, seats with their
tokens, the match so far and the current deal's ``to_json()``), rewritten
after every action. Another database plugs in by implementing
[Storage][cardkit.server.Storage]'s four methods.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Protocol, runtime_checkable

__all__ = ["MemoryStorage", "SQLiteStorage", "Storage"]

_UPSERT = (
    "INSERT INTO cardkit_tables (id, data) VALUES (?, ?) "
    "ON CONFLICT(id) DO UPDATE SET data = excluded.data, updated = julianday('now')"
)


@runtime_checkable
class Storage(Protocol):
    """The storage a server writes its tables through to.

    Each table is one opaque JSON text under its id. ``save`` must be
    durable when it returns: a server killed right after it finds the table
    as saved when it starts again.
    """

    def save(self, table_id: str, data: str) -> None:
        """Store (insert or replace) one table's JSON."""
        ...

    def load_all(self) -> dict[str, str]:
        """Every stored table's JSON, by id."""
        ...

    def delete(self, table_id: str) -> None:
        """Forget one table (no error when it is not stored)."""
        ...

    def close(self) -> None:
        """Release the database (the server calls it when it stops)."""
        ...


class SQLiteStorage:
    """Tables in one SQLite file (the standard library's `sqlite3`, no server to run).

    The database is in WAL mode: every `save` is one committed transaction,
    which survives the process being killed at any moment.
    """

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the database at `path` (`":memory:"` for a throwaway one)."""
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS cardkit_tables ("
            "id TEXT PRIMARY KEY, data TEXT NOT NULL, "
            "updated REAL NOT NULL DEFAULT (julianday('now')))"
        )

    def save(self, table_id: str, data: str) -> None:
        """Store one table's JSON in its own committed transaction."""
        with self._lock:
            self._db.execute(_UPSERT, (table_id, data))

    def save_many(self, items: list[tuple[str, str]]) -> None:
        """Store several tables' JSON, ``(id, data)`` pairs, in one committed transaction.

        The server stores the changes of one event-loop tick together: one
        commit instead of one per table, each still durable before it is sent.
        """
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.executemany(_UPSERT, items)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def load_all(self) -> dict[str, str]:
        """Every stored table's JSON, by id, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id, data FROM cardkit_tables ORDER BY rowid").fetchall()
        return {str(row[0]): str(row[1]) for row in rows}

    def delete(self, table_id: str) -> None:
        """Forget one table."""
        with self._lock:
            self._db.execute("DELETE FROM cardkit_tables WHERE id = ?", (table_id,))

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()


class MemoryStorage:
    """Tables kept in a dict: nothing survives the process (tests, throwaway servers)."""

    def __init__(self) -> None:
        """Start empty."""
        self._data: dict[str, str] = {}

    def save(self, table_id: str, data: str) -> None:
        """Keep one table's JSON."""
        self._data[table_id] = data

    def load_all(self) -> dict[str, str]:
        """Every kept table's JSON, by id."""
        return dict(self._data)

    def delete(self, table_id: str) -> None:
        """Forget one table."""
        self._data.pop(table_id, None)

    def close(self) -> None:
        """Nothing to release."""
