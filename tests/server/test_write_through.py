"""Write-through: what a client was sent is stored, the bots' moves included (issue 27).

A server is killed with SIGKILL right after the bots' moves reached the
clients (at a person's turn, where nothing else happens), and started
again on the same database. The stored table, read straight from the database,
and the first message of every client after the restart must be the last
message each client received before the kill: same version, same view.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from cardkit.server import Table
from cardkit.server._record import TableRecord

pytestmark = pytest.mark.slow

PERSON = 0
SETTINGS = {
    "game": "tienlen",
    "players": 4,
    "seed": 271828,
    "deals": 3,
    "seats": [{}, {"bot": "greedy"}, {"bot": "heuristic"}, {"bot": "greedy"}],
}
FAST = ("--bot-delay", "0.05", "--actions-per-second", "1000")
#: After a restart the bots wait longer than the clients take to connect.
SLOW = ("--bot-delay", "1", "--actions-per-second", "1000")


def _stored(servers: Any, db: Path, table: str) -> Table:
    """The table as the killed server left it in its database."""
    return Table(TableRecord.model_validate_json(servers.stored(db, table)))


def _asked_after_bots(seat: Any, rng: random.Random) -> None:
    """Act for the person if asked, then read until the bots have played and it is asked."""
    while seat.last is None or not seat.last["your_turn"]:
        seat.recv()
    acted = seat.last["version"] + 1
    seat.act(rng.choice(seat.last["legal"]))
    while True:
        got = seat.recv()
        assert got["type"] == "state", got
        assert not got["standings"]["over"], "the match ended before the bots had played"
        if got["version"] > acted and got["your_turn"]:
            return


def _drain(client: Any) -> dict[str, Any]:
    """Every message still coming (none comes at a person's turn); the last state."""
    while client.poll(0.3) is not None:
        pass
    assert client.last is not None
    return dict(client.last)


def test_a_bots_move_is_stored_before_it_is_sent(servers: Any, tmp_path: Path) -> None:
    db = tmp_path / "bots.sqlite3"
    server = servers(*FAST, db=db)
    table = server.post("/api/tables", SETTINGS)["id"]
    token = server.post(f"/api/tables/{table}/join", {"seat": PERSON})["token"]
    tokens = {PERSON: token, None: None}
    rng = random.Random(5)
    for round_ in range(3):
        clients = {audience: server.client(table, t) for audience, t in tokens.items()}
        _asked_after_bots(clients[PERSON], rng)
        last = {audience: _drain(client) for audience, client in clients.items()}
        server.kill()  # right after the bots' moves were sent
        stored = _stored(servers, db, table)
        for audience, message in last.items():
            kept = stored.message(audience, (), [0] * 4)
            assert (kept.version, kept.view) == (message["version"], message["view"]), (
                f"round {round_}: {audience=} was sent version {message['version']}, "
                f"the database holds version {kept.version}"
            )
        server = servers(*SLOW, db=db)
        for audience, message in last.items():
            again = server.client(table, tokens[audience])
            first = again.recv()
            assert (first["version"], first["view"]) == (message["version"], message["view"])
            again.close()
        server.kill()
        server = servers(*FAST, db=db)
