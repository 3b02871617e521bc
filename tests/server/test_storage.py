"""The two storage engines behind one interface: schema steps, compare-and-set, notifications.

Each test runs on SQLite and on a real PostgreSQL server (the session's,
from ``conftest``), in process: no server is started.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from cardkit.server import SQLiteStorage, Storage
from cardkit.server._storage import SQLITE_STEPS

Make = Callable[[], Storage]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def make(request: pytest.FixtureRequest, tmp_path: Path) -> Make:
    """Makes storages on one database (each call another connection to it)."""
    if request.param == "sqlite":
        return lambda: SQLiteStorage(tmp_path / "t.sqlite3")
    from cardkit.server.postgres import PostgresStorage

    url = request.getfixturevalue("postgres").new_database()
    return lambda: PostgresStorage(url, lease_interval=0.1)


def _run(make: Make, work: Callable[..., Awaitable[Any]], count: int = 1) -> Any:
    async def run() -> Any:
        stores = [make() for _ in range(count)]
        for store in stores:
            await store.open()
        try:
            return await work(*stores)
        finally:
            for store in stores:
                await store.close()

    return asyncio.run(run())


def test_a_change_is_stored_only_at_the_revision_it_was_made_on(make: Make) -> None:
    async def work(one: Storage, two: Storage) -> None:
        await one.create("t", "v1")
        assert await one.save("t", "v2 by one", 1, active=True)
        assert not await two.save("t", "v2 by two", 1, active=True), "a second write at 1"
        assert await two.save("t", "v3 by two", 2, active=False)
        found = await one.load("t")
        assert found is not None
        assert (found.data, found.revision) == ("v3 by two", 3)
        assert await one.load("nothing") is None
        assert not await one.save("nothing", "x", 1, active=True)
        assert set(await two.load_all()) == {"t"}

    _run(make, work, count=2)


def test_two_writers_racing_at_one_revision_one_wins(make: Make) -> None:
    async def work(*stores: Storage) -> None:
        await stores[0].create("t", "v1")
        for revision in range(1, 21):
            won = await asyncio.gather(
                *(
                    s.save("t", f"{n}@{revision}", revision, active=True)
                    for n, s in enumerate(stores)
                )
            )
            assert won.count(True) == 1, (revision, won)
            found = await stores[0].load("t")
            assert found is not None
            assert found.revision == revision + 1
            assert found.data == f"{won.index(True)}@{revision}"

    _run(make, work, count=3)


def test_the_schema_is_made_once_and_recorded(make: Make) -> None:
    async def work(one: Storage, two: Storage) -> int:
        version = getattr(one, "schema_version", None)
        assert version is not None
        found = version if isinstance(version, int) else await version()
        await one.create("t", "{}")
        assert await two.load("t") is not None, "a second opening keeps the tables"
        return int(found)

    from cardkit.server.postgres import POSTGRES_STEPS

    assert _run(make, work, count=2) in (len(SQLITE_STEPS), len(POSTGRES_STEPS))


@pytest.mark.slow
def test_postgresql_tells_every_worker_of_a_change_once_it_is_committed(postgres: Any) -> None:
    """Every other worker hears each stored change; a worker does not hear its own (it
    knows them, and reading its own table back would only cost it). Each first hears
    ``("", 0)``: it listens from then on (what it read before may be stale)."""
    from cardkit.server.postgres import PostgresStorage

    url = postgres.new_database()

    async def work() -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
        writer, listener = PostgresStorage(url), PostgresStorage(url)
        await writer.open()
        await listener.open()
        heard: list[tuple[str, int]] = []
        own: list[tuple[str, int]] = []

        listening = [asyncio.Event(), asyncio.Event()]

        async def listen(store: PostgresStorage, into: list[tuple[str, int]], n: int) -> None:
            async for change in store.changes():
                into.append(change)
                listening[store is writer].set()
                if len(into) == n:
                    return

        tasks = [
            asyncio.create_task(listen(listener, heard, 4)),
            asyncio.create_task(listen(writer, own, 2)),
        ]
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in listening)), 10)
        await writer.create("t", "v1")
        await writer.save("t", "v2", 1, active=True)
        await writer.save("t", "lost", 1, active=True)  # refused: no notification
        await writer.save("t", "v3", 2, active=True)
        await listener.save("t", "v4", 3, active=True)
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
        await writer.close()
        await listener.close()
        return heard, own

    assert asyncio.run(work()) == ([("", 0), ("t", 1), ("t", 2), ("t", 3)], [("", 0), ("t", 4)])


@pytest.mark.slow
@pytest.mark.slow
def test_connections_closed_while_idle_are_replaced_without_waiting(postgres: Any) -> None:
    """pg_terminate_backend ends every idle connection of a worker's pool: its next query
    takes a new connection at once. (The pool's own check waited a second before its
    second try, two before its third: after a cut, a write waited up to 5 s.)"""
    import psycopg

    from cardkit.server.postgres import PostgresStorage

    url = postgres.new_database()

    async def work() -> float:
        store = PostgresStorage(url)
        await store.open()
        try:
            await store.create("t", "{}")
            await asyncio.gather(*(store.load("t") for _ in range(4)))  # 4 in the pool
            with psycopg.connect(url, autocommit=True) as killer:
                killer.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = 'cardkit' AND pid <> pg_backend_pid()"
                )
            await asyncio.sleep(0.3)  # the goodbyes reach the idle connections
            began = time.monotonic()
            assert await store.load("t") is not None
            return time.monotonic() - began
        finally:
            await store.close()

    assert asyncio.run(work()) < 0.5


def test_a_lease_is_one_workers_until_its_connection_goes(postgres: Any) -> None:
    from cardkit.server.postgres import PostgresStorage

    url = postgres.new_database()

    async def work() -> None:
        one, two = PostgresStorage(url), PostgresStorage(url)
        await one.open()
        await two.open()
        for n in range(4):
            await one.create(f"t{n}", "{}")
        assert await one.lease(["t0", "t1", "t2", "t3"]) == ["t0", "t1", "t2", "t3"]
        assert await two.lease(["t0"]) == [], "held by the other worker"
        await one.release("t0")
        assert await two.lease(["t0"]) == ["t0"]
        await one.close()  # its connection goes: its leases are free at once
        # Its backend may still be counted a moment (it exits after the socket closes),
        # which halves the fair share of a scan: the next scans take the rest.
        held: list[str] = []
        for _ in range(20):
            held = await two.lease([])
            if len(held) == 4:
                break
            await asyncio.sleep(0.1)
        assert held == ["t0", "t1", "t2", "t3"], "the orphans are taken"
        await two.close()

    asyncio.run(work())


@pytest.mark.slow
def test_postgresql_compresses_the_records_with_lz4(postgres: Any) -> None:
    """The schema's third step: lz4 where the server has it (Debian's PostgreSQL 14+ does)."""
    import psycopg

    from cardkit.server.postgres import PostgresStorage

    url = postgres.new_database()

    async def work() -> None:
        store = PostgresStorage(url)
        await store.open()
        await store.close()

    asyncio.run(work())
    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT attcompression FROM pg_attribute "
            "WHERE attrelid = 'cardkit_tables'::regclass AND attname = 'data'"
        ).fetchone()
    assert row == ("l",)


@pytest.mark.slow
def test_postgresql_stores_many_tables_in_one_transaction_each_row_compared(
    postgres: Any,
) -> None:
    from collections.abc import AsyncGenerator

    from cardkit.server.postgres import PostgresStorage

    url = postgres.new_database()

    async def work() -> tuple[list[bool], dict[str, tuple[str, int]], list[tuple[str, int]]]:
        store, other = PostgresStorage(url), PostgresStorage(url)
        await store.open()
        await other.open()
        for name in "abc":
            await store.create(name, "v1")
        assert await store.save("b", "v2", 1, active=True)
        heard = other.changes()
        assert await anext(heard) == ("", 0)  # listening from here on
        done = await store.save_many(
            [
                ("a", "a2", 1, True, -1, False),
                ("b", "b2", 1, True, -1, False),
                ("c", "c2", 1, False, -1, False),
            ]
        )
        found = {k: (v.data, v.revision) for k, v in (await store.load_all()).items()}
        await store.delete("b")  # told after the batch's: the batch told of nothing more
        told = [await asyncio.wait_for(anext(heard), 10) for _ in range(3)]
        assert isinstance(heard, AsyncGenerator)  # the listening connection closes with it
        await heard.aclose()
        await store.close()
        await other.close()
        return done, found, told

    done, found, told = asyncio.run(work())
    assert done == [True, False, True], "b was at revision 2: its write is refused alone"
    assert found == {"a": ("a2", 2), "b": ("v2", 2), "c": ("c2", 2)}
    assert sorted(told[:2]) == [("a", 2), ("c", 2)], "the rows stored are announced"
    assert told[2] == ("b", 0), "and only they"


@pytest.mark.slow
def test_postgresql_tells_of_a_large_batch_in_few_notifications_each_under_the_limit(
    postgres: Any,
) -> None:
    """A batch's rows are announced in one notification per part, not one per row (each
    is queued, read by every listening worker and parsed): 400 rows with long ids need
    parts (PostgreSQL refuses a payload of 8,000 bytes or more). Planted one part per
    batch: the write fails ("payload string too long"); planted one per row: 400 notifications."""
    import psycopg

    from cardkit.server.postgres import CHANNEL, PostgresStorage

    url = postgres.new_database()
    names = [f"a-table-with-a-rather-long-id-{n:05}" for n in range(400)]

    async def work() -> tuple[list[bool], list[tuple[str, int]], int]:
        store, other = PostgresStorage(url), PostgresStorage(url)
        await store.open()
        await other.open()
        for name in names:
            await store.create(name, "v1")
        heard = other.changes()
        assert await anext(heard) == ("", 0)
        raw = await psycopg.AsyncConnection.connect(url, autocommit=True)
        await raw.execute(f"LISTEN {CHANNEL}")
        done = await store.save_many([(name, f"{name} v2", 1, True, -1, False) for name in names])
        told = [await asyncio.wait_for(anext(heard), 10) for _ in names]
        notes = 0
        async for _ in raw.notifies(timeout=1.0):
            notes += 1
        await raw.close()
        await heard.aclose()
        await store.close()
        await other.close()
        return done, told, notes

    done, told, notes = asyncio.run(work())
    assert done == [True] * len(names)
    assert sorted(told) == [(name, 2) for name in names], "every row stored is announced"
    assert 2 <= notes <= 8, f"{notes} notifications for one batch of {len(names)} rows"


def test_an_idle_connection_is_checked_on_any_descriptor_number() -> None:
    """A worker with over a thousand client sockets open gets pool connections whose
    descriptors are past ``select``'s limit (1024): checking them must still work.
    Planted ``select.select`` back: ValueError ("filedescriptor out of range")."""
    pytest.importorskip("psycopg")
    import os
    import resource
    import socket

    from cardkit.server.postgres import _readable

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    high = 1500
    if hard != resource.RLIM_INFINITY and hard <= high:
        pytest.skip(f"this process may open at most {hard} descriptors")
    if soft != resource.RLIM_INFINITY and soft <= high:
        resource.setrlimit(resource.RLIMIT_NOFILE, (high + 1, hard))
    ours, theirs = socket.socketpair()
    try:
        fd = os.dup2(ours.fileno(), high)
        try:
            assert not _readable(fd)
            theirs.send(b"x")
            assert _readable(fd)
        finally:
            os.close(fd)
    finally:
        ours.close()
        theirs.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.parametrize("game", ["tienlen", "tonk"])
def test_a_table_is_saved_as_its_whole_record_at_every_step(
    make: Make, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a table saves (its record's text, with the head up to the seats kept from the
    save before) is its whole record dumped afresh, read back byte for byte, at every
    step of random games: moves, deals, seats taken and left under new names, the timer
    set and cleared, and the table restored from what it saved (equal settings, another
    object), its finished deals written only when they are not the stored revision's (a
    deal ended, or the table was read back), as the server writes them. The clock stands
    still, so the timer's deadline is the same in both texts. Planted the deals never
    written (``deals_stored`` always true): the deals read back were empty, and this failed.
    Planted the seats' tokens left out of what the kept head is compared with: a seat
    taken or left saved its old token, and this failed on both engines."""
    from types import SimpleNamespace

    from cardkit.server import Table
    from cardkit.server import _table as table_module
    from cardkit.server._models import CreateTable
    from cardkit.server._record import TableRecord

    still = SimpleNamespace(time=lambda: 1_765_000_000.25, monotonic=lambda: 1000.0)
    monkeypatch.setattr(table_module, "time", still)

    async def work(store: Storage) -> None:
        for seed in range(3):
            rng = random.Random(seed)
            seats = [{"bot": "random"}, {}, {"bot": "random"}, {}][: 2 + seed % 2]
            settings = {"game": game, "players": len(seats), "seats": seats, "deals": 2}
            table = Table.create(f"t{seed}", CreateTable.model_validate({**settings, "seed": seed}))
            await store.create(table.id, table.record_json())
            tokens: list[str] = []
            revision = 1
            for step in range(120):
                if table.status == "over":
                    break
                move = rng.random()
                if move < 0.1 and table.free_seats():
                    _, token = table.join(rng.choice(table.free_seats()), f"P{step}")
                    tokens.append(token)
                elif move < 0.15 and tokens:
                    table.leave(tokens.pop(rng.randrange(len(tokens))))
                elif move < 0.2:
                    table.deadline = None if table.deadline else 1000.0 + rng.random() * 30
                elif move < 0.25:
                    stored = await store.load(table.id)
                    assert stored is not None
                    table = Table(TableRecord.model_validate_json(stored.data))
                elif table.status == "between_deals":
                    table.next_deal()
                else:
                    table.play_bot()
                # As the server saves: the deals written only when they are not the stored.
                data, deals_at = table.record_parts()
                deals = len(table.match.deals)
                written = deals != table.stored_deals
                assert await store.save(
                    table.id,
                    data,
                    revision,
                    active=True,
                    deals_at=deals_at,
                    deals_stored=not written,
                )
                table.stored_deals = deals
                counts["deals written"] += written and deals > 0
                counts["deals kept"] += not written and deals > 0
                revision += 1
                stored = await store.load(table.id)
                assert stored is not None
                assert stored.data == table.record().model_dump_json(), (seed, step)

    counts = {"deals written": 0, "deals kept": 0}
    _run(make, work)
    assert counts["deals written"]
    assert counts["deals kept"] > counts["deals written"]


