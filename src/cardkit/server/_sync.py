"""Other workers' changes: heard through the storage, read again before a table is shown
or changed here.

With a shared storage (PostgreSQL) each worker listens for the changes the others
store. A change heard marks its table stale; a table shown to clients or driven here
is read again soon, and any table is read again (under its lock) before this worker
shows or changes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from cardkit.engine.state import GameState
from cardkit.errors import TableError
from cardkit.server._fanout import new_events, publish
from cardkit.server._hubstate import HubState
from cardkit.server._record import TableRecord
from cardkit.server._storage import Stored
from cardkit.server._table import Table

__all__ = ["get", "listen", "refresh", "reload"]

log = logging.getLogger("cardkit.server")


async def listen(hub: HubState) -> None:
    """Mark the tables other workers changed stale; read again those shown or driven here.

    Should listening fail for any reason, it starts again with every table stale
    (a worker that stopped listening would show its clients a table that no longer
    changes)."""
    while True:
        try:
            async for table_id, revision in hub.storage.changes():
                heard(hub, table_id, revision)
        except Exception:  # the storage says ("", 0) again once it listens again
            log.exception("listening for other workers' changes failed; listening again")
            await asyncio.sleep(0.5)


def heard(hub: HubState, table_id: str, revision: int) -> None:
    """Another worker stored ``table_id`` at ``revision`` (``""``: anything may have
    changed; revision 0: the table was deleted)."""
    if not table_id:
        found = list(hub.tables)
    elif revision == 0:  # deleted (expired) by another worker
        hub.forget(table_id)
        return
    else:
        table = hub.tables.get(table_id)
        if table is not None and table.revision >= revision:
            return  # one this worker has read already
        found = [table_id]
    for key in found:
        hub.stale.add(key)
        if key in hub.tables and (hub.clients.get(key) or key in hub.drivers):
            _refresh_soon(hub, hub.tables[key])


def _refresh_soon(hub: HubState, table: Table) -> None:
    if table.id not in hub.refreshing:
        hub.refreshing.add(table.id)
        hub.spawn(_refresh_task(hub, table))


async def _refresh_task(hub: HubState, table: Table) -> None:
    try:
        # a change other workers made reaches this worker's clients before the bots here
        # take their next steps (a table with clients is a table of people)
        with hub.person_first() if hub.clients.get(table.id) else contextlib.nullcontext():
            async with hub.lock(table.id):
                hub.refreshing.discard(table.id)
                await refresh(hub, table)
    except Exception as exc:  # the database did not answer: try again shortly
        log.warning("table %s could not be read again (%s); trying again", table.id, exc)
        await asyncio.sleep(0.5)
        if table.id in hub.stale and table.id in hub.tables:
            _refresh_soon(hub, table)
        return
    hub.woken(table.id)


async def refresh(hub: HubState, table: Table) -> None:
    """Read the table again if another worker stored it since, or this copy is ahead of
    the storage (`HubState.ahead`), the lock held.

    Raises:
        TableError: ``storage_unavailable`` (503): the database did not answer.
    """
    if table.id not in hub.stale:
        return
    hub.stale.discard(table.id)
    try:
        found = await hub.storage.load(table.id)
    except Exception as exc:
        hub.stale.add(table.id)
        log.warning("table %s could not be read (%s)", table.id, exc)
        raise TableError(
            "storage_unavailable",
            "the table could not be read, so nothing was played; try again",
            status=503,
        ) from None
    # A copy ahead of the storage (a change whose write was lost) is read back even at
    # its own revision: that change was not stored, and its clients were never sent it.
    if found is not None and (found.revision > table.revision or table.id in hub.ahead):
        reload(hub, table, found, hub.ahead.pop(table.id, None))


def reload(hub: HubState, table: Table, found: Stored, before: GameState | None = None) -> None:
    """Become the stored table and send each client what changed for it since
    ``before``, the state they were last sent (default: the table's)."""
    before = table.state if before is None else before
    table.restore(TableRecord.model_validate_json(found.data), hub.registry)
    table.revision = found.revision
    hub.updated[table.id] = found.updated
    hub.metrics.refreshed += 1
    for client in hub.clients.get(table.id, ()):
        if client.seat is not None and table.seats[client.seat].token != client.token:
            client.queue.put_nowait(None)  # the seat was left on another worker
    publish(hub, table, new_events(before, table.state))


async def get(hub: HubState, table_id: str) -> Table | None:
    """The table, read again first if another worker changed it (``None``: no such table)."""
    table = hub.tables.get(table_id)
    if table is None:
        if not hub.storage.shared:
            return None
        # A change heard while this read is under way leaves the table stale again.
        hub.stale.discard(table_id)
        try:
            found = await hub.storage.load(table_id)
        except Exception as exc:
            log.warning("table %s could not be read (%s)", table_id, exc)
            raise TableError(
                "storage_unavailable", "the table could not be read; try again", status=503
            ) from None
        if found is None:
            return None
        table = hub.tables.get(table_id)  # another request may have loaded it meanwhile
        if table is None:
            built = hub.build(table_id, found)
            if built is None:
                return None
            hub.add(built)
            return built
    if table_id in hub.stale:
        async with hub.lock(table_id):
            await refresh(hub, table)
    return table
