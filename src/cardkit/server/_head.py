"""``HEAD`` answered wherever ``GET`` is: the ``GET`` answer's status and headers, no body.

FastAPI's routes answer only the methods they declare, so ``HEAD /docs``
would be a 405; this ASGI middleware serves a ``HEAD`` request as a ``GET``
and drops the body it would send (its ``content-length`` stays, as HTTP
asks). A path that answers no ``GET`` answers ``HEAD`` with the same 405.
"""

from __future__ import annotations

from typing import Any

__all__ = ["HeadAsGet"]


class HeadAsGet:
    """ASGI middleware: a ``HEAD`` request of ``app`` is served as ``GET``, without the body.

    Args:
        app: the ASGI app to wrap.
    """

    def __init__(self, app: Any) -> None:
        """Wrap ``app``."""
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Serve one request; a ``HEAD`` one as a ``GET`` whose body is not sent."""
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_without_body(message: Any) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_without_body)
