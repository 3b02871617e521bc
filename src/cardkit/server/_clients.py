"""One server's limits, and one WebSocket client as the server holds it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from starlette.websockets import WebSocket

from cardkit.server._models import ErrorMessage

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """What one server accepts; past a limit a request is refused with a clear error.

    Attributes:
        max_message_bytes: the largest WebSocket message a client may send
            (larger ones get ``message_too_large``).
        actions_per_second: messages per second one connection may send,
            in bursts of as many (more get ``rate_limited``).
        max_tables: tables not yet over that one server holds (more get
            ``too_many_tables``).
        hello_timeout: seconds a new WebSocket has to send its ``hello``.
    """

    max_message_bytes: int = 4096
    actions_per_second: float = 10.0
    max_tables: int = 200
    hello_timeout: float = 10.0


@dataclass
class _Client:
    """One WebSocket client: its seat (``None``: a spectator) and its outgoing queue."""

    socket: WebSocket
    seat: int | None
    token: str | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    allowance: float = 0.0
    checked: float = field(default_factory=time.monotonic)
    #: What the last message sent said (its deadline as a time, not as seconds left).
    sent: str | None = None


def _error(code: str, message: str, legal: Sequence[str] = ()) -> str:
    message_ = ErrorMessage(type="error", code=code, message=message, legal=list(legal))
    return message_.model_dump_json()
