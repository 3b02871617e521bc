"""Several workers on one PostgreSQL database: races, leases and a worker killed mid-game.

Each worker is a real ``cardkit serve --db postgresql://...`` process (as on
several machines behind a proxy); clients are real WebSocket clients that
connect to whichever worker the test picks, with no stickiness.
"""

from __future__ import annotations

import random
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from cardkit.server._record import TableRecord

pytestmark = pytest.mark.slow

FAST = ("--actions-per-second", "1000")


def _quiet(*clients: Any) -> None:
    """Read every client until none gets anything for a while."""
    while any(client.poll(0.3) is not None for client in clients):
        pass


def _seat_asked(seats: list[Any], *others: Any, within: float = 20) -> Any:
    """The one seat whose last message says it is its turn, reading every client until
    one is (a next deal may come seconds late while the database reconnects)."""
    deadline = time.monotonic() + within
    while True:
        _quiet(*seats, *others)
        asked = [seat for seat in seats if seat.last["your_turn"]]
        if len(asked) == 1 or time.monotonic() > deadline:
            break
        for client in (*seats, *others):
            client.poll(0.5)
    assert len(asked) == 1, [seat.last for seat in seats]
    return asked[0]


def _read_all(client: Any) -> None:
    while True:
        client.recv(timeout=10)


def _stored_version(servers: Any, db: Path, table: str) -> int:
    return TableRecord.model_validate_json(servers.stored(db, table)).version


def test_two_workers_acting_at_one_version_apply_it_once(pg_servers: Any, tmp_path: Path) -> None:
    """One seat, one client on each of two workers, both act at once on the same version:
    the table changes once; the other client gets a clean refusal and the new state."""
    db = tmp_path / "race"
    one, two = pg_servers(*FAST, db=db), pg_servers(*FAST, db=db)
    settings = {"game": "tienlen", "players": 2, "seed": 31, "deals": 20}
    table = one.post("/api/tables", settings)["id"]
    tokens = [one.post(f"/api/tables/{table}/join", {})["token"] for _ in range(2)]
    pairs = [(one.client(table, token), two.client(table, token)) for token in tokens]
    everyone = [client for pair in pairs for client in pair]
    rng = random.Random(31)
    refusals: Counter[str] = Counter()
    for _ in range(25):
        _quiet(*everyone)
        before = _stored_version(pg_servers, db, table)
        asked = [pair for pair in pairs if pair[0].last["your_turn"]]
        assert len(asked) == 1, "one seat acts at a time in Tiến lên"
        (first, second) = asked[0]
        assert first.last["version"] == second.last["version"], "both show the same state"
        action = rng.choice(first.last["legal"])
        first.act(action)
        second.act(action)
        errors = []
        for client in (first, second):
            while (message := client.poll(0.5)) is not None:
                if message["type"] == "error":
                    errors.append(message["code"])
        assert len(errors) == 1, f"exactly one of the two is refused, not {errors}"
        refusals[errors[0]] += 1
        assert _stored_version(pg_servers, db, table) == before + 1, "the action applied once"
        assert first.last["version"] == second.last["version"], "both show the winner's state"
        assert first.last["view"] == second.last["view"]
    # A refusal is "conflict" when both workers had applied it before either stored it.
    print(f"refusals of the slower worker: {dict(refusals)}")
    assert set(refusals) <= {"conflict", "not_your_turn", "not_playing"}, refusals


SETTINGS = {
    "game": "tienlen",
    "players": 4,
    "seed": 424242,
    "deals": 2,
    "seats": [{}, {"bot": "greedy"}, {}, {"bot": "heuristic"}],
}
PEOPLE = (0, 2)
BOTS = ("--bot-delay", "0.05", *FAST)


def _choose(message: dict[str, Any]) -> str:
    """The people's policy: a random legal action, fixed by seat, deal and version."""
    rng = random.Random(f"{message['seat']}:{message['deal']}:{message['version']}")
    return str(rng.choice(message["legal"]))


class _People:
    """The people's seats, each a client that acts once per version it is asked at."""

    def __init__(self, clients: dict[int, Any]) -> None:
        self.clients = clients
        self.acted: set[tuple[int, int]] = set()
        self.last: dict[str, Any] | None = None

    def step(self) -> dict[str, Any] | None:
        """Read one message of any seat and act if asked; the message (or ``None``)."""
        for client in self.clients.values():
            message = client.poll()
            if message is None:
                continue
            assert message["type"] == "state", message
            self.last = message
            key = (message["seat"], message["version"])
            if message["your_turn"] and key not in self.acted and not message["standings"]["over"]:
                self.acted.add(key)
                client.act(_choose(message))
            return message
        return None

    def until_over(self, seconds: float = 90) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            message = self.step()
            if message is not None and message["standings"]["over"]:
                return message
        raise AssertionError(f"the match did not end within {seconds} s")


