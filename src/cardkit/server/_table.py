"""One table: its seats and tokens, its match, the current deal, and what each seat is sent.

A [Table][cardkit.server.Table] is plain synchronous logic: the server (``_hub`` and the
modules of its jobs) calls it, stores it after every change and sends each client what
`Table.message` builds for it.
"""

from __future__ import annotations

import functools
import random
import secrets
import time
from collections.abc import Sequence
from typing import Any, Literal

from cardkit.engine.bots import Bot
from cardkit.engine.catalog import catalog
from cardkit.engine.events import Event
from cardkit.engine.game import Game
from cardkit.engine.state import GameState
from cardkit.errors import InvalidRules, TableError
from cardkit.play.match import Match, derive_seed, has_match_rule
from cardkit.plugins.registry import Registry, registry
from cardkit.server._audience import Audiences
from cardkit.server._layout import message_extras
from cardkit.server._models import CreateTable, SeatInfo, Standings, StateMessage, TableInfo
from cardkit.server._record import RecordWriter, SeatRecord, TableRecord
from cardkit.server._seatturn import SeatTurn
from cardkit.server._shown import named_recent, standing_rows

__all__ = ["Table"]


class Table:
    """A table of one game: seats (people with tokens, or bots), a match and its deal.

    Attributes:
        id: the table's id.
        game: the game played.
        settings: what the table was created with.
        seats: the seats, by number.
        match: the match (the core match runner) of the table.
        state: the current deal's state, or ``None`` before the first deal.
        version: grows by one with every change of the state (private: a
            declined window counts too, so it is never sent; see `versions`).
        audiences: what each seat and the spectators were shown, and the
            ``version`` each is sent (the changes of its own view).
        deadline: the end of the timer of the turn all views but a window's show, or None.
    """

    settings: CreateTable
    seed: int
    match: Match

    def __init__(self, record: TableRecord, reg: Registry | None = None) -> None:
        """Build a table from its stored record (new or restored).

        Raises:
            InvalidRules: the settings do not make a game (unknown options,
                seat counts, bots, or a match without an end).
            UnknownGame: no such game is installed.
            InvalidState: the stored deal does not load.
        """
        self.id = record.id
        #: How many times the table was stored (the storage's compare-and-set counter).
        self.revision = 0
        self._writer = RecordWriter()
        self.restore(record, reg)

    def restore(self, record: TableRecord, reg: Registry | None = None) -> None:
        """Become the table ``record`` holds (a newer one another worker stored).

        Raises:
            InvalidRules, UnknownGame, InvalidState: as the constructor.
        """
        kept = getattr(self, "settings", None) == record.settings and self.seed == record.seed
        self.settings = record.settings
        self.seed = record.seed
        self.created = record.created
        #: How many finished deals the stored revision holds, as far as this copy knows: -1
        #: when read (a record of an older server holds them in its text), so the next save
        #: writes them; each save then writes them only when this differs (a deal ended).
        self.stored_deals = -1
        self.seats = record.seats
        self.version = record.version
        if not kept:
            self.game: Game[Any, Any] = (reg or registry()).game(record.settings.game)
            self._bots = self._make_bots()
            self.timer_bot = self._timer_bot()
        done = self.match.deals if kept else []
        if len(done) > len(record.deals) or (done and record.deals[len(done) - 1] != done[-1]):
            kept = False  # not a later point of this match: replay it from the start
        if not kept:
            self.match = self._new_match()
        # The match again, deal by deal, from its records (only the new ones of a kept match).
        for deal in record.deals[len(self.match.deals) :]:
            self.match.finish_deal(
                self.match.start_deal(), result=deal.result, decisions=deal.decisions
            )
        self.match.labels = [seat.name for seat in self.seats]
        old = getattr(self, "state", None) if kept else None
        self.state: GameState | None = (
            None if record.state is None else self._load(old, record.state)
        )
        self.deadline: float | None = None
        if record.deadline is not None:  # a wall-clock time, as stored
            self.deadline = time.monotonic() + (record.deadline - time.time())
        self.audiences = Audiences(
            len(self.seats), record.versions or [record.version] * (len(self.seats) + 1)
        )
        self.audiences.show(self.state, count=False)

    def _load(self, old: GameState | None, text: str) -> GameState:
        """The deal's state saved as ``text``: ``old`` with the new actions applied when
        it is a later point of ``old``'s deal (another worker's change), else replayed.

        Raises:
            InvalidState: the save does not load.
        """
        later = None if old is None else self._writer.advance(old, text)
        return self.game.load_state(text) if later is None else later

    @classmethod
    def create(cls, table_id: str, settings: CreateTable, reg: Registry | None = None) -> Table:
        """A new table, its first deal dealt and its person seats free.

        Raises:
            InvalidRules: the settings do not make a game.
            UnknownGame: no such game.
        """
        game = (reg or registry()).game(settings.game)
        players = game.players.default if settings.players is None else settings.players
        if len(settings.seats) > players:
            raise InvalidRules(f"{len(settings.seats)} seats were described for {players} players")
        specs = list(settings.seats) + [None] * (players - len(settings.seats))
        seats = []
        for number, spec in enumerate(specs):
            bot = spec.bot if spec is not None else None
            if bot is not None and bot not in catalog(game).bots:
                known = ", ".join(sorted(catalog(game).bots))
                raise InvalidRules(f"{game.name} has no bot {bot!r}; bots: {known}")
            name = spec.name if spec is not None and spec.name else None
            default = f"Seat {number + 1}" if bot is None else f"{bot} {number + 1}"
            seats.append(SeatRecord(name=name or default, bot=bot))
        seed = settings.seed if settings.seed is not None else secrets.randbits(63)
        record = TableRecord(
            id=table_id,
            settings=settings.model_copy(update={"players": players}),
            seed=seed,
            seats=seats,
            deals=[],
            state=None,
            version=0,
            created=time.time(),
        )
        table = cls(record, reg)
        table.next_deal()
        table.version = 0
        table.audiences.versions = [0] * (players + 1)
        return table

    def _new_match(self) -> Match:
        settings = self.settings
        try:
            rules = self.game.rules(variant=settings.variant, **settings.rules)
        except TypeError as exc:  # an option name that is not an identifier
            raise InvalidRules(f"invalid {self.game.name} rules: {exc}") from None
        if settings.deals is None and not has_match_rule(self.game):
            raise InvalidRules(
                f"{self.game.name} has no rule that ends a match; give a number of deals"
            )
        match = Match(
            self.game,
            len(self.seats),
            rules,
            bots=[seat.bot or "random" for seat in self.seats],
            seed=self.seed,
            max_deals=settings.deals,
        )
        match.labels = [seat.name for seat in self.seats]
        return match

    def _make_bots(self) -> list[Bot | None]:
        rng = random.Random(self.seed)
        return [
            None if seat.bot is None else catalog(self.game).bots[seat.bot](rng)
            for seat in self.seats
        ]

    def _timer_bot(self) -> Bot:
        name = self.settings.timer_bot
        if name is None:
            name = catalog(self.game).best_bot
        if name not in catalog(self.game).bots:
            known = ", ".join(sorted(catalog(self.game).bots))
            raise InvalidRules(f"{self.game.name} has no bot {name!r}; bots: {known}")
        return catalog(self.game).bots[name](random.Random(self.seed))

    def record(self) -> TableRecord:
        """The table as stored (private: tokens, seed and full state included)."""
        return TableRecord(
            id=self.id,
            settings=self.settings,
            seed=self.seed,
            seats=self.seats,
            deals=list(self.match.deals),
            state=None if self.state is None else self.state.to_json(),
            version=self.version,
            created=self.created,
            versions=list(self.audiences.versions),
            deadline=None if self.deadline is None else time.time() + self.deadline_left(),
        )

    def record_json(self) -> str:
        """`record` as JSON, the same text, written from the parts that did not change
        (`RecordWriter`: a long match does not write every deal and action again)."""
        return self.record_parts()[0]

    def record_parts(self) -> tuple[str, int]:
        """`record_json`, and where its ``deals`` array begins (to the last character)."""
        return self._writer.parts(
            (self.id, self.settings, self.seed, self.seats),
            self.match,
            state=self.state,
            version=self.version,
            created=self.created,
            versions=list(self.audiences.versions),
            deadline=None if self.deadline is None else time.time() + self.deadline_left(),
        )

    def deadline_left(self) -> float:
        """Seconds left on the turn timer (0 when it has run out or does not run)."""
        return 0.0 if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    # -- seats ----------------------------------------------------------------------------

    def join(self, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free person seat (the first one by default); its number and new token.

        Raises:
            TableError: no such seat, it is a bot's, or it is taken.
        """
        free = self.free_seats()
        if seat is None:
            if not free:
                raise TableError("table_full", f"table {self.id} has no free seat", status=409)
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            indexes = f"0-{len(self.seats) - 1}"
            raise TableError(
                "no_such_seat", f"no seat has the index {seat}: they are {indexes}", status=404
            )
        if seat not in free:
            # Said to people (the lobby shows it), who read seats from 1.
            who = "a bot's" if self.seats[seat].bot else "taken"
            open_ = ", ".join(str(s + 1) for s in free) or "none"
            raise TableError(
                "seat_taken", f"seat {seat + 1} is {who}; free seats: {open_}", status=409
            )
        token = secrets.token_urlsafe(24)
        self.seats[seat].token = token
        self.seats[seat].name = name or f"Seat {seat + 1}"
        self.match.labels = [s.name for s in self.seats]
        return seat, token

    def leave(self, token: str) -> int:
        """Give a seat up: its token stops working and the seat is free again."""
        seat = self.seat_of(token)
        self.seats[seat].token = None
        return seat

    def seat_of(self, token: str) -> int:
        """The seat a token acts for.

        Raises:
            TableError: the token is no seat's at this table (``bad_token``).
        """
        for number, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                return number
        raise TableError(
            "bad_token",
            f"that token is not a seat's at table {self.id}; join a seat for a token "
            "or watch without one",
            status=403,
        )

    def free_seats(self) -> list[int]:
        """The person seats nobody holds."""
        return [n for n, s in enumerate(self.seats) if s.bot is None and s.token is None]

    # -- play -----------------------------------------------------------------------------

    @property
    def status(self) -> Literal["playing", "between_deals", "over"]:
        """``"playing"``, ``"between_deals"`` (the next deal is not dealt yet) or ``"over"``."""
        if self.state is not None and not self.state.is_over:
            return "playing"
        return "over" if self.match.is_over else "between_deals"

    @property
    def shown_to_act(self) -> int | None:
        """The seat spectators (and every seat no private window asks) see to act."""
        return None if self.state is None else self.state.shown_to_act(None)

    def bot_seat(self) -> int | None:
        """The bot seat that may act now: the seat asked, else the seat shown to act.

        While a private window asks a person, the bot every other view shows to act plays
        as if there were no window (declining it): nobody learns of it from a bot that waits.
        """
        state = self.state
        if state is None or state.is_over:
            return None
        for seat in (state.to_act, state.shown_to_act(None)):
            if seat is not None and self._bots[seat] is not None:
                return seat
        return None

    def act(self, seat: int, text: str) -> tuple[Event, ...]:
        """Play ``text`` for ``seat`` (through `GameState.act_as`); the new events.

        Raises:
            IllegalAction: not this seat's decision, or not a legal action
                (the game's code and message, naming only what ``seat``
                may know); nothing changed.
            TableError: no deal is being played.
        """
        state = self.state
        if state is None or state.is_over:
            raise TableError("not_playing", "no deal is being played at this table", status=409)
        return self._advance(state.act_as(seat, text))

    def play_bot(self, seat: int | None = None) -> tuple[Event, ...]:
        """Let ``seat``'s bot play (the timer bot for a person's seat).

        ``seat`` defaults to the seat asked. A seat shown to act while a
        window asks another decides from its own view's legal actions, and
        its action declines the window.
        """
        state = self.state
        assert state is not None
        seat = state.to_act if seat is None else seat
        assert seat is not None
        # The seat asked decides among its own window's actions; the seat shown to act
        # among those its view shows (`legal_actions_for`), and its action declines the window.
        legal = state.legal_actions() if seat == state.to_act else state.legal_actions_for(seat)
        bot = self._bots[seat] or self.timer_bot
        number = self.match.next_number
        seed = functools.partial(derive_seed, self.seed, "bot", number, self.version)
        turn = SeatTurn(state, seat, legal, seed)
        return self._advance(state.act_as(seat, bot.choose(turn)))

    def _advance(self, new: GameState) -> tuple[Event, ...]:
        self.state = new
        self.version += 1
        if self.audiences.show(new):  # a new turn for spectators: the timer starts again
            self.deadline = None
        if new.is_over:
            self.match.finish_deal(new)
        return new.last_events

    def next_deal(self) -> tuple[Event, ...]:
        """Deal the match's next deal; its events (a deal can end as it is dealt)."""
        self.state = self.match.start_deal()
        self.version += 1
        self.deadline = None
        self.audiences.show(self.state)
        if self.state.is_over:  # an instant win at the deal
            self.match.finish_deal(self.state)
        return self.state.last_events

    # -- what clients see -------------------------------------------------------------------

    def standings(self) -> Standings:
        """The public standings of the match."""
        match = self.match
        over = match.is_over
        return Standings(
            deal=len(match.deals) + (self.status == "playing"),
            deals=match.max_deals,
            totals=list(match.totals),
            rows=standing_rows(match, self.seats),
            over=over,
            winners=match.winners() if over else [],
        )

    def seat_infos(self, connected: Sequence[int]) -> list[SeatInfo]:
        """Every seat, with ``connected[seat]`` clients connected."""
        return [
            SeatInfo(
                seat=n,
                name=s.name,
                bot=s.bot,
                taken=s.bot is not None or s.token is not None,
                connected=connected[n],
            )
            for n, s in enumerate(self.seats)
        ]

    def info(self, connected: Sequence[int]) -> TableInfo:
        """The table as the lobby lists it."""
        return TableInfo(
            id=self.id,
            game=self.game.name,
            title=self.game.title,
            players=len(self.seats),
            seats=self.seat_infos(connected),
            free=self.free_seats(),
            status=self.status,
            to_act=self.shown_to_act,
            version=self.audiences.version(None),
            turn_timer=self.settings.turn_timer,
            standings=self.standings(),
        )

    def message(
        self, seat: int | None, events: Sequence[Event], connected: Sequence[int]
    ) -> StateMessage:
        """What ``seat`` (``None``: a spectator) is sent: built from ``state.view(seat)`` only."""
        state = self.state
        assert state is not None
        view = self.audiences.view(state, seat)
        names = [s.name + (" (bot)" if s.bot else "") for s in self.seats]  # as the page shows
        shown = named_recent(state, view.model_dump(mode="json"), seat, names)
        left = None if self.deadline is None else self.deadline_left()
        return StateMessage(
            type="state",
            table=self.id,
            seat=seat,
            version=self.audiences.version(seat),
            deal=len(self.match.deals) + (not state.is_over),
            view=shown,
            legal=list(view.legal_actions),
            # Every seat that may act now: the seat to act, a seat a private window asks,
            # and each seat still to choose in a simultaneous phase.
            your_turn=seat is not None and state.may_act(seat),
            events=[event.to_json_dict() for event in events],
            said=state.game.wording.lines(events, viewer=seat, names=names),
            result=state.result().model_dump(mode="json") if state.is_over else None,
            standings=self.standings(),
            seats=self.seat_infos(connected),
            deadline=left,
            **message_extras(state, shown, seat, names, len(events)),
        )
