"""What each audience of a table (each seat, then the spectators) has been shown.

A seat's ``version`` counts the changes of its own view, so a step it did
not see (a declined private window, Palace rules 4.5) changes nothing it is
sent.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.engine.state import GameState
from cardkit.engine.views import View

__all__ = ["Audiences"]


class Audiences:
    """The views each seat (index ``seat``) and the spectators (the last index) last saw.

    Args:
        players: the number of seats.
        versions: each audience's version so far (a stored table's), else all 0.
    """

    def __init__(self, players: int, versions: Sequence[int] | None = None) -> None:
        """Start with nothing shown yet; `show` records the first views without counting."""
        self.seats: list[int | None] = [*range(players), None]
        self.versions = list(versions or [0] * (players + 1))
        self._shown: list[View | None] = [None] * (players + 1)
        self._state: GameState | None = None

    def version(self, seat: int | None) -> int:
        """The ``version`` ``seat`` (``None``: a spectator) is sent."""
        return self.versions[-1 if seat is None else seat]

    def view(self, state: GameState, seat: int | None) -> View:
        """``state.view(seat)``, built once per audience for the state `show` showed last."""
        if state is not self._state:
            return state.view(seat)
        index = -1 if seat is None else seat
        found = self._shown[index]
        if found is None:
            found = self._shown[index] = state.view(seat)
        return found

    def show(self, state: GameState | None, *, count: bool = True) -> bool:
        """Record every audience's view of ``state``; whether the spectators' changed.

        With ``count``, an audience whose view changed counts one change more.
        The views are kept: the messages of this state are built from them
        (a view is built once per audience and change, not once per client).

        In a game without private windows every step is public, so it counts
        for every audience without comparing views, and no view is built
        until a message needs it (a table nobody watches builds none).
        """
        changed = False
        if state is not None and not getattr(state, "private_windows", False):
            self._state = state
            self._shown = [None] * len(self.seats)
            if count:
                self.versions = [v + 1 for v in self.versions]
            return True
        self._state = state
        for index, seat in enumerate(self.seats):
            view = None if state is None else state.view(seat)
            if count and view != self._shown[index]:
                self.versions[index] += 1
                changed = changed or seat is None
            self._shown[index] = view
        return changed
