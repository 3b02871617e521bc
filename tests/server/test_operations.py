"""What an operator sees: /health, /metrics, JSON logs, shutdown, idle tables expiring.

Real `cardkit serve` processes, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import json
import re
import signal
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

pytestmark = pytest.mark.slow

FAST = ("--actions-per-second", "1000", "--bot-delay", "0.02")


def _text(server: Any, path: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(server.base + path, timeout=10) as answer:
        return answer.status, answer.headers["content-type"], answer.read().decode()


def _read_all(client: Any) -> None:
    while True:
        client.recv(timeout=10)


def test_health_and_metrics_count_tables_and_actions(servers: Any) -> None:
    server = servers(*FAST)
    status, _, body = _text(server, "/health")
    health = json.loads(body)
    assert (status, health["status"], health["tables"]) == (200, "ok", 0)
    seats = [{"bot": "greedy"}] * 4
    # Seeded: about one Tiến lên deal in 80 is won at the deal (an instant win), with no move
    # to count; this seed's is played out.
    settings = {"game": "tienlen", "seats": seats, "deals": 1, "seed": 1}
    table = server.post("/api/tables", settings)["id"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    version = server.get(f"/api/tables/{table}")["version"]
    status, kind, text = _text(server, "/metrics")
    assert status == 200
    assert kind.startswith("text/plain; version=0.0.4")
    values = {
        name: float(value)
        for name, value in re.findall(r"^(cardkit_\w+)\{[^}]*\} (\S+)$", text, re.MULTILINE)
    }
    assert values["cardkit_tables"] == 1
    assert values["cardkit_tables_playing"] == 0
    assert values["cardkit_actions_total"] >= version > 10, "every bot move is counted"
    assert values["cardkit_action_seconds_count"] == values["cardkit_actions_total"]
    buckets = re.findall(r'^cardkit_action_seconds_bucket\{.*le="([^"]+)"\} (\d+)$', text, re.M)
    counts = [int(count) for _, count in buckets]
    assert counts == sorted(counts), "histogram buckets are cumulative"
    assert buckets[-1] == ("+Inf", str(int(values["cardkit_actions_total"])))


def test_sigterm_finishes_and_logs_json_lines(servers: Any) -> None:
    server = servers(*FAST)
    seats = [{"bot": "greedy"}] * 4
    table = server.post("/api/tables", {"game": "tienlen", "seats": seats, "deals": 50})["id"]
    watcher = server.client(table)
    watcher.recv()
    time.sleep(0.5)  # bots are playing: a move may be in flight at the signal
    # uvicorn shuts down, then raises the signal again: the exit says what stopped it.
    assert server.stop() in (0, -signal.SIGTERM)
    with pytest.raises(ConnectionClosed):
        _read_all(watcher)
    lines = [
        json.loads(line)
        for line in server.db.with_suffix(".log").read_text().splitlines()
        if line.startswith("{")
    ]
    said = [line["message"] for line in lines]
    assert said[-2:] == ["stopping: finishing the actions in flight", "stopped"], said
    assert {"time", "level", "logger", "worker"} <= set(lines[-1])
    again = servers(*FAST, db=server.db)  # what was sent was stored: it carries on
    assert again.get(f"/api/tables/{table}")["version"] >= watcher.last["version"]


def test_an_idle_table_is_listed_as_idle_then_expires(servers: Any, tmp_path: Path) -> None:
    server = servers(*FAST, "--idle-expiry", "3")
    table = server.post("/api/tables", {"game": "tonk", "seats": [{}, {"bot": "heuristic"}]})
    token = server.post(f"/api/tables/{table['id']}/join", {})["token"]
    client = server.client(table["id"], token)
    client.recv()
    time.sleep(1.5)  # nobody acts: the person's turn, or the bot's move long done
    (listed,) = server.get("/api/tables")
    assert listed["idle"] >= 1.0
    assert 0 < listed["expires_in"] <= 2.0
    with pytest.raises(ConnectionClosed):  # expired: its clients are closed
        _read_all(client)
    status, answer = server.request("GET", f"/api/tables/{table['id']}")
    assert (status, answer["error"]["code"]) == (404, "no_such_table")
    assert server.get("/api/tables") == []
    assert server.request("POST", f"/api/tables/{table['id']}/join", {})[0] == 404
