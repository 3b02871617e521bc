"""``cardkit serve``: host tables for browsers and apps (needs the ``server`` extra)."""

from __future__ import annotations

from collections.abc import Sequence
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
    bots: Sequence[str] = (),
) -> None:
    """Run the game server until interrupted; tables are written through to ``db``.

    ``bots`` are bots named by import path (``--bot mypkg.agents:policy``), which
    tables may then seat by that name ([cardkit.play.botpaths][]).
    """
    try:
        import uvicorn

        from cardkit.server import Limits, create_app
    except ImportError as exc:
        fail(f"{INSTALL_HINT} ({exc})")
    _add_bots(bots)
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
    from rich.markup import escape

    shown = f"[{host}]" if ":" in host else host
    err().print(
        f"cardkit table server on [bold]{escape(f'http://{shown}:{port}/')}[/] "
        f"(tables in {escape(str(db))}; Ctrl+C stops it)"
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=max(1 << 16, 4 * max_message_bytes),
    )


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
