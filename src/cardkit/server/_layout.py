"""The browser table's extras: the layout of a table, the facts and moves in words, rematches.

`GET /api/tables/{id}/layout` gives the table's
[`TableLayout`][cardkit.engine.tablelayout.TableLayout] (built once per state
class from its zones and its `table_hint`); every state message carries the
view's facts in words and the seat's moves with what each does, and whether
it ends the hand (the page asks before playing it, as `cardkit play` does).
`POST /api/tables/{id}/rematch` opens a new table with the same settings once
a table is over (the same one for everybody who asks).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter

from cardkit.engine.tablelayout import TableHint, TableLayout, table_layout
from cardkit.engine.viewwords import Fact, Words, move_help, view_facts
from cardkit.errors import CardkitError, TableError
from cardkit.plugins.registry import registry
from cardkit.server._models import CreateTable, MoveInfo, SeatSpec, TableInfo, refusals

if TYPE_CHECKING:
    from cardkit.engine.state import GameState
    from cardkit.server._hub import TableServer
    from cardkit.server._table import Table

__all__ = ["layout_of", "layout_router", "message_extras", "moves_of", "rule_options"]

_LAYOUTS: dict[type, TableLayout] = {}


def layout_of(state_class: type) -> TableLayout:
    """The table layout of a state class (its `zone_specs` and `table_hint`), built once."""
    found = _LAYOUTS.get(state_class)
    if found is None:
        hint: TableHint | None = getattr(state_class, "table_hint", None)
        zones = getattr(state_class, "zone_specs", ())
        found = _LAYOUTS[state_class] = table_layout(zones, hint)
    return found


def _ends_hand(state: GameState, seat: int, action: str) -> bool:
    """Whether `action` ends the hand while `seat` still holds cards (what it can see)."""
    try:
        after = state.act_as(seat, action)
    except CardkitError:
        return False
    return after.is_over and bool(getattr(after.view(seat), "hand", None))


def moves_of(state: GameState, seat: int | None, legal: Sequence[str]) -> list[MoveInfo]:
    """The seat's legal moves, each with what it does and whether it ends the hand.

    A forced move (the only one) is never asked about, as in `cardkit play`.
    """
    if seat is None or not legal:
        return []
    cls = type(state)
    hint: TableHint | None = getattr(cls, "table_hint", None)
    own = hint.moves if hint is not None else None
    grammar = getattr(cls, "grammar", None)
    helps: dict[str, str] = {}
    moves = []
    for text in legal:
        verb = text.split(" ", 1)[0]
        if verb not in helps:
            helps[verb] = move_help(grammar, text, own)
        ends = len(legal) > 1 and _ends_hand(state, seat, text)
        moves.append(MoveInfo(action=text, help=helps[verb], ends_hand=ends))
    return moves


def message_extras(
    state: GameState, view: dict[str, Any], seat: int | None, names: Sequence[str], sent: int
) -> dict[str, Any]:
    """A state message's `facts` (of `view`, a view as JSON, in words), `moves`, `window`
    and `first_event` (the message carries the last `sent` events of the deal)."""
    cls = type(state)
    words: dict[str, Words | None] = getattr(cls, "view_words", {})
    facts: list[Fact] = view_facts(view, words, names, layout_of(cls).keys)
    window = seat is not None and state.to_act == seat and state.shown_to_act(None) != seat
    return {
        "facts": facts,
        "moves": moves_of(state, seat, view.get("legal_actions", [])),
        "window": window,
        "first_event": len(state.events) - sent,
    }


def layout_router(server: TableServer) -> APIRouter:
    """The routes of the table layout and of rematches."""
    router = APIRouter()
    rematches: dict[str, str] = {}

    @router.get(
        "/api/tables/{table_id}/layout", response_model=TableLayout, responses=refusals(404, 422)
    )
    async def layout(table_id: str) -> TableLayout:
        """How the table is drawn: the spots at each seat and in the middle."""
        table = await server.table(table_id)
        if table.state is None:
            return TableLayout(seats=[], centre=[], keys=[])
        return layout_of(type(table.state))

    @router.get("/api/games/{game}/rules", responses=refusals(404, 422))
    async def rules(game: str) -> list[dict[str, Any]]:
        """The game's rules options that a form can offer: name, title, help, type, default."""
        return rule_options((server.registry or registry()).game(game).rules_model)

    @router.post(
        "/api/tables/{table_id}/rematch",
        response_model=TableInfo,
        status_code=201,
        responses=refusals(404, 409, 422, 429),
    )
    async def rematch(table_id: str) -> TableInfo:
        """A new table with this finished table's settings and bots (the same for everyone)."""
        table = await server.table(table_id)
        again = rematches.get(table_id)
        if again is not None and again in server.tables:
            return server.info(server.tables[again])
        if table.status != "over":
            raise TableError(
                "not_over",
                f"table {table_id} is still being played; rematch once it is over",
                status=409,
            )
        fresh = await server.create(_rematch_settings(table))
        rematches[table_id] = fresh.id
        return server.info(fresh)

    return router


def rule_options(model: type) -> list[dict[str, Any]]:
    """The options of a rules model with a plain value (a yes/no, a number, a choice, a
    word), each with its name, title, first line of help, type, default and choices."""
    schema: dict[str, Any] = model.model_json_schema()  # type: ignore[attr-defined]
    out = []
    for name, prop in schema.get("properties", {}).items():
        kind = "choice" if "enum" in prop else prop.get("type")
        if kind not in ("boolean", "integer", "number", "string", "choice"):
            continue
        out.append(
            {
                "name": name,
                "title": prop.get("title", name),
                "help": (prop.get("description") or "").split("\n\n")[0].replace("\n", " "),
                "type": kind,
                "default": prop.get("default"),
                "choices": prop.get("enum", []),
                "minimum": prop.get("minimum"),
                "maximum": prop.get("maximum"),
            }
        )
    return out


def _rematch_settings(table: Table) -> CreateTable:
    seats = [SeatSpec(bot=s.bot, name=s.name if s.bot else None) for s in table.seats]
    return table.settings.model_copy(update={"seats": seats, "seed": None})
