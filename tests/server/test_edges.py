"""The server's edges against a real `cardkit serve` (issue 21 part 3).

Origins, security headers, message and frame sizes with their close
codes, the published JSON Schemas (loaded as a client loads them), the
OpenAPI document's error answers, the offline ``/docs`` page, the seats'
names in what clients see, and a port out of range.
"""

from __future__ import annotations

import html.parser
import json
import re
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")
from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from .conftest import CARDKIT, Client  # noqa: E402

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server"
ALLOWED = "https://cards.example.org"
LIMIT = 20


@pytest.fixture(scope="module")
def server(module_servers: Any) -> Any:
    return module_servers(
        "--max-message-bytes",
        "1000",
        "--allow-origin",
        ALLOWED,
        "--actions-per-second",
        "1000",
        "--max-tables",
        str(LIMIT),
        "--bot-delay",
        "0.05",
    )


def _table(server: Any, **settings: Any) -> tuple[str, list[str]]:
    made = server.post("/api/tables", {"game": "tienlen", "players": 2, "seed": 3, **settings})
    people = sum(1 for s in settings.get("seats", [{}, {}]) if not s.get("bot"))
    tokens = [server.post(f"/api/tables/{made['id']}/join", {})["token"] for _ in range(people)]
    return made["id"], tokens


def _open(server: Any, table: str, origin: str | None) -> dict[str, Any]:
    url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
    with connect(url, origin=origin, proxy=None, open_timeout=10) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello", "token": None}))
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        return message


def test_websockets_from_other_origins_are_refused_before_the_handshake(server: Any) -> None:
    table, _ = _table(server)
    own = f"http://127.0.0.1:{server.port}"
    for origin in (None, own, ALLOWED, ALLOWED.upper() + "/"):
        assert _open(server, table, origin)["type"] == "state", origin
    for origin in (
        "http://evil.example",
        "null",
        f"http://127.0.0.1:{server.port + 1}",
        "https://cards.example.org.evil",
    ):
        with pytest.raises(InvalidStatus) as refused:
            _open(server, table, origin)
        assert refused.value.response.status_code == 403, origin


