"""A server killed with SIGKILL mid-game and started again on its database carries on.

Two tables of the same seed are played with the same deterministic choices
for the people's seats, bots playing the others: one on a server that is
killed mid-deal and started again, one on a server that runs through. Both
end with the same result, standings included, and a client that reconnects
with its old token gets its seat's current view at once.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

pytestmark = pytest.mark.slow

SETTINGS = {
    "game": "tienlen",
    "players": 4,
    "seed": 424242,
    "deals": 2,
    "seats": [{}, {"bot": "greedy"}, {}, {"bot": "heuristic"}],
}
PEOPLE = (0, 2)


def _choose(message: dict[str, Any]) -> str:
    """The people's policy: a random legal action, fixed by seat, deal and version."""
    rng = random.Random(f"{message['seat']}:{message['deal']}:{message['version']}")
    return rng.choice(message["legal"])


def _play_until(clients: dict[int, Any], stop: int | None) -> dict[str, Any] | None:
    """Play the people's seats until the match is over or ``stop`` versions are reached.

    A seat acts once per version: presence changes repeat a version's message.
    """
    acted: set[tuple[int, int]] = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for client in clients.values():
            message = client.poll()
            if message is None:
                continue
            assert message["type"] == "state", message
            if message["standings"]["over"]:
                return message
            if stop is not None and message["version"] >= stop:
                return None
            key = (message["seat"], message["version"])
            if message["your_turn"] and key not in acted:
                acted.add(key)
                client.act(_choose(message))
    raise AssertionError("the match did not end within 60 s")


def _new_table(server: Any) -> tuple[str, dict[int, str]]:
    table = server.post("/api/tables", SETTINGS)["id"]
    join = f"/api/tables/{table}/join"
    tokens = {seat: server.post(join, {"seat": seat})["token"] for seat in PEOPLE}
    return table, tokens


def test_sigkill_and_restart_resume_the_game(servers: Any, tmp_path: Any) -> None:
    db = tmp_path / "killed.sqlite3"
    first = servers("--actions-per-second", "1000", db=db)
    table, tokens = _new_table(first)
    clients = {seat: first.client(table, token) for seat, token in tokens.items()}
    assert _play_until(clients, stop=25) is None
    first.kill()

    again = servers("--actions-per-second", "1000", db=db)
    info = again.get(f"/api/tables/{table}")
    assert info["status"] == "playing"
    assert [s["taken"] for s in info["seats"]] == [True] * 4
    clients = {seat: again.client(table, token) for seat, token in tokens.items()}
    current = clients[0].recv()
    assert current["type"] == "state"
    assert current["seat"] == 0
    assert current["version"] >= 25
    assert current["view"]["hand"], "the seat gets its own cards back at once"
    clients[0].last = None
    killed = _play_until(clients, stop=None)
    assert killed is not None

    control_server = servers("--actions-per-second", "1000", db=tmp_path / "control.sqlite3")
    control, control_tokens = _new_table(control_server)
    control_clients = {s: control_server.client(control, t) for s, t in control_tokens.items()}
    uninterrupted = _play_until(control_clients, stop=None)
    assert uninterrupted is not None
    assert killed["version"] == uninterrupted["version"]
    assert killed["result"] == uninterrupted["result"]
    assert killed["standings"] == uninterrupted["standings"]
    watched = again.client(table).recv()
    assert watched["view"] == control_server.client(control).recv()["view"]
    assert watched["result"] == uninterrupted["result"]
