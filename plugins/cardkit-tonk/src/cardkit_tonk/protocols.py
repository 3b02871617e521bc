"""What `views` and `moves` read of a Tonk state: a `Protocol`, not the state class.

[`TonkState`][cardkit_tonk.state.TonkState] joins the action families and
shows itself through `views` (its view, snapshot and result); `views` sits
below the state and takes it as a [`TonkLike`][cardkit_tonk.protocols.TonkLike]:
its fields ([`Fields`][cardkit_tonk.fields.Fields]), setup and rules, how the
hand ended, a seat's count and the transfers. Typing only: nothing here runs
in a move.

The transitions of `cardkit_tonk.moves` take the state as one too (they need
its `successor`): each takes and returns the same type `S`, so `TonkState.do_draw`
still returns a `TonkState`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, Self, TypeVar

from cardkit import Action, Event, Payment
from cardkit.authoring import Setup
from cardkit_tonk.fields import Fields
from cardkit_tonk.payouts import Ending
from cardkit_tonk.rules import TonkRules

__all__ = ["S", "TonkLike"]


class TonkLike(Protocol):
    """A Tonk hand as its views and transitions see it (`TonkState` is one)."""

    @property
    def f(self) -> Fields:
        """The fields of the hand."""
        ...

    @property
    def setup(self) -> Setup[TonkRules]:
        """The players, dealer, deck and rules of the hand."""
        ...

    @property
    def rules(self) -> TonkRules:
        """The hand's rules."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def action_count(self) -> int:
        """How many actions have been played."""
        ...

    @property
    def ending(self) -> Ending | None:
        """How the hand ended (``None`` until it is over)."""
        ...

    def count(self, seat: int) -> int:
        """The current count of ``seat``'s hand."""
        ...

    def main_payments(self) -> list[Payment]:
        """The transfers of the main hand (empty until it is over)."""
        ...

    def spades_payments(self) -> list[Payment]:
        """The Spades side-pot transfers."""
        ...

    def successor(self, action: Action, events: Sequence[Event], fields: Fields) -> Self:
        """The next state: these fields, after ``action`` and its ``events``."""
        ...


#: A Tonk state type: a transition returns the type it was given.
S = TypeVar("S", bound=TonkLike)
