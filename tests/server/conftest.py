"""Real server processes for the server tests: `cardkit serve` on a free 127.0.0.1 port.

Each test gets a factory that starts servers on a database of its own and
kills whatever is still running at the end; clients are real WebSocket
clients (the `websockets` library) and plain `urllib` HTTP requests.

The factory runs every test twice: on SQLite, and on a real PostgreSQL
server (Debian's ``postgresql`` package) that the session starts in a
temporary directory with ``initdb`` and ``pg_ctl``, a database per test
(those runs are marked slow; they are skipped, saying why, where no
PostgreSQL is installed).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

CARDKIT = shutil.which("cardkit", path=str(Path(sys.executable).parent)) or "cardkit"
#: Where the browser test leaves its screenshots.
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def free_port() -> int:
    """A TCP port nothing listens on now (the OS picks it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Client:
    """One WebSocket client of a table, after its hello."""

    def __init__(self, url: str, token: str | None) -> None:
        self._stack = contextlib.ExitStack()
        self.conn: ClientConnection = self._stack.enter_context(
            connect(url, max_size=None, open_timeout=10, proxy=None, max_queue=None)
        )
        with contextlib.suppress(ConnectionClosed):
            # A server that refuses the connection at once (an unknown table) may have
            # sent its error and closed before the hello goes out; recv() still reads them.
            self.conn.send(json.dumps({"type": "hello", "token": token}))
        self.last: dict[str, Any] | None = None

    def recv(self, timeout: float = 15) -> dict[str, Any]:
        """The next message (a state or an error)."""
        message: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        if message["type"] == "state":
            self.last = message
        return message

    def poll(self, timeout: float = 0.02) -> dict[str, Any] | None:
        """The next message if one comes within ``timeout`` seconds, else ``None``."""
        try:
            return self.recv(timeout)
        except TimeoutError:
            return None

    def until(self, version: int) -> list[dict[str, Any]]:
        """Every message up to the first state of ``version`` or later."""
        seen = []
        while self.last is None or self.last["version"] < version:
            message = self.recv()
            assert message["type"] == "state", f"refused before version {version}: {message}"
            seen.append(message)
        return seen

    def act(self, action: str) -> None:
        """Send an action."""
        self.conn.send(json.dumps({"type": "act", "action": action}))

    def close(self) -> None:
        """Close the connection."""
        self._stack.close()


class Server:
    """A `cardkit serve` process on its own port and database.

    ``db`` names its log (and its SQLite file); ``url``, when given, is the
    database it is started on instead (a PostgreSQL URL).
    """

    def __init__(
        self, db: Path, *options: str, command: list[str] | None = None, url: str | None = None
    ) -> None:
        self.db = db
        self.url = url or str(db)
        self.options = options
        self.command = command
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start the process and wait until it answers."""
        if self.command is not None:
            command = [*self.command, "--port", str(self.port), *self.options]
        else:
            command = [CARDKIT, "serve", "--port", str(self.port), "--db", self.url]
            command += ["--bot-delay", "0", "--deal-pause", "0.05", *self.options]
        with self.db.with_suffix(".log").open("ab") as log:  # the child keeps its own copy
            # A session of its own: kill() ends its worker processes too (--workers).
            self.proc = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.db.with_suffix('.log').read_text()}")
            try:
                urllib.request.urlopen(self.base + "/", timeout=5).close()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 30 s")

    def kill(self) -> None:
        """SIGKILL the process and its workers: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> int:
        """SIGTERM the process and wait for it to shut down; its exit status."""
        assert self.proc is not None
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
        return self.proc.wait(30)

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """An HTTP request; its status and JSON answer."""
        data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def get(self, path: str) -> Any:
        """GET a JSON document (raises on an error status)."""
        status, data = self.request("GET", path)
        assert status == 200, data
        return data

    def post(self, path: str, body: Any) -> Any:
        """POST JSON (raises on an error status)."""
        status, data = self.request("POST", path, body)
        assert status in (200, 201), data
        return data

    def client(self, table: str, token: str | None = None, prefix: str = "") -> Client:
        """A WebSocket client of ``table``, a seat's with ``token``, else a spectator."""
        return Client(f"ws://127.0.0.1:{self.port}{prefix}/api/tables/{table}/ws", token)


def _postgres_bin() -> Path | None:
    """The directory of PostgreSQL's server programs (initdb, pg_ctl), if installed.

    Debian keeps them in /usr/lib/postgresql/<version>/bin, off the PATH.
    """
    places: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True)
        places.append(Path(done.stdout.strip()))
    places += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    initdb = shutil.which("initdb")
    if initdb is not None:
        places.append(Path(initdb).parent)
    return next((p for p in places if (p / "initdb").is_file() and (p / "pg_ctl").is_file()), None)


