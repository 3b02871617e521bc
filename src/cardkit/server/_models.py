"""The server's wire formats: HTTP request and answer bodies, and the WebSocket messages.

Every model here is what crosses the network. None of them can hold a full
state, a seed, the deck or another seat's view: a seat's messages are built
from ``state.view(seat)``, the public events and the public standings only.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from cardkit.engine.viewwords import Fact

__all__ = [
    "ActMessage",
    "ClientMessage",
    "CreateTable",
    "ErrorAnswer",
    "ErrorDetail",
    "ErrorMessage",
    "GameInfo",
    "HelloMessage",
    "JoinTable",
    "Joined",
    "LeaveTable",
    "MoveInfo",
    "SeatInfo",
    "SeatSpec",
    "ServerMessage",
    "StandingRow",
    "Standings",
    "StateMessage",
    "TableInfo",
    "client_messages",
    "refusals",
    "server_messages",
]

_NAME = Field(default=None, min_length=1, max_length=40)


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatSpec(_Model):
    """Who sits in one seat of a new table.

    Attributes:
        bot: the name of one of the game's bots (``cardkit rules GAME`` lists
            them); ``None`` keeps the seat for a person, who joins it.
        name: the seat's display name (default: the bot's name or ``"Seat N"``).
    """

    bot: str | None = None
    name: str | None = _NAME


class CreateTable(_Model):
    """The body of ``POST /api/tables``.

    Attributes:
        game: a game name or alias.
        players: the number of seats (default: the game's).
        variant: a named preset of the game's options.
        rules: rules options on top of the variant, as ``game.rules(**rules)`` takes them.
        seats: who sits where, seat by seat; seats not listed are for people.
        deals: play a match of up to this many deals (``None``: until the
            game's own match rule ends it; games without one need a number).
        turn_timer: seconds a person has to act; when they run out, ``timer_bot``
            plays the move for them (``None``: no timer).
        timer_bot: the bot that plays timed-out moves (default: the game's
            [best_bot][cardkit.engine.catalog.Catalog.best_bot], never the slow ``ismcts``).
        seed: the match seed, for a reproducible table (default: random). It
            is kept on the server and never sent to a client.
    """

    game: str = Field(min_length=1, max_length=60)
    players: int | None = Field(default=None, ge=1, le=16)
    variant: str | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(default_factory=list, max_length=16)
    deals: int | None = Field(default=1, ge=1, le=1000)
    turn_timer: float | None = Field(default=None, gt=0, le=86400)
    timer_bot: str | None = None
    seed: int | None = Field(default=None, ge=0, lt=1 << 63)


class JoinTable(_Model):
    """The body of ``POST /api/tables/{id}/join``.

    Attributes:
        seat: the free seat to take (default: the first free one).
        name: the name the other players see.
    """

    seat: int | None = Field(default=None, ge=0)
    name: str | None = _NAME


class Joined(_Model):
    """The answer to a join: the seat and its secret token (keep it private).

    Attributes:
        table: the table's id.
        seat: the seat taken.
        token: the seat's secret; a WebSocket ``hello`` with it acts for the seat.
    """

    table: str
    seat: int
    token: str


class LeaveTable(_Model):
    """The body of ``POST /api/tables/{id}/leave``: the seat's token, which stops working."""

    token: str = Field(min_length=1, max_length=200)


class SeatInfo(_Model):
    """One seat as everybody may see it.

    Attributes:
        seat: the seat number.
        name: its display name.
        bot: the bot playing it, or ``None`` for a person's seat.
        taken: whether a person (or a bot) holds the seat.
        connected: how many clients are connected for the seat now.
    """

    seat: int
    name: str
    bot: str | None
    taken: bool
    connected: int


class StandingRow(_Model):
    """One row of the standings, as everybody may see it.

    Attributes:
        place: 1 for the leader; tied totals share a place.
        seat: the seat.
        name: the seat's display name (a person's, or the bot seat's).
        bot: the bot playing the seat, or ``None`` for a person's seat.
        total: the seat's running total.
        last: what the latest deal added.
        deals_won: how many deals the seat won (shared wins count).
    """

    place: int
    seat: int
    name: str
    bot: str | None
    total: int
    last: int
    deals_won: int


class Standings(_Model):
    """The match so far, as everybody may see it.

    Attributes:
        deal: the number of the deal being played (or the last one).
        deals: the match length in deals, or ``None`` when the game's rule ends it.
        totals: each seat's running total.
        rows: the standings table, best first.
        over: whether the match has ended.
        winners: the match winners once it is over.
    """

    deal: int
    deals: int | None
    totals: list[int]
    rows: list[StandingRow]
    over: bool
    winners: list[int]


class TableInfo(_Model):
    """A table as the lobby lists it.

    Attributes:
        id: the table's id.
        game: the game's name.
        title: the game's display name.
        players: the number of seats.
        seats: every seat.
        free: the seats a person may join.
        status: ``"playing"``, ``"between_deals"`` or ``"over"``.
        to_act: the seat spectators see to act, if any (never the seat a
            private window asks).
        version: the number of changes spectators have seen.
        turn_timer: the turn timer in seconds, if any.
        standings: the match so far.
        idle: seconds since the table last changed (a move, a deal, a seat taken or left).
        expires_in: seconds until the table is closed and forgotten if it stays idle
            (``None``: the server keeps idle tables).
    """

    id: str
    game: str
    title: str
    players: int
    seats: list[SeatInfo]
    free: list[int]
    status: Literal["playing", "between_deals", "over"]
    to_act: int | None
    version: int
    turn_timer: float | None
    standings: Standings
    idle: float = 0.0
    expires_in: float | None = None


class ErrorDetail(_Model):
    """What an HTTP refusal says.

    Attributes:
        code: a short machine-readable reason (``"no_such_table"``, ``"seat_taken"``...).
        message: what was wrong and what is expected.
    """

    code: str
    message: str


class ErrorAnswer(_Model):
    """The body of every HTTP refusal: ``{"error": {"code": ..., "message": ...}}``.

    Attributes:
        error: the refusal.
    """

    error: ErrorDetail


class GameInfo(_Model):
    """An installed game, for the lobby's form.

    Attributes:
        name: the game's name.
        title: its display name.
        summary: one line about it.
        min_players: the fewest seats.
        max_players: the most seats.
        default_players: the usual number of seats.
        bots: its bots' names.
        variants: its named presets.
        match_rule: whether the game ends a match by its own rule.
    """

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    bots: list[str]
    variants: list[str]
    match_rule: bool


# -- WebSocket messages -----------------------------------------------------------------


class HelloMessage(_Model):
    """Client → server, first: who this client is.

    Attributes:
        type: ``"hello"``.
        token: a seat token from a join, or ``None`` to watch as a spectator.
    """

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=200)


class ActMessage(_Model):
    """Client → server: play an action for the client's seat.

    Attributes:
        type: ``"act"``.
        action: the action's text form, one of the ``legal`` actions sent last.
    """

    type: Literal["act"]
    action: str = Field(max_length=1000)


ClientMessage = Annotated[HelloMessage | ActMessage, Field(discriminator="type")]


class MoveInfo(_Model):
    """One legal move as the browser table offers it.

    Attributes:
        action: the action's text (what an ``act`` message sends).
        help: what the move does, from the game's grammar.
        ends_hand: it ends the hand while the seat still holds cards (the
            table asks before playing it).
    """

    action: str
    help: str = ""
    ends_hand: bool = False


class StateMessage(_Model):
    """Server → client, after every change it can see: what this client's seat may know now.

    Attributes:
        type: ``"state"``.
        table: the table's id.
        seat: the client's seat, or ``None`` for a spectator.
        version: the number of changes of this seat's own view (a step the
            seat does not see, such as a declined private window, counts none).
        deal: the deal's number in the match.
        view: ``state.view(seat)`` as JSON (the game's own view model).
        legal: the seat's legal actions as text, when it is asked to act (else empty).
        your_turn: whether this seat is asked to act now (also out of turn).
        events: the public events since the previous message (all of the
            deal's, up to 100, in the first message after a hello).
        said: those events narrated for this seat by the game's
            [`wording`][cardkit.engine.game.Game.wording], with the seats' names
            (``"You play 3♠"`` to the seat that played).
        result: the deal's result, once it is over.
        standings: the match so far.
        seats: every seat, with who is connected.
        deadline: seconds left on the turn timer of the turn every view but a
            private window's shows, if any.
        facts: the view's other fields in words, as the game labels them
            (see [`cardkit.engine.viewwords`][cardkit.engine.viewwords]).
        moves: the legal actions with what each does and whether it ends the hand.
        window: this seat alone is asked, out of turn (a private window).
        first_event: the number in the deal of the first of `events` (from 0):
            a page numbers the events it logs, and logs none twice.
    """

    type: Literal["state"]
    table: str
    seat: int | None
    version: int
    deal: int
    view: dict[str, Any]
    legal: list[str]
    your_turn: bool
    events: list[dict[str, Any]]
    said: list[str]
    result: dict[str, Any] | None
    standings: Standings
    seats: list[SeatInfo]
    deadline: float | None
    facts: list[Fact] = Field(default_factory=list)
    moves: list[MoveInfo] = Field(default_factory=list)
    window: bool = False
    first_event: int = 0


class ErrorMessage(_Model):
    """Server → one client: its message was refused and nothing changed.

    Attributes:
        type: ``"error"``.
        code: an `IllegalAction` code (``"not_your_turn"``, ``"unparsable"``...)
            or a `TableError` code (``"bad_token"``, ``"bad_message"``,
            ``"message_too_large"``, ``"rate_limited"``...).
        message: what was wrong and what is expected.
        legal: for a refused action, the actions that are legal instead.
    """

    type: Literal["error"]
    code: str
    message: str
    legal: list[str] = Field(default_factory=list)


ServerMessage = Annotated[StateMessage | ErrorMessage, Field(discriminator="type")]

#: Reads a client's WebSocket message (JSON text).
client_messages: TypeAdapter[HelloMessage | ActMessage] = TypeAdapter(ClientMessage)
#: Reads and writes the server's WebSocket messages.
server_messages: TypeAdapter[StateMessage | ErrorMessage] = TypeAdapter(ServerMessage)


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route's refusals: each an `ErrorAnswer`."""
    said = {
        400: "Refused settings (`invalid_rules`)",
        403: "Not a seat's token (`bad_token`)",
        404: "No such table, seat or game (`no_such_table`, `no_such_seat`, `unknown_game`)",
        409: "Seat taken, table full, or not over (`seat_taken`, `table_full`, `not_over`)",
        422: "The body is not the expected JSON (`bad_request`)",
        429: "The server holds its limit of tables (`too_many_tables`)",
    }
    return {status: {"model": ErrorAnswer, "description": said[status]} for status in statuses}