def test_bad_serve_options_are_refused_without_a_traceback(tmp_path: Path) -> None:
    for options in (
        ["--allow-origin", "cards.example.org"],
        ["--port", "99999"],
        ["--port", "0"],
        ["--workers", "2"],
    ):
        done = subprocess.run(
            [CARDKIT, "serve", "--db", str(tmp_path / "x.sqlite3"), *options],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, (options, done.stderr)
        assert "Traceback" not in done.stderr + done.stdout
        said = " ".join(done.stderr.split())
        wanted = ("Invalid value for '--port'", "scheme://host", "--workers 2 needs PostgreSQL")
        assert any(text in said for text in wanted), said


HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


class _Page(html.parser.HTMLParser):
    """Finds inline scripts, inline styles and resources from other sites in a page."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "style":
            self.problems.append("a <style> element")
        if tag == "script" and not names.get("src"):
            self.problems.append("a <script> without src")
        self._in = tag
        for name, value in attrs:
            if name.startswith("on") or name == "style":
                self.problems.append(f"<{tag} {name}=...>")
            if name in ("src", "href") and value and "//" in value:
                self.problems.append(f"<{tag} {name}={value!r}>: not the server's own file")

    def handle_data(self, data: str) -> None:
        if self._in == "script" and data.strip():
            self.problems.append("inline script text")

    def handle_endtag(self, tag: str) -> None:
        self._in = None


def test_every_answer_has_the_security_headers_and_pages_have_nothing_inline(
    server: Any,
) -> None:
    table, _ = _table(server)
    paths = ["/", f"/tables/{table}", "/api/games", "/static/table.js", "/docs", "/openapi.json"]
    paths += ["/api/tables/nope"]
    for path in paths:
        try:
            answer = urllib.request.urlopen(server.base + path, timeout=10)
        except urllib.error.HTTPError as exc:
            answer = exc
        headers = {k.lower(): v for k, v in answer.headers.items()}
        for name, value in HEADERS.items():
            assert headers.get(name) == value, (path, name, headers)
        policy = {
            part.split()[0]: part.split()[1:]
            for part in headers["content-security-policy"].split("; ")
        }
        assert policy["script-src"] == ["'self'"], path
        assert policy["style-src"] == ["'self'"], path
        assert policy["frame-ancestors"] == ["'none'"], path
        assert policy["default-src"] == ["'none'"], path
    static = Path(__file__).resolve().parents[2] / "src" / "cardkit" / "server"
    for page in [*static.glob("static/*.html"), *static.glob("apidocs/*.html")]:
        parser = _Page()
        parser.feed(page.read_text(encoding="utf-8"))
        assert not parser.problems, (page.name, parser.problems)


def test_docs_is_served_offline_from_the_servers_own_files(server: Any) -> None:
    page = urllib.request.urlopen(server.base + "/docs", timeout=10).read().decode()
    parser = _Page()
    parser.feed(page)
    assert not parser.problems, parser.problems
    assert "http" not in page, "the page loads nothing from elsewhere"
    for asset in ("docs-assets/swagger-ui-bundle.js", "docs-assets/swagger-ui.css", "docs/init.js"):
        assert asset in page
        answer = urllib.request.urlopen(f"{server.base}/{asset}", timeout=10)
        body = answer.read()
        assert len(body) > 100, asset
        assert "cdn.jsdelivr" not in body.decode(errors="replace"), asset
    init = urllib.request.urlopen(server.base + "/docs/init.js", timeout=10).read().decode()
    assert '"openapi.json"' in init


def _closed(client: Client) -> int:
    """The close code the server sent, once the messages before it are read."""
    with pytest.raises(ConnectionClosed) as closed:
        _read_all(client)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def _read_all(client: Client) -> None:
    while True:
        client.recv()


def test_message_sizes_close_codes_and_leaving(server: Any) -> None:
    table, tokens = _table(server)
    seat = server.client(table, tokens[0])
    assert seat.recv()["type"] == "state"
    seat.act("x" * 2000)  # over --max-message-bytes 1000, under the 64 KiB frame limit
    error = seat.recv()
    while error["type"] != "error":
        error = seat.recv()
    assert error["code"] == "message_too_large"
    watcher = server.client(table)
    assert watcher.recv()["type"] == "state"
    watcher.act("pass")
    assert _error_code(watcher) == "spectator", "a refused message keeps the connection"
    watcher.conn.send("y" * (65 * 1024))  # over the frame limit
    assert _closed(watcher) == 1009
    too_large = server.client(table, "z" * 1200)  # a hello over --max-message-bytes
    assert too_large.recv()["code"] == "message_too_large"
    assert _closed(too_large) == 4400
    bad_hello = server.client(table, "z" * 300)  # a token longer than a hello allows
    assert bad_hello.recv()["code"] == "bad_message"
    assert _closed(bad_hello) == 4400
    assert server.client(table, "not-a-token").recv()["code"] == "bad_token"
    assert _closed(server.client(table, "not-a-token")) == 4403
    assert _closed(server.client("nope")) == 4404
    other = server.client(table, tokens[1])
    other.recv()
    assert server.request("POST", f"/api/tables/{table}/leave", {"token": tokens[1]})[0] == 200
    assert _closed(other) == 1000, "leaving a seat closes its sockets"


def _error_code(client: Client) -> str:
    while True:
        message = client.recv()
        if message["type"] == "error":
            return str(message["code"])


def _validator(server: Any, path: str) -> Any:
    """A validator for a published schema, made as a client makes it: from the JSON alone."""
    schema = json.loads(urllib.request.urlopen(server.base + path, timeout=10).read())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def test_the_published_schemas_validate_what_the_server_sends(server: Any) -> None:
    files = {
        "/api/schema/server.json": "server-messages.schema.json",
        "/api/schema/client.json": "client-messages.schema.json",
        "/api/protocol.json": "messages.schema.json",
    }
    for path, name in files.items():
        on_disk = json.loads((DOCS / name).read_text(encoding="utf-8"))
        assert server.get(path) == on_disk, f"docs/server/{name} is not what {path} serves"
    received, sent, both = (_validator(server, p) for p in files)
    table, tokens = _table(server)
    seats = [server.client(table, token) for token in tokens]
    watcher = server.client(table)
    messages = [c.recv() for c in [*seats, watcher]]
    hello = {"type": "hello", "token": tokens[0]}
    acts = []
    for _ in range(6):
        asked = next(c for c in seats if c.last and c.last["your_turn"])
        act = {"type": "act", "action": asked.last["legal"][-1]}  # type: ignore[index]
        acts.append(act)
        asked.act(act["action"])
        for client in [*seats, watcher]:
            messages += client.until(client.last["version"] + 1)  # type: ignore[index]
    seats[0].act("play ZZ")
    messages.append(_error_message(seats[0]))
    assert {m["type"] for m in messages} == {"state", "error"}
    for message in messages:
        received.validate(message)
        both.validate(message)
    for message in [hello, *acts]:
        sent.validate(message)
        both.validate(message)
    wrong = [
        {},
        {"type": "state"},
        {**messages[0], "version": "one"},
        {**messages[0], "secret": 1},
        {"type": "error", "code": "x"},
        hello,
    ]
    for message in wrong:
        assert not received.is_valid(message), message
    for message in [{"type": "act"}, {"type": "hello", "token": 5}, messages[0]]:
        assert not sent.is_valid(message), message
    for message in wrong[:-1]:
        assert not both.is_valid(message), message


def _error_message(client: Client) -> dict[str, Any]:
    while True:
        message = client.recv()
        if message["type"] == "error":
            return message


def test_the_openapi_document_lists_the_real_error_answers(server: Any) -> None:
    document = server.get("/openapi.json")
    assert json.loads((DOCS / "openapi.json").read_text(encoding="utf-8")) == document
    table, _ = _table(server)
    cases = [
        ("post", "/api/tables", {"game": "tonk", "players": 9}, 400),
        ("post", "/api/tables", {"game": "nope"}, 404),
        ("post", "/api/tables", {"game": "tonk", "extra": 1}, 422),
        ("get", "/api/tables/{table_id}", None, 404),
        ("post", "/api/tables/{table_id}/join", {"seat": 9}, 404),
        ("post", "/api/tables/{table_id}/join", {}, 409),
        ("post", "/api/tables/{table_id}/join", {"seat": "x"}, 422),
        ("post", "/api/tables/{table_id}/leave", {"token": "guess"}, 403),
        ("post", "/api/tables/{table_id}/leave", {}, 422),
    ]
    components = document["components"]
    for method, path, body, status in cases:
        real = path.replace("{table_id}", "nope" if method == "get" else table)
        got, answer = server.request(method.upper(), real, body)
        assert got == status, (path, body, answer)
        listed = document["paths"][path][method]["responses"]
        assert str(status) in listed, f"{method} {path} does not list {status}"
        schema = listed[str(status)]["content"]["application/json"]["schema"]
        validator = jsonschema.Draft202012Validator({**schema, "components": components})
        validator.validate(answer)
        assert set(answer) == {"error"}
        assert set(answer["error"]) == {"code", "message"}
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            for status, listed in operation["responses"].items():
                if status.startswith("4"):
                    ref = listed["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/ErrorAnswer"), (method, path, status)


def test_names_in_standings_and_recent(server: Any) -> None:
    seats = [{"name": "Ann"}, {"bot": "greedy"}]
    made = server.post("/api/tables", {"game": "tienlen", "players": 2, "seed": 8, "seats": seats})
    token = server.post(f"/api/tables/{made['id']}/join", {"seat": 0, "name": "Ann"})["token"]
    ann, watcher = server.client(made["id"], token), server.client(made["id"])
    while not (ann.recv()["type"] == "state" and ann.last and ann.last["your_turn"]):
        pass
    assert ann.last is not None
    watched = watcher.recv()
    ann.act(ann.last["legal"][0])
    watcher.until(watched["version"] + 1)
    assert watcher.last is not None
    assert any(line.startswith("Ann ") for line in watcher.last["view"]["recent"])
    recent = watcher.last["view"]["recent"]
    assert not any(re.search(r"\b[Ss]eat \d", line) for line in recent), recent  # names only
    rows = {row["seat"]: row for row in watcher.last["standings"]["rows"]}
    assert (rows[0]["name"], rows[0]["bot"]) == ("Ann", None)
    assert rows[1]["bot"] == "greedy"
    listed = server.get(f"/api/tables/{made['id']}")["standings"]["rows"]
    assert {row["seat"]: (row["name"], row["bot"]) for row in listed}[0] == ("Ann", None)


def test_the_table_limit_is_a_listed_429(server: Any) -> None:
    """Last in this module: it fills the shared server up to its table limit."""
    document = server.get("/openapi.json")
    while len(server.get("/api/tables")) < LIMIT:
        server.post("/api/tables", {"game": "tonk"})
    got, answer = server.request("POST", "/api/tables", {"game": "tonk"})
    assert (got, answer["error"]["code"]) == (429, "too_many_tables")
    listed = document["paths"]["/api/tables"]["post"]["responses"]["429"]
    schema = listed["content"]["application/json"]["schema"]
    validator = jsonschema.Draft202012Validator({**schema, "components": document["components"]})
    validator.validate(answer)
