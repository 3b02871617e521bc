#!/usr/bin/env python3
"""How much `cardkit serve` sustains: tables of bots at once, and latency, per engine and workers.

    uv run python benchmarks/server_tables.py                 # 50 tables, 20 s, SQLite
    uv run python benchmarks/server_tables.py --tables 10 --seconds 10 --watch
    uv run python benchmarks/server_tables.py --postgres --workers 2
    uv run python benchmarks/server_tables.py --matrix --tables 100   # SQLite, then PG 1, 2, 4

It starts a real server (``cardkit serve``, bots without delay, SQLite
write-through in a temporary directory, or with ``--postgres`` a PostgreSQL
server of its own, started with ``initdb`` and ``pg_ctl`` in a temporary
directory, or ``--db URL`` an existing database, and ``--workers N``
worker processes), creates ``--tables`` tables whose
seats are all bots (the four games in turn, matches of many deals so that
they keep playing), and reports:

* **actions/s**: table changes per second over the whole server (each one an
  action applied, written through to SQLite with ``to_json()`` and sent to
  the table's clients), from the tables' versions before and after;
* **latency**: on one more table with four person seats, each a WebSocket
  client, the time from sending an action to the moment the last of the
  four seats has its update, while the bot tables play (median, p90, p99, max);
  with several workers the four clients land on whichever workers the kernel
  gives them, so a change often crosses workers through PostgreSQL;
* **server CPU per action**: the CPU time of the server's processes (its
  workers; not PostgreSQL's) over the measured seconds, per action;
* **PostgreSQL CPU per action**: the same for the benchmark's own PostgreSQL
  server (``--postgres``, ``--matrix``), its postmaster and backends.

With ``--watch`` every bot table also has a spectator connected, so each
change is also built into a message and sent. This is a measurement, not a
test: nothing fails because a number is low. Both processes share the
machine, so quote it with the machine's load.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

GAMES = ("tienlen", "palace", "tonk", "crazyeights")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _http(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as answer:
        return json.loads(answer.read())


def _start(
    db: str, port: int, tables: int, workers: int = 1, profile: Path | None = None
) -> subprocess.Popen[bytes]:
    cardkit = shutil.which("cardkit", path=str(Path(sys.executable).parent)) or "cardkit"
    command = [cardkit, "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    command += ["--deal-pause", "0", "--max-tables", str(tables + 10)]
    command += ["--actions-per-second", "100000", "--workers", str(workers)]
    env = dict(os.environ)
    if profile is not None:  # each worker writes worker-<pid>.prof there as it stops
        profile.mkdir(parents=True, exist_ok=True)
        env["CARDKIT_PROFILE"] = str(profile)
    log = open(os.environ.get("SERVER_TABLES_LOG", os.devnull), "ab")  # noqa: SIM115
    proc = subprocess.Popen(
        command,
        stdout=log,
        stderr=log,
        start_new_session=True,
        env=env,
    )
    for _ in range(300):
        try:
            _http(f"http://127.0.0.1:{port}", "/api/games")
            return proc
        except OSError:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


def _cpu_seconds(group: int) -> float:
    """The CPU time (user + system) of the live processes of a process group."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # Fields from the state on: the parent is the second, the group the third.
        if int(fields[2]) == group or (group < 0 and int(fields[1]) == -group):
            total += int(fields[11]) + int(fields[12])
    return total / ticks