def _new_table(server: Any) -> tuple[str, dict[int, str]]:
    table = server.post("/api/tables", SETTINGS)["id"]
    join = f"/api/tables/{table}/join"
    return table, {seat: server.post(join, {"seat": seat})["token"] for seat in PEOPLE}


def _health(server: Any) -> dict[str, Any]:
    with urllib.request.urlopen(server.base + "/health", timeout=10) as answer:
        import json

        found: dict[str, Any] = json.loads(answer.read())
    return found


def test_sigkill_the_worker_running_the_bots_and_another_takes_over(
    pg_servers: Any, tmp_path: Path
) -> None:
    """The worker holding a table's lease is killed mid-deal: within seconds another
    worker runs its bots, clients reconnect elsewhere, and the match ends exactly as
    an uninterrupted one (no acknowledged action lost, none applied twice)."""
    db = tmp_path / "shared"
    holder, *others = [pg_servers(*BOTS, db=db) for _ in range(3)]
    table, tokens = _new_table(holder)
    assert _health(holder)["leased"] == 1, "the worker that made the table runs its bots"
    people = _People({0: others[0].client(table, tokens[0]), 2: others[1].client(table, tokens[2])})
    watcher = holder.client(table)
    while people.last is None or people.last["version"] < 25:
        people.step()
    # Kill it right after a person's action is acknowledged, with a bot to move next.
    while True:
        message = people.step()
        if message is not None and (message["seat"], message["version"] - 1) in people.acted:
            break
    version = message["version"]
    holder.kill()
    killed = time.monotonic()
    while people.last is None or people.last["version"] <= version:
        people.step()
        assert time.monotonic() - killed < 15, "no worker took the table's bots over"
    failover = time.monotonic() - killed
    print(f"failover: the next move came {failover:.2f} s after the SIGKILL")
    assert failover < 5
    assert sum(_health(w)["leased"] for w in others) == 1, "one worker runs them now"
    with pytest.raises(ConnectionClosed):  # the killed worker's clients are cut off
        _read_all(watcher)
    again = others[1].client(table)  # the spectator reconnects elsewhere
    assert again.recv()["version"] >= version
    ended = people.until_over()

    control_server = pg_servers(*BOTS, db=tmp_path / "control")
    control, control_tokens = _new_table(control_server)
    control_people = _People(
        {s: control_server.client(control, t) for s, t in control_tokens.items()}
    )
    uninterrupted = control_people.until_over()
    assert ended["result"] == uninterrupted["result"]
    assert ended["standings"] == uninterrupted["standings"]
    stored = TableRecord.model_validate_json(pg_servers.stored(db, table))
    control_stored = TableRecord.model_validate_json(
        pg_servers.stored(tmp_path / "control", control)
    )
    assert stored.version == control_stored.version, "every change applied once"
    assert stored.deals == control_stored.deals


def test_cardkit_serve_workers_serves_every_table_from_every_worker(
    pg_servers: Any, tmp_path: Path
) -> None:
    """``cardkit serve --workers 2``: both workers answer, a table's bots play in one of
    them, any worker reports it as stored, and SIGTERM shuts it down cleanly."""
    server = pg_servers("--workers", "2", *BOTS, db=tmp_path / "two")
    seats = [{"bot": "greedy"}] * 4
    table = server.post("/api/tables", {"game": "tienlen", "seats": seats, "deals": 2})["id"]
    workers, leased = set(), 0
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}")["status"] != "over":
        health = _health(server)  # a new connection each time: either worker answers
        workers.add(health["worker"])
        leased = max(leased, health["leased"])
        assert time.monotonic() < deadline, "the bots' match did not end within 60 s"
        time.sleep(0.05)
    assert leased == 1
    for _ in range(40):
        workers.add(_health(server)["worker"])
    assert len(workers) == 2, f"both workers answered: {workers}"
    assert server.stop() == 0


def test_two_workers_stop_cleanly_and_promptly_while_their_bots_write(
    pg_servers: Any, tmp_path: Path
) -> None:
    """SIGTERM to ``cardkit serve --workers 2`` while 16 bot tables play with no bot delay
    (each worker has a batch of writes in flight, and more waiting, all the time): it
    exits with 0 within the 30 s `stop` waits, the workers log no error, and every table
    reads back whole. Planted the batch writer cancelled as the server stops, its waiting
    writes left unanswered: the workers never exited (their tables' locks held), and this
    failed."""
    from cardkit.server import Table

    db = tmp_path / "stop"
    server = pg_servers("--workers", "2", "--bot-delay", "0", *FAST, db=db)
    tables = [
        server.post(
            "/api/tables",
            {"game": game, "seats": [{"bot": "heuristic"}] * 4, "deals": 1000, "seed": n},
        )["id"]
        for n, game in enumerate(["tienlen", "crazyeights"] * 8)
    ]
    deadline = time.monotonic() + 60
    while sum(t["version"] for t in server.get("/api/tables")) < 40 * len(tables):
        assert time.monotonic() < deadline, "the bots did not play within 60 s"
        time.sleep(0.1)
    assert server.stop() == 0
    lines = db.with_suffix(".log").read_text().splitlines()
    errors = [x for x in lines if '"level": "error"' in x or x.startswith(("ERROR", "Traceback"))]
    assert not errors, errors
    for table in tables:
        Table(TableRecord.model_validate_json(pg_servers.stored(db, table)))


