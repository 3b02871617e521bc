"""Writes through to storage: each a compare-and-set, those of one moment in one transaction.

With a storage that has ``save_many`` (PostgreSQL), the writes that every
table of a worker asks for in one event-loop tick are sent together: one
pipelined transaction, one commit, each row still compared on its own
revision. Any other storage gets each write as `Storage.save`.
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
        #: The transactions under way (not background tasks: a stopping server lets them end).
        self._batches: set[asyncio.Task[None]] = set()

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
        if len(self._waiting) == 1:
            # The task's first step runs in the loop's next pass: the writes asked for
            # until then, in this pass, go with this one.
            task = asyncio.create_task(self._write())
            self._batches.add(task)
            task.add_done_callback(self._batches.discard)
        return await done

    async def _write(self) -> None:
        assert self._save_many is not None
        batch, self._waiting = self._waiting, []
        try:
            results = await self._save_many([change for change, _ in batch])
        except BaseException as exc:  # every write's outcome is unknown: each reads back
            for _, done in batch:
                if not done.done():
                    done.set_exception(exc if isinstance(exc, Exception) else RuntimeError(exc))
            if not isinstance(exc, Exception):
                raise
            return
        for (_, done), stored in zip(batch, results, strict=True):
            if not done.done():
                done.set_result(stored)