class PostgresCluster:
    """A PostgreSQL server of its own in a temporary directory: ``initdb``, ``pg_ctl start``.

    It listens on a unix socket in that directory only (on a free port
    number); as root, its programs run as the ``postgres`` user, since
    initdb refuses to run as root.
    """

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="cardkit-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.databases = 0
        self._as: list[str] = []
        if os.geteuid() == 0:
            self._as = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.dir, "postgres", "postgres")

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._as, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> PostgresCluster:
        """initdb and start the server; wait until it accepts connections."""
        bin_ = self.bindir
        self._run(
            str(bin_ / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "cardkit",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        return self.up()

    def up(self) -> PostgresCluster:
        """Start the server (again, after `down`); wait until it accepts connections."""
        bin_ = self.bindir
        settings = (
            f"-p {self.port} -k {self.dir} -c listen_addresses='' -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        )
        self._run(
            str(bin_ / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.dir / "log"),
            "-o",
            settings,
            "-w",
            "-t",
            "60",
            "start",
        )
        return self

    def down(self) -> None:
        """Stop the server at once, as a crash would, keeping its data for `up`."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")

    def url(self, database: str = "postgres") -> str:
        """The URL of one database of this server (over its unix socket)."""
        return f"postgresql://cardkit@/{database}?host={self.dir}&port={self.port}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        self.databases += 1
        name = f"cards_{os.getpid()}_{self.databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and delete its directory."""
        with contextlib.suppress(Exception):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL server for the session (skipped where none is installed)."""
    pytest.importorskip("psycopg", reason="the postgres extra is not installed")
    bindir = _postgres_bin()
    if bindir is None:
        pytest.skip(
            "no PostgreSQL server is installed (no initdb in pg_config --bindir, "
            "/usr/lib/postgresql/*/bin or PATH): apt-get install postgresql"
        )
    cluster = PostgresCluster(bindir)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


ENGINES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)]


class Servers:
    """Starts servers: ``servers(*options, db=..., command=...)``; all are killed at the end.

    ``command`` runs another server command than ``cardkit serve`` (``--port``
    is added). On PostgreSQL each ``db`` path stands for a database of its own.
    """

    def __init__(self, base: Path, cluster: PostgresCluster | None) -> None:
        self.base = base
        self.cluster = cluster
        self.engine = "sqlite" if cluster is None else "postgresql"
        self.started: list[Server] = []
        self._urls: dict[Path, str] = {}

    def url(self, db: Path) -> str:
        """What ``--db`` is for ``db``: the path itself, or its PostgreSQL database's URL."""
        if self.cluster is None:
            return str(db)
        if db not in self._urls:
            self._urls[db] = self.cluster.new_database()
        return self._urls[db]

    def __call__(
        self, *options: str, db: Path | None = None, command: list[str] | None = None
    ) -> Server:
        db = db or self.base / f"tables{len(self.started)}.sqlite3"
        server = Server(db, *options, command=command, url=self.url(db)).start()
        self.started.append(server)
        return server

    def stored(self, db: Path, table: str) -> str:
        """The JSON a table is stored as, read straight from the database (its finished
        deals, kept in a column of their own, put back in)."""
        from cardkit.server._storage import joined_record

        query = "SELECT data, deals FROM cardkit_tables WHERE id = "
        if self.cluster is None:
            with sqlite3.connect(db) as conn:
                got = conn.execute(query + "?", (table,)).fetchone()
        else:
            import psycopg

            with psycopg.connect(self.url(db)) as pg:
                got = pg.execute(query + "%s", (table,)).fetchone()
        assert got is not None
        data, deals = got
        return joined_record(str(data), None if deals is None else str(deals))

    def kill_all(self) -> None:
        """SIGKILL every server still running."""
        for server in self.started:
            server.kill()


def _engine(request: pytest.FixtureRequest) -> PostgresCluster | None:
    if request.param == "sqlite":
        return None
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster


@pytest.fixture(params=ENGINES)
def servers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Servers]:
    """Start servers with ``servers(*options, db=..., command=...)``, on each engine."""
    started = Servers(tmp_path, _engine(request))
    try:
        yield started
    finally:
        started.kill_all()


@pytest.fixture
def pg_servers(postgres: PostgresCluster, tmp_path: Path) -> Iterator[Servers]:
    """Servers on PostgreSQL only: the same ``db`` for several is one database they share."""
    started = Servers(tmp_path, postgres)
    try:
        yield started
    finally:
        started.kill_all()


@pytest.fixture
def own_pg_servers(postgres: PostgresCluster, tmp_path: Path) -> Iterator[Servers]:
    """Servers on a PostgreSQL server of their own, which a test may stop and start."""
    cluster = PostgresCluster(postgres.bindir).start()
    started = Servers(tmp_path, cluster)
    try:
        yield started
    finally:
        started.kill_all()
        cluster.stop()


@pytest.fixture(scope="module", params=ENGINES)
def module_servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Servers]:
    """Like ``servers``, for servers that the tests of a module share."""
    started = Servers(tmp_path_factory.mktemp("servers"), _engine(request))
    try:
        yield started
    finally:
        started.kill_all()


@pytest.fixture
def artifacts() -> Path:
    """Where tests keep what a person may want to look at afterwards (``test-artifacts/``)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