def test_a_database_connection_killed_mid_move_stores_and_announces_or_refuses(
    pg_servers: Any, tmp_path: Path
) -> None:
    """While people play, the server's database connections are terminated
    (pg_terminate_backend) a few milliseconds after each action is sent: every action is
    either stored and announced, or refused, and the database holds what every client
    was last shown."""
    import psycopg

    from cardkit.server import Table

    db = tmp_path / "cut"
    server = pg_servers(*FAST, db=db)
    table = server.post("/api/tables", {"game": "tienlen", "players": 2, "seed": 8, "deals": 50})
    tokens = [server.post(f"/api/tables/{table['id']}/join", {})["token"] for _ in range(2)]
    seats = [server.client(table["id"], token) for token in tokens]
    watcher = server.client(table["id"])
    outcomes: Counter[str] = Counter()
    rng = random.Random(8)
    with psycopg.connect(pg_servers.url(db), autocommit=True) as killer:
        for _ in range(40):
            asked = _seat_asked(seats, watcher)
            version = asked.last["version"]
            asked.act(rng.choice(asked.last["legal"]))
            time.sleep(rng.uniform(0, 0.004))  # mid-move: before, during or after its write
            killer.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = 'cardkit' AND state IS NOT NULL "
                "AND pid <> pg_backend_pid()"
            )
            while True:
                message = asked.recv(timeout=20)
                if message["type"] == "error":
                    outcomes[message["code"]] += 1
                    break
                if message["version"] > version:
                    outcomes["stored"] += 1
                    break
    _quiet(*seats, watcher)
    print(f"outcomes with connections cut: {dict(outcomes)}")
    assert outcomes["stored"] > 0
    assert set(outcomes) <= {"stored", "storage_unavailable", "conflict"}, outcomes
    stored = Table(TableRecord.model_validate_json(pg_servers.stored(db, table["id"])))
    for audience, client in [(0, seats[0]), (1, seats[1]), (None, watcher)]:
        kept = stored.message(audience, (), [0, 0])
        assert (kept.version, kept.view) == (client.last["version"], client.last["view"]), (
            f"{audience=}: shown version {client.last['version']}, stored {kept.version}"
        )


def test_a_move_whose_write_and_read_back_both_fail_is_undone_once_the_database_answers(
    own_pg_servers: Any, tmp_path: Path
) -> None:
    """PostgreSQL is down while a seat acts: the write fails and so does every read back,
    so the move is refused (its outcome unknown). Once the database answers again the
    worker's copy becomes what is stored: the move was not stored, so the same seat acts
    again on the table it was shown (before the fix the worker kept the unstored move in
    memory, at the stored revision, and refused that seat's next move as out of turn)."""
    from cardkit.server import Table

    db = tmp_path / "down"
    server = own_pg_servers(*FAST, db=db)
    table = server.post("/api/tables", {"game": "tienlen", "players": 2, "seed": 3, "deals": 5})
    tokens = [server.post(f"/api/tables/{table['id']}/join", {})["token"] for _ in range(2)]
    seats = [server.client(table["id"], token) for token in tokens]
    _quiet(*seats)
    (asked,) = [seat for seat in seats if seat.last["your_turn"]]
    shown = asked.last
    action = next(a for a in shown["legal"] if a != "pass")
    own_pg_servers.cluster.down()
    asked.act(action)
    refused = asked.recv(timeout=90)
    assert (refused["type"], refused["code"]) == ("error", "storage_unavailable"), refused
    own_pg_servers.cluster.up()
    deadline = time.monotonic() + 60
    while True:  # until the worker's connections are back: each try is refused or played
        _quiet(*seats)
        assert [seat.last["version"] for seat in seats] == [shown["version"]] * 2
        asked.act(action)
        answer = asked.recv(timeout=30)
        if answer["type"] == "state":
            break
        assert answer["code"] == "storage_unavailable", answer
        assert time.monotonic() < deadline, "the database did not answer again"
        time.sleep(1)
    assert answer["version"] == shown["version"] + 1
    _quiet(*seats)
    stored = Table(TableRecord.model_validate_json(own_pg_servers.stored(db, table["id"])))
    for audience, client in enumerate(seats):
        kept = stored.message(audience, (), [0, 0])
        assert (kept.version, kept.view) == (client.last["version"], client.last["view"])
