"""``cardkit serve``: host tables for browsers and apps (needs the ``server`` extra)."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import socket
import sqlite3
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from cardkit.cli._common import err, fail

#: The options of ``cardkit serve`` (the command is declared in `cardkit.cli._app`).
HostOpt = Annotated[str, typer.Option("--host", help="The address to listen on.")]
PortOpt = Annotated[int, typer.Option("--port", help="The port to listen on.", min=1, max=65535)]
DbOpt = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="CARDKIT_DB",
        help="The SQLite file tables are kept in, or a PostgreSQL URL "
        "(postgresql://user@host/db) that several workers share.",
    ),
]
WorkersOpt = Annotated[
    int,
    typer.Option(
        "--workers", help="Worker processes (more than 1 needs PostgreSQL).", min=1, max=256
    ),
]
BotDelayOpt = Annotated[
    float, typer.Option("--bot-delay", help="Seconds a bot waits before it plays.", min=0)
]
DealPauseOpt = Annotated[
    float, typer.Option("--deal-pause", help="Seconds between two deals of a match.", min=0)
]
MaxTablesOpt = Annotated[
    int, typer.Option("--max-tables", help="Tables not yet over the server holds.", min=1)
]
MaxMessageOpt = Annotated[
    int, typer.Option("--max-message-bytes", help="Largest client message.", min=64)
]
RateOpt = Annotated[
    float,
    typer.Option("--actions-per-second", help="Messages per second per connection.", min=0.1),
]
OriginOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--allow-origin",
        help="An origin (https://host[:port]) whose pages may open WebSockets besides "
        "the server's own; repeat it for more, '*' for any.",
    ),
]
IdleExpiryOpt = Annotated[
    float | None,
    typer.Option(
        "--idle-expiry",
        help="Seconds a table may stay unchanged before it is closed and forgotten "
        "(default: never).",
        min=1,
    ),
]
BotPathOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--bot",
        help="A bot by import path (mypkg.agents:policy) that tables may seat; repeat it for more.",
    ),
]

#: What to run when the server extra is missing.
INSTALL_HINT = (
    "cardkit serve needs the server extra: pip install 'cardkit[server]' "
    "(or uv add 'cardkit[server]', or uv sync --extra server in a checkout)"
)


def serve(
    host: str,
    port: int,
    db: str,
    *,
    workers: int = 1,
    bot_delay: float,
    deal_pause: float,
    max_tables: int,
    max_message_bytes: int,
    actions_per_second: float,
    allowed_origins: list[str],
    idle_expiry: float | None = None,
    bots: Sequence[str] = (),
) -> None:
    """Run the game server until interrupted; tables are written through to ``db``.

    ``db`` is a SQLite file or a PostgreSQL URL; ``workers`` processes (PostgreSQL
    only) each serve every table, started by uvicorn from `app_from_environment`.
    ``bots`` are bots named by import path (``--bot mypkg.agents:policy``), which
    tables may then seat by that name ([cardkit.play.botpaths][]).
    """
    try:
        import uvicorn  # noqa: F401  (the server extra's host, checked before any work)

        from cardkit.server import Limits, create_app
        from cardkit.server._app import SETTINGS_VARIABLE, log_json, open_storage
    except ImportError as exc:
        fail(f"{INSTALL_HINT} ({exc})")
    _add_bots(bots)
    postgres = db.startswith(("postgresql://", "postgres://"))
    if workers > 1 and not postgres:
        fail(
            f"--workers {workers} needs PostgreSQL (--db postgresql://... or CARDKIT_DB): "
            "a SQLite file is one process's"
        )
    limits = Limits(max_message_bytes, actions_per_second, max_tables)
    options: dict[str, Any] = {
        "bot_delay": bot_delay,
        "deal_pause": deal_pause,
        "allowed_origins": allowed_origins,
        "idle_expiry": idle_expiry,
    }
    try:
        app = create_app(storage=open_storage(db), limits=limits, **options)
    except ValueError as exc:  # an origin that is not one
        fail(f"--allow-origin: {exc}")
    except ImportError as exc:  # PostgreSQL without its extra
        fail(str(exc))
    except (OSError, sqlite3.Error) as exc:  # a --db in a missing or read-only folder
        fail(f"--db {db!r}: cannot open the tables' database there ({exc})")
    sock = _bound(host, port)
    log_json()
    if workers > 1:  # each worker process builds its own app from these settings
        settings = {"db": db, "limits": dataclasses.asdict(limits), **options, "bots": list(bots)}
        os.environ[SETTINGS_VARIABLE] = json.dumps(settings)
    where = _without_password(db) if postgres else db
    _run(app, sock, _address_line(host, port, where, workers), workers, max_message_bytes)


def _address_line(host: str, port: int, where: str, workers: int) -> str:
    """What the server says once it listens: its address, its tables' place, how to stop."""
    from rich.markup import escape

    shown = f"[{host}]" if ":" in host else host
    many = f", {workers} workers" if workers > 1 else ""
    return (
        f"cardkit table server on [bold]{escape(f'http://{shown}:{port}/')}[/] "
        f"(tables in {escape(where)}{many}; Ctrl+C stops it)"
    )


def _run(app: Any, sock: socket.socket, said: str, workers: int, max_message_bytes: int) -> None:
    """Serve on the bound socket: here, or in ``workers`` processes that each build the app."""
    import uvicorn

    config = uvicorn.Config(
        app if workers == 1 else "cardkit.server:app_from_environment",
        factory=workers > 1,
        workers=workers if workers > 1 else None,
        log_level="warning",
        ws_max_size=max(1 << 16, 4 * max_message_bytes),
        timeout_graceful_shutdown=10,
    )

    class _Server(uvicorn.Server):
        """Says the address once the server listens (not before: the port may be taken)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and not self.should_exit:
                err().print(said, soft_wrap=True)

    if workers == 1:
        _Server(config).run(sockets=[sock])
        return
    from uvicorn.supervisors import Multiprocess

    # The socket is bound, so the port is ours: each worker process listens on it.
    err().print(said, soft_wrap=True)
    Multiprocess(config, sockets=[sock]).run()


def _bound(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` as uvicorn binds one (IPv6 for a host with a colon).

    A port another program holds, or a host that is not this machine's, is one
    line and exit code 2, before anything is printed.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio turns Nagle's algorithm off only on sockets of that protocol,
    # and an accepted socket takes the listening one's (else a message waits ~40 ms for an ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
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


def _without_password(url: str) -> str:
    """A database URL as it may be printed: its password replaced by ``***``."""
    scheme, _, rest = url.partition("://")
    user, at, place = rest.rpartition("@")
    if at and ":" in user:
        user = user.split(":", 1)[0] + ":***"
    return f"{scheme}://{user}{at}{place}"


def _add_bots(paths: Sequence[str]) -> None:
    """Register each ``--bot`` import path in its game, or fail with what was wrong."""
    from cardkit.errors import CardkitError
    from cardkit.play.botpaths import add_bot_path

    for path in paths:
        try:
            game, name = add_bot_path(path)
        except CardkitError as exc:
            fail(f"--bot: {exc}")
        err().print(f"{game.name} tables may seat the bot {name}")
