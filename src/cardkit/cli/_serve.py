"""``cardkit serve``: host tables for browsers and apps (needs the ``server`` extra)."""

from __future__ import annotations

from pathlib import Path

from cardkit.cli._common import err, fail

#: What to run when the server extra is missing.
INSTALL_HINT = (
    "cardkit serve needs the server extra: pip install 'cardkit[server]' "
    "(or uv add 'cardkit[server]', or uv sync --extra server in a checkout)"
)


def serve(host: str, port: int, db: Path) -> None:
    """Run the game server until interrupted; tables are written through to ``db``."""
    try:
        import uvicorn

        from cardkit.server import create_app
    except ImportError as exc:
        fail(f"{INSTALL_HINT} ({exc})")
    app = create_app(db)
    from rich.markup import escape

    shown = f"[{host}]" if ":" in host else host
    err().print(
        f"cardkit table server on [bold]{escape(f'http://{shown}:{port}/')}[/] "
        f"(tables in {escape(str(db))}; Ctrl+C stops it)"
    )
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=1 << 16)
