"""Policy bots in other processes, named by import path: `simulate(jobs=2)`, a Dask
cluster of worker processes, and a `cardkit serve` table (issue 40, point 1).

The bots are in tests/policy_agents.py, which every process imports by name
(`tests` is on the path of pytest, of the spawned workers, and of the server).
Each decision of `policy_agents:tonk_logged` writes its process id to a file,
so the tests see which processes played.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardkit.eval.tournament import run_tournament
from cardkit.play import executors
from cardkit.play.simulate import simulate

pytestmark = pytest.mark.slow

TESTS = Path(__file__).resolve().parents[1]
LOGGED = "policy_agents:tonk_logged"


@pytest.fixture
def log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file each decision of the logged bot writes its process id to."""
    path = tmp_path / "pids.txt"
    path.touch()
    monkeypatch.setenv("POLICY_AGENTS_LOG", str(path))
    return path


def _pids(log: Path) -> set[int]:
    return {int(line) for line in log.read_text().split()}


def test_simulate_with_two_jobs_plays_the_policy_in_the_workers(
    log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hand every chunk after the first to the pool, however little work is left.
    monkeypatch.setattr(executors, "POOL_START_SECONDS", 0.0)
    monkeypatch.setattr(executors, "WARM_POOL_SECONDS", 0.0)
    # A pool of its own: one an earlier test started lacks POLICY_AGENTS_LOG in its
    # workers' environment (they copied it before this test set it).
    pools: dict[Any, Any] = {}
    monkeypatch.setattr(executors, "_pools", pools)
    args: dict[str, Any] = {"games": 120, "players": 2, "bots": [LOGGED, "heuristic"], "seed": 4}
    try:
        alone = simulate("tonk", jobs=1, **args)
        here = _pids(log)
        assert here == {os.getpid()}
        pooled = simulate("tonk", jobs=2, **args)
        assert pooled.jobs == 2
        assert pooled.outcome() == alone.outcome()
        assert _pids(log) - here  # decisions were taken in worker processes
    finally:
        for pool in pools.values():
            pool.shutdown()


def test_a_dask_cluster_of_processes_plays_the_policy(log: Path) -> None:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        with distributed.Client(cluster) as client:
            executor = client.get_executor()
            args: dict[str, Any] = {"players": 2, "seed": 9}
            bots = [LOGGED, "heuristic"]
            report = simulate("tonk", games=60, bots=bots, executor=executor, **args)
            assert report.outcome() == simulate("tonk", games=60, bots=bots, **args).outcome()
            workers = _pids(log) - {os.getpid()}
            assert len(workers) >= 1
            tournament = run_tournament(
                "tonk", [LOGGED, "random", "heuristic"], games=24, executor=executor, **args
            )
            assert {r.bot for r in tournament.ratings} == {LOGGED, "random", "heuristic"}
            local = run_tournament("tonk", [LOGGED, "random", "heuristic"], games=24, **args)
            assert [(r.bot, r.mu) for r in tournament.ratings] == [
                (r.bot, r.mu) for r in local.ratings
            ]
    finally:
        cluster.close()


CARDKIT = shutil.which("cardkit", path=str(Path(sys.executable).parent)) or "cardkit"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _http(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method="GET" if body is None else "POST"
    )
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture
def server(tmp_path: Path, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`cardkit serve --bot policy_agents:tonk_logged` in its own process: its URL and process."""
    port = _free_port()
    command = [CARDKIT, "serve", "--port", str(port), "--db", str(tmp_path / "tables.sqlite3")]
    command += ["--bot-delay", "0", "--deal-pause", "0.05", "--bot", LOGGED]
    env = {**os.environ, "PYTHONPATH": str(TESTS)}
    errors = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (tmp_path / "server.log").read_text()
            try:
                urllib.request.urlopen(base + "/", timeout=5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer in 60 s"
                time.sleep(0.2)
        yield base, proc
    finally:
        proc.kill()
        proc.wait(10)
        errors.close()


def test_a_server_table_in_its_own_process_seats_the_policy(
    log: Path, server: tuple[str, subprocess.Popen[bytes]]
) -> None:
    """A person on a real WebSocket plays a deal against the policy bot of the server."""
    from websockets.sync.client import connect

    base, proc = server
    tonk = next(g for g in _http(base, "/api/games") if g["name"] == "tonk")
    assert LOGGED in tonk["bots"]
    body = {"game": "tonk", "players": 2, "seed": 3, "seats": [{"bot": LOGGED}]}
    table = _http(base, "/api/tables", body)["id"]
    token = _http(base, f"/api/tables/{table}/join", {})["token"]
    url = base.replace("http://", "ws://") + f"/api/tables/{table}/ws"
    deadline = time.monotonic() + 60
    with connect(url, open_timeout=10, proxy=None) as person:
        person.send(json.dumps({"type": "hello", "token": token}))
        while True:
            assert time.monotonic() < deadline, "the deal did not end in 60 s"
            message = json.loads(person.recv(timeout=30))
            assert message["type"] == "state", message
            if message["result"] is not None:
                break
            if message["your_turn"]:
                person.send(json.dumps({"type": "act", "action": message["legal"][0]}))
    assert _http(base, f"/api/tables/{table}")["status"] == "over"
    assert _pids(log) == {proc.pid}  # the server's process took the policy's decisions


def test_serve_refuses_a_bot_path_it_cannot_import(tmp_path: Path) -> None:
    done = subprocess.run(
        [CARDKIT, "serve", "--db", str(tmp_path / "t.sqlite3"), "--bot", "nowhere_at_all:agent"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "cannot import 'nowhere_at_all'" in done.stderr
