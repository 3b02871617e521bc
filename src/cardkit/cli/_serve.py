"""``cardkit serve``: host tables for browsers and apps (needs the ``server`` extra)."""

from __future__ import annotations

import errno
import socket
import sqlite3
from pathlib import Path

from cardkit.cli._common import err, fail

#: What to run when the server extra is missing.
INSTALL_HINT = (
    "cardkit serve needs the server extra: pip install 'cardkit[server]' "
    "(or uv add 'cardkit[server]', or uv sync --extra server in a checkout)"
)


def serve(
    host: str,
    port: int,
    db: Path,
    *,
    bot_delay: float,
    deal_pause: float,
    max_tables: int,
    max_message_bytes: int,
    actions_per_second: float,
    allowed_origins: list[str],
) -> None:
    """Run the game server until interrupted; tables are written through to ``db``."""
    try:
        import uvicorn

        from cardkit.server import Limits, create_app
    except ImportError as exc:
        fail(f"{INSTALL_HINT} ({exc})")
    limits = Limits(
        max_message_bytes=max_message_bytes,
        actions_per_second=actions_per_second,
        max_tables=max_tables,
    )
    try:
        app = create_app(
            db,
            limits=limits,
            bot_delay=bot_delay,
            deal_pause=deal_pause,
            allowed_origins=allowed_origins,
        )
    except ValueError as exc:  # an origin that is not one
        fail(f"--allow-origin: {exc}")
    except (OSError, sqlite3.Error) as exc:  # a --db in a missing or read-only folder
        fail(f"--db {str(db)!r}: cannot open the tables' database there ({exc})")
    sock = _bound(host, port)
    from rich.markup import escape

    shown = f"[{host}]" if ":" in host else host
    said = (
        f"cardkit table server on [bold]{escape(f'http://{shown}:{port}/')}[/] "
        f"(tables in {escape(str(db))}; Ctrl+C stops it)"
    )

    class _Server(uvicorn.Server):
        """Says the address once the server listens (not before: the port may be taken)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and not self.should_exit:
                err().print(said, soft_wrap=True)

    config = uvicorn.Config(
        app, log_level="warning", ws_max_size=max(1 << 16, 4 * max_message_bytes)
    )
    _Server(config).run(sockets=[sock])


def _bound(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` as uvicorn binds one (IPv6 for a host with a colon).

    A port another program holds, or a host that is not this machine's, is one
    line and exit code 2, before anything is printed.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            fail(
                f"port {port} on {host} is taken by another program: stop it or use another --port"
            )
        fail(f"--host {host} --port {port}: cannot listen there ({exc.strerror or exc})")
    sock.set_inheritable(True)
    return sock
