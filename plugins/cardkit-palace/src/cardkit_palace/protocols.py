"""What the phase modules read of a Palace state: a `Protocol`, not the state class.

[`PalaceState`][cardkit_palace.state.PalaceState] composes the checks and
transitions of `exchange`, `turns` and `windows`, the listing of `listing`
and the views of `views`; those modules sit below it and take the state as a
[`PalaceLike`][cardkit_palace.protocols.PalaceLike]: its fields
([`Fields`][cardkit_palace.fields.Fields]), its setup, the seat to act and
`successor`. A transition takes and returns the same type `S`, so
`PalaceState.do_play` still returns a `PalaceState`. Typing only: nothing
here runs in a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, Self, TypeVar

from cardkit import Action, Event
from cardkit.authoring import Setup
from cardkit_palace.fields import Fields
from cardkit_palace.rules import PalaceRules

__all__ = ["PalaceLike", "S"]


class PalaceLike(Protocol):
    """A Palace state as its phase modules see it (`PalaceState` is one)."""

    @property
    def f(self) -> Fields:
        """The fields of the position."""
        ...

    @property
    def setup(self) -> Setup[PalaceRules]:
        """The players, dealer, deck and rules of the deal."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat asked to decide, ``None`` once over."""
        ...

    def successor(self, action: Action, events: Sequence[Event], fields: Fields) -> Self:
        """The next state: these fields, after ``action`` and its ``events``."""
        ...


#: A Palace state type: a transition returns the type it was given.
S = TypeVar("S", bound=PalaceLike)
