"""A table as stored: its record, and the record's JSON written again on every change.

The record holds the current deal's state as ``GameState.to_json()`` writes
it, a JSON string in the record's JSON. Most of that text does not change from
one action to the next (the deal's rules, deck and setup; the actions played
before), so `RecordWriter` keeps those parts as text, escaped as the record's
string holds them too (escaping a JSON string is done character by character,
so the escaped parts joined are the whole escaped), and writes only what is
new: the new actions and the state's snapshot. The text is the same, byte for
byte, as ``to_json()`` and as ``TableRecord.model_dump_json()`` of the same
record. Read back, a record that is a later point of the deal a table has is
reached by applying its new actions (`RecordWriter.advance`), not by replaying
the deal.
"""

from __future__ import annotations

from operator import attrgetter

import pydantic_core
from pydantic import BaseModel, ConfigDict

from cardkit.engine.saves import SavedGame
from cardkit.engine.setup import Setup
from cardkit.engine.state import GameState
from cardkit.errors import CardkitError
from cardkit.play.match import DealRecord, Match
from cardkit.server._models import CreateTable

__all__ = ["RecordWriter", "SeatRecord", "TableRecord"]


class SeatRecord(BaseModel):
    """One seat as stored: its name, its bot, and its token while a person holds it."""

    model_config = ConfigDict(extra="forbid")

    name: str
    bot: str | None = None
    token: str | None = None