def _columns(store: Storage, table_id: str) -> tuple[str, str | None]:
    """The stored row's ``data`` and ``deals`` columns, read as they are."""
    if isinstance(store, SQLiteStorage):
        import sqlite3

        with contextlib.closing(sqlite3.connect(store.path)) as db:
            row = db.execute(
                "SELECT data, deals FROM cardkit_tables WHERE id = ?", (table_id,)
            ).fetchone()
    else:
        import psycopg

        from cardkit.server.postgres import PostgresStorage

        assert isinstance(store, PostgresStorage)
        with psycopg.connect(store.url) as conn:
            row = conn.execute(
                "SELECT data, deals FROM cardkit_tables WHERE id = %s", (table_id,)
            ).fetchone()
    assert row is not None
    return str(row[0]), None if row[1] is None else str(row[1])


def test_the_deals_are_written_apart_only_when_they_change(make: Make) -> None:
    """A record's ``deals`` array goes to a column of its own, written only when the save
    says the stored revision does not hold them, in the compare-and-set's statement (a
    refused save writes neither); read back, the record is the text saved. Planted the
    deals written whatever the save says (``CASE`` always the new text): the kept save's
    column was NULL and the record read back lost its deals, and this failed."""
    one = '{"id":"t","state":"a","deals":[{"number":1}]}'
    two = '{"id":"t","state":"b","deals":[{"number":1}]}'
    three = '{"id":"t","state":"c","deals":[{"number":1},{"number":2}]}'

    def at(record: str) -> int:
        return record.index('"deals":[') + len('"deals":')

    async def work(store: Storage, other: Storage) -> None:
        await store.create("t", '{"id":"t","state":null,"deals":[]}')
        assert _columns(store, "t")[1] is None  # created whole
        assert await store.save("t", one, 1, active=True, deals_at=at(one))
        assert _columns(store, "t") == ('{"id":"t","state":"a","deals":[]}', '[{"number":1}]')
        assert await store.save("t", two, 2, active=True, deals_at=at(two), deals_stored=True)
        assert _columns(store, "t") == ('{"id":"t","state":"b","deals":[]}', '[{"number":1}]')
        found = await other.load("t")
        assert found is not None
        assert (found.data, found.revision) == (two, 3)
        assert not await other.save("t", three, 2, active=True, deals_at=at(three))
        assert _columns(store, "t")[1] == '[{"number":1}]', "a refused save writes no deals"
        assert await other.save("t", three, 3, active=False, deals_at=at(three))
        assert (await store.load_all())["t"].data == three
        assert await store.save("t", "whole", 4, active=False)  # no deals_at: stored whole
        assert _columns(store, "t") == ("whole", None)
        found = await store.load("t")
        assert found is not None
        assert found.data == "whole"
        save_many = getattr(store, "save_many", None)
        if save_many is not None:  # PostgreSQL's batch writes the same columns
            deals = '[{"number":1},{"number":2}]'
            four = three.replace('"c"', '"d"')
            assert await save_many([("t", three, 5, True, at(three), False)]) == [True]
            assert await save_many([("t", four, 6, True, at(four), True)]) == [True]
            assert _columns(store, "t") == ('{"id":"t","state":"d","deals":[]}', deals)
            found = await other.load("t")
            assert found is not None
            assert found.data == four

    _run(make, work, count=2)


