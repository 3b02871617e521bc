"""The write path: a change made under its table's lock, stored with a compare-and-set on
the table's revision, and only then sent to the clients.

A change is stored and announced, or refused, never half: when another worker stored
the table first, or the database is lost mid-write and the change is not found
stored, the table becomes what is stored and the change is refused.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from cardkit.engine.events import Event
from cardkit.engine.state import GameState
from cardkit.errors import TableError
from cardkit.server._fanout import publish
from cardkit.server._hubstate import HubState
from cardkit.server._storage import Stored
from cardkit.server._sync import refresh, reload
from cardkit.server._table import Table

__all__ = ["apply", "seat_change", "store"]

log = logging.getLogger("cardkit.server")

_T = TypeVar("_T")


async def store(
    hub: HubState,
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
    data, deals_at = table.record_parts()
    deals = len(table.match.deals)
    outcome = await _save(hub, table, data, deals_at, deals)
    stored, unknown = bool(outcome), outcome is None
    if not stored:
        found = await _read_back(hub, table, table.state if before is None else before)
        if found is None:
            raise TableError("no_such_table", f"table {table.id} is gone", status=404)
        # After a lost connection this change is stored if the next revision is it.
        # (A refused write is refused: another worker may have stored the same bytes.)
        if not (unknown and found.revision == table.revision + 1 and found.data == data):
            lost = unknown and found.revision == table.revision
            reload(hub, table, found, before)
            if lost:
                raise TableError(
                    "storage_unavailable",
                    "the database connection was lost before this was stored, so it "
                    "was not played; try again",
                    status=503,
                )
            hub.metrics.conflicts += 1
            raise TableError(
                "conflict",
                "the table changed before this was stored (another seat or worker "
                "acted first), so it was not played; act on the table as it is now",
                status=409,
            )
    table.revision += 1
    table.stored_deals = deals
    hub.ahead.pop(table.id, None)  # this copy is what is stored now
    hub.updated[table.id] = time.time()
    publish(hub, table, events)
    if began:
        hub.metrics.action(time.perf_counter() - began)


async def _save(hub: HubState, table: Table, data: str, deals_at: int, deals: int) -> bool | None:
    """Write ``data``, the table's record, with a compare-and-set on its revision: whether
    it stored, ``None`` when that is not known (the connection was lost mid-write).

    The finished deals (``deals`` of them, from ``deals_at`` in ``data``) are written only
    when they are not the stored revision's (a deal ended, or this copy does not know).
    """
    try:
        return await hub.writes.save(
            table.id,
            data,
            table.revision,
            active=table.status != "over",
            deals_at=deals_at,
            deals_stored=deals == table.stored_deals,
        )
    except Exception as exc:
        log.warning("table %s: the write failed (%s); reading it back", table.id, exc)
        return None


async def _read_back(hub: HubState, table: Table, shown: GameState | None) -> Stored | None:
    """The table as stored, after a refused or failed write: a few tries, since a pool
    replaces a lost connection at once (else the change is refused, the table stale).

    When no try answers, this copy may hold a change that is not stored: it is marked
    `HubState.ahead` with ``shown``, the state its clients were last sent, so that the
    next read makes it what is stored (even at the revision this copy has).
    """
    for attempt in range(5):
        try:
            return await hub.storage.load(table.id)
        except Exception as exc:
            log.warning("table %s: reading it back failed (%s)", table.id, exc)
            await asyncio.sleep(0.1 * (attempt + 1))
    hub.ahead[table.id] = shown
    hub.stale.add(table.id)
    raise TableError(
        "storage_unavailable",
        "the database did not answer, so it is not known whether this was played; "
        "the table is sent again once it answers",
        status=503,
    )


async def apply(
    hub: HubState, table: Table, version: int, change: Callable[[], Sequence[Event]]
) -> None:
    """A driver's change (a bot's move, a timed-out turn, the next deal), if the table
    is still at ``version``; a conflict leaves the table as stored. While the
    database does not answer, it waits a little (the driver tries again)."""
    async with hub.lock(table.id):
        try:
            await refresh(hub, table)
            if table.version != version or hub.stopping:
                return
            began, before = time.perf_counter(), table.state
            events = change()
            await store(hub, table, events, began, before)
            return
        except TableError as exc:
            if exc.code != "storage_unavailable":
                return
    await asyncio.sleep(0.2)


async def seat_change(hub: HubState, table: Table, change: Callable[[], _T]) -> _T:
    """``change`` stored; made again on the table as stored after a conflict.

    A seat's change asks for no decision made on what a client was shown, so it is
    not refused when this worker's copy was behind (another worker's change whose
    notification had not come yet): it is made again on the table read back.
    """
    tries = 3
    while True:
        tries -= 1
        async with hub.lock(table.id):
            await refresh(hub, table)
            done = change()
            try:
                await store(hub, table, ())
            except TableError as exc:
                if exc.code == "conflict" and tries:
                    continue
                raise
            return done