class TableRecord(BaseModel):
    """A table as stored (private: it holds tokens, the seed and the full state)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    settings: CreateTable
    seed: int
    seats: list[SeatRecord]
    state: str | None
    version: int
    created: float
    #: Each seat's version, then the spectators' (``None`` in records of older servers).
    versions: list[int] | None = None
    #: When the turn timer runs out (seconds since the epoch), if it runs.
    deadline: float | None = None
    #: The match's finished deals (last: `RecordWriter` writes them after the rest).
    deals: list[DealRecord]


#: The fields that begin a record and stay while a table plays (`RecordWriter` keeps them).
_HEAD = {"id", "settings", "seed", "seats"}

#: How a saved game's JSON ends when it has no action and an empty snapshot.
_EMPTY_TAIL = '"actions":[],"snapshot":{}}'

#: What a seat's part of the kept head is compared by (seats are changed in place).
_SEAT_FIELDS = attrgetter("name", "bot", "token")


def _escaped(text: str) -> str:
    """``text`` escaped as the inside of a JSON string (what ``model_dump_json`` writes)."""
    return pydantic_core.to_json(text).decode()[1:-1]


class RecordWriter:
    """Writes one table's record as JSON, again and again, reusing the text of what stays.

    Kept from one call to the next: the record's head, its text up to the seats
    (while the table's id, settings, seed and seats are equal to those written: a
    seat taken, left or renamed writes it again; settings are replaced, never
    changed in place), the finished deals' JSON (while the match is the same), and
    the current deal's saved-game head (its setup) and the JSON of its actions
    played (while the deal is the same and only grows), each also escaped as the
    record's ``state`` string holds it. A later state's new actions are those
    played since the last state written (`GameState.actions_since`), so a save
    costs its new actions and its snapshot, not the deal's history.
    """

    def __init__(self) -> None:
        """Start with nothing kept."""
        #: What the kept head was written from, and its text (the record's JSON up to its seats).
        self._head_of: tuple[object, ...] | None = None
        self._record_head = ""
        self._match: Match | None = None
        self._deals: list[str] = []
        self._setup: Setup | None = None
        #: The deal's saved-game head, as text and escaped (in the record's string).
        self._head = ""
        self._head_escaped = ""
        #: The last state written (of this deal), and its actions' JSON (`_count` of them),
        #: as text and escaped.
        self._written: GameState | None = None
        self._joined = ""
        self._joined_escaped = ""
        self._count = 0

    def parts(
        self,
        head: tuple[str, CreateTable, int, list[SeatRecord]],
        match: Match,
        *,
        state: GameState | None,
        version: int,
        created: float,
        versions: list[int],
        deadline: float | None,
    ) -> tuple[str, int]:
        """A table's record as ``TableRecord.model_dump_json`` writes it: its ``head`` (id,
        settings, seed and seats), ``match``'s finished deals, ``state`` (as its
        ``to_json()``) and the other fields; and where its ``deals`` array begins (the array
        runs to the record's last character but one: the deals are the record's last field)."""
        deals = match.deals
        if self._match is not match or len(self._deals) > len(deals):
            self._match, self._deals = match, []
        self._deals.extend(deal.model_dump_json() for deal in deals[len(self._deals) :])
        table_id, settings, seed, seats = head
        # The seats are changed in place (taken, left, renamed): what they hold is compared.
        of = (table_id, settings, seed, list(map(_SEAT_FIELDS, seats)))
        if of != self._head_of:  # the same settings object passes at once, an equal one too
            self._head_of = of
            written = TableRecord.model_construct(  # the fields after the head: unwritten
                id=table_id,
                settings=settings,
                seed=seed,
                seats=seats,
                state=None,
                version=0,
                created=0.0,
                deals=[],
            )
            self._record_head = written.model_dump_json(include=_HEAD)[:-1]
        if state is None:
            text = "null"
        else:  # the state's JSON, escaped: its kept parts as they are, only the new escaped
            snapshot = _escaped(self._follow(state))
            text = (
                f'"{self._head_escaped}\\"actions\\":[{self._joined_escaped}],'
                f'\\"snapshot\\":{snapshot}}}"'
            )
        rest = {"version": version, "created": created, "versions": versions, "deadline": deadline}
        rest_text = pydantic_core.to_json(rest).decode()
        deals_text = ",".join(self._deals)
        record = f'{self._record_head},"state":{text},{rest_text[1:-1]},"deals":[{deals_text}]}}'
        return record, len(record) - len(deals_text) - 3

    def state_json(self, state: GameState | None) -> str | None:
        """``state.to_json()``, the same text, from the parts kept of this deal."""
        if state is None:
            return None
        snapshot = self._follow(state)
        return f'{self._head}"actions":[{self._joined}],"snapshot":{snapshot}}}'

    def _follow(self, state: GameState) -> str:
        """Keep the text of ``state``'s deal head and actions; its snapshot's JSON."""
        if state.setup is not self._setup:
            self._start(state)
        new = None if self._written is None else state.actions_since(self._written)
        if new is None:  # not a later point of the same deal: every action is written again
            self._count, self._joined, self._joined_escaped = 0, "", ""
            new = state.history
        self._written = state
        if new:
            added = ",".join(pydantic_core.to_json(str(action)).decode() for action in new)
            escaped = _escaped(added)
            if self._joined:
                self._joined = f"{self._joined},{added}"
                self._joined_escaped = f"{self._joined_escaped},{escaped}"
            else:
                self._joined, self._joined_escaped = added, escaped
            self._count += len(new)
        return pydantic_core.to_json(state.snapshot()).decode()

    def advance(self, state: GameState, text: str) -> GameState | None:
        """The state saved as ``text`` when it is a later point of ``state``'s deal:
        ``state`` with the new actions applied (not the deal replayed from its start).

        ``text`` must begin as ``state``'s own save (the deal's setup, then its
        actions), and the state reached must write ``text`` again, byte for byte
        (snapshot included). Anything else (another deal, an earlier point, a branch,
        an action that does not apply) gives ``None``: load the save whole.
        """
        kept = self.state_json(state)
        if text == kept:
            return state
        if not text.startswith(f'{self._head}"actions":[{self._joined}'):
            return None
        try:
            new = state
            for action in SavedGame.parse(text).actions[self._count :]:
                new = new.apply(action)
        except CardkitError:
            return None
        return new if self.state_json(new) == text else None

    def _start(self, state: GameState) -> None:
        """Keep the saved-game head of ``state``'s deal: everything before its actions."""
        saved = SavedGame.from_state(state).model_copy(update={"actions": [], "snapshot": {}})
        empty = saved.model_dump_json()
        assert empty.endswith(_EMPTY_TAIL)
        self._setup = state.setup
        self._head = empty[: -len(_EMPTY_TAIL)]
        self._head_escaped = _escaped(self._head)
        self._written, self._joined, self._joined_escaped, self._count = None, "", "", 0
