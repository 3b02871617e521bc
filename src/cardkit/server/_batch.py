"""Writes through to storage: each a compare-and-set, those of one moment in one transaction.

With a storage that has ``save_many`` (PostgreSQL), a worker has one batch of writes
in flight at a time: the writes that its tables ask for while a batch is under way
wait for it to end and go together in the next (one pipelined transaction, one
commit, each row still compared on its own revision). Fewer, larger commits cost the
database and the worker less per write than a transaction for each event-loop pass.
Any other storage gets each write as `Storage.save`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from cardkit.server._storage import Storage

__all__ = ["Writes"]

#: One write: the table's id, its JSON record, the revision it was made on, whether it plays,
#: where the record's deals begin, and whether the stored revision holds them already.
Change = tuple[str, str, int, bool, int, bool]


class Writes:
    """The writes of one server to ``storage``.

    Args:
        storage: where the tables are stored.
    """

    def __init__(self, storage: Storage) -> None:
        """No write is waiting yet."""
        self.storage = storage
        save_many = getattr(storage, "save_many", None)
        self._save_many: Callable[[list[Change]], Awaitable[list[bool]]] | None = save_many
        self._waiting: list[tuple[Change, asyncio.Future[bool]]] = []
        #: The task writing the batches, while there are writes to make (not a background
        #: task: a stopping server lets it end, so every write asked for is answered).
        self._writer: asyncio.Task[None] | None = None

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
        """`Storage.save`: whether ``data`` is stored as the revision after ``revision``.

        Raises:
            Exception: the storage's, when the write's outcome is not known.
        """
        if self._save_many is None:
            return await self.storage.save(
                table_id,
                data,
                revision,
                active=active,
                deals_at=deals_at,
                deals_stored=deals_stored,
            )
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append(((table_id, data, revision, active, deals_at, deals_stored), done))
        if self._writer is None:
            # The task's first step runs in the loop's next pass: the writes asked for until
            # then, in this pass, go with this one; those asked for while it writes, next.
            self._writer = asyncio.create_task(self._write())
        return await done

    async def _write(self) -> None:
        """Write the waiting writes, a batch at a time, until none waits."""
        assert self._save_many is not None
        batch: list[tuple[Change, asyncio.Future[bool]]] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    results = await self._save_many([change for change, _ in batch])
                except Exception as exc:  # every write's outcome is unknown: each reads back
                    _fail(batch, exc)
                    continue
                for (_, done), stored in zip(batch, results, strict=True):
                    if not done.done():
                        done.set_result(stored)
        finally:
            self._writer = None
            # Cancelled, or worse: no write asked for is left unanswered (its table's lock
            # is held until it is): the batch under way's outcome is not known, and the
            # writes still waiting were not made; each reads its table back.
            stopped = RuntimeError("the server's writer stopped before this write was answered")
            waiting, self._waiting = self._waiting, []
            _fail(batch, stopped)
            _fail(waiting, stopped)


def _fail(batch: list[tuple[Change, asyncio.Future[bool]]], exc: Exception) -> None:
    """Answer each write of ``batch`` not answered yet with ``exc``."""
    for _, done in batch:
        if not done.done():
            done.set_exception(exc)
