"""How the server names seats in what it shows: the standings rows and a view's ``recent``.

The core's standings name each seat's player under ``bot`` (a match of
bots), and a view's ``recent`` calls seats "Seat 3" (a state knows no
names). A table knows who sits where, so its messages say it: each row
has the seat's ``name`` and its ``bot`` (``None`` for a person), and
``recent`` is worded again with the seats' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from cardkit.engine.state import GameState
from cardkit.play.match import Match
from cardkit.server._models import StandingRow

__all__ = ["named_recent", "standing_rows"]


class _Seat(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def bot(self) -> str | None: ...


def standing_rows(match: Match, seats: Sequence[_Seat]) -> list[StandingRow]:
    """The match's standings, best first, each row with its seat's name and bot."""
    return [
        StandingRow(
            place=row.place,
            seat=row.seat,
            name=seats[row.seat].name,
            bot=seats[row.seat].bot,
            total=row.total,
            last=row.last,
            deals_won=row.deals_won,
        )
        for row in match.standings()
    ]


def named_recent(
    state: GameState, view: dict[str, Any], seat: int | None, names: Sequence[str]
) -> dict[str, Any]:
    """``view`` (JSON data), its ``recent`` worded again with the seats' ``names``.

    The view's lines are its last events worded for ``seat``; when the same
    number of the deal's last events, worded without names, are those lines,
    they are replaced by the same events worded with names. A game whose
    ``recent`` says something else keeps its own lines.
    """
    recent = view.get("recent")
    if not recent:
        return view
    wording = state.game.wording
    tail = state.events[-len(recent) :]
    if wording.lines(tail, viewer=seat) == recent:
        view["recent"] = wording.lines(tail, viewer=seat, names=names)
    return view
