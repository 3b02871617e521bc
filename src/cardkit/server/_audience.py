"""What each audience of a table (each seat, then the spectators) has been shown.

A seat's ``version`` counts the changes of its own view, so a step it did
not see (a declined private window, Palace rules 4.5) changes nothing it is
sent.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.engine.state import GameState
from cardkit.engine.views import View
from cardkit.engine.windows import PrivateWindows

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

        A step with no private window open before or after it is public: every
        audience sees the same action, so it counts for every audience without
        comparing views, and no view is built until a message needs it (a table
        nobody watches builds none). That holds for every step of a game without
        windows. Only a step into, within or out of a window (Palace rules 4.5)
        compares each audience's views, so that a declined window leaves no trace
        for the seats it did not ask.
        """
        before, shown = self._state, self._shown
        self._state = state
        self._shown = [None] * len(self.seats)
        if state is not None and not (_window_open(state) or _window_open(before)):
            if count:
                self.versions = [v + 1 for v in self.versions]
            return True
        changed = False
        for index, seat in enumerate(self.seats):
            view = None if state is None else state.view(seat)
            old = shown[index]
            if old is None and before is not None:
                old = before.view(seat)
            if count and view != old:
                self.versions[index] += 1
                changed = changed or seat is None
            self._shown[index] = view
        return changed


def _window_open(state: GameState | None) -> bool:
    """Whether a private window is open in ``state`` (some seat is shown another state)."""
    return isinstance(state, PrivateWindows) and state.public_state() is not state
