"""Real server processes for the server tests: `cardkit serve` on a free 127.0.0.1 port.

Each test gets a factory that starts servers on a database of its own and
kills whatever is still running at the end; clients are real WebSocket
clients (the `websockets` library) and plain `urllib` HTTP requests.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
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
    """A `cardkit serve` process on its own port and database."""

    def __init__(self, db: Path, *options: str, command: list[str] | None = None) -> None:
        self.db = db
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
            command = [CARDKIT, "serve", "--port", str(self.port), "--db", str(self.db)]
            command += ["--bot-delay", "0", "--deal-pause", "0.05", *self.options]
        with self.db.with_suffix(".log").open("ab") as log:  # the child keeps its own copy
            self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
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
        """SIGKILL the process: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

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


@contextlib.contextmanager
def _started(base: Path) -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def start(*options: str, db: Path | None = None, command: list[str] | None = None) -> Server:
        db = db or base / f"tables{len(started)}.sqlite3"
        server = Server(db, *options, command=command).start()
        started.append(server)
        return server

    try:
        yield start
    finally:
        for server in started:
            server.kill()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers with ``servers(*options, db=..., command=...)``; all are killed at the end.

    ``command`` runs another server command than ``cardkit serve`` (``--port`` is added).
    """
    with _started(tmp_path) as start:
        yield start


@pytest.fixture(scope="module")
def module_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Server]]:
    """Like ``servers``, for servers that the tests of a module share."""
    with _started(tmp_path_factory.mktemp("servers")) as start:
        yield start


@pytest.fixture
def artifacts() -> Path:
    """Where tests keep what a person may want to look at afterwards (``test-artifacts/``)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
