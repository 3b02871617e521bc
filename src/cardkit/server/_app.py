"""The ASGI app: the HTTP API, the WebSocket endpoint, the lobby and the browser table."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

from cardkit.engine.catalog import catalog
from cardkit.errors import CardkitError, IllegalAction, InvalidRules, TableError, UnknownGame
from cardkit.play.botpaths import add_bot_path
from cardkit.play.match import has_match_rule
from cardkit.plugins.registry import Registry, registry
from cardkit.server._head import HeadAsGet
from cardkit.server._hub import Limits, TableServer
from cardkit.server._layout import layout_router
from cardkit.server._models import (
    CreateTable,
    GameInfo,
    Joined,
    JoinTable,
    LeaveTable,
    TableInfo,
    refusals,
)
from cardkit.server._schemas import client_schema, server_schema, websocket_schema
from cardkit.server._security import Origins, SecurityHeaders
from cardkit.server._storage import MemoryStorage, SQLiteStorage, Storage
from cardkit.server._worker import profiled, tune_collector

DB_HINT = (
    "PostgreSQL needs the postgres extra: pip install 'cardkit[postgres]' "
    "(or uv sync --extra postgres in a checkout)"
)


def open_storage(db: str | Path | None) -> Storage:
    """The storage ``db`` names: a PostgreSQL URL, a SQLite file, or memory for ``None``.

    Raises:
        ImportError: a PostgreSQL URL without the postgres extra installed.
    """
    if db is None:
        return MemoryStorage()
    if isinstance(db, str) and db.startswith(("postgresql://", "postgres://")):
        try:
            from cardkit.server.postgres import PostgresStorage
        except ImportError as exc:
            raise ImportError(f"{DB_HINT} ({exc})") from exc
        return PostgresStorage(db)
    return SQLiteStorage(db)


__all__ = ["SETTINGS_VARIABLE", "app_from_environment", "create_app", "log_json"]

#: The environment variable of `app_from_environment`'s settings (JSON).
SETTINGS_VARIABLE = "CARDKIT_SERVE"

log = logging.getLogger("cardkit.server")

STATIC = Path(__file__).parent / "static"
#: The API page's own files (its assets are fastapi-offline's: no CDN).
APIDOCS = Path(__file__).parent / "apidocs"


def create_app(
    db: str | Path | None = None,
    *,
    storage: Storage | None = None,
    limits: Limits | None = None,
    bot_delay: float = 0.6,
    deal_pause: float = 4.0,
    registry: Registry | None = None,
    allowed_origins: Iterable[str] = (),
    idle_expiry: float | None = None,
) -> FastAPI:
    """The game server as an ASGI app, to serve with uvicorn or mount in your own app.

    Args:
        db: the SQLite file tables are written through to (created if
            missing), or a PostgreSQL URL (``postgresql://...``, needs
            ``cardkit[postgres]``) that several workers may share; ``None``
            with no ``storage`` keeps them in memory only.
        storage: or any [Storage][cardkit.server.Storage].
        limits: message size, rate and table limits (default: [Limits][cardkit.server.Limits]()).
        bot_delay: seconds a bot waits before it plays.
        deal_pause: seconds between two deals of a match.
        registry: where games come from (default: the installed plugins).
        allowed_origins: other origins whose pages may open WebSockets (``"*"``: any).
        idle_expiry: seconds a table may stay unchanged before it is closed and
            forgotten (``None``: never); the lobby lists each table's idle time.

    Raises:
        ValueError: an allowed origin is not ``scheme://host[:port]``.

    The app's ``state.tables`` is the [TableServer][cardkit.server.TableServer].
    Its lifespan loads the stored tables and resumes their bots; Starlette
    does not run a mounted app's lifespan, so an app that mounts it passes
    it on: ``FastAPI(lifespan=cards.router.lifespan_context)``.
    """
    origins = Origins(allowed_origins)
    if storage is None:
        storage = open_storage(db)
    server = TableServer(
        storage,
        limits,
        bot_delay=bot_delay,
        deal_pause=deal_pause,
        registry=registry,
        idle_expiry=idle_expiry,
    )

    app = FastAPI(
        title="cardkit table server",
        summary="Card game tables: seats, tokens, spectators; play over one WebSocket per client.",
        lifespan=_lifespan(server),
        docs_url=None,
        redoc_url=None,
    )
    app.state.tables = server
    _wire(app, server, origins)
    return app


def _lifespan(server: TableServer) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The app's lifespan: the stored tables loaded and their bots resumed, then stopped."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        with profiled():
            await server.start()
            tune_collector()
            log.info("serving %d tables (%s)", len(server.tables), type(server.storage).__name__)
            yield
            log.info("stopping: finishing the actions in flight")
            await server.stop()
            log.info("stopped")

    return lifespan


def _wire(app: FastAPI, server: TableServer, origins: Origins) -> None:
    """The app's middleware, error answers, routes, WebSocket, API page and static files."""
    app.add_middleware(SecurityHeaders)
    app.add_middleware(HeadAsGet)
    _errors(app)
    _routes(app, server)
    _ops_routes(app, server)
    app.include_router(layout_router(server))
    _schema_routes(app)
    _socket_route(app, server, origins)
    _api_page(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def app_from_environment() -> FastAPI:
    """The server as ``CARDKIT_DB`` and ``CARDKIT_SERVE`` describe it: an app factory for
    any ASGI host, one process per worker (``uvicorn --factory --workers 4
    cardkit.server:app_from_environment``; ``cardkit serve --workers`` runs this).

    ``CARDKIT_DB`` is the database (a PostgreSQL URL for several workers);
    ``CARDKIT_SERVE`` may hold JSON of the other settings: ``{"limits":
    {...}, "bot_delay": 0.6, "deal_pause": 4, "allowed_origins": [...],
    "idle_expiry": 86400, "bots": ["mypkg.agents:policy"]}``
    (its ``db`` is used when ``CARDKIT_DB`` is not set).
    """
    settings: dict[str, Any] = json.loads(os.environ.get(SETTINGS_VARIABLE) or "{}")
    db = os.environ.get("CARDKIT_DB") or settings.get("db")
    for path in settings.get("bots", ()):  # cardkit serve --bot: every worker seats them
        add_bot_path(path)
    return create_app(
        db,
        limits=Limits(**settings.get("limits", {})),
        bot_delay=float(settings.get("bot_delay", 0.6)),
        deal_pause=float(settings.get("deal_pause", 4.0)),
        allowed_origins=settings.get("allowed_origins", ()),
        idle_expiry=settings.get("idle_expiry"),
    )


class _JSONLines(logging.Formatter):
    """One JSON object a line: time, level, logger, worker, message (and the error)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "worker": os.getpid(),
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def log_json(level: int = logging.INFO) -> None:
    """Log the server's records (``cardkit.server``) as JSON lines on standard error."""
    logger = logging.getLogger("cardkit.server")
    if not any(isinstance(h.formatter, _JSONLines) for h in logger.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(_JSONLines())
        logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False


def _api_page(app: FastAPI) -> None:
    """``/docs``: Swagger UI, its assets from the fastapi-offline package, offline."""
    import fastapi_offline

    assets = Path(fastapi_offline.__file__).parent / "static"
    app.mount("/docs-assets", StaticFiles(directory=assets), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def api_page() -> FileResponse:
        return FileResponse(APIDOCS / "docs.html")

    @app.get("/docs/init.js", include_in_schema=False)
    async def api_page_script() -> FileResponse:
        return FileResponse(APIDOCS / "init.js", media_type="text/javascript")


def _error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def _errors(app: FastAPI) -> None:
    @app.exception_handler(CardkitError)
    async def cardkit_error(request: Request, exc: CardkitError) -> JSONResponse:
        if isinstance(exc, TableError):
            return JSONResponse(_error_body(exc.code, str(exc)), status_code=exc.status)
        if isinstance(exc, UnknownGame):
            return JSONResponse(_error_body("unknown_game", str(exc)), status_code=404)
        if isinstance(exc, IllegalAction):
            return JSONResponse(_error_body(exc.code, str(exc)), status_code=409)
        code = "invalid_rules" if isinstance(exc, InvalidRules) else "refused"
        return JSONResponse(_error_body(code, str(exc)), status_code=400)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
            parts.append(f"{where}: {err.get('msg')}")
        return JSONResponse(_error_body("bad_request", "; ".join(parts)), status_code=422)


def _routes(app: FastAPI, server: TableServer) -> None:
    reg = server.registry

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/api/games", response_model=list[GameInfo])
    async def games() -> list[GameInfo]:
        """The installed games, with their seat counts, bots and variants."""
        found = reg or registry()
        return [_game_info(found, name) for name in found.available()]

    @app.get("/api/tables", response_model=list[TableInfo])
    async def tables() -> list[TableInfo]:
        """Every table, newest first: seats, free seats, status and standings."""
        return [server.info(t) for t in await server.all_tables()]

    @app.post(
        "/api/tables",
        response_model=TableInfo,
        status_code=201,
        responses=refusals(400, 404, 422, 429),
    )
    async def create(settings: CreateTable) -> TableInfo:
        """Create a table; its first deal is dealt and bots start playing."""
        return server.info(await server.create(settings))

    @app.get("/api/tables/{table_id}", response_model=TableInfo, responses=refusals(404, 422))
    async def table(table_id: str) -> TableInfo:
        """One table: seats, free seats, status and standings."""
        return server.info(await server.table(table_id))

    @app.post(
        "/api/tables/{table_id}/join", response_model=Joined, responses=refusals(404, 409, 422)
    )
    async def join(table_id: str, body: JoinTable) -> Joined:
        """Take a free seat: the answer holds the seat's secret token."""
        seat, token = await server.join(table_id, body.seat, body.name)
        return Joined(table=table_id, seat=seat, token=token)

    @app.post("/api/tables/{table_id}/leave", responses=refusals(403, 404, 422))
    async def leave(table_id: str, body: LeaveTable) -> dict[str, int]:
        """Give a seat up: its token stops working and the seat is free again."""
        return {"seat": await server.leave(table_id, body.token)}


def _ops_routes(app: FastAPI, server: TableServer) -> None:
    """``/health`` and ``/metrics``: for load balancers and Prometheus, not in the API."""

    @app.get("/health", include_in_schema=False)
    async def health() -> JSONResponse:
        """200 while this worker serves, 503 once it is stopping."""
        stopping = server.stopping
        body = {
            "status": "stopping" if stopping else "ok",
            "worker": server.metrics.worker,
            "tables": len(server.tables),
            "leased": len(server.leased),
        }
        return JSONResponse(body, status_code=503 if stopping else 200)

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> PlainTextResponse:
        """This worker's counters in Prometheus' text format."""
        tables = server.tables.values()
        text = server.metrics.text(
            tables=len(server.tables),
            playing=sum(t.status != "over" for t in tables),
            leased=len(server.leased),
            clients=sum(len(c) for c in server.clients.values()),
        )
        return PlainTextResponse(text, media_type="text/plain; version=0.0.4; charset=utf-8")


def _schema_routes(app: FastAPI) -> None:
    """The JSON Schemas of the WebSocket messages."""

    @app.get("/api/protocol.json")
    async def protocol() -> dict[str, Any]:
        """The JSON Schema of every WebSocket message, both directions, as one root."""
        return websocket_schema()

    @app.get("/api/schema/client.json")
    async def client_messages() -> dict[str, Any]:
        """The JSON Schema of the WebSocket messages a client sends."""
        return client_schema()

    @app.get("/api/schema/server.json")
    async def server_messages() -> dict[str, Any]:
        """The JSON Schema of the WebSocket messages the server sends."""
        return server_schema()


def _socket_route(app: FastAPI, server: TableServer, origins: Origins) -> None:
    """The WebSocket endpoint: an origin not let in is refused before the handshake."""

    @app.websocket("/api/tables/{table_id}/ws")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        if not origins.allows(websocket.headers.get("origin"), websocket.headers.get("host")):
            await websocket.close(code=1008)  # before accept: the handshake answers 403
            return
        await server.serve_socket(websocket, table_id)


def _game_info(found: Registry, name: str) -> GameInfo:
    game = found.game(name)
    return GameInfo(
        name=game.name,
        title=game.title,
        summary=game.summary,
        min_players=game.players.min,
        max_players=game.players.max,
        default_players=game.players.default,
        bots=sorted(catalog(game).bots),
        variants=sorted(catalog(game).variants),
        match_rule=has_match_rule(game),
    )