@pytest.mark.parametrize("engine", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def test_a_database_of_the_step_before_is_upgraded_and_read_whole(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A database at the schema before the deals' column (its records whole) is brought
    up to the last step when a server opens it: its tables read back as stored, and the
    next save keeps their deals apart."""
    record = '{"id":"t","state":"a","deals":[{"number":1}]}'
    later = '{"id":"t","state":"b","deals":[{"number":1}]}'
    if engine == "sqlite":
        import sqlite3

        path = tmp_path / "old.sqlite3"
        with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
            db.execute("CREATE TABLE cardkit_schema_version (version INTEGER)")
            for number, step in enumerate(SQLITE_STEPS[:-1], start=1):
                for statement in step.split(";"):
                    db.execute(statement)
                db.execute("INSERT INTO cardkit_schema_version VALUES (?)", (number,))
            db.execute("INSERT INTO cardkit_tables (id, data) VALUES ('t', ?)", (record,))
        steps = len(SQLITE_STEPS)

        def make() -> Storage:
            return SQLiteStorage(path)
    else:
        import psycopg

        from cardkit.server.postgres import POSTGRES_STEPS, PostgresStorage

        url = request.getfixturevalue("postgres").new_database()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE cardkit_schema_version (version INTEGER NOT NULL)")
            for number, step in enumerate(POSTGRES_STEPS[:-1], start=1):
                conn.execute(step.encode())
                conn.execute("INSERT INTO cardkit_schema_version VALUES (%s)", (number,))
            conn.execute(
                "INSERT INTO cardkit_tables (id, data, revision) VALUES ('t', %s, 1)", (record,)
            )
        steps = len(POSTGRES_STEPS)

        def make() -> Storage:
            return PostgresStorage(url)

    async def work(store: Storage) -> int:
        found = await store.load("t")
        assert found is not None
        assert (found.data, found.revision) == (record, 1)
        at = later.index('"deals":[') + len('"deals":')
        assert await store.save("t", later, 1, active=True, deals_at=at)
        assert _columns(store, "t")[1] == '[{"number":1}]'
        found = await store.load("t")
        assert found is not None
        assert found.data == later
        if isinstance(store, SQLiteStorage):
            return store.schema_version  # a property: SQLite answers at once
        assert isinstance(store, PostgresStorage)
        return await store.schema_version()

    assert _run(make, work) == steps
