"""``cardkit serve``: host tables for browsers and apps (needs the ``server`` extra)."""

from __future__ import annotations

import json
import os

from cardkit.cli._common import err, fail

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
) -> None:
    """Run the game server until interrupted; tables are written through to ``db``.

    ``db`` is a SQLite file or a PostgreSQL URL; ``workers`` processes (PostgreSQL
    only) each serve every table, started by uvicorn from `app_from_environment`.
    """
    try:
        import uvicorn

        from cardkit.server import Limits, create_app
        from cardkit.server._app import SETTINGS_VARIABLE, log_json, open_storage
    except ImportError as exc:
        fail(f"{INSTALL_HINT} ({exc})")
    postgres = db.startswith(("postgresql://", "postgres://"))
    if workers > 1 and not postgres:
        fail(
            f"--workers {workers} needs PostgreSQL (--db postgresql://... or CARDKIT_DB): "
            "a SQLite file is one process's"
        )
    settings = {
        "db": db,
        "limits": {
            "max_message_bytes": max_message_bytes,
            "actions_per_second": actions_per_second,
            "max_tables": max_tables,
        },
        "bot_delay": bot_delay,
        "deal_pause": deal_pause,
        "allowed_origins": allowed_origins,
        "idle_expiry": idle_expiry,
    }
    try:
        storage = open_storage(db)
        app = create_app(
            storage=storage,
            limits=Limits(max_message_bytes, actions_per_second, max_tables),
            bot_delay=bot_delay,
            deal_pause=deal_pause,
            allowed_origins=allowed_origins,
            idle_expiry=idle_expiry,
        )
    except ValueError as exc:  # an origin that is not one
        fail(f"--allow-origin: {exc}")
    except ImportError as exc:  # PostgreSQL without its extra
        fail(str(exc))
    from rich.markup import escape

    shown = f"[{host}]" if ":" in host else host
    where = _without_password(db) if postgres else db
    many = f", {workers} workers" if workers > 1 else ""
    err().print(
        f"cardkit table server on [bold]{escape(f'http://{shown}:{port}/')}[/] "
        f"(tables in {escape(where)}{many}; Ctrl+C stops it)"
    )
    log_json()
    ws_max_size = max(1 << 16, 4 * max_message_bytes)
    if workers > 1:  # each worker process builds its own app from the settings
        os.environ[SETTINGS_VARIABLE] = json.dumps(settings)
    uvicorn.run(
        app if workers == 1 else "cardkit.server:app_from_environment",
        factory=workers > 1,
        workers=workers if workers > 1 else None,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=ws_max_size,
        timeout_graceful_shutdown=10,
    )


def _without_password(url: str) -> str:
    """A database URL as it may be printed: its password replaced by ``***``."""
    scheme, _, rest = url.partition("://")
    user, at, place = rest.rpartition("@")
    if at and ":" in user:
        user = user.split(":", 1)[0] + ":***"
    return f"{scheme}://{user}{at}{place}"
