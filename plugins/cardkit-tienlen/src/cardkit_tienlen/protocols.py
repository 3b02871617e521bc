"""What `views` reads of a Tiến lên state: a `Protocol`, not the state class.

[`TienLenState`][cardkit_tienlen.state.TienLenState] shows itself through
`views` (its view extras and recent lines); `views` sits below the state and
takes it as a [`TienLenLike`][cardkit_tienlen.protocols.TienLenLike]: its
fields ([`Fields`][cardkit_tienlen.fields.Fields]), setup, game (for the
wording), event log and the cards played. Typing only: nothing here runs in
a move.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardkit import Game
from cardkit.authoring import Log, Setup
from cardkit_tienlen.fields import Fields
from cardkit_tienlen.rules import TienLenRules

__all__ = ["TienLenLike"]


class TienLenLike(Protocol):
    """A Tiến lên deal as its views see it (`TienLenState` is one)."""

    @property
    def f(self) -> Fields:
        """The fields of the deal."""
        ...

    @property
    def setup(self) -> Setup[TienLenRules]:
        """The players, dealer, deck and rules of the deal."""
        ...

    @property
    def game(self) -> Game[Any, Any]:
        """The game (its wording words the recent events)."""
        ...

    @property
    def _log(self) -> Log:
        """The state's event log (the core's persistent list of transitions)."""
        ...

    def played(self) -> int:
        """Every card played in this deal, as a game mask."""
        ...
