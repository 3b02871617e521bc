"""What `views` reads of a Tonk state: a `Protocol`, not the state class.

[`TonkState`][cardkit_tonk.state.TonkState] joins the action families and
shows itself through `views` (its view, snapshot and result); `views` sits
below the state and takes it as a [`TonkLike`][cardkit_tonk.protocols.TonkLike]:
its fields ([`Fields`][cardkit_tonk.fields.Fields]), setup and rules, how the
hand ended, a seat's count and the transfers. Typing only: nothing here runs
in a move.
"""

from __future__ import annotations

from typing import Protocol

from cardkit import Payment
from cardkit.authoring import Setup
from cardkit_tonk.fields import Fields
from cardkit_tonk.payouts import Ending
from cardkit_tonk.rules import TonkRules

__all__ = ["TonkLike"]


class TonkLike(Protocol):
    """A Tonk hand as its views see it (`TonkState` is one)."""

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
