"""One server's limits, and one WebSocket client: as the server holds it, reading its
messages (parsed, counted against its limit) and writing to it."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import ValidationError
from starlette.websockets import WebSocket

from cardkit.errors import TableError
from cardkit.server._models import ActMessage, ErrorMessage, HelloMessage, client_messages

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


async def hello(socket: WebSocket, limits: Limits) -> HelloMessage:
    """The first message of ``socket``: its hello (with its seat's token, or none).

    Raises:
        TableError: no hello in time, or not a hello.
        WebSocketDisconnect: the client went away.
    """
    try:
        text = await asyncio.wait_for(socket.receive_text(), limits.hello_timeout)
    except TimeoutError:
        raise TableError("bad_message", "no hello message came in time") from None
    except KeyError:  # a binary frame: receive_text finds no "text"
        raise TableError("bad_message", "messages are JSON text, not binary") from None
    first = parse(text, limits)
    if not isinstance(first, HelloMessage):
        raise TableError("bad_message", 'the first message must be {"type": "hello", "token": ...}')
    return first


def parse(text: str, limits: Limits) -> HelloMessage | ActMessage:
    """A client's message.

    Raises:
        TableError: too large, or not a message clients send (``bad_message``).
    """
    if len(text.encode()) > limits.max_message_bytes:
        raise TableError(
            "message_too_large",
            f"a message may have at most {limits.max_message_bytes} bytes, "
            f"this one has {len(text.encode())}",
        )
    try:
        return client_messages.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "message"
        raise TableError(
            "bad_message",
            f"cannot read the message ({where}: {first.get('msg')}); expected JSON like "
            '{"type": "act", "action": "pass"} or {"type": "hello", "token": null}',
        ) from None


def throttle(client: _Client, limits: Limits) -> None:
    """Count one message of ``client``.

    Raises:
        TableError: ``rate_limited``: more than the limit per second.
    """
    rate = limits.actions_per_second
    now = time.monotonic()
    client.allowance = min(rate, client.allowance + (now - client.checked) * rate)
    client.checked = now
    if client.allowance < 1:
        raise TableError(
            "rate_limited",
            f"more than {rate:g} messages per second; this one was dropped, wait and resend",
        )
    client.allowance -= 1


async def write(client: _Client) -> None:
    """Send ``client`` its queued messages until ``None`` comes (then close it)."""
    while True:
        text = await client.queue.get()
        if text is None:
            with contextlib.suppress(Exception):
                await client.socket.close()
            return
        try:
            await client.socket.send_text(text)
        except Exception:  # the client went away; its reader ends the connection
            return


async def refuse(socket: WebSocket, exc: TableError) -> None:
    """Tell ``socket`` why it is refused, and close it."""
    with contextlib.suppress(Exception):
        await socket.send_text(_error(exc.code, str(exc)))
        await socket.close(code=4000 + min(exc.status, 999))
