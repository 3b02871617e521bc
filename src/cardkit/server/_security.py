"""What the server lets in and what it tells browsers: the WebSocket origin check and headers.

A browser sends the page's origin with every WebSocket handshake; a page
of another site could otherwise open a table's socket with the visitor's
browser. `Origins` accepts the server's own origin (the handshake's
``Host``), the origins listed, and clients that send no ``Origin``
(programs, not browsers); the rest are refused before the handshake
completes (HTTP 403). Every HTTP answer carries a strict
Content-Security-Policy (scripts and styles from the server's own files
only, no framing) and the headers that go with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "Origins", "SecurityHeaders"]

#: The policy of every page: nothing inline, nothing from elsewhere, never in a frame.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
#: The headers every HTTP answer carries.
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
)
_RAW = [(name.encode(), value.encode()) for name, value in SECURITY_HEADERS]
_NAMES = {name for name, _ in _RAW}


class SecurityHeaders:
    """ASGI middleware: every HTTP answer of ``app`` gets `SECURITY_HEADERS`.

    Args:
        app: the ASGI app to wrap.
    """

    def __init__(self, app: Any) -> None:
        """Wrap ``app``."""
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Serve one request, adding the headers to its answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                kept = [h for h in message.get("headers", ()) if h[0].lower() not in _NAMES]
                message = {**message, "headers": [*kept, *_RAW]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _normal(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, as browsers send an ``Origin``.

    Raises:
        ValueError: ``origin`` is not of that form.
    """
    text = origin.strip().rstrip("/").lower()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path or parts.query:
        raise ValueError(
            f"an allowed origin is scheme://host[:port] such as https://cards.example.org, "
            f"not {origin!r}"
        )
    return text


class Origins:
    """Which WebSocket handshakes are let in, by their ``Origin`` header.

    Args:
        allowed: origins let in besides the server's own (``"https://cards.example.org"``);
            ``"*"`` lets every origin in.

    Raises:
        ValueError: an entry is not an origin.
    """

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        """Check and keep the origins listed."""
        listed = list(allowed)
        self.any = "*" in listed
        self.allowed = frozenset(_normal(o) for o in listed if o != "*")

    def allows(self, origin: str | None, host: str | None) -> bool:
        """Whether a handshake with this ``Origin`` (``None``: none sent) and ``Host`` may open.

        The server's own origin is one whose host and port are the ``Host``
        the browser asked for, over ``http`` or ``https``.
        """
        if origin is None or self.any:
            return True
        text = origin.strip().rstrip("/").lower()
        if text in self.allowed:
            return True
        parts = urlsplit(text)
        own = host is not None and parts.netloc == host.strip().lower()
        return own and parts.scheme in ("http", "https")
