"""The base every Tonk action family builds on: the contract's basics and the table accessors.

The action families (`cardkit_tonk.deal`, `cardkit_tonk.turn`,
`cardkit_tonk.play`, `cardkit_tonk.response`) are mixins of
[`TonkBase`][cardkit_tonk.base.TonkBase];
[`TonkState`][cardkit_tonk.state.TonkState] joins them. It sits above
`views` (it names the view model) and `fields`; `views` takes the state as a
[`TonkLike`][cardkit_tonk.protocols.TonkLike].
"""

from __future__ import annotations

from cardkit import Card, CardSet, Event
from cardkit.authoring import GenericState, Refusal
from cardkit_tonk import moves
from cardkit_tonk.fields import OVER, PHASES, Extra, Fields
from cardkit_tonk.payouts import Ending
from cardkit_tonk.rules import TonkRefused, TonkRules
from cardkit_tonk.spreads import TableSpread
from cardkit_tonk.views import TonkView

__all__ = ["TonkBase"]


class TonkBase(GenericState[TonkRules, Fields, TonkView]):
    """What every Tonk action family shares: the contract's basics and the table accessors."""

    __slots__ = ()

    #: The seat that must decide now ([`whose_turn`][cardkit_tonk.moves.whose_turn]): a
    #: compiled function of the state in the compiled build, which the core calls with it.
    whose_turn = moves.whose_turn

    @property
    def phase(self) -> str:
        """The phase: ``spades``, ``drop_window``, ``turn_start``, ``turn``, ``response``
        or ``over``."""
        return PHASES[self.f.phase]

    @property
    def first_seat(self) -> int:
        """The seat left of the dealer, who acts first."""
        return self.setup.left_of_dealer

    @property
    def ending(self) -> Ending | None:
        """How the hand ended (``None`` until it is over)."""
        return self.f.end if self.f.phase == OVER else None

    def count(self, seat: int) -> int:
        """The current count of ``seat``'s hand (full-state knowledge)."""
        return self.f.c.count(self.f.hands[seat])

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds (full-state knowledge: not for bots)."""
        return CardSet.from_mask(self.f.hands[seat])

    @property
    def spreads(self) -> tuple[TableSpread, ...]:
        """The spreads on the table."""
        return self.f.table.spreads

    @property
    def drop_locks(self) -> tuple[int, ...]:
        """Every player's drop lock."""
        return self.f.locks

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile."""
        pile = self.f.pile
        return pile[-1] if pile else None

    def may_drop(self, seat: int, hand: int) -> bool:
        """Whether `seat` holding `hand` may drop as far as its lock and count go."""
        if self.f.locks[seat]:
            return False
        limit = self.f.c.drop_max
        return limit is None or self.f.c.count(hand) <= limit

    def enter_turn(self, seat: int, x: Extra) -> tuple[int, int, Ending | None, list[Event]]:
        """TURN_START(seat): a pending 49 is claimed now; else the seat acts.

        Returns (phase, seat, ending, events).
        """
        return moves.enter_turn(self.f.hands, seat, x)

    def not_allowed(self, action: object) -> Refusal:
        """The refusal of an action this phase does not offer."""
        return self.refuse(TonkRefused.NOT_ALLOWED, f"{str(action)!r} is not legal now")

    def refuse(self, code: str, why: str) -> Refusal:
        """A refusal that names the phase, as every Tonk refusal does."""
        return Refusal(code, f"{why} ({PHASES[self.f.phase]})")
