"""What each audience of a table (each seat, then the spectators) has been shown.

A seat's ``version`` counts the changes of its own view, so a step it did
not see (a declined private window, Palace rules 4.5) changes nothing it is
sent.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.engine.state import GameState

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
        self._shown: list[str | None] = [None] * (players + 1)

    def version(self, seat: int | None) -> int:
        """The ``version`` ``seat`` (``None``: a spectator) is sent."""
        return self.versions[-1 if seat is None else seat]

    def show(self, state: GameState | None, *, count: bool = True) -> bool:
        """Record every audience's view of ``state``; whether the spectators' changed.

        With ``count``, an audience whose view changed counts one change more.
        """
        changed = False
        for index, seat in enumerate(self.seats):
            key = None if state is None else state.view(seat).model_dump_json()
            if key != self._shown[index]:
                self._shown[index] = key
                if count:
                    self.versions[index] += 1
                    changed = changed or seat is None
        return changed
