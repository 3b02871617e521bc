"""``HEAD`` is answered wherever ``GET`` is (issue 39 item 15), by a real `cardkit serve`.

A ``HEAD`` answer has the status and headers of the ``GET`` answer and no
body; a path that answers no ``GET`` answers ``HEAD`` the same way (405).
"""

from __future__ import annotations

import http.client
from typing import Any

import pytest

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(module_servers: Any) -> Any:
    return module_servers()


def _ask(server: Any, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request(method, path)
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def test_head_answers_like_get_without_a_body(server: Any) -> None:
    table = server.post("/api/tables", {"game": "tonk", "seats": []})["id"]
    paths = [
        "/",
        "/docs",
        "/docs/init.js",
        "/api/protocol.json",
        "/api/schema/client.json",
        "/api/schema/server.json",
        "/api/games",
        "/api/games/tonk/rules",
        "/api/tables",
        f"/api/tables/{table}",
        f"/api/tables/{table}/layout",
        f"/tables/{table}",
        "/static/style.css",
        "/openapi.json",
        "/api/tables/nosuchtable",  # a 404 stays a 404
    ]
    for path in paths:
        got, got_headers, got_body = _ask(server, "GET", path)
        status, headers, body = _ask(server, "HEAD", path)
        assert status == got, f"HEAD {path}: {status}, GET: {got}"
        assert body == b"", path
        assert headers.get("content-type") == got_headers.get("content-type"), path
        if "content-length" in got_headers:
            assert headers["content-length"] == str(len(got_body)), path


def test_head_is_refused_where_get_is(server: Any) -> None:
    got, _, _ = _ask(server, "GET", "/api/tables/x/join")
    status, _, body = _ask(server, "HEAD", "/api/tables/x/join")
    assert got == status == 405
    assert body == b""
