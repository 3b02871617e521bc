"""A game server for any installed game: tables over HTTP, play over WebSockets, a browser table.

Install it with the extra: ``pip install 'cardkit[server]'``. Run it with
``cardkit serve``, or mount the ASGI app in your own::

    from fastapi import FastAPI
    from cardkit.server import create_app

    app = FastAPI()
    app.mount("/cards", create_app("tables.sqlite3"))

``create_app("postgresql://...")`` (the ``postgres`` extra) keeps the tables in
PostgreSQL instead, where any number of workers share them: each serves every
table, their changes reach each other through ``LISTEN``/``NOTIFY``, and each
table's bots and timer run in one worker at a time, under a lease.

Every message a client receives is built from ``state.view(seat)`` (or the
spectator view), the public events and the public standings; the full state,
seeds and other seats' views never leave the server. Tables are written
through to storage after every action, so a server killed at any moment has
them back when it starts again.
"""

from __future__ import annotations

from cardkit.server._app import app_from_environment, create_app
from cardkit.server._hub import Limits, TableServer
from cardkit.server._schemas import client_schema, server_schema, websocket_schema
from cardkit.server._storage import MemoryStorage, SQLiteStorage, Storage, Stored
from cardkit.server._table import Table

__all__ = [
    "Limits",
    "MemoryStorage",
    "SQLiteStorage",
    "Storage",
    "Stored",
    "Table",
    "TableServer",
    "app_from_environment",
    "client_schema",
    "create_app",
    "server_schema",
    "websocket_schema",
]
