"""What `turns` and `views` read of a Tiến lên state: a `Protocol`, not the state class.

[`TienLenState`][cardkit_tienlen.state.TienLenState] moves through `turns` (its
listing and transitions) and shows itself through `views` (its view extras and
recent lines); both sit below the state and take it as a
[`TienLenLike`][cardkit_tienlen.protocols.TienLenLike]: its fields
([`Fields`][cardkit_tienlen.fields.Fields]), setup, game (for the wording),
event log, the cards played, the actions so far and `successor`. A transition
takes and returns the same type `S`, so `TienLenState.do_play` still returns a
`TienLenState`. Typing only: nothing here runs in a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar

from cardkit import Action, Event, Game
from cardkit.authoring import Log, Setup
from cardkit_tienlen.fields import Fields
from cardkit_tienlen.rules import TienLenRules

__all__ = ["S", "TienLenLike"]


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

    @property
    def action_count(self) -> int:
        """How many actions have been played."""
        ...

    def played(self) -> int:
        """Every card played in this deal, as a game mask."""
        ...

    def successor(self, action: Action, events: Sequence[Event], fields: Fields) -> Self:
        """The next state: these fields, after ``action`` and its ``events``."""
        ...


#: A Tiến lên state type: a transition returns the type it was given.
S = TypeVar("S", bound=TienLenLike)
