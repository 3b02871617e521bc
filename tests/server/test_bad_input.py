"""Bad input to a real server: each request is refused with a clear error and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

pytestmark = pytest.mark.slow


def _snapshot(server: Any, table: str) -> tuple[int, dict[str, Any]]:
    """The table's version and spectator view, from a fresh spectator."""
    watcher = server.client(table)
    message = watcher.recv()
    watcher.close()
    return message["version"], message["view"]


def _error(client: Any) -> dict[str, Any]:
    """The next error message (presence updates may come first)."""
    while True:
        message = client.recv()
        if message["type"] == "error":
            return message


LIMIT = 8


@pytest.fixture(scope="module")
def server(module_servers: Any) -> Any:
    return module_servers("--max-tables", str(LIMIT), "--max-message-bytes", "1000")


@pytest.fixture
def table(server: Any) -> tuple[Any, str, list[str]]:
    made = server.post("/api/tables", {"game": "tienlen", "players": 4, "seed": 5})
    tokens = [server.post(f"/api/tables/{made['id']}/join", {})["token"] for _ in range(4)]
    return server, made["id"], tokens


def test_http_refusals(table: tuple[Any, str, list[str]]) -> None:
    server, table_id, _ = table
    before = _snapshot(server, table_id)
    cases = [
        ("GET", "/api/tables/nope", None, 404, "no_such_table"),
        ("POST", "/api/tables", {"game": "nope"}, 404, "unknown_game"),
        ("POST", "/api/tables", {"game": "tonk", "players": 9}, 400, "invalid_rules"),
        ("POST", "/api/tables", {"game": "tonk", "rules": {"bogus": 1}}, 400, "invalid_rules"),
        ("POST", "/api/tables", {"game": "tonk", "seats": [{"bot": "hal"}]}, 400, "invalid_rules"),
        ("POST", "/api/tables", {"game": "palace", "deals": None}, 400, "invalid_rules"),
        ("POST", "/api/tables", b"{not json", 422, "bad_request"),
        ("POST", "/api/tables", {"game": "tonk", "extra": 1}, 422, "bad_request"),
        ("POST", f"/api/tables/{table_id}/join", {"seat": 0}, 409, "seat_taken"),
        ("POST", f"/api/tables/{table_id}/join", {}, 409, "table_full"),
        ("POST", f"/api/tables/{table_id}/join", {"seat": 9}, 404, "no_such_seat"),
        ("POST", f"/api/tables/{table_id}/leave", {"token": "guess"}, 403, "bad_token"),
    ]
    for method, path, body, status, code in cases:
        got, answer = server.request(method, path, body)
        assert (got, answer["error"]["code"]) == (status, code), (path, body, answer)
        assert answer["error"]["message"]
    assert _snapshot(server, table_id) == before
    assert table_id in {t["id"] for t in server.get("/api/tables")}


def test_websocket_refusals(table: tuple[Any, str, list[str]]) -> None:
    server, table_id, tokens = table
    before = _snapshot(server, table_id)
    to_act = before[1]["to_act"]
    bystander = server.client(table_id)
    seat = server.client(table_id, tokens[to_act])
    other = server.client(table_id, tokens[(to_act + 1) % 4])
    assert seat.recv()["your_turn"]
    legal = seat.last["legal"] if seat.last else []
    other.act(legal[0])
    assert _error(other)["code"] == "not_your_turn"
    cases = [
        ("{not json", "bad_message"),
        (json.dumps({"type": "act"}), "bad_message"),
        (json.dumps({"type": "shout", "action": "pass"}), "bad_message"),
        (json.dumps({"type": "hello", "token": None}), "bad_message"),
        (json.dumps({"type": "act", "action": "play ZZ"}), "unparsable"),
        (json.dumps({"type": "act", "action": "x" * 2000}), "message_too_large"),
    ]
    for text, code in cases:
        seat.conn.send(text)
        error = _error(seat)
        assert error["code"] == code, (text[:40], error)
        assert error["message"]
    seat.conn.send(b"\x00\x01")
    assert _error(seat)["code"] == "bad_message"
    watcher = server.client(table_id)
    watcher.recv()
    watcher.act(legal[0])
    assert _error(watcher)["code"] == "spectator"
    assert _snapshot(server, table_id) == before
    heard = []
    while (message := bystander.poll(0.2)) is not None:
        heard.append(message["type"])
    assert heard
    assert set(heard) == {"state"}, "a refusal answers its own client alone"


def test_floods_are_throttled(table: tuple[Any, str, list[str]]) -> None:
    server, table_id, tokens = table
    before = _snapshot(server, table_id)
    flooder = server.client(table_id, tokens[(before[1]["to_act"] + 1) % 4])
    for _ in range(40):
        flooder.act("pass")
    codes = [_error(flooder)["code"] for _ in range(40)]
    assert codes.count("rate_limited") >= 25
    assert set(codes) == {"rate_limited", "not_your_turn"}
    assert _snapshot(server, table_id) == before


def test_bad_tokens_and_leaving(table: tuple[Any, str, list[str]]) -> None:
    server, table_id, tokens = table
    stranger = server.client(table_id, "not-a-token")
    error = stranger.recv()
    assert error["code"] == "bad_token"
    with pytest.raises(ConnectionClosed) as closed:
        stranger.recv()
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4403
    lost = server.client("no-such-table")
    assert lost.recv()["code"] == "no_such_table"
    with pytest.raises(ConnectionClosed) as closed:
        lost.recv()
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4404
    assert server.request("POST", f"/api/tables/{table_id}/leave", {"token": tokens[1]})[0] == 200
    old = server.client(table_id, tokens[1])
    assert old.recv()["code"] == "bad_token"
    again = server.post(f"/api/tables/{table_id}/join", {"seat": 1})
    assert again["token"] != tokens[1]
    fresh = server.client(table_id, again["token"])
    assert fresh.recv()["seat"] == 1


def test_table_limit(server: Any) -> None:
    """Last in this module: it fills the shared server up to its table limit."""
    while len(server.get("/api/tables")) < LIMIT:
        server.post("/api/tables", {"game": "tonk"})
    status, answer = server.request("POST", "/api/tables", {"game": "tonk"})
    assert status == 429
    assert answer["error"]["code"] == "too_many_tables"
    assert "limit" in answer["error"]["message"]
    assert len(server.get("/api/tables")) == LIMIT