class _Postgres:
    """A PostgreSQL server of the benchmark's own: initdb and pg_ctl in a temporary directory
    (as the ``postgres`` user when run as root: initdb refuses root)."""

    def __init__(self, synchronous_commit: str = "on") -> None:
        places = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
        found = shutil.which("initdb")
        places += [Path(found).parent] if found else []
        bindir = next((p for p in places if (p / "pg_ctl").is_file()), None)
        if bindir is None:
            raise SystemExit("no PostgreSQL server installed (apt-get install postgresql)")
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="cardkit-bench-pg-"))
        self.port = _free_port()
        self.as_ = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_:
            shutil.chown(self.dir, "postgres", "postgres")
        data = str(self.dir / "data")
        subprocess.run(
            [*self.as_, str(bindir / "initdb"), "-D", data, "-U", "cardkit", "-A", "trust"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        options = f"-p {self.port} -k {self.dir} -c listen_addresses='' -c max_connections=300"
        options += f" -c synchronous_commit={synchronous_commit}"
        subprocess.run(
            [
                *self.as_,
                str(bindir / "pg_ctl"),
                "-D",
                data,
                "-l",
                str(self.dir / "log"),
                "-o",
                options,
                "-w",
                "start",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.databases = 0

    def cpu_seconds(self) -> float:
        """The CPU time of the server's processes: the postmaster's and its children's
        (a backend that exited since is not counted: the benchmark's stay connected)."""
        try:
            first = (self.dir / "data" / "postmaster.pid").read_text().split()[0]
        except (OSError, IndexError):
            return 0.0
        return _cpu_seconds(-int(first)) + _cpu_seconds(int(first))

    def new_database(self) -> str:
        import psycopg

        self.databases += 1
        name = f"bench{self.databases}"
        url = f"postgresql://cardkit@/{{}}?host={self.dir}&port={self.port}"
        with psycopg.connect(url.format("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return url.format(name)

    def stop(self) -> None:
        data = str(self.dir / "data")
        subprocess.run(
            [*self.as_, str(self.bindir / "pg_ctl"), "-D", data, "-m", "fast", "stop"],
            stdout=subprocess.DEVNULL,
            check=False,
        )
        shutil.rmtree(self.dir, ignore_errors=True)


def _bot_table(base: str, number: int) -> str:
    game = GAMES[number % len(GAMES)]
    players = _http(base, "/api/games")
    info = next(g for g in players if g["name"] == game)
    # A fast bot: this measures the server, not a search (ISMCTS takes seconds a move).
    bot = next((b for b in ("heuristic", "greedy") if b in info["bots"]), "random")
    seats = [{"bot": bot}] * info["default_players"]
    made = _http(base, "/api/tables", {"game": game, "seats": seats, "deals": 1000, "seed": number})
    return str(made["id"])


def _total_versions(base: str) -> int:
    return sum(t["version"] for t in _http(base, "/api/tables"))


def _watch(port: int, table: str, stop: threading.Event) -> None:
    url = f"ws://127.0.0.1:{port}/api/tables/{table}/ws"
    with contextlib.suppress(ConnectionClosed), connect(url, proxy=None, max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                ws.recv(timeout=0.5)


def _latency(base: str, port: int, samples: int) -> tuple[list[float], list[float]]:
    """Each sample's time from an action to the last seat's update, and to the acting
    seat's own (its worker's: with several workers the others' often cross PostgreSQL)."""
    made = _http(base, "/api/tables", {"game": "tienlen", "players": 4, "deals": 1000, "seed": 1})
    tokens = [_http(base, f"/api/tables/{made['id']}/join", {})["token"] for _ in range(4)]
    url = f"ws://127.0.0.1:{port}/api/tables/{made['id']}/ws"
    with contextlib.ExitStack() as stack:
        clients = [stack.enter_context(connect(url, proxy=None, max_size=None)) for _ in tokens]
        try:
            return _measure_latency(clients, tokens, samples)
        except TimeoutError:  # say what the workers show, rather than only that it waited
            shown = [_http(base, f"/api/tables/{made['id']}") for _ in range(8)]
            seen = sorted({(t["status"], t["version"]) for t in shown})
            raise RuntimeError(f"a latency client waited 30 s; the workers show {seen}") from None


def _measure_latency(
    clients: list[Any], tokens: list[str], samples: int
) -> tuple[list[float], list[float]]:
    """The latency samples of ``clients``, the four seats of one table (their tokens)."""
    last: list[dict[str, Any]] = []
    for client, token in zip(clients, tokens, strict=True):
        client.send(json.dumps({"type": "hello", "token": token}))
    last = [_until(client, 0) for client in clients]
    rng = random.Random(7)
    times: list[float] = []
    own: list[float] = []
    while len(times) < samples:
        version = max(m["version"] for m in last)
        if any(m["version"] < version for m in last):
            # A worker that reads the table after two changes (another worker's action,
            # then the next deal) sends the latest only: bring every seat up to it first,
            # or the seat asked may be one whose last message is of the deal before.
            last = [
                m if m["version"] >= version else _until(c, version)
                for c, m in zip(clients, last, strict=True)
            ]
            continue
        asked = next((i for i, m in enumerate(last) if m["your_turn"]), None)
        if asked is None:  # between deals: wait for the next one
            last = [_until(client, version + 1) for client in clients]
            continue
        began = time.perf_counter()
        clients[asked].send(json.dumps({"type": "act", "action": rng.choice(last[asked]["legal"])}))
        mine = _until(clients[asked], version + 1)
        own.append(time.perf_counter() - began)
        last = [
            mine if n == asked else _until(client, version + 1) for n, client in enumerate(clients)
        ]
        times.append(time.perf_counter() - began)
    return times, own


def _until(client: Any, version: int) -> dict[str, Any]:
    while True:
        message = json.loads(client.recv(timeout=30))
        if message["type"] == "error":  # say why, rather than wait 30 s for a change
            raise RuntimeError(f"the server refused the latency table's client: {message}")
        if message["type"] == "state" and message["version"] >= version:
            found: dict[str, Any] = message
            return found


def measure(
    db: str, workers: int, args: argparse.Namespace, postgres: _Postgres | None = None
) -> dict[str, Any]:
    """One run: a server on ``db`` with ``workers`` workers; its numbers (with ``postgres``,
    the benchmark's own database server, its CPU per action too)."""
    own = postgres if postgres is not None and db.startswith("postgres") else None
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    engine = "postgresql" if db.startswith("postgres") else "sqlite"
    profile = None if args.profile is None else args.profile / f"{engine}-{workers}w"
    proc = _start(db, port, args.tables, workers, profile)
    stop = threading.Event()
    watchers: list[threading.Thread] = []
    try:
        idle, _ = _latency(base, port, max(20, args.samples // 4))
        tables = [_bot_table(base, n) for n in range(args.tables)]
        watchers += [
            threading.Thread(target=_watch, args=(port, t, stop), daemon=True)
            for t in (tables if args.watch else [])
        ]
        for thread in watchers:
            thread.start()
        time.sleep(2)  # warm up
        before, began, cpu = _total_versions(base), time.perf_counter(), _cpu_seconds(proc.pid)
        db_cpu = own.cpu_seconds() if own else 0.0
        load_before = os.getloadavg()
        time.sleep(args.seconds)
        cpu = _cpu_seconds(proc.pid) - cpu
        db_cpu = own.cpu_seconds() - db_cpu if own else 0.0
        after, ended = _total_versions(base), time.perf_counter()
        loaded, own_seat = _latency(base, port, args.samples)
        rate = (after - before) / (ended - began)
    finally:
        stop.set()
        for thread in watchers:
            thread.join(5)
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(60)
    return {
        "engine": engine,
        "workers": workers,
        "tables": args.tables,
        "spectators": args.watch,
        "seconds": args.seconds,
        "actions_per_second": round(rate, 1),
        "server_cpu_ms_per_action": round(1000 * cpu / max(1, after - before), 3),
        "postgres_cpu_ms_per_action": (
            round(1000 * db_cpu / max(1, after - before), 3) if own else None
        ),
        "latency_idle_ms": _stats(idle),
        "latency_loaded_ms": _stats(loaded),
        "latency_loaded_acting_seat_ms": _stats(own_seat),
        "load_average": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    """Run the benchmark and print its numbers (and JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--samples", type=int, default=200, help="latency samples")
    parser.add_argument("--watch", action="store_true", help="a spectator on every bot table")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL of its own")
    parser.add_argument(
        "--profile",
        type=Path,
        help="a folder: each worker writes its cProfile there (<engine>-<N>w/worker-<pid>.prof)",
    )
    parser.add_argument("--db", help="a PostgreSQL URL to use instead (its tables are kept)")
    parser.add_argument(
        "--synchronous-commit",
        default="on",
        choices=["on", "off"],
        help="the PostgreSQL setting of the benchmark's own server (default on: each "
        "acknowledged action survives a database crash)",
    )
    parser.add_argument(
        "--matrix", action="store_true", help="SQLite, then PostgreSQL with 1, 2 and 4 workers"
    )
    args = parser.parse_args()
    runs: list[dict[str, Any]] = []
    wanted = (args.postgres or args.matrix) and not args.db
    postgres = _Postgres(args.synchronous_commit) if wanted else None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            sqlite = str(Path(tmp) / "bench.sqlite3")
            if args.matrix:
                assert postgres is not None or args.db
                runs.append(measure(sqlite, 1, args))
                for workers in (1, 2, 4):
                    db = args.db or (postgres.new_database() if postgres else "")
                    runs.append(measure(db, workers, args, postgres))
            else:
                db = args.db or (postgres.new_database() if postgres else sqlite)
                runs.append(measure(db, args.workers, args, postgres))
    finally:
        if postgres is not None:
            postgres.stop()
    report: Any = runs[0] if len(runs) == 1 else runs
    print(json.dumps(report, indent=2))
    if len(runs) > 1:
        print(_table(runs))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


def _table(runs: list[dict[str, Any]]) -> str:
    """The runs as a Markdown table."""
    lines = [
        "| engine | workers | actions/s | CPU ms/action | PG CPU ms/action | p50 ms | p90 ms "
        "| p99 ms | load |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        lat = run["latency_loaded_ms"]
        lines.append(
            f"| {run['engine']} | {run['workers']} | {run['actions_per_second']} | "
            f"{run['server_cpu_ms_per_action']} | {run['postgres_cpu_ms_per_action'] or '-'} | "
            f"{lat['median']} | {lat['p90']} | "
            f"{lat['p99']} | {run['load_average'][0]} |"
        )
    return "\n".join(lines)


def _stats(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    return {
        "median": round(statistics.median(ms), 2),
        "p90": round(ms[int(len(ms) * 0.9)], 2),
        "p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
        "max": round(ms[-1], 2),
        "samples": len(ms),
    }


if __name__ == "__main__":
    main()
