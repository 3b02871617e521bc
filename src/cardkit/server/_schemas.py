"""The published JSON Schemas of the table WebSocket's messages (root schemas a client can use).

Served at ``/api/schema/client.json``, ``/api/schema/server.json`` and
``/api/protocol.json``, and written to ``docs/server/``.
"""

from __future__ import annotations

from typing import Any

from cardkit.server._models import client_messages, server_messages

__all__ = ["client_schema", "server_schema", "websocket_schema"]

_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def client_schema() -> dict[str, Any]:
    """The JSON Schema of the messages a client sends (a root schema, usable as it is)."""
    return {
        "$schema": _DRAFT,
        "title": "cardkit table WebSocket: client to server",
        **client_messages.json_schema(),
    }


def server_schema() -> dict[str, Any]:
    """The JSON Schema of the messages the server sends (a root schema, usable as it is)."""
    return {
        "$schema": _DRAFT,
        "title": "cardkit table WebSocket: server to client",
        **server_messages.json_schema(),
    }


def websocket_schema() -> dict[str, Any]:
    """One root schema of every WebSocket message, both directions, with shared ``$defs``.

    ``$defs/ClientMessage`` is what a client sends, ``$defs/ServerMessage``
    what the server sends; the root accepts either.
    """
    client, server = client_messages.json_schema(), server_messages.json_schema()
    defs = {**client.pop("$defs"), **server.pop("$defs")}
    defs["ClientMessage"] = client
    defs["ServerMessage"] = server
    return {
        "$schema": _DRAFT,
        "title": "cardkit table WebSocket messages",
        "oneOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/ServerMessage"}],
        "$defs": defs,
    }
