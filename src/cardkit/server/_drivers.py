"""Bots, turn timers and deal pauses: each table's driver, in the one worker that holds
the table's lease.

A driver lets bots play, runs the turn timer and deals the next deal of a match, until
the match is over. With a shared storage the leases are kept and orphaned tables taken
every ``lease_interval`` seconds; a worker that loses a lease stops that driver between
two changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Sequence

from cardkit.errors import TableError
from cardkit.server._commit import apply, store
from cardkit.server._hubstate import HubState
from cardkit.server._sync import get, refresh
from cardkit.server._table import Table

__all__ = ["claim", "lease_scans"]

log = logging.getLogger("cardkit.server")


async def claim(hub: HubState, new: Sequence[str]) -> None:
    """Take the leases of ``new`` tables (and orphans); run the drivers of those held."""
    held = set(await hub.storage.lease(new))
    for table_id, task in list(hub.drivers.items()):
        if table_id not in held:  # the lease was lost: another worker may take it
            log.warning("table %s: lease lost, its driver stops here", table_id)
            hub.spawn(_stop_driver(hub, table_id, task))
    for table_id in held:
        if table_id in hub.drivers or hub.stopping:
            continue
        table = await get(hub, table_id)
        if table is None or table.status == "over":
            await hub.storage.release(table_id)
            continue
        task = asyncio.create_task(_drive(hub, table))
        hub.drivers[table_id] = task
        task.add_done_callback(functools.partial(_drove, hub, table_id))


async def _stop_driver(hub: HubState, table_id: str, task: asyncio.Task[None]) -> None:
    """Cancel a driver between two changes, never in one: a change made on the table
    and cancelled while it is written would leave this copy ahead of what is stored,
    and this worker's clients never told."""
    async with hub.lock(table_id):
        task.cancel()


def _drove(hub: HubState, table_id: str, task: asyncio.Task[None]) -> None:
    if hub.drivers.get(table_id) is task:
        del hub.drivers[table_id]


async def lease_scans(hub: HubState, first: Sequence[str]) -> None:
    """Every ``lease_interval`` seconds: keep the leases, take orphaned tables."""
    new = list(first)
    while True:
        try:
            await claim(hub, new)
        except Exception:
            log.exception("the lease scan failed")
        new = []
        await asyncio.sleep(hub.lease_interval)


async def _drive(hub: HubState, table: Table) -> None:
    """Bots, the turn timer and the next deal, for one table, until its match is over."""
    try:
        await _steps(hub, table)
    except asyncio.CancelledError:
        raise
    except Exception:  # a bug in a game or a bot: this table stops, the others play on
        log.exception("table %s stopped", table.id)
    finally:
        if not hub.stopping:
            with contextlib.suppress(Exception):
                await hub.storage.release(table.id)


async def _steps(hub: HubState, table: Table) -> None:
    wake = hub.wake[table.id]
    while not hub.stopping:
        if table.id in hub.stale:
            try:
                async with hub.lock(table.id):
                    await refresh(hub, table)
            except TableError:  # the database does not answer: try again shortly
                await asyncio.sleep(0.2)
                continue
        status = table.status
        version = table.version
        if status == "over":
            return
        if status == "between_deals":
            await asyncio.sleep(hub.deal_pause)
            await apply(hub, table, version, table.next_deal)
        elif (seat := table.bot_seat()) is not None:
            await asyncio.sleep(hub.bot_delay)
            await hub.after_people()
            await apply(hub, table, version, functools.partial(table.play_bot, seat))
        else:
            await _wait_for_person(hub, table, wake)


async def _wait_for_person(hub: HubState, table: Table, wake: asyncio.Event) -> None:
    wake.clear()
    timer = table.settings.turn_timer
    if timer is None:
        await wake.wait()
        return
    # The timer is the turn's that every view but a private window's shows: a
    # window neither starts it again nor stops it, so it tells nobody of the window.
    version = table.version
    if table.deadline is None:
        async with hub.lock(table.id):
            if table.version == version and table.deadline is None:
                table.deadline = time.monotonic() + timer
                with contextlib.suppress(TableError):
                    await store(hub, table, ())  # the other workers show it too
    try:
        await asyncio.wait_for(wake.wait(), table.deadline_left())
    except TimeoutError:
        await apply(hub, table, version, lambda: table.play_bot(table.shown_to_act))
