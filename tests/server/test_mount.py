"""The server mounted in an app of one's own, as the tutorial does, run by uvicorn."""

from __future__ import annotations

import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

APP = """
from fastapi import FastAPI

from cardkit.server import create_app

cards = create_app({db!r}, bot_delay=0)
app = FastAPI(lifespan=cards.router.lifespan_context)  # runs the tables' start and stop
app.mount("/cards", cards)


@app.get("/")
def home() -> dict[str, str]:
    return {{"cards": "/cards/"}}
"""


def test_mounted_under_a_prefix(servers: Any, tmp_path: Path) -> None:
    db = tmp_path / "mounted.sqlite3"
    (tmp_path / "mountapp.py").write_text(APP.format(db=servers.url(db)), encoding="utf-8")
    command = [sys.executable, "-m", "uvicorn", "mountapp:app", "--app-dir", str(tmp_path)]
    server = servers(db=db, command=command)
    assert server.get("/") == {"cards": "/cards/"}
    assert {g["name"] for g in server.get("/cards/api/games")} >= {"tienlen", "tonk"}
    with urllib.request.urlopen(server.base + "/cards/", timeout=10) as page:
        assert b"cardkit tables" in page.read()
    with urllib.request.urlopen(server.base + "/cards/static/table.js", timeout=10) as script:
        assert b"WebSocket" in script.read()
    made = server.post("/cards/api/tables", {"game": "tonk", "seats": [{}, {"bot": "heuristic"}]})
    token = server.post(f"/cards/api/tables/{made['id']}/join", {})["token"]
    server.kill()

    again = servers(db=db, command=command)
    message = again.client(made["id"], token, prefix="/cards").recv()
    assert message["type"] == "state", message
    assert message["seat"] == 0
    assert message["table"] == made["id"]
