"""A server bot's input: its seat's view without ``recent``, built for it alone.

The bot's view holds nothing its seat's own view does not (no state, event or
closure reachable from it), and it never takes the place of the view the table
keeps for the seat's clients: their messages keep their ``recent``, whichever of
the two is built first.
"""

from __future__ import annotations

import gc
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

from cardkit.engine.actions import Action
from cardkit.engine.bots import Bot, Turn
from cardkit.engine.events import Event
from cardkit.engine.setup import Setup
from cardkit.engine.state import GameState
from cardkit.engine.views import View
from cardkit.plugins.registry import registry
from cardkit.server import Table
from cardkit.server._models import CreateTable
from cardkit.server._shown import named_recent

#: What a view must never reach: the state and its parts, the core's closures.
_FORBIDDEN = (
    GameState,
    Event,
    Setup,
    Turn,
    random.Random,
    types.FunctionType,
    types.MethodType,
    types.CellType,
    types.FrameType,
    types.GeneratorType,
)


def _reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` (classes and modules not followed)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType):
            continue
        seen.add(id(obj))
        yield obj
        todo.extend(gc.get_referents(obj))


class _Checking:
    """A seat's bot, wrapped: each turn's view is checked against the table's."""

    def __init__(self, bot: Bot, table: Table, seat: int, counts: dict[str, int]) -> None:
        self.bot, self.table, self.seat, self.counts = bot, table, seat, counts

    def choose(self, turn: Turn) -> Action:
        table, seat = self.table, self.seat
        state = table.state
        assert state is not None
        names = [s.name + (" (bot)" if s.bot else "") for s in table.seats]
        own = state.view(seat)
        shown = named_recent(state, own.model_dump(mode="json"), seat, names)
        message_first = self.counts["turns"] % 2 == 0
        if message_first:  # the clients' view built before the bot's, then after it
            message = table.message(seat, (), [0] * len(table.seats))
        view = turn.view
        if not message_first:
            message = table.message(seat, (), [0] * len(table.seats))
        # The bot's view: the seat's own, less the worded events, and nothing else.
        assert isinstance(view, View)
        assert view.recent == []
        assert view == own.model_copy(update={"recent": []})
        leaked = [type(o).__name__ for o in _reachable(view) if isinstance(o, _FORBIDDEN)]
        assert not leaked, leaked
        # The seat's clients: their message's view keeps its `recent`, the bot's is not theirs.
        assert message.view == shown
        assert table.audiences.view(state, seat) is not view
        self.counts["turns"] += 1
        self.counts["worded"] += bool(own.recent)
        return self.bot.choose(turn)


@pytest.mark.parametrize("game", registry().available())
def test_bot_view_is_the_seats_without_recent_and_apart_from_the_clients(game: str) -> None:
    """Each installed game, bots at every seat, a match of two deals (at most 150 moves):
    at every bot turn the bot's view is the seat's own view with an empty ``recent``,
    reaching no state, event or closure, and the seat's message is unchanged."""
    table = Table.create(
        "t1", CreateTable.model_validate({"game": game, "seats": [], "deals": 2, "seed": 5})
    )
    players = len(table.seats)
    table = Table.create(
        "t1",
        CreateTable.model_validate(
            {"game": game, "seats": [{"bot": "heuristic"}] * players, "deals": 2, "seed": 5}
        ),
    )
    counts = {"turns": 0, "worded": 0}
    bots: list[Any] = table._bots
    table._bots = [_Checking(bot, table, n, counts) for n, bot in enumerate(bots)]
    for _ in range(150):
        if table.status == "over":
            break
        if table.status == "between_deals":
            table.next_deal()
        else:
            table.play_bot(table.bot_seat())
    assert counts["turns"] > 20
    assert counts["worded"] > 10  # the clients' `recent` was there to lose
